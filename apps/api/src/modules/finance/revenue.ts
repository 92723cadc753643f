// The one computation of the centre's income and expenses, in integer cents by Europe/Rome calendar
// month: the dashboard's monthly stats and the all-time revenue of the memberships stats both read
// it. Income is membership and booking payments net of their refunds (money that moved: completed
// payments, and payments later refunded in full or in part, less every refund), plus extra income.
// A credit top-up is money received but not yet earned: it is a liability (see `liabilities`), never
// income; the booking (or membership card) it later pays is booking (membership) income in the Rome
// month credit paid it, taken back in the month that credit is returned. A carnet sale is the same: its uses earn it as they pay bookings
// (booking income), a use given back un-earns it, and what an expired carnet left unused is earned when
// it expires (breakage; docs/domain.md#carnets).
import { centsToMoney, type TLiabilities } from '@beach/contracts';
import type { PaymentStatus } from '../../generated/prisma/enums.js';
import type { Db } from '../../lib/db.js';
import { Prisma } from '../../lib/db.js';

/** Rome calendar days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** A Rome month as YYYY-MM; null only for a settled payment with no payment time (none is written so). */
export interface MonthlyIncome {
  month: string | null;
  membership: number;
  booking: number;
  extra: number;
}
export interface MonthlyExpenses {
  month: string;
  expenses: number;
}

/** Rows whose money moved: a payment counts once it is settled, whatever was refunded since; a refund once done. */
export const SETTLED_STATUSES = ['completed', 'refunded', 'partially_refunded'] as const satisfies PaymentStatus[];
// Constants of this module, not input: safe to write into the statement.
const SETTLED = Prisma.sql`status IN (${Prisma.raw(SETTLED_STATUSES.map((status) => `'${status}'`).join(', '))})`;
/** A refund row takes its amount away from the income. */
const SIGNED_AMOUNT = Prisma.sql`CASE WHEN type = 'payment' THEN amount_cents ELSE -amount_cents END`;

/** The instant a Rome day begins. */
const romeMidnightOf = (day: Prisma.Sql) => Prisma.sql`(${day})::timestamp AT TIME ZONE 'Europe/Rome'`;
/** A column's instant within Rome days: from the first day's Rome midnight to the midnight after the last. */
const movedWithin = (column: 'paid_at' | 'created_at' | 'moved_at', range: DayRange | undefined) =>
  range
    ? Prisma.sql`AND ${Prisma.raw(column)} >= ${romeMidnightOf(Prisma.sql`${range.from}::date`)}
                 AND ${Prisma.raw(column)} < ${romeMidnightOf(Prisma.sql`${range.to}::date + 1`)}`
    : Prisma.empty;
/**
 * What `uses` uses of a carnet are worth: its price over its uses in whole cents, the remainder on the
 * last use, so that all its uses add up exactly to the price.
 */
const worthOfUses = (uses: Prisma.Sql, price: Prisma.Sql, total: Prisma.Sql) =>
  Prisma.sql`((${uses}) * ((${price}) / (${total})) + CASE WHEN (${uses}) = (${total}) THEN (${price}) % (${total}) ELSE 0 END)`;
/** The instant a carnet expires: the Rome midnight after its last valid day. */
const CARNET_EXPIRES_AT = romeMidnightOf(Prisma.sql`c.valid_until + 1`);

/**
 * The carnet income each use, given-back use and expiry moved, at `moved_at`. A carnet's steps in
 * order count its uses spent (a use +1, one given back −1); from its expiry every use counts as spent
 * (the unused ones are breakage, and a use given back afterwards can no longer be spent). A step earns
 * the worth of the uses counted after it less the worth of those counted before. Expiries still to come
 * are not income yet. The price is what the sale received (nothing without a settled payment).
 */
const CARNET_INCOME = Prisma.sql`
  SELECT moved_at, ${worthOfUses(Prisma.sql`spent`, Prisma.sql`price`, Prisma.sql`total`)}
         - ${worthOfUses(Prisma.sql`lag(spent, 1, 0) OVER steps`, Prisma.sql`price`, Prisma.sql`total`)} AS cents
    FROM (
      SELECT id, total, price, moved_at, step,
             CASE WHEN moved_at >= expires_at THEN total ELSE sum(step) OVER (steps ROWS UNBOUNDED PRECEDING)::int END AS spent
        FROM (
          SELECT c.id, c.uses_total AS total, coalesce(t.amount_cents, 0) AS price, ${CARNET_EXPIRES_AT} AS expires_at, s.moved_at, s.step
            FROM carnets c
            LEFT JOIN transactions t ON t.id = c.transaction_id AND t.${SETTLED}
            CROSS JOIN LATERAL (
              SELECT created_at AS moved_at, 1 AS step FROM carnet_uses WHERE carnet_id = c.id
              UNION ALL SELECT returned_at, -1 FROM carnet_uses WHERE carnet_id = c.id AND returned_at IS NOT NULL
              UNION ALL SELECT ${CARNET_EXPIRES_AT}, 0 WHERE ${CARNET_EXPIRES_AT} <= now()
            ) s
        ) steps_of_carnets
      WINDOW steps AS (PARTITION BY id ORDER BY moved_at, step DESC)
    ) counted
  WINDOW steps AS (PARTITION BY id ORDER BY moved_at, step DESC)`;

