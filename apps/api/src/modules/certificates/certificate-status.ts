// A member's certificate state on a day: what the booking rule, the member's page, the desk and the
// back-office list read. Exported for check-in and card verification: `certificateStatus(db, userId, day)`.
// A child's (on the parent's row, `child_id` set) never counts as the parent's: `childCertificateStatus`.
import {
  CERTIFICATE_EXPIRING_DAYS,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_STATE_LABELS,
  certificateMessages,
  type TCertificate,
  type TCertificateState,
  type TCertificateStatus,
} from '@beach/contracts';
import type { Child, MedicalCertificate, Setting } from '../../generated/prisma/client.js';
import type { Db, Prisma } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import { localizedDay, withValues } from '../../lib/i18n.js';
import { fromIsoDate, toIsoDate } from '../../lib/time.js';
import { readSettings } from '../settings/index.js';

type CertificateDates = Pick<MedicalCertificate, 'issueDate' | 'expiryDate' | 'verifiedAt' | 'rejectedAt'>;

const daysBetween = (from: string, to: string) => Math.round((fromIsoDate(to).getTime() - fromIsoDate(from).getTime()) / 86_400_000);

/**
 * The state on `day` (YYYY-MM-DD, Rome): a certificate staff verified covering the day makes it valid
 * (expiring within 30 days of its last day); otherwise one the member uploaded and staff have neither
 * checked nor rejected yet makes it "to verify"; otherwise any older one makes it expired; none at all, missing.
 */
export function stateOn(presented: CertificateDates[], day: string): { state: TCertificateState; daysLeft: number | null } {
  // A certificate staff rejected counts for nothing.
  const certificates = presented.filter((certificate) => !certificate.rejectedAt);
  const covering = certificates
    .filter((certificate) => certificate.verifiedAt && toIsoDate(certificate.issueDate) <= day && toIsoDate(certificate.expiryDate) >= day)
    .sort((a, b) => b.expiryDate.getTime() - a.expiryDate.getTime())[0];
  if (covering) {
    const daysLeft = daysBetween(day, toIsoDate(covering.expiryDate));
    return { state: daysLeft <= CERTIFICATE_EXPIRING_DAYS ? 'expiring' : 'valid', daysLeft };
  }
  if (certificates.some((certificate) => !certificate.verifiedAt && toIsoDate(certificate.expiryDate) >= day)) return { state: 'to_verify', daysLeft: null };
  const latest = [...certificates].sort((a, b) => b.expiryDate.getTime() - a.expiryDate.getTime())[0];
  if (latest) return { state: 'expired', daysLeft: daysBetween(day, toIsoDate(latest.expiryDate)) };
  return { state: 'missing', daysLeft: null };
}

export const isValidState = (state: TCertificateState) => state === 'valid' || state === 'expiring';

export const certificateToDto = (certificate: MedicalCertificate): TCertificate => ({
  id: certificate.id,
  child_id: certificate.childId,
  kind: certificate.kind,
  issued_by: certificate.issuedBy,
  issue_date: toIsoDate(certificate.issueDate),
  expiry_date: toIsoDate(certificate.expiryDate),
  has_file: certificate.filePath !== null,
  file_type: certificate.fileType as TCertificate['file_type'],
  verified_at: certificate.verifiedAt?.toISOString() ?? null,
  rejected_at: certificate.rejectedAt?.toISOString() ?? null,
  rejection_reason: certificate.rejectionReason,
  created_at: certificate.createdAt.toISOString(),
});

/** Newest first, as every status lists them. */
export const CERTIFICATES_ORDER: Prisma.MedicalCertificateOrderByWithRelationInput[] = [{ expiryDate: 'desc' }, { id: 'desc' }];

/** The state on `day` of certificates already read (newest first), with them. */
export function statusOf(certificates: MedicalCertificate[], day: string): TCertificateStatus {
  const { state, daysLeft } = stateOn(certificates, day);
  return { state, days_left: daysLeft, certificates: certificates.map(certificateToDto) };
}

/** A member's state on `day` with the certificates they presented for themself (their children's left out). */
export async function certificateStatus(db: Pick<Db, 'medicalCertificate'>, userId: number, day: string): Promise<TCertificateStatus> {
  return statusOf(await db.medicalCertificate.findMany({ where: { userId, childId: null }, orderBy: CERTIFICATES_ORDER }), day);
}

/** A child's state on `day`, with the certificates the parent presented for them. */
export async function childCertificateStatus(db: Pick<Db, 'medicalCertificate'>, childId: number, day: string): Promise<TCertificateStatus> {
  return statusOf(await db.medicalCertificate.findMany({ where: { childId }, orderBy: CERTIFICATES_ORDER }), day);
}

/**
 * The online booking rule: while the setting "richiedi certificato valido" is on, a member books a day
 * only with a valid certificate on that day (the association's president answers for anyone playing
 * without one).
 */
export async function assertCertificateForBooking(db: Pick<Db, 'medicalCertificate'>, settings: Pick<Setting, 'requireValidCertificate'>, userId: number, day: string) {
  if (!settings.requireValidCertificate) return;
  const { state } = await certificateStatus(db, userId, day);
  if (!isValidState(state)) throw new AppError(422, withValues(certificateMessages.bookingRefused, { day: localizedDay(day) }));
}

/** The same rule for a child's enrolment (docs/school.md#prices): their own certificate on the first session's day, 422 on `child_id`. */
export async function assertChildCertificateForEnrolment(
  db: Pick<Db, 'medicalCertificate'>,
  settings: Pick<Setting, 'requireValidCertificate'>,
  child: Pick<Child, 'id' | 'firstName'>,
  day: string,
) {
  if (!settings.requireValidCertificate) return;
  const { state } = await childCertificateStatus(db, child.id, day);
  if (!isValidState(state)) throw invalid({ child_id: [withValues(certificateMessages.childEnrolmentRefused, { name: child.firstName, day: localizedDay(day) })] });
}

/**
 * What the desk must see when checking a member in or verifying their card: while "richiedi certificato
 * valido" is on, a warning for a member without a valid certificate on `day`; otherwise nothing.
 */
export async function certificateWarning(db: Pick<Db, 'medicalCertificate' | 'setting'>, userId: number, day: string): Promise<string | undefined> {
  if (!(await readSettings(db)).requireValidCertificate) return undefined;
  return warningFor(true, (await certificateStatus(db, userId, day)).state);
}

/** The desk's warning for a certificate `state` already read, given whether the setting is on. */
export const warningFor = (requireValid: boolean, state: TCertificateState): string | undefined =>
  requireValid && !isValidState(state) ? CERTIFICATE_MESSAGES.deskWarning(CERTIFICATE_STATE_LABELS[state]) : undefined;
