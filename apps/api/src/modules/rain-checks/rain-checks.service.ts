// The rain check (docs/domain.md#rain-check). Creating one closes the courts for the range and lists
// the live bookings it hits, in one transaction that first takes each court's turn (so no booking can
// slip in between); a job then works the bookings one at a time, each in its own transaction together
// with its rain_check_bookings row, so a restarted job skips what is done and never returns a payment
// twice. At the end each member gets one e-mail (a rain_check_emails row per member, claimed before it
// is sent), handed to the mail server at the configured mail rate.
import { type api, type BodyOf, centsToMoney, type QueryOf, type TRainCheck, type TRainCheckHit, type TRainCheckOutcome, type TRainCheckPaidWith, type TRainCheckReturn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, CarnetUse, CreditMovement, RainCheck, Transaction, User } from '../../generated/prisma/client.js';
import type { Prisma} from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { createMailPacer } from '../../lib/mail-pacer.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { instantInRome, todayInRome } from '../../lib/time.js';
import { isAdmin } from '../auth/guards.js';
import { BROADCAST_MESSAGES } from '../broadcasts/broadcasts.service.js';
import { isLive, liveSql, releaseCouponsOf, takeCourtTurn, timeOf, touchingSql, whenOf } from '../bookings/booking-terms.js';
import { createShareReturns } from '../booking-players/booking-shares.js';
import { returnCarnetUse } from '../carnets/carnet-uses.js';
import { createCreditLedger } from '../credit/credit-ledger.js';
import type { Checkouts } from '../payments/checkout.js';
import { rainCheckEmail } from './rain-checks.emails.js';

export const RAIN_CHECK_MESSAGES = {
  adminOnly: 'Solo un amministratore può scegliere il rimborso sulla carta o in contanti.',
  courtNotFound: 'Campo non trovato.',
  notFound: 'Annullamento per pioggia non trovato.',
} as const;

type Routes = typeof api.rainChecks;
type RangeBody = BodyOf<Routes['preview']>;

/** A hit booking with what decides where its money goes. */
const HIT_DETAILS = {
  court: { select: { id: true, code: true, name: true } },
  user: { select: { firstName: true, lastName: true } },
  transactions: { where: { type: 'payment', status: 'completed' }, orderBy: { id: 'asc' } },
  creditMovements: true,
  carnetUses: { where: { returnedAt: null } },
} as const satisfies Prisma.BookingInclude;
type HitRow = Booking & { transactions: Transaction[]; creditMovements: CreditMovement[]; carnetUses: CarnetUse[] };

type Destination = Exclude<TRainCheckOutcome, 'carnet' | 'none'>;

/**
 * Where a settled payment goes back: to the member's credit (the default; a walk-in has none, so they
 * get it at the desk), in cash at the desk, or — card chosen — an online payment to its card through
 * Stripe and a desk payment back at the desk by the method it came.
 */
function destinationOf(payment: Transaction, returnTo: TRainCheckReturn, isMember: boolean): Destination {
  if (returnTo === 'credit' && isMember) return 'credit';
  if (returnTo === 'card' && payment.method === 'stripe') return 'card';
  return 'desk';
}

/** How a hit booking was paid, the money that goes back and what happens to it: the preview and the job share it. */
function planFor(booking: HitRow, returnTo: TRainCheckReturn) {
  const isMember = booking.userId !== null;
  // Credit that paid it and is still out, as the ledger's returnBookingPayment counts it.
  const creditCents = isMember ? -booking.creditMovements.filter((movement) => movement.userId === booking.userId).reduce((sum, movement) => sum + movement.amountCents, 0) : 0;
  const payments = booking.transactions;
  const paidWith: TRainCheckPaidWith = payments.some((payment) => payment.method === 'stripe')
    ? 'online'
    : payments.length > 0
      ? 'desk'
      : creditCents > 0
        ? 'credit'
        : booking.carnetUses.length > 0
          ? 'carnet'
          : 'unpaid';
  const destinations = payments.map((payment) => destinationOf(payment, returnTo, isMember));
  const outcome: TRainCheckOutcome = destinations[0] ?? (creditCents > 0 ? 'credit' : booking.carnetUses.length > 0 ? 'carnet' : 'none');
  const amountCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0) + Math.max(creditCents, 0);
  return { paidWith, outcome, amountCents, isMember };
}