const datedWithin = (range: DayRange | undefined) => (range ? Prisma.sql`WHERE date BETWEEN ${range.from}::date AND ${range.to}::date` : Prisma.empty);

export async function incomeByMonth(db: Db, range?: DayRange): Promise<MonthlyIncome[]> {
  return db.$queryRaw<MonthlyIncome[]>`
    WITH income AS (
      -- A player's share of a split booking is booking income.
      SELECT to_char(paid_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month, CASE WHEN kind = 'booking_share' THEN 'booking' ELSE kind::text END AS source, ${SIGNED_AMOUNT} AS cents
        FROM transactions WHERE ${SETTLED} ${movedWithin('paid_at', range)}
      UNION ALL
      -- Credit spent on a booking or a membership card (a negative 'payment' movement) is earned then;
      -- given back, un-earned. A rain credit turns a booking's payment into credit: un-earned too, until spent.
      SELECT to_char(created_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM'), CASE WHEN membership_id IS NULL THEN 'booking' ELSE 'membership' END, -amount_cents
        FROM credit_movements WHERE kind IN ('payment', 'rain_credit') ${movedWithin('created_at', range)}
      UNION ALL
      SELECT to_char(moved_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM'), 'booking', cents
        FROM (${CARNET_INCOME}) carnet_income WHERE true ${movedWithin('moved_at', range)}
      UNION ALL
      SELECT to_char(date, 'YYYY-MM'), 'extra', amount_cents FROM incomes ${datedWithin(range)}
    )
    SELECT month,
           coalesce(sum(cents) FILTER (WHERE source = 'membership'), 0)::int AS membership,
           coalesce(sum(cents) FILTER (WHERE source = 'booking'), 0)::int AS booking,
           coalesce(sum(cents) FILTER (WHERE source = 'extra'), 0)::int AS extra
      FROM income GROUP BY month ORDER BY month`;
}

export async function expensesByMonth(db: Db, range?: DayRange): Promise<MonthlyExpenses[]> {
  return db.$queryRaw<MonthlyExpenses[]>`
    SELECT to_char(date, 'YYYY-MM') AS month, sum(amount_cents)::int AS expenses
      FROM expenses ${datedWithin(range)} GROUP BY month ORDER BY month`;
}

/** All-time income by source and expenses, in cents. */
export async function revenueTotals(db: Db) {
  const [income, expenses] = await Promise.all([incomeByMonth(db), expensesByMonth(db)]);
  const sum = <Row>(rows: Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    membership: sum(income, (row) => row.membership),
    booking: sum(income, (row) => row.booking),
    extra: sum(income, (row) => row.extra),
    expenses: sum(expenses, (row) => row.expenses),
  };
}

/**
 * What the centre owes its members, in euros, at the end of a Rome day or, without one, now: the credit
 * not yet used (the ledger's sum, which is the sum of the balances) and the unused value of the carnets
 * sold and still valid that day (their price less the worth of the uses spent, so the remainder stays
 * with the last use).
 */
export async function liabilities(db: Db, day?: string): Promise<TLiabilities> {
  // By the end of the day, or every row so far (the instants written, whatever they say).
  const cutoff = day ? romeMidnightOf(Prisma.sql`${day}::date + 1`) : null;
  const happened = (column: string) => (cutoff ? Prisma.sql`${Prisma.raw(column)} < ${cutoff}` : Prisma.sql`${Prisma.raw(column)} IS NOT NULL`);
  const validOn = day ? Prisma.sql`${day}::date` : Prisma.sql`(now() AT TIME ZONE 'Europe/Rome')::date`;
  const [[{ credit }], [{ carnets }]] = await Promise.all([
    db.$queryRaw<[{ credit: number }]>`SELECT coalesce(sum(amount_cents), 0)::int AS credit FROM credit_movements WHERE ${happened('created_at')}`,
    db.$queryRaw<[{ carnets: number }]>`
      SELECT coalesce(sum(t.amount_cents - ${worthOfUses(Prisma.sql`u.spent`, Prisma.sql`t.amount_cents`, Prisma.sql`c.uses_total`)}), 0)::int AS carnets
        FROM carnets c
        JOIN transactions t ON t.id = c.transaction_id AND t.${SETTLED} AND ${happened('t.paid_at')}
        CROSS JOIN LATERAL (
          SELECT (count(*) FILTER (WHERE ${happened('created_at')}) - count(*) FILTER (WHERE ${happened('returned_at')}))::int AS spent
            FROM carnet_uses WHERE carnet_id = c.id
        ) u
       WHERE c.valid_until >= ${validOn}`,
  ]);
  return { credit: centsToMoney(credit), carnets: centsToMoney(carnets), total: centsToMoney(credit + carnets) };
}
