// Medical certificates: the member's upload (to verify) for themself or one of their children, the desk's record, verification or rejection, the files
// (served only to the member and to staff), the back-office list with its CSV, the setting, and the
// daily reminders 30 and 7 days before expiry and on the day. The list and the reminders in their own
// files; this holds the writes and composes them.
import { randomUUID } from 'node:crypto';
import {
  type api,
  CERTIFICATE_FILE_EXTENSIONS,
  certificateMessages,
  type QueryOf,
  type TCertificateFileType,
  type TCertificateSettings,
  type z,
  type ZCertificateBody,
} from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { audit, auditRow, rowOf } from '../../lib/audit.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { fromIsoDate, todayInRome, toIsoDate } from '../../lib/time.js';
import { readSettings } from '../settings/index.js';
import { exportCertificatesCsv, listCertificates } from './certificate-list.js';
import { createCertificateReminders } from './certificate-reminders.js';
import type { CheckedFile } from './certificate-upload.js';
import { certificateRejectedEmail } from './certificates.emails.js';
import { certificateStatus, childCertificateStatus } from './certificate-status.js';

type CertificateBody = z.output<typeof ZCertificateBody>;

const USER_NOT_FOUND = 'Utente non trovato.';

export function createCertificatesService({ db, jobs, storage, config, logger }: Pick<AppDeps, 'db' | 'jobs' | 'storage' | 'config' | 'logger'>) {
  const membershipUrl = `${config.WEB_ORIGIN}/tesseramento`;

  const profileUrl = `${config.WEB_ORIGIN}/profilo`;

  async function store(userId: number, file: CheckedFile | undefined) {
    if (!file) return { filePath: null, fileType: null };
    const filePath = `certificates/${userId}/${randomUUID()}.${CERTIFICATE_FILE_EXTENSIONS[file.mime]}`;
    await storage.write(filePath, file.data);
    return { filePath, fileType: file.mime };
  }

  /** The member's own upload records nothing in the audit log (no back-office request); the desk's does. */
  async function create(userId: number, body: CertificateBody, file: CheckedFile | undefined, actor: User, verified: boolean, childId: number | null = null) {
    const stored = await store(userId, file);
    await db
      .$transaction((tx) =>
        auditRow(tx, { entity: 'medical_certificates', action: 'create' }, () =>
          tx.medicalCertificate.create({
            data: {
              userId,
              childId,
              kind: body.kind,
              issuedBy: body.issued_by,
              issueDate: fromIsoDate(body.issue_date),
              expiryDate: fromIsoDate(body.expiry_date),
              ...stored,
              uploadedById: actor.id,
              ...(verified ? { verifiedAt: new Date(), verifiedById: actor.id } : {}),
            },
          }),
        ),
      )
      .catch(async (error: unknown) => {
        // Nothing written: the file stored a moment ago is not left behind.
        if (stored.filePath) await storage.remove(stored.filePath);
        throw error;
      });
  }

  async function existingMember(userId: number) {
    const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!user) throw notFound(USER_NOT_FOUND);
  }

  /** The state of whoever the certificate is for: the member, or the child it names. */
  const statusFor = (certificate: { userId: number; childId: number | null }) =>
    certificate.childId === null ? certificateStatus(db, certificate.userId, todayInRome()) : childCertificateStatus(db, certificate.childId, todayInRome());

  async function fileOf(where: { id: number; userId?: number }) {
    const certificate = await db.medicalCertificate.findFirst({ where });
    if (!certificate) throw notFound(certificateMessages.notFound);
    if (!certificate.filePath || !certificate.fileType) throw notFound(certificateMessages.noFile);
    const data = await storage.read(certificate.filePath);
    if (!data) throw notFound(certificateMessages.noFile);
    return { data, type: certificate.fileType, filename: `certificato-${certificate.id}.${CERTIFICATE_FILE_EXTENSIONS[certificate.fileType as TCertificateFileType]}` };
  }

  return {
    mine: (user: User) => certificateStatus(db, user.id, todayInRome()),

    async upload(user: User, body: CertificateBody, file: CheckedFile) {
      await create(user.id, body, file, user, false);
      return { message: certificateMessages.uploaded, status: await certificateStatus(db, user.id, todayInRome()) };
    },

    /** A parent's upload for their child: another member's child is not found (404). */
    async uploadForChild(user: User, childId: number, body: CertificateBody, file: CheckedFile | undefined) {
      if (!(await db.child.findFirst({ where: { id: childId, parentId: user.id }, select: { id: true } }))) throw notFound(certificateMessages.childNotFound);
      if (!file) throw invalid({ file: [certificateMessages.fileMissing] });
      await create(user.id, body, file, user, false, childId);
      return { message: certificateMessages.uploaded, status: await childCertificateStatus(db, childId, todayInRome()) };
    },

    /** The member's own certificates' files and their children's (the parent's rows either way). */
    myFile: (user: User, id: number) => fileOf({ id, userId: user.id }),
    file: (id: number) => fileOf({ id }),

    async ofMember(userId: number) {
      await existingMember(userId);
      return certificateStatus(db, userId, todayInRome());
    },

    /** Recorded at the desk from the paper certificate: verified at once. */
    async record(actor: User, userId: number, body: CertificateBody, file: CheckedFile | undefined) {
      await existingMember(userId);
      await create(userId, body, file, actor, true);
      return { message: certificateMessages.recorded, status: await certificateStatus(db, userId, todayInRome()) };
    },

    async verify(actor: User, id: number) {
      const certificate = await db.medicalCertificate.findUnique({ where: { id } });
      if (!certificate) throw notFound(certificateMessages.notFound);
      await db.$transaction((tx) =>
        auditRow(tx, { entity: 'medical_certificates', id, action: 'verify' }, async () => {
          const { count } = await tx.medicalCertificate.updateMany({ where: { id, verifiedAt: null, rejectedAt: null }, data: { verifiedAt: new Date(), verifiedById: actor.id } });
          if (count === 0) throw new AppError(409, certificateMessages.alreadyVerified);
        }),
      );
      return { message: certificateMessages.verified, status: await statusFor(certificate) };
    },

    /** Refuses an upload staff have not checked yet; the member is e-mailed why, in the same transaction. */
    async reject(actor: User, id: number, reason: string) {
      const certificate = await db.medicalCertificate.findUnique({
        where: { id },
        include: { user: { select: { email: true, firstName: true, locale: true } }, child: { select: { firstName: true } } },
      });
      if (!certificate) throw notFound(certificateMessages.notFound);
      await db.$transaction(async (tx) => {
        await auditRow(tx, { entity: 'medical_certificates', id, action: 'reject' }, async () => {
          const { count } = await tx.medicalCertificate.updateMany({ where: { id, verifiedAt: null, rejectedAt: null }, data: { rejectedAt: new Date(), rejectedById: actor.id, rejectionReason: reason } });
          if (count === 0) throw new AppError(409, certificateMessages.notRejectable);
        });
        // A child's goes to the parent, naming the child, and leads to their children on /profilo.
        const rejected = { kind: certificate.kind, expiryDate: toIsoDate(certificate.expiryDate), childName: certificate.child?.firstName ?? null };
        const email = certificateRejectedEmail(certificate.user, rejected, reason, certificate.child ? profileUrl : membershipUrl);
        await jobs.send('send-email', email, { tx });
      });
      return { message: certificateMessages.rejected, status: await statusFor(certificate) };
    },

    list: (query: QueryOf<typeof api.certificates.list>) => listCertificates(db, query),
    exportCsv: (query: QueryOf<typeof api.certificates.export>) => exportCertificatesCsv(db, query),

    settings: async (): Promise<TCertificateSettings> => ({ require_valid_certificate: (await readSettings(db)).requireValidCertificate }),

    /** The centre's one settings row: recorded under the entity alone, with the row before and after. */
    async saveSettings(body: TCertificateSettings): Promise<TCertificateSettings> {
      const saved = await db.$transaction(async (tx) => {
        const before = await rowOf(tx, 'settings', 1);
        const saved = await tx.setting.update({ where: { id: 1 }, data: { requireValidCertificate: body.require_valid_certificate } });
        await audit(tx, { entity: 'settings', id: null, action: 'update', before, after: await rowOf(tx, 'settings', 1) });
        return saved;
      });
      return { require_valid_certificate: saved.requireValidCertificate };
    },

    runDaily: createCertificateReminders({ db, jobs, logger }, membershipUrl),
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
