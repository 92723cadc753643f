// Bulk e-mail (docs/domain.md#bulk-e-mail). A broadcast and each of its recipients are stored; a job
// sends them in batches at the provider's rate. A recipient is claimed before its message goes out
// and marked after, so a stopped worker resumes with the others and nobody receives it twice.
import type { api, BodyOf, TBroadcast } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Broadcast, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { Prisma } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createMailPacer } from '../../lib/mail-pacer.js';
import { unsubscribeLinks } from '../consents/index.js';
import { broadcastEmail } from './broadcasts.emails.js';

type RecipientsBody = BodyOf<typeof api.broadcasts.countRecipients>;
type Recipient = { id: number; email: string; name: string; user_id: number | null; subscribed: boolean; locale: string | null };

/** Messages being handed to the mail server at once (nodemailer's pool holds 5 connections). */
const MAX_IN_FLIGHT = 5;

export const BROADCAST_MESSAGES = {
  queued: (count: number) => `Invio a ${count} tesserati avviato: procede in background al ritmo consentito dal fornitore.`,
  sending: (sent: number, total: number) => `Invio in corso: ${sent} di ${total}.`,
  done: (sent: number, failed: number) => (failed === 0 ? `Email inviata a ${sent} tesserati.` : `Email inviata a ${sent} tesserati; ${failed} invii non riusciti.`),
  noRecipients: 'Nessun destinatario con indirizzo e-mail tra le tessere selezionate.',
  uncertain: 'Invio interrotto mentre era in corso: esito sconosciuto, non ripetuto per non mandarlo due volte.',
  notFound: 'Invio non trovato.',
  notSubscribed: 'Non più iscritto alla newsletter quando è arrivato il suo turno: non inviata.',
} as const;

/**
 * The holders of a card who would receive it: the given addresses, or every holder of an active / any
 * card; a newsletter only those of them who consented to it.
 */
function recipientsQuery({ kind, recipient_type: type, specific_emails: emails }: RecipientsBody): Prisma.Sql {
  const filter =
    type === 'specific' ? Prisma.sql`u.email = ANY(${emails}::text[])` : type === 'active' ? Prisma.sql`m.status = 'active'` : Prisma.sql`TRUE`;
  const consent = kind === 'newsletter' ? Prisma.sql`EXISTS (SELECT 1 FROM member_consents c WHERE c.user_id = u.id AND c.newsletter)` : Prisma.sql`TRUE`;
  return Prisma.sql`
    SELECT DISTINCT u.email, u.first_name || ' ' || u.last_name AS name
    FROM users u JOIN memberships m ON m.user_id = u.id
    WHERE u.email <> '' AND ${filter} AND ${consent}`;
}

