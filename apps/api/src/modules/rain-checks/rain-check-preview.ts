// The rain check's preview (docs/domain.md#rain-check): the live bookings a range hits and what would
// happen to each one's money, read by the same plan the job follows.
import { centsToMoney, type TRainCheckHit } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { liveBookingIdsTouching, planReturns, timeOf } from '../bookings/index.js';
import { courtsOf, type RainCheckDeps, type RangeBody, rangeOf, requireAllowedReturn, summaryOf } from './rain-check-terms.js';

const HIT_DETAILS = {
  court: { select: { id: true, code: true, name: true } },
  user: { select: { firstName: true, lastName: true } },
} as const satisfies Prisma.BookingInclude;

export function createRainCheckPreview({ db }: Pick<RainCheckDeps, 'db'>) {
  return {
    /** The live bookings the range hits and what would happen to each one's money. */
    async preview(actor: User, body: RangeBody) {
      requireAllowedReturn(actor, body.return_to);
      const courts = await courtsOf(db, body.court_ids);
      const { startsAt, endsAt } = rangeOf(body);
      const ids = await liveBookingIdsTouching(db, courts.map((court) => court.id), startsAt, endsAt, new Date());
      const rows = await db.booking.findMany({ where: { id: { in: ids } }, include: HIT_DETAILS, orderBy: [{ startsAt: 'asc' }, { courtId: 'asc' }, { id: 'asc' }] });
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
  };
}
