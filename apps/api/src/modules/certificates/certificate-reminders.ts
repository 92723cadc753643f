// The daily reminders of a medical certificate's expiry (docs/domain.md#medical-certificates): 30 and 7
// days before it and on the day, each e-mailed once.
import type { TCertificateBody } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { addDays, todayInRome, toIsoDate } from '../../lib/time.js';
import { certificateReminderEmail, type ReminderKind } from './certificates.emails.js';

/**
 * Job 'certificates-daily': the member's latest certificate of their own (one renewed since is left alone;
 * their children's get none, docs/school.md#families) gets its
 * reminder 30 days (from 30 to 8 days before), 7 days (7 to 1) and on its last day. The reminder's row
 * is inserted with its e-mail in one transaction, and its primary key lets each go out once however
 * often the job runs.
 */
export function createCertificateReminders({ db, jobs, logger }: Pick<AppDeps, 'db' | 'jobs' | 'logger'>, membershipUrl: string) {
  return async function runDaily(today = todayInRome()) {
    const sent = await db.$transaction(async (tx) => {
      type Due = { kind: ReminderKind; certificate_kind: TCertificateBody['kind']; expiry_date: Date; email: string; first_name: string; locale: string };
      const due = await tx.$queryRaw<Due[]>`
        WITH due AS (
          SELECT c.id, c.kind AS certificate_kind, c.expiry_date, u.email, u.first_name, u.locale,
            CASE
              WHEN c.expiry_date = ${today}::date THEN 'on_expiry'
              WHEN c.expiry_date <= ${addDays(today, 7)}::date THEN '7_days'
              WHEN c.expiry_date > ${addDays(today, 7)}::date THEN '30_days'
            END AS kind
          FROM medical_certificates c JOIN users u ON u.id = c.user_id
          WHERE c.child_id IS NULL AND c.verified_at IS NOT NULL AND u.erased_at IS NULL AND u.disabled_at IS NULL
            AND c.expiry_date BETWEEN ${today}::date AND ${addDays(today, 30)}::date
            AND NOT EXISTS (SELECT 1 FROM medical_certificates later WHERE later.user_id = c.user_id AND later.child_id IS NULL AND later.expiry_date > c.expiry_date AND later.rejected_at IS NULL)
        ), sent AS (
          INSERT INTO certificate_reminders (certificate_id, kind) SELECT id, kind FROM due ON CONFLICT DO NOTHING RETURNING certificate_id, kind
        )
        SELECT sent.kind, due.certificate_kind, due.expiry_date, due.email, due.first_name, due.locale FROM sent JOIN due ON due.id = sent.certificate_id`;
      for (const reminder of due) {
        const recipient = { email: reminder.email, firstName: reminder.first_name, locale: reminder.locale };
        const certificate = { kind: reminder.certificate_kind, expiryDate: toIsoDate(reminder.expiry_date) };
        const email = certificateReminderEmail(recipient, certificate, reminder.kind, membershipUrl);
        await jobs.send('send-email', email, { tx });
      }
      return due.length;
    });
    logger.info({ sent }, 'Certificati medici: promemoria di scadenza del giorno');
    return { sent };
  };
}