export function createBroadcastsService({ db, config, jobs, mailer, logger }: Pick<AppDeps, 'db' | 'config' | 'jobs' | 'mailer' | 'logger'>) {
  const rate = config.MAIL_RATE_PER_SECOND;
  const batchSize = config.MAIL_BATCH_SIZE;
  // Shared with every other bulk sender of every process: the rate is their total.
  const pacer = createMailPacer(db, rate);

  const estimate = (count: number) => ({
    rate_per_second: rate,
    batch_size: batchSize,
    total_batches: Math.ceil(count / batchSize),
    estimated_seconds: Math.ceil(count / rate),
  });

  async function progress(broadcast: Broadcast): Promise<TBroadcast> {
    const counts = await db.broadcastRecipient.groupBy({ by: ['status'], where: { broadcastId: broadcast.id }, _count: { _all: true } });
    const count = (status: string) => counts.find((row) => row.status === status)?._count._all ?? 0;
    const total = counts.reduce((sum, row) => sum + row._count._all, 0);
    const [sent, failed] = [count('sent'), count('failed')];
    const failures = await db.broadcastRecipient.findMany({ where: { broadcastId: broadcast.id, status: 'failed' }, select: { email: true, error: true }, orderBy: { id: 'asc' }, take: 100 });
    // Measured from the first to the last message actually sent.
    const [window] = await db.$queryRaw<{ seconds: number | null }[]>`
      SELECT extract(epoch FROM max(sent_at) - min(sent_at))::float8 AS seconds FROM broadcast_recipients WHERE broadcast_id = ${broadcast.id} AND status = 'sent'`;
    const seconds = window?.seconds ?? 0;
    const measuredRate = sent > 1 && seconds > 0 ? (sent - 1) / seconds : 0;
    const configuredRate = Number(broadcast.ratePerSecond);
    const completed = broadcast.status === 'completed';
    const elapsedMs = broadcast.startedAt ? (broadcast.finishedAt ?? new Date()).getTime() - broadcast.startedAt.getTime() : 0;
    return {
      id: broadcast.id,
      status: broadcast.status,
      success: !completed || sent > 0,
      message: completed ? BROADCAST_MESSAGES.done(sent, failed) : broadcast.status === 'queued' ? BROADCAST_MESSAGES.queued(total) : BROADCAST_MESSAGES.sending(sent + failed, total),
      total,
      sent_count: sent,
      failed_count: failed,
      duration_minutes: Math.round((elapsedMs / 60_000) * 100) / 100,
      average_rate_per_second: Math.round(measuredRate * 100) / 100,
      mailer_used: broadcast.mailer,
      aws_ses_stats: {
        // A little above the configured rate is timer jitter between two sends, not a burst.
        rate_limit_respected: measuredRate <= configuredRate * 1.05,
        total_batches: Math.ceil(total / broadcast.batchSize),
        batch_size: broadcast.batchSize,
      },
      failed_emails: failures.map((failure) => ({ email: failure.email, error: failure.error ?? '' })),
    };
  }

  /**
   * Takes the next batch of recipients nobody has claimed, with their account (for a newsletter's
   * unsubscribe link) and whether they still want the newsletter (they may have left since it started).
   */
  const claimBatch = (broadcastId: number) =>
    db.$queryRaw<Recipient[]>`
      UPDATE broadcast_recipients r SET status = 'sending'
      WHERE r.id IN (SELECT id FROM broadcast_recipients WHERE broadcast_id = ${broadcastId} AND status = 'pending' ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
      RETURNING r.id, r.email, r.name, (SELECT u.id FROM users u WHERE u.email = r.email) AS user_id,
        (SELECT u.locale FROM users u WHERE u.email = r.email) AS locale,
        EXISTS (SELECT 1 FROM users u JOIN member_consents c ON c.user_id = u.id WHERE u.email = r.email AND c.newsletter) AS subscribed`;

  return {
    async countRecipients(body: RecipientsBody) {
      const [row] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM (${recipientsQuery(body)}) r`;
      const count = row?.count ?? 0;
      return { count, aws_ses_estimates: estimate(count) };
    },

    /** Stores the broadcast with its recipients and queues its sending, in one transaction. */
    async start(actor: User, body: BodyOf<typeof api.broadcasts.send>) {
      const broadcast = await db.$transaction(async (tx) => {
        const created = await auditRow(tx, { entity: 'broadcasts', action: 'send' }, () =>
          tx.broadcast.create({
            data: {
              subject: body.subject,
              message: body.message,
              kind: body.kind,
              recipientType: body.recipient_type,
              ratePerSecond: rate,
              batchSize,
              mailer: mailer.name,
              createdById: actor.id,
            },
          }),
        );
        const added = await tx.$executeRaw`
          INSERT INTO broadcast_recipients (broadcast_id, email, name)
          SELECT ${created.id}, r.email, r.name FROM (${recipientsQuery(body)}) r ORDER BY r.email`;
        if (added === 0) throw new AppError(422, BROADCAST_MESSAGES.noRecipients, { specific_emails: [BROADCAST_MESSAGES.noRecipients] });
        await jobs.send('broadcast-send', { broadcastId: created.id }, { tx });
        return created;
      });
      return progress(broadcast);
    },

    async progress(id: number) {
      const broadcast = await db.broadcast.findUnique({ where: { id } });
      if (!broadcast) throw notFound(BROADCAST_MESSAGES.notFound);
      return progress(broadcast);
    },

    /** Job 'broadcast-send': paced by the shared mail pacer; returns early (to resume later) when the worker stops. */
    async send(broadcastId: number, stopping: AbortSignal) {
      const broadcast = await db.broadcast.findUnique({ where: { id: broadcastId } });
      if (!broadcast || broadcast.status === 'completed') return;
      await db.broadcast.update({ where: { id: broadcastId }, data: { status: 'sending', startedAt: broadcast.startedAt ?? new Date() } });
      // Claimed by a worker that died mid-send: the message may have gone out, so it is not sent again.
      await db.broadcastRecipient.updateMany({ where: { broadcastId, status: 'sending' }, data: { status: 'failed', error: BROADCAST_MESSAGES.uncertain } });
      // Messages start one turn of the pacer apart; a slow server delays their end, not the pace (a few at once).
      const inFlight = new Set<Promise<void>>();
      const deliver = async (recipient: Recipient) => {
        // The moment it was handed to the server: what a provider's rate limit counts.
        const sentAt = new Date();
        const newsletter = broadcast.kind === 'newsletter';
        // A newsletter goes only to those who still want it, always with their unsubscribe link.
        const send =
          newsletter && (recipient.user_id === null || !recipient.subscribed)
            ? Promise.reject(new Error(BROADCAST_MESSAGES.notSubscribed))
            : mailer.send(broadcastEmail(recipient, broadcast, newsletter ? unsubscribeLinks(config, recipient.user_id!) : null));
        const outcome = await send.then(
          () => ({ status: 'sent' as const, sentAt }),
          (error: Error) => ({ status: 'failed' as const, error: error.message.slice(0, 500) }),
        );
        await db.broadcastRecipient.update({ where: { id: recipient.id }, data: outcome });
      };
      for (let batch = await claimBatch(broadcastId); batch.length > 0; batch = await claimBatch(broadcastId)) {
        for (const [index, recipient] of batch.entries()) {
          if (!(await pacer.wait(stopping))) {
            await db.broadcastRecipient.updateMany({ where: { id: { in: batch.slice(index).map((row) => row.id) } }, data: { status: 'pending' } });
            await Promise.all(inFlight);
            logger.info({ broadcastId }, 'Email multipla interrotta: riprenderà al riavvio dei job');
            return;
          }
          const sending = deliver(recipient).finally(() => inFlight.delete(sending));
          inFlight.add(sending);
          if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
        }
        await Promise.all(inFlight); // a batch is done before the next is claimed
      }
      await db.broadcast.update({ where: { id: broadcastId }, data: { status: 'completed', finishedAt: new Date() } });
    },

    /** At worker start: broadcasts a stopped worker left unfinished are queued again. */
    async resumeUnfinished() {
      const unfinished = await db.broadcast.findMany({ where: { status: { not: 'completed' } }, select: { id: true } });
      for (const { id } of unfinished) await jobs.send('broadcast-send', { broadcastId: id });
    },
  };
}

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;
