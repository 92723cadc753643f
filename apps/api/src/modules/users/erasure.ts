// Erasure on request (GDPR, docs/domain.md#privacy): the account is anonymised and closed; what the accounts
// must keep — payments, refunds, card numbers, bookings as sales — stays, linked to an anonymous holder.
import { randomBytes } from 'node:crypto';
import { privacyMessages } from '@beach/contracts';
import { Prisma } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AppDeps } from '../../deps.js';
import { audit } from '../../lib/audit.js';
import { eraseChildrenOf } from '../children/index.js';
import { eraseTraces } from './erasure-traces.js';

export const ERASED_NAME = { firstName: 'Utente', lastName: 'cancellato' } as const;
export const erasedEmail = (userId: number) => `cancellato-${userId}@anonimo.invalid`;
const ERASED_VALUE = '[cancellato]';

/** Keys of personal data that earlier audit-log entries about the member may hold. */
const PERSONAL_KEYS = new Set(['first_name', 'last_name', 'email', 'phone', 'birth_date', 'residence', 'fiscal_code', 'customer_name', 'customer_phone', 'notes', 'bvu_card_code', 'health_notes', 'pickup_people']);

function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, PERSONAL_KEYS.has(key) && inner !== null ? ERASED_VALUE : withoutPersonalData(inner)]));
}

/** null stays as it is (undefined leaves the column alone). */
const scrubbed = (value: Prisma.JsonValue | null) => (value === null ? undefined : (withoutPersonalData(value) as Prisma.InputJsonValue));

/**
 * Only a plain member's account can be erased: a staff member or admin must first be made 'Utente'
 * by another admin, so the centre can never erase its last admin, nor an admin themselves. Every copy
 * of the person's data goes: the account, their cards' details and PDF files (which print their
 * name), the bookings the desk recorded for them as a walk-in (by their name or phone), their children's
 * personal data, and what the audit log kept of all of these.
 */
export async function eraseAccount({ db, storage, config, logger }: Pick<AppDeps, 'db' | 'storage' | 'config' | 'logger'>, userId: number) {
  // An unusable password: nobody knows it, and the e-mail it would go with is gone too.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), config.BCRYPT_COST);
  const { user, files } = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ role: string; erased_at: Date | null }[]>`SELECT role, erased_at FROM users WHERE id = ${userId} FOR UPDATE`;
    if (!locked) throw notFound('Utente non trovato.');
    if (locked.role !== 'user') throw new AppError(409, privacyMessages.staffCannotErase);
    if (locked.erased_at) throw new AppError(409, 'I dati di questo utente sono già stati cancellati.');
    const person = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    const now = new Date();
    const user = await tx.user.update({
      where: { id: userId },
      data: { ...ERASED_NAME, email: erasedEmail(userId), phone: null, birthDate: null, residence: null, passwordHash, calendarToken: null, disabledAt: now, erasedAt: now },
    });
    await tx.authSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    await audit(tx, { entity: 'users', id: userId, action: 'erase' });
    await tx.userToken.deleteMany({ where: { userId } });
    await tx.bookingWaitlist.deleteMany({ where: { userId } });
    await eraseTraces(tx, userId, person.email, { email: erasedEmail(userId), name: `${ERASED_NAME.firstName} ${ERASED_NAME.lastName}` });
    const cards = await tx.membership.findMany({ where: { userId }, select: { id: true, pdfPath: true } });
    await tx.membership.updateMany({ where: { userId }, data: { fiscalCode: null, bvuCardCode: null, notes: null, pdfPath: null } });
    // Medical certificates are health data the accounts do not need: deleted with their files.
    const certificates = await tx.medicalCertificate.findMany({ where: { userId }, select: { filePath: true } });
    await tx.medicalCertificate.deleteMany({ where: { userId } });
    await tx.memberConsent.updateMany({ where: { userId }, data: { guardianName: null, guardianFiscalCode: null, guardianAcceptedAt: null } });
    // Their children: those the enrolments need stay, anonymised (docs/school.md#families).
    await eraseChildrenOf(tx, userId);
    // Walk-in bookings carry no account: the person is recognised by their name AND their phone (the
    // desk records both), so a namesake's bookings, which the centre must keep, are never touched.
    const asWalkIn = person.phone
      ? { userId: null, customerPhone: person.phone, customerName: { equals: `${person.firstName} ${person.lastName}`, mode: 'insensitive' as const } }
      : null;
    const walkIn = { customerName: ERASED_VALUE, customerPhone: null, notes: null };
    const bookings = [
      ...(await tx.booking.updateManyAndReturn({ where: { userId }, data: { customerName: null, customerPhone: null, notes: null }, select: { id: true } })),
      ...(asWalkIn ? await tx.booking.updateManyAndReturn({ where: asWalkIn, data: walkIn, select: { id: true } }) : []),
    ];
    const series = [
      ...(await tx.recurringBooking.updateManyAndReturn({ where: { userId }, data: { customerName: null, customerPhone: null, notes: null }, select: { id: true } })),
      ...(asWalkIn ? await tx.recurringBooking.updateManyAndReturn({ where: asWalkIn, data: walkIn, select: { id: true } }) : []),
    ];
    const idsOf = (rows: { id: number }[]) => ({ in: rows.map((row) => row.id) });
    const entries = await tx.auditLog.findMany({
      where: {
        OR: [
          { subjectUserId: userId },
          { entityType: 'users', entityId: userId },
          { entityType: 'memberships', entityId: idsOf(cards) },
          { entityType: 'bookings', entityId: idsOf(bookings) },
          { entityType: 'recurring_bookings', entityId: idsOf(series) },
        ],
      },
    });
    for (const entry of entries) {
      // A certificate's entries are health data as a whole, deleted like the certificates themselves.
      const data =
        entry.entityType === 'medical_certificates'
          ? { input: Prisma.DbNull, beforeData: Prisma.DbNull, afterData: Prisma.DbNull }
          : { input: scrubbed(entry.input), beforeData: scrubbed(entry.beforeData), afterData: scrubbed(entry.afterData) };
      await tx.auditLog.update({ where: { id: entry.id }, data });
    }
    const paths = [...cards.map((card) => card.pdfPath), ...certificates.map((certificate) => certificate.filePath)];
    return { user, files: paths.filter((path): path is string => path !== null) };
  });
  // Once the erasure is committed (a rollback must not lose a member's cards); a file that cannot be
  // removed is logged for the operator, and the committed erasure still answers as done.
  const removals = await Promise.allSettled(files.map((path) => storage.remove(path)));
  removals.forEach((removal, index) => {
    if (removal.status === 'rejected') logger.error({ err: removal.reason, path: files[index] }, 'erasure: stored file not removed');
  });
  return user;
}
