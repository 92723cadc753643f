// The terms every part of the rain check shares (docs/domain.md#rain-check): its messages, the range and
// the courts it closes, who may choose the return, and how a hit booking's money goes back.
import type { api, BodyOf, TRainCheckOutcome, TRainCheckPaidWith, TRainCheckReturn } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import { instantInRome } from '../../lib/time.js';
import { isAdmin } from '../auth/index.js';
import type { PlannedReturn } from '../bookings/index.js';

export type RainCheckDeps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger' | 'mailer'>;

export const RAIN_CHECK_MESSAGES = {
  adminOnly: 'Solo un amministratore può scegliere il rimborso sulla carta o in contanti.',
  courtNotFound: 'Campo non trovato.',
  notFound: 'Annullamento per pioggia non trovato.',
} as const;

export type Routes = typeof api.rainChecks;
export type RangeBody = BodyOf<Routes['preview']>;

export const WITH_AUTHOR = { createdBy: { select: { firstName: true, lastName: true } } } as const;

/** The chosen courts (all that can be booked when none is chosen), by id. */
export async function courtsOf(db: AppDeps['db'], ids: number[]) {
  const courts = await db.court.findMany({
    where: { purpose: { not: 'free_use' }, ...(ids.length > 0 ? { id: { in: ids } } : {}) },
    select: { id: true, code: true, name: true },
    orderBy: { id: 'asc' },
  });
  if (ids.length > 0 && courts.length !== new Set(ids).size) throw invalid({ court_ids: [RAIN_CHECK_MESSAGES.courtNotFound] });
  return courts;
}

export const rangeOf = (body: RangeBody) => ({ startsAt: instantInRome(body.date, body.from), endsAt: instantInRome(body.date, body.to) });

export function requireAllowedReturn(actor: User, returnTo: TRainCheckReturn) {
  if (returnTo !== 'credit' && !isAdmin(actor)) throw new AppError(403, RAIN_CHECK_MESSAGES.adminOnly);
}

/**
 * How a hit booking was paid, what goes back and where: read from its money in the ledger (the players'
 * shares included) by the same plan the cancellation follows, so the preview says what the job does.
 */
export function summaryOf(planned: PlannedReturn[]): { paidWith: TRainCheckPaidWith; outcome: TRainCheckOutcome; amountCents: number } {
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
 * the desk (a till's refund) or to a carnet (a use given back, no money); of some of its bookings, when named.
 */
export async function returnedBy(db: AppDeps['db'], rainCheckId: number, bookingIds?: number[]) {
  return db.$queryRaw<{ bookingId: number; userId: number | null; outcome: Exclude<TRainCheckOutcome, 'none'>; cents: number }[]>`
    SELECT e.booking_id AS "bookingId", e.user_id AS "userId",
      CASE WHEN e.kind = 'carnet_use_return' THEN 'carnet'
           WHEN e.kind IN ('rain_credit', 'credit_return') THEN 'credit'
           WHEN bool_or(a.kind = 'refund_payable') THEN 'card'
           ELSE 'desk' END AS outcome,
      coalesce(sum(p.amount_cents) FILTER (WHERE e.kind <> 'carnet_use_return' AND a.kind IN ('booking_receivable', 'share_receivable')), 0)::int AS cents
    FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE e.rain_check_id = ${rainCheckId} AND e.kind IN ('refund', 'rain_credit', 'credit_return', 'carnet_use_return')
      ${bookingIds ? Prisma.sql`AND e.booking_id = ANY(${bookingIds}::int[])` : Prisma.empty}
    GROUP BY e.id`;
}
