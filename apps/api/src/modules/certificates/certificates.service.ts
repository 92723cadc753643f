// Medical certificates: the member's upload (to verify), the desk's record, verification or rejection, the files
// (served only to the member and to staff), the back-office list with its CSV, the setting, and the
// daily reminders 30 and 7 days before expiry and on the day.
import { randomUUID } from 'node:crypto';
import {
  type api,
  CERTIFICATE_FILE_EXTENSIONS,
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_STATE_LABELS,
  CERTIFICATE_STATES,
  type TCertificateBody,
  type TCertificateFileType,
  type QueryOf,
  type TCertificateListRow,
  type TCertificateSettings,
  type z,
  type ZCertificateBody,
} from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { writeCsv } from '../../lib/csv.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { addDays, fromIsoDate, todayInRome, toIsoDate } from '../../lib/time.js';
import { readSettings } from '../settings/index.js';
import type { CheckedFile } from './certificate-upload.js';
import { certificateRejectedEmail, certificateReminderEmail, type ReminderKind } from './certificates.emails.js';
import { certificateStatus, stateOn } from './certificate-status.js';

type CertificateBody = z.output<typeof ZCertificateBody>;

const USER_NOT_FOUND = 'Utente non trovato.';

export function createCertificatesService({ db, jobs, storage, config, logger }: Pick<AppDeps, 'db' | 'jobs' | 'storage' | 'config' | 'logger'>) {
  const membershipUrl = `${config.WEB_ORIGIN}/tesseramento`;

  async function store(userId: number, file: CheckedFile | undefined) {
    if (!file) return { filePath: null, fileType: null };
    const filePath = `certificates/${userId}/${randomUUID()}.${CERTIFICATE_FILE_EXTENSIONS[file.mime]}`;
    await storage.write(filePath, file.data);
    return { filePath, fileType: file.mime };
  }

  async function create(userId: number, body: CertificateBody, file: CheckedFile | undefined, actor: User, verified: boolean) {
    const stored = await store(userId, file);
    await db.medicalCertificate
      .create({
        data: {
          userId,
          kind: body.kind,
          issuedBy: body.issued_by,
          issueDate: fromIsoDate(body.issue_date),
          expiryDate: fromIsoDate(body.expiry_date),
          ...stored,
          uploadedById: actor.id,
          ...(verified ? { verifiedAt: new Date(), verifiedById: actor.id } : {}),
        },
      })
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

  async function fileOf(where: { id: number; userId?: number }) {
    const certificate = await db.medicalCertificate.findFirst({ where });
    if (!certificate) throw notFound(CERTIFICATE_MESSAGES.notFound);
    if (!certificate.filePath || !certificate.fileType) throw notFound(CERTIFICATE_MESSAGES.noFile);
    const data = await storage.read(certificate.filePath);
    if (!data) throw notFound(CERTIFICATE_MESSAGES.noFile);
    return { data, type: certificate.fileType, filename: `certificato-${certificate.id}.${CERTIFICATE_FILE_EXTENSIONS[certificate.fileType as TCertificateFileType]}` };
  }

  /**
   * Members holding an active card, with their state today, filtered and searched (every word in the
   * first or last name, or a fiscal code on one of their cards); the list and its CSV read the same rows.
   * The state is derived from the certificates, so the filter runs here and the list pages the result.
   */
  async function listRows({ filter, search }: QueryOf<typeof api.certificates.export>): Promise<TCertificateListRow[]> {
    const today = todayInRome();
    const words = (search ?? '').split(/\s+/).filter(Boolean);
    const where: Prisma.UserWhereInput = {
      erasedAt: null,
      memberships: { some: { status: 'active' } },
      AND: words.map((word) => ({
        OR: [
          { firstName: { contains: word, mode: 'insensitive' as const } },
          { lastName: { contains: word, mode: 'insensitive' as const } },
          { memberships: { some: { fiscalCode: word.toUpperCase() } } },
        ],
      })),
    };
    const members = await db.user.findMany({
      where,
      select: { id: true, firstName: true, lastName: true, email: true, certificates: { where: { rejectedAt: null }, orderBy: [{ expiryDate: 'desc' }, { id: 'desc' }] } },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    });
    return members
      .map((member) => {
        const { state } = stateOn(member.certificates, today);
        const latest = member.certificates[0] ?? null;
        return {
          user_id: member.id,
          first_name: member.firstName,
          last_name: member.lastName,
          email: member.email,
          state,
          awaiting_verification: member.certificates.some((certificate) => !certificate.verifiedAt && !certificate.rejectedAt && toIsoDate(certificate.expiryDate) >= today),
          kind: latest?.kind ?? null,
          expiry_date: latest ? toIsoDate(latest.expiryDate) : null,
          certificate_id: latest?.id ?? null,
        };
      })
      .filter((row) => {
        if (filter === 'all') return row.state !== 'valid' || row.awaiting_verification;
        return filter === 'to_verify' ? row.awaiting_verification : row.state === filter;
      })
      .sort((a, b) => CERTIFICATE_STATES.indexOf(a.state) - CERTIFICATE_STATES.indexOf(b.state));
  }

  return {
    mine: (user: User) => certificateStatus(db, user.id, todayInRome()),

    async upload(user: User, body: CertificateBody, file: CheckedFile) {
      await create(user.id, body, file, user, false);
      return { message: CERTIFICATE_MESSAGES.uploaded, status: await certificateStatus(db, user.id, todayInRome()) };
    },

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
      return { message: CERTIFICATE_MESSAGES.recorded, status: await certificateStatus(db, userId, todayInRome()) };
    },

    async verify(actor: User, id: number) {
      const certificate = await db.medicalCertificate.findUnique({ where: { id } });
      if (!certificate) throw notFound(CERTIFICATE_MESSAGES.notFound);
      const { count } = await db.medicalCertificate.updateMany({ where: { id, verifiedAt: null, rejectedAt: null }, data: { verifiedAt: new Date(), verifiedById: actor.id } });
      if (count === 0) throw new AppError(409, CERTIFICATE_MESSAGES.alreadyVerified);
      return { message: CERTIFICATE_MESSAGES.verified, status: await certificateStatus(db, certificate.userId, todayInRome()) };
    },

    /** Refuses an upload staff have not checked yet; the member is e-mailed why, in the same transaction. */
    async reject(actor: User, id: number, reason: string) {
      const certificate = await db.medicalCertificate.findUnique({ where: { id }, include: { user: { select: { email: true, firstName: true } } } });
      if (!certificate) throw notFound(CERTIFICATE_MESSAGES.notFound);
      await db.$transaction(async (tx) => {
        const { count } = await tx.medicalCertificate.updateMany({ where: { id, verifiedAt: null, rejectedAt: null }, data: { rejectedAt: new Date(), rejectedById: actor.id, rejectionReason: reason } });
        if (count === 0) throw new AppError(409, CERTIFICATE_MESSAGES.notRejectable);
        const email = certificateRejectedEmail(certificate.user, { kind: certificate.kind, expiryDate: toIsoDate(certificate.expiryDate) }, reason, membershipUrl);
        await jobs.send('send-email', email, { tx });
      });
      return { message: CERTIFICATE_MESSAGES.rejected, status: await certificateStatus(db, certificate.userId, todayInRome()) };
    },

    async list(query: QueryOf<typeof api.certificates.list>) {
      const rows = await listRows(query);
      const { skip, take } = skipTake(query);
      return pagedList(rows.slice(skip, skip + take), rows.length, query);
    },

    async exportCsv(query: QueryOf<typeof api.certificates.export>) {
      const rows = await listRows(query);
      return writeCsv(
        ['Cognome', 'Nome', 'E-mail', 'Stato', 'Da verificare', 'Tipo', 'Scadenza'],
        rows.map((row) => [row.last_name, row.first_name, row.email, CERTIFICATE_STATE_LABELS[row.state], row.awaiting_verification ? 'Sì' : 'No', row.kind ? CERTIFICATE_KIND_LABELS[row.kind] : '', row.expiry_date ? formatItalianDate(row.expiry_date) : '']),
      );
    },

    settings: async (): Promise<TCertificateSettings> => ({ require_valid_certificate: (await readSettings(db)).requireValidCertificate }),

    async saveSettings(body: TCertificateSettings): Promise<TCertificateSettings> {
      const saved = await db.setting.update({ where: { id: 1 }, data: { requireValidCertificate: body.require_valid_certificate } });
      return { require_valid_certificate: saved.requireValidCertificate };
    },

    /**
     * Job 'certificates-daily': the member's latest certificate (one renewed since is left alone) gets its
     * reminder 30 days (from 30 to 8 days before), 7 days (7 to 1) and on its last day. The reminder's row
     * is inserted with its e-mail in one transaction, and its primary key lets each go out once however
     * often the job runs.
     */
    async runDaily(today = todayInRome()) {
      const sent = await db.$transaction(async (tx) => {
        const due = await tx.$queryRaw<{ kind: ReminderKind; certificate_kind: TCertificateBody['kind']; expiry_date: Date; email: string; first_name: string }[]>`
          WITH due AS (
            SELECT c.id, c.kind AS certificate_kind, c.expiry_date, u.email, u.first_name,
              CASE
                WHEN c.expiry_date = ${today}::date THEN 'on_expiry'
                WHEN c.expiry_date <= ${addDays(today, 7)}::date THEN '7_days'
                WHEN c.expiry_date > ${addDays(today, 7)}::date THEN '30_days'
              END AS kind
            FROM medical_certificates c JOIN users u ON u.id = c.user_id
            WHERE c.verified_at IS NOT NULL AND u.erased_at IS NULL AND u.disabled_at IS NULL
              AND c.expiry_date BETWEEN ${today}::date AND ${addDays(today, 30)}::date
              AND NOT EXISTS (SELECT 1 FROM medical_certificates later WHERE later.user_id = c.user_id AND later.expiry_date > c.expiry_date AND later.rejected_at IS NULL)
          ), sent AS (
            INSERT INTO certificate_reminders (certificate_id, kind) SELECT id, kind FROM due ON CONFLICT DO NOTHING RETURNING certificate_id, kind
          )
          SELECT sent.kind, due.certificate_kind, due.expiry_date, due.email, due.first_name FROM sent JOIN due ON due.id = sent.certificate_id`;
        for (const reminder of due) {
          const email = certificateReminderEmail({ email: reminder.email, firstName: reminder.first_name }, { kind: reminder.certificate_kind, expiryDate: toIsoDate(reminder.expiry_date) }, reminder.kind, membershipUrl);
          await jobs.send('send-email', email, { tx });
        }
        return due.length;
      });
      logger.info({ sent }, 'Certificati medici: promemoria di scadenza del giorno');
      return { sent };
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
