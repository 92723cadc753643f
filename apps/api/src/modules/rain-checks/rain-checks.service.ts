// The rain check (docs/domain.md#rain-check). Creating one closes the courts for the range and lists
// the live bookings it hits, in one transaction that first takes each court's turn (so no booking can
// slip in between); a job then works the bookings one at a time, each in its own transaction together
// with its rain_check_bookings row, so a restarted job skips what is done and never returns a payment
// twice. At the end each member gets one e-mail (a rain_check_emails row per member, claimed before it
// is sent), handed to the mail server at the configured mail rate.
import { type api, type BodyOf, centsToMoney, type QueryOf, type TRainCheck, type TRainCheckHit, type TRainCheckOutcome, type TRainCheckPaidWith, type TRainCheckReturn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { RainCheck, User } from '../../generated/prisma/client.js';
import type { Prisma} from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { createMailPacer } from '../../lib/mail-pacer.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { instantInRome, todayInRome } from '../../lib/time.js';
import { isAdmin } from '../auth/index.js';
import { BROADCAST_MESSAGES } from '../broadcasts/index.js';
import { isLive, liveSql, takeCourtTurn, timeOf, touchingSql, whenOf, lockBooking, type CancelBooking, type PlannedReturn, planReturns } from '../bookings/index.js';
import { rainCheckEmail } from './rain-checks.emails.js';

export const RAIN_CHECK_MESSAGES = {
  adminOnly: 'Solo un amministratore può scegliere il rimborso sulla carta o in contanti.',
  courtNotFound: 'Campo non trovato.',
  notFound: 'Annullamento per pioggia non trovato.',
} as const;

type Routes = typeof api.rainChecks;
type RangeBody = BodyOf<Routes['preview']>;

const HIT_DETAILS = {
  court: { select: { id: true, code: true, name: true } },
  user: { select: { firstName: true, lastName: true } },
} as const satisfies Prisma.BookingInclude;

/**
 * How a hit booking was paid, what goes back and where: read from its money in the ledger (the players'
 * shares included) by the same plan the cancellation follows, so the preview says what the job does.
 */
function summaryOf(planned: PlannedReturn[]): { paidWith: TRainCheckPaidWith; outcome: TRainCheckOutcome; amountCents: number } {
  const has = (test: (part: PlannedReturn) => boolean) => planned.some(test);
  const paidWith: TRainCheckPaidWith = has((part) => part.payment?.method === 'stripe')
    ? 'online'
    : has((part) => part.settlement.source === 'money')
      ? 'desk'
      : has((part) => part.settlement.source === 'credit')
        ? 'credit'
        : has((part) => part.settlement.source === 'carnet')
          ? 'carnet'
          : 'unpaid';
  const outcome: TRainCheckOutcome = has((part) => part.destination === 'rain_credit' || part.destination === 'credit')
    ? 'credit'
    : has((part) => part.destination === 'card')
      ? 'card'
      : has((part) => part.destination === 'till')
        ? 'desk'
        : has((part) => part.destination === 'carnet')
          ? 'carnet'
          : 'none';
  const amountCents = planned.filter((part) => part.settlement.source !== 'carnet').reduce((sum, part) => sum + part.settlement.total, 0);
  return { paidWith, outcome, amountCents };
}

/**
 * What a rain check gave back of each of its bookings, to whom and where, one row per entry that names
 * it: to credit (rain credit, credit that paid given back), to a card (a refund on its way to it), at
 * the desk (a till's refund) or to a carnet (a use given back, no money).
 */
async function returnedBy(db: AppDeps['db'], rainCheckId: number) {
  return db.$queryRaw<{ bookingId: number; userId: number | null; outcome: Exclude<TRainCheckOutcome, 'none'>; cents: number }[]>`
    SELECT e.booking_id AS "bookingId", e.user_id AS "userId",
      CASE WHEN e.kind = 'carnet_use_return' THEN 'carnet'
           WHEN e.kind IN ('rain_credit', 'credit_return') THEN 'credit'
           WHEN bool_or(a.kind = 'refund_payable') THEN 'card'
           ELSE 'desk' END AS outcome,
      coalesce(sum(p.amount_cents) FILTER (WHERE e.kind <> 'carnet_use_return' AND a.kind IN ('booking_receivable', 'share_receivable')), 0)::int AS cents
    FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE e.rain_check_id = ${rainCheckId} AND e.kind IN ('refund', 'rain_credit', 'credit_return', 'carnet_use_return')
    GROUP BY e.id`;
}

export function createRainChecksService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger' | 'mailer'>, cancelBooking: CancelBooking) {
  const { db, jobs, config, logger, mailer } = deps;

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
    const [counts, courts, returned] = await Promise.all([
      db.rainCheckBooking.groupBy({ by: ['status'], where: { rainCheckId: rainCheck.id }, _count: { _all: true } }),
      db.court.findMany({ where: { id: { in: rainCheck.courtIds } }, select: { id: true, code: true, name: true }, orderBy: [{ row: 'asc' }, { position: 'asc' }] }),
      returnedBy(db, rainCheck.id),
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
      returned: centsToMoney(returned.reduce((sum, part) => sum + part.cents, 0)),
      created_by: rainCheck.createdBy ? `${rainCheck.createdBy.firstName} ${rainCheck.createdBy.lastName}` : null,
      created_at: rainCheck.createdAt.toISOString(),
      finished_at: rainCheck.finishedAt?.toISOString() ?? null,
    };
  }
  const WITH_AUTHOR = { createdBy: { select: { firstName: true, lastName: true } } } as const;

  /** Cancels one hit booking and returns its money, in one transaction with its row (a done row is skipped). */
  async function processBooking(rainCheck: RainCheck, rowId: number, bookingId: number) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      const [mark] = await tx.$queryRaw<{ status: string }[]>`SELECT status::text FROM rain_check_bookings WHERE id = ${rowId} FOR UPDATE`;
      if (!mark || mark.status === 'done' || mark.status === 'skipped') return;
      await lockBooking(tx, bookingId);
      const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { court: true } });
      if (!isLive(booking, now)) {
        await tx.rainCheckBooking.update({ where: { id: rowId }, data: { status: 'skipped', processedAt: now, error: null } });
        return;
      }
      // The outcome recorded is the plan the cancellation followed (read once, inside it).
      const { planned } = await cancelBooking(tx, booking, {
        policy: { by: 'rain', returnTo: rainCheck.returnTo },
        reason: rainCheck.reason,
        cancelledById: rainCheck.createdById,
        now,
        // The rain check tells each member in its own one e-mail.
        notify: false,
        refundReason: 'rain',
        rainCheckId: rainCheck.id,
        description: `Prenotazione ${booking.court.code} · ${whenOf(booking)} (${rainCheck.reason})`,
      });
      // Nobody is told the slot is free: the court is closed. Its waiting list goes.
      await tx.bookingWaitlist.deleteMany({ where: { courtId: booking.courtId, startsAt: { lt: booking.endsAt }, endsAt: { gt: booking.startsAt } } });
      await tx.rainCheckBooking.update({ where: { id: rowId }, data: { status: 'done', outcome: summaryOf(planned).outcome, processedAt: now, error: null } });
    }, TRANSACTION_OPTIONS);
  }

  /**
   * A member's one message: every booking of theirs the rain check cancelled and, for the players of
   * split bookings, their share: where their own money went (a booking's parts may go different ways:
   * the organiser's credit back to credit, a player's card payment to the card) and how much.
   */
  async function summaryFor(rainCheck: RainCheck, userId: number) {
    const [user, rows, returned] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { id: userId } }),
      db.rainCheckBooking.findMany({
        where: { rainCheckId: rainCheck.id, status: 'done', booking: { OR: [{ userId }, { players: { some: { userId, status: { not: 'dropped' } } } }] } },
        include: { booking: { include: { court: true } } },
        orderBy: [{ booking: { startsAt: 'asc' } }, { id: 'asc' }],
      }),
      returnedBy(db, rainCheck.id),
    ]);
    const items = rows.map((row) => {
      const organiser = row.booking.userId === userId;
      // Theirs: what names them, and for the organiser what names nobody (a desk payment recorded without its payer).
      const mine = returned.filter((part) => part.bookingId === row.bookingId && (part.userId === userId || (organiser && part.userId === null)));
      const ways = [...new Set(mine.map((part) => part.outcome))];
      const returns = ways.map((outcome) => ({ outcome, amountCents: mine.filter((part) => part.outcome === outcome).reduce((sum, part) => sum + part.cents, 0) }));
      return { court: row.booking.court.name, when: whenOf(row.booking), returns, share: !organiser };
    });
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
    // The organisers, and the players of their split bookings (paid or not: the match is off for them too).
    await db.$executeRaw`
      INSERT INTO rain_check_emails (rain_check_id, user_id)
      SELECT DISTINCT r.rain_check_id, who.user_id FROM rain_check_bookings r
        JOIN bookings b ON b.id = r.booking_id
        CROSS JOIN LATERAL (SELECT b.user_id UNION SELECT p.user_id FROM booking_players p WHERE p.booking_id = b.id AND p.status <> 'dropped') who
        JOIN users u ON u.id = who.user_id
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
      const policy = { by: 'rain', returnTo: body.return_to } as const;
      const planned = await db.$transaction(
        async (tx) => Promise.all(rows.map(async (row) => ({ row, plan: summaryOf((await planReturns(tx, row.id, policy)).planned) }))),
        TRANSACTION_OPTIONS,
      );
      const bookings: TRainCheckHit[] = planned.map(({ row, plan }) => ({
        booking_id: row.id,
        court: row.court,
        start: timeOf(row.startsAt),
        end: timeOf(row.endsAt, true),
        customer: row.user ? `${row.user.firstName} ${row.user.lastName}` : (row.customerName ?? '—'),
        member: row.userId !== null,
        paid_with: plan.paidWith,
        amount: centsToMoney(plan.amountCents),
        outcome: plan.outcome,
      }));
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
