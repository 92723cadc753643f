// The rain check's job (docs/domain.md#rain-check): the hit bookings worked in batches, two side by side,
// each batch in one transaction with their rows (a batch that fails is worked again one booking a
// transaction, to find the one that fails), then the members' e-mails; rain checks left unfinished are
// queued again.
import type { RainCheck, RainCheckBooking } from '../../generated/prisma/client.js';
import { Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { type CancelBookings, isLive, lockBookings, whenOf } from '../bookings/index.js';
import type { RainCheckMailing } from './rain-check-mailing.js';
import { type RainCheckDeps, summaryOf } from './rain-check-terms.js';

/** Hit bookings cancelled in one transaction. */
const BATCH = 20;
/**
 * Batches worked side by side: one batch's statements alternate between this process and PostgreSQL, so a
 * second keeps both busy. Batches hold different bookings; should two lock a member's accounts in opposite
 * orders, PostgreSQL ends one, which is worked again one booking at a time.
 */
const LANES = 2;

type Hit = Pick<RainCheckBooking, 'id' | 'bookingId'>;

export function createRainCheckJob({ db, jobs, logger }: Pick<RainCheckDeps, 'db' | 'jobs' | 'logger'>, cancelBookings: CancelBookings, { emailMembers }: RainCheckMailing) {
  /** Rain checks this process is cancelling the bookings of, now. */
  let cancelling = 0;

  /**
   * Cancels these hit bookings and returns their money, with their rows (a done row is skipped), in one
   * transaction: a commit for every booking cost as much as the work. Every step is one statement for
   * the batch (its rows, its bookings locked and read, their cancellation, their waiting lists, their marks).
   */
  async function cancelHits(rainCheck: RainCheck, hits: Hit[]) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      const open = await tx.$queryRaw<Hit[]>`
        SELECT id, booking_id AS "bookingId" FROM rain_check_bookings
        WHERE id IN (${Prisma.join(hits.map((hit) => hit.id))}) AND status NOT IN ('done', 'skipped') ORDER BY id FOR UPDATE`;
      if (open.length === 0) return;
      await lockBookings(tx, open.map((hit) => hit.bookingId));
      const bookings = await tx.booking.findMany({ where: { id: { in: open.map((hit) => hit.bookingId) } }, include: { court: true } });
      const cancelled = bookings.filter((booking) => isLive(booking, now));
      const returned = await cancelBookings(
        tx,
        cancelled.map((booking) => ({ booking, description: `Prenotazione ${booking.court.code} · ${whenOf(booking)} (${rainCheck.reason})` })),
        // The rain check tells each member in its own one e-mail.
        { policy: { by: 'rain', returnTo: rainCheck.returnTo }, reason: rainCheck.reason, cancelledById: rainCheck.createdById, now, notify: false, refundReason: 'rain', rainCheckId: rainCheck.id },
      );
      // The outcome recorded is the plan the cancellation followed (read once, inside it).
      const outcomes = open.map(({ bookingId }) => {
        const planned = returned.get(bookingId)?.planned;
        return planned ? summaryOf(planned).outcome : null;
      });
      // Nobody is offered the slots: the courts are closed. Their waiting lists' turn is over (an offer held by these bookings too).
      if (cancelled.length > 0) {
        await tx.bookingWaitlist.updateMany({
          where: { status: { in: ['waiting', 'offered'] }, OR: cancelled.map((booking) => ({ courtId: booking.courtId, startsAt: { lt: booking.endsAt }, endsAt: { gt: booking.startsAt } })) },
          data: { status: 'lapsed', lapsedReason: 'closed' },
        });
      }
      // A booking no longer live (cancelled or lapsed meanwhile) is skipped; the others are done with their outcome. One statement for the batch.
      await tx.$executeRaw`
        UPDATE rain_check_bookings r SET status = (CASE WHEN m.outcome IS NULL THEN 'skipped' ELSE 'done' END)::rain_check_booking_status,
          outcome = coalesce(m.outcome::rain_check_outcome, r.outcome), processed_at = ${now}, error = NULL
        FROM unnest(${open.map((hit) => hit.id)}::int[], ${outcomes}::text[]) AS m(id, outcome) WHERE r.id = m.id`;
    }, TRANSACTION_OPTIONS);
  }

  /**
   * A batch in one transaction. One that fails as a whole (nothing of it written) is worked one booking a
   * transaction, so the others are done; each that fails again is marked so. Returns the first failure.
   */
  async function cancelBatch(rainCheck: RainCheck, batch: Hit[]): Promise<unknown> {
    if (await cancelHits(rainCheck, batch).then(() => true, () => false)) return null;
    let failure: unknown = null;
    for (const row of batch) {
      try {
        await cancelHits(rainCheck, [row]);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.rainCheckBooking.update({ where: { id: row.id }, data: { status: 'failed', error: message.slice(0, 500) } });
        logger.warn({ err: error, rainCheckId: rainCheck.id, bookingId: row.bookingId }, 'Annullamento per pioggia: prenotazione non riuscita, sarà ritentata');
        failure ??= error;
      }
    }
    return failure;
  }

  /** The rain check's bookings not yet done, in batches side by side: the first failure, and whether it stopped early. */
  async function cancelPending(rainCheck: RainCheck, stopping: AbortSignal) {
    let afterId = 0;
    let failure: unknown = null;
    for (;;) {
      const rows = await db.rainCheckBooking.findMany({ where: { rainCheckId: rainCheck.id, status: { in: ['pending', 'failed'] }, id: { gt: afterId } }, orderBy: { id: 'asc' }, take: 100 });
      if (rows.length === 0) return { failure, stopped: false };
      afterId = rows.at(-1)!.id;
      const batches = Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, index) => rows.slice(index * BATCH, (index + 1) * BATCH));
      const lane = async () => {
        for (let batch = batches.shift(); batch && !stopping.aborted; batch = batches.shift()) {
          const batchFailure = await cancelBatch(rainCheck, batch);
          failure ??= batchFailure;
        }
      };
      await Promise.all(Array.from({ length: LANES }, lane));
      if (stopping.aborted) return { failure, stopped: true };
    }
  }

  return {
    /**
     * Job 'rain-check': the bookings not yet done, in batches side by side, then the members' e-mails. A
     * booking that fails is marked so and, the others done, the job fails (to be retried); stopped, it
     * returns early and resumes later.
     */
    async process(rainCheckId: number, stopping: AbortSignal) {
      const rainCheck = await db.rainCheck.findUnique({ where: { id: rainCheckId } });
      if (!rainCheck || rainCheck.status === 'completed') return;
      if (rainCheck.status === 'queued') await db.rainCheck.update({ where: { id: rainCheckId }, data: { status: 'running' } });
      cancelling += 1;
      const { failure, stopped } = await cancelPending(rainCheck, stopping).finally(() => (cancelling -= 1));
      if (stopped) return;
      // A booking that failed fails the job (retried later) once the others are done; its members are e-mailed after.
      if (failure) throw failure;
      if (!(await emailMembers(rainCheck, stopping))) return;
      await db.rainCheck.update({ where: { id: rainCheckId }, data: { status: 'completed', finishedAt: new Date() } });
    },

    /** Whether this process is cancelling a rain check's bookings: its other background work (the receipts' PDFs) waits for the next minute. */
    cancelling: () => cancelling > 0,

    /** At worker start: rain checks a stopped worker left unfinished are queued again. */
    async resumeUnfinished() {
      const unfinished = await db.rainCheck.findMany({ where: { status: { not: 'completed' } }, select: { id: true } });
      for (const { id } of unfinished) await jobs.send('rain-check', { rainCheckId: id });
    },
  };
}
