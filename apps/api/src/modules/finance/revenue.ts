// The one computation of the centre's income and expenses, in integer cents by Europe/Rome calendar
// month: the dashboard's monthly stats and the all-time revenue of the memberships stats both read
// it. Income is membership and booking payments net of their refunds (money that moved: completed
// payments, and payments later refunded in full or in part, less every refund), plus extra income.
// A credit top-up is money received but not yet earned: it is a liability (see `liabilities`), never
// income; the booking it later pays is booking income in the Rome month credit paid it, taken back in
// the month that credit is returned.
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
const movedWithin = (column: 'paid_at' | 'created_at', range: DayRange | undefined) =>
  range
    ? Prisma.sql`AND ${Prisma.raw(column)} >= ${romeMidnightOf(Prisma.sql`${range.from}::date`)}
                 AND ${Prisma.raw(column)} < ${romeMidnightOf(Prisma.sql`${range.to}::date + 1`)}`
    : Prisma.empty;
const datedWithin = (range: DayRange | undefined) => (range ? Prisma.sql`WHERE date BETWEEN ${range.from}::date AND ${range.to}::date` : Prisma.empty);

export async function incomeByMonth(db: Db, range?: DayRange): Promise<MonthlyIncome[]> {
  return db.$queryRaw<MonthlyIncome[]>`
    WITH income AS (
      -- A player's share of a split booking is booking income.
      SELECT to_char(paid_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month, CASE WHEN kind = 'booking_share' THEN 'booking' ELSE kind::text END AS source, ${SIGNED_AMOUNT} AS cents
        FROM transactions WHERE ${SETTLED} ${movedWithin('paid_at', range)}
      UNION ALL
      -- Credit spent on a booking (a negative 'payment' movement) is earned then; given back, un-earned.
      -- A rain credit turns a booking's payment into credit: un-earned too, until that credit is spent.
      SELECT to_char(created_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM'), 'booking', -amount_cents
        FROM credit_movements WHERE kind IN ('payment', 'rain_credit') ${movedWithin('created_at', range)}
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
 * What the centre owes its members, in euros: the credit not yet used (the ledger's sum, which is the
 * sum of the balances), at the end of a Rome day or, without one, now. Unused carnet value joins the
 * total here as a field of its own.
 */
export async function liabilities(db: Db, day?: string): Promise<TLiabilities> {
  const until = day ? Prisma.sql`WHERE created_at < ${romeMidnightOf(Prisma.sql`${day}::date + 1`)}` : Prisma.empty;
  const [{ credit }] = await db.$queryRaw<[{ credit: number }]>`SELECT coalesce(sum(amount_cents), 0)::int AS credit FROM credit_movements ${until}`;
  return { credit: centsToMoney(credit), total: centsToMoney(credit) };
}