export function createRainChecksService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger' | 'mailer'>, checkouts: Checkouts) {
  const { db, jobs, config, logger, mailer } = deps;
  const creditLedger = createCreditLedger(deps);
  const returnShares = createShareReturns(deps);

  /** The chosen courts (all that can be booked when none is chosen), by id. */
  async function courtsOf(ids: number[]) {
    const courts = await db.court.findMany({
      where: { purpose: { not: 'free_use' }, ...(ids.length > 0 ? { id: { in: ids } } : {}) },
      select: { id: true, code: true, name: true },
      orderBy: { id: 'asc' },
    });
    if (ids.length > 0 && courts.length !== new Set(ids).size) throw invalid({ court_ids: [RAIN_CHECK_MESSAGES.courtNotFound] });
    return courts;
  }

  const rangeOf = (body: RangeBody) => ({ startsAt: instantInRome(body.date, body.from), endsAt: instantInRome(body.date, body.to) });

  function requireAllowedReturn(actor: User, returnTo: TRainCheckReturn) {
    if (returnTo !== 'credit' && !isAdmin(actor)) throw new AppError(403, RAIN_CHECK_MESSAGES.adminOnly);
  }

  async function progress(rainCheck: RainCheck & { createdBy: { firstName: string; lastName: string } | null }): Promise<TRainCheck> {
    const [counts, courts] = await Promise.all([
      db.rainCheckBooking.groupBy({ by: ['status'], where: { rainCheckId: rainCheck.id }, _count: { _all: true }, _sum: { amountCents: true } }),
      db.court.findMany({ where: { id: { in: rainCheck.courtIds } }, select: { id: true, code: true, name: true }, orderBy: [{ row: 'asc' }, { position: 'asc' }] }),
    ]);
    const count = (status: string) => counts.find((row) => row.status === status)?._count._all ?? 0;
    return {
      id: rainCheck.id,
      date: todayInRome(rainCheck.startsAt),
      from: timeOf(rainCheck.startsAt),
      to: timeOf(rainCheck.endsAt, true),
      courts,
      return_to: rainCheck.returnTo,
      reason: rainCheck.reason,
      status: rainCheck.status,
      total: counts.reduce((sum, row) => sum + row._count._all, 0),
      done: count('done'),
      skipped: count('skipped'),
      failed: count('failed'),
      returned: centsToMoney(counts.find((row) => row.status === 'done')?._sum.amountCents ?? 0),
      created_by: rainCheck.createdBy ? `${rainCheck.createdBy.firstName} ${rainCheck.createdBy.lastName}` : null,
      created_at: rainCheck.createdAt.toISOString(),
      finished_at: rainCheck.finishedAt?.toISOString() ?? null,
    };
  }
  const WITH_AUTHOR = { createdBy: { select: { firstName: true, lastName: true } } } as const;

  /** Cancels one hit booking and returns its money, in one transaction with its row (a done row is skipped). */
  async function processBooking(rainCheck: RainCheck, rowId: number, bookingId: number) {
    const now = new Date();
    // A Checkout Session still open for a hold is closed first, so it can no longer be paid.
    await checkouts.closeOpenSessions('booking', bookingId);
    await db.$transaction(async (tx) => {
      const [mark] = await tx.$queryRaw<{ status: string }[]>`SELECT status::text FROM rain_check_bookings WHERE id = ${rowId} FOR UPDATE`;
      if (!mark || mark.status === 'done' || mark.status === 'skipped') return;
      await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
      const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: HIT_DETAILS });
      if (!isLive(booking, now)) {
        await tx.rainCheckBooking.update({ where: { id: rowId }, data: { status: 'skipped', processedAt: now, error: null } });
        return;
      }
      const plan = planFor(booking, rainCheck.returnTo);
      const createdById = rainCheck.createdById;
      await tx.booking.update({
        where: { id: bookingId },
        data: { status: 'cancelled', cancelledAt: now, cancelledById: createdById, cancellationReason: rainCheck.reason, holdExpiresAt: null },
      });
      if (booking.status === 'pending_payment') await releaseCouponsOf(tx, booking);
      // Nobody is told the slot is free: the court is closed. Its waiting list goes.
      await tx.bookingWaitlist.deleteMany({ where: { courtId: booking.courtId, startsAt: { lt: booking.endsAt }, endsAt: { gt: booking.startsAt } } });
      // byMember only keeps the ledger from e-mailing each movement: the rain check's one e-mail tells the member.
      await creditLedger.returnBookingPayment(tx, booking, { byMember: true, createdById });
      await returnCarnetUse(tx, bookingId);
      // The other players' paid shares go back the way each was paid (card refunded, credit to its payer).
      await returnShares(tx, bookingId);
      const description = `Prenotazione ${booking.court.code} · ${whenOf(booking)}`;
      for (const payment of booking.transactions) {
        const destination = destinationOf(payment, rainCheck.returnTo, plan.isMember);
        if (destination === 'credit') {
          // The payment's one credit movement (credit_movements.transaction_id is unique).
          await creditLedger.move(tx, {
            userId: booking.userId!,
            amountCents: payment.amountCents,
            kind: 'rain_credit',
            reason: `${rainCheck.reason}: ${description}`.slice(0, 500),
            transactionId: payment.id,
            bookingId,
            createdById,
            byMember: true,
          });
        } else if (destination === 'card') {
          // The rain check tells the member in its own one e-mail.
          await jobs.send('refund-payment', { paymentId: payment.id, notify: false }, { tx });
        } else {
          await tx.transaction.create({
            data: {
              kind: 'booking',
              type: 'refund',
              refundOfId: payment.id,
              bookingId,
              userId: payment.userId,
              amountCents: payment.amountCents,
              method: rainCheck.returnTo === 'cash' ? 'cash' : payment.method,
              status: 'completed',
              paidAt: now,
              description: `Rimborso (${rainCheck.reason}): ${payment.description ?? description}`.slice(0, 255),
            },
          });
          await tx.transaction.update({ where: { id: payment.id }, data: { status: 'refunded' } });
        }
      }
      await tx.rainCheckBooking.update({ where: { id: rowId }, data: { status: 'done', outcome: plan.outcome, amountCents: plan.amountCents, processedAt: now, error: null } });
    }, TRANSACTION_OPTIONS);
  }

  /** A member's one message: every booking of theirs the rain check cancelled and what happened to each. */
  async function summaryFor(rainCheck: RainCheck, userId: number) {
    const [user, rows] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { id: userId } }),
      db.rainCheckBooking.findMany({
        where: { rainCheckId: rainCheck.id, status: 'done', booking: { userId } },
        include: { booking: { include: { court: true } } },
        orderBy: [{ booking: { startsAt: 'asc' } }, { id: 'asc' }],
      }),
    ]);
    const items = rows.map((row) => ({ court: row.booking.court.name, when: whenOf(row.booking), outcome: row.outcome ?? 'none', amountCents: row.amountCents }));
    return rainCheckEmail(user, rainCheck.reason, items, `${config.WEB_ORIGIN}/le-mie-prenotazioni`);
  }

  /**
   * Each member's one e-mail, handed to the mail server at the configured rate (the mail queue alone
   * does not pace). A row is claimed before its message goes out and marked after: one a stopped job left
   * claimed may have gone out and is not sent again; one the server refused goes to the mail queue, which
   * retries it. Returns false when stopped early.
   */
  async function emailMembers(rainCheck: RainCheck, stopping: AbortSignal) {
    const rainCheckId = rainCheck.id;
    await db.$executeRaw`
      INSERT INTO rain_check_emails (rain_check_id, user_id)
      SELECT DISTINCT r.rain_check_id, b.user_id FROM rain_check_bookings r
        JOIN bookings b ON b.id = r.booking_id JOIN users u ON u.id = b.user_id
      WHERE r.rain_check_id = ${rainCheckId} AND r.status = 'done' AND u.email <> ''
      ON CONFLICT DO NOTHING`;
    await db.rainCheckEmail.updateMany({ where: { rainCheckId, status: 'sending' }, data: { status: 'failed', error: BROADCAST_MESSAGES.uncertain } });
    const pacer = createMailPacer(db, config.MAIL_RATE_PER_SECOND);
    for (;;) {
      if (stopping.aborted) return false;
      const [claimed] = await db.$queryRaw<{ userId: number }[]>`
        UPDATE rain_check_emails SET status = 'sending'
        WHERE rain_check_id = ${rainCheckId} AND user_id = (
          SELECT user_id FROM rain_check_emails WHERE rain_check_id = ${rainCheckId} AND status = 'pending' ORDER BY user_id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING user_id AS "userId"`;
      if (!claimed) return true;
      const key = { rainCheckId_userId: { rainCheckId, userId: claimed.userId } };
      const message = await summaryFor(rainCheck, claimed.userId);
      // Stopped while waiting for its turn: the row is given back, unsent.
      if (!(await pacer.wait(stopping))) {
        await db.rainCheckEmail.update({ where: key, data: { status: 'pending' } });
        return false;
      }
      // The moment it is handed to the server: what a provider's rate limit counts.
      const sentAt = new Date();
      try {
        await mailer.send(message);
        await db.rainCheckEmail.update({ where: key, data: { status: 'sent', sentAt } });
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await db.$transaction(async (tx) => {
          await jobs.send('send-email', message, { tx });
          await tx.rainCheckEmail.update({ where: key, data: { status: 'queued', error: reason } });
        }, TRANSACTION_OPTIONS);
      }
    }
  }

  return {
    /** The live bookings the range hits and what would happen to each one's money. */
    async preview(actor: User, body: RangeBody) {
      requireAllowedReturn(actor, body.return_to);
      const courts = await courtsOf(body.court_ids);
      const { startsAt, endsAt } = rangeOf(body);
      const ids = await db.$queryRaw<{ id: number }[]>`
        SELECT id FROM bookings WHERE court_id = ANY(${courts.map((court) => court.id)}::int[]) AND ${touchingSql(startsAt, endsAt)} AND ${liveSql(new Date())}`;
      const rows = await db.booking.findMany({ where: { id: { in: ids.map((row) => row.id) } }, include: HIT_DETAILS, orderBy: [{ startsAt: 'asc' }, { courtId: 'asc' }, { id: 'asc' }] });
      const planned = rows.map((row) => ({ row, plan: planFor(row, body.return_to) }));
      const bookings: TRainCheckHit[] = planned.map(({ row, plan }) => {
        return {
          booking_id: row.id,
          court: row.court,
          start: timeOf(row.startsAt),
          end: timeOf(row.endsAt, true),
          customer: row.user ? `${row.user.firstName} ${row.user.lastName}` : (row.customerName ?? '—'),
          member: plan.isMember,
          paid_with: plan.paidWith,
          amount: centsToMoney(plan.amountCents),
          outcome: plan.outcome,
        };
      });
      const total = planned.reduce((sum, { plan }) => sum + plan.amountCents, 0);
      return { bookings, count: bookings.length, total: centsToMoney(total) };
    },

    /** Closes the courts for the range, lists the bookings it hits and queues the job, in one transaction. */
    async create(actor: User, body: BodyOf<Routes['create']>) {
      requireAllowedReturn(actor, body.return_to);
      const courts = await courtsOf(body.court_ids);
      const courtIds = courts.map((court) => court.id);
      const { startsAt, endsAt } = rangeOf(body);
      const now = new Date();
      const created = await db.$transaction(async (tx) => {
        // Every booking writer takes its court's turn before checking closures: after these, none can
        // book the range without meeting the closure.
        for (const courtId of courtIds) await takeCourtTurn(tx, courtId);
        const rainCheck = await tx.rainCheck.create({
          data: { startsAt, endsAt, courtIds, returnTo: body.return_to, reason: body.reason, createdById: actor.id },
          include: WITH_AUTHOR,
        });
        await tx.courtClosure.createMany({ data: courtIds.map((courtId) => ({ courtId, startsAt, endsAt, reason: body.reason, createdById: actor.id })) });
        // A booking already in another rain check stays that one's.
        await tx.$executeRaw`
          INSERT INTO rain_check_bookings (rain_check_id, booking_id)
          SELECT ${rainCheck.id}, id FROM bookings
          WHERE court_id = ANY(${courtIds}::int[]) AND ${touchingSql(startsAt, endsAt)} AND ${liveSql(now)}
          ORDER BY starts_at, court_id, id
          ON CONFLICT (booking_id) DO NOTHING`;
        await jobs.send('rain-check', { rainCheckId: rainCheck.id }, { tx });
        return rainCheck;
      }, TRANSACTION_OPTIONS);
      return progress(created);
    },

    async list(query: QueryOf<Routes['list']>) {
      const [rows, total] = await Promise.all([
        db.rainCheck.findMany({ include: WITH_AUTHOR, orderBy: { id: 'desc' }, ...skipTake(query) }),
        db.rainCheck.count(),
      ]);
      return pagedList(await Promise.all(rows.map(progress)), total, query);
    },

    async show(id: number) {
      const rainCheck = await db.rainCheck.findUnique({ where: { id }, include: WITH_AUTHOR });
      if (!rainCheck) throw notFound(RAIN_CHECK_MESSAGES.notFound);
      return progress(rainCheck);
    },

    /**
     * Job 'rain-check': the bookings not yet done, one by one, then the members' e-mails. A booking that
     * fails is marked so and the job fails (to be retried); stopped, it returns early and resumes later.
     */
    async process(rainCheckId: number, stopping: AbortSignal) {
      const rainCheck = await db.rainCheck.findUnique({ where: { id: rainCheckId } });
      if (!rainCheck || rainCheck.status === 'completed') return;
      if (rainCheck.status === 'queued') await db.rainCheck.update({ where: { id: rainCheckId }, data: { status: 'running' } });
      let afterId = 0;
      for (;;) {
        const rows = await db.rainCheckBooking.findMany({ where: { rainCheckId, status: { in: ['pending', 'failed'] }, id: { gt: afterId } }, orderBy: { id: 'asc' }, take: 100 });
        if (rows.length === 0) break;
        for (const row of rows) {
          if (stopping.aborted) return;
          afterId = row.id;
          try {
            await processBooking(rainCheck, row.id, row.bookingId);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            await db.rainCheckBooking.update({ where: { id: row.id }, data: { status: 'failed', error: message.slice(0, 500) } });
            logger.warn({ err: error, rainCheckId, bookingId: row.bookingId }, 'Annullamento per pioggia: prenotazione non riuscita, sarà ritentata');
            throw error;
          }
        }
      }
      if (!(await emailMembers(rainCheck, stopping))) return;
      await db.rainCheck.update({ where: { id: rainCheckId }, data: { status: 'completed', finishedAt: new Date() } });
    },

    /** At worker start: rain checks a stopped worker left unfinished are queued again. */
    async resumeUnfinished() {
      const unfinished = await db.rainCheck.findMany({ where: { status: { not: 'completed' } }, select: { id: true } });
      for (const { id } of unfinished) await jobs.send('rain-check', { rainCheckId: id });
    },
  };
}

export type RainChecksService = ReturnType<typeof createRainChecksService>;
