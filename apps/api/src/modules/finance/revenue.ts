// The centre's income, expenses and what it owes, read from the ledger (docs/domain.md#ledger), in integer
// cents by Europe/Rome calendar month of each entry's effective time: the dashboard's monthly stats, the
// memberships stats and the liabilities all read here. Income is what the revenue accounts earned:
// membership, booking and school payments as they settle what is owed (credit and carnet uses as they are spent,
// carnets' unused value at their expiry), less what goes back; plus extra income. Credit top-ups and
// carnet sales are money owed back to the member (liabilities) until spent.
import { centsToMoney, type TLiabilities } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { Prisma } from '../../lib/db.js';

/** Rome calendar days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

export interface MonthlyIncome {
  month: string;
  membership: number;
  booking: number;
  extra: number;
  school: number;
}
export interface MonthlyExpenses {
  month: string;
  expenses: number;
}

/** The instant a Rome day begins. */
const romeMidnightOf = (day: Prisma.Sql) => Prisma.sql`(${day})::timestamp AT TIME ZONE 'Europe/Rome'`;
const within = (range: DayRange | undefined) =>
  range
    ? Prisma.sql`AND e.effective_at >= ${romeMidnightOf(Prisma.sql`${range.from}::date`)} AND e.effective_at < ${romeMidnightOf(Prisma.sql`${range.to}::date + 1`)}`
    : Prisma.empty;
/** Postings that moved balances: done at once, or set aside and then posted. */
const POSTED = Prisma.sql`p.phase IN ('posted', 'post_pending')`;

export async function incomeByMonth(db: Db, range?: DayRange): Promise<MonthlyIncome[]> {
  return db.$queryRaw<MonthlyIncome[]>`
    SELECT to_char(e.effective_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month,
           coalesce(-sum(p.amount_cents) FILTER (WHERE a.kind = 'revenue_membership'), 0)::int AS membership,
           coalesce(-sum(p.amount_cents) FILTER (WHERE a.kind = 'revenue_booking'), 0)::int AS booking,
           coalesce(-sum(p.amount_cents) FILTER (WHERE a.kind = 'revenue_extra'), 0)::int AS extra,
           coalesce(-sum(p.amount_cents) FILTER (WHERE a.kind = 'revenue_school'), 0)::int AS school
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.kind IN ('revenue_membership', 'revenue_booking', 'revenue_extra', 'revenue_school') AND ${POSTED} ${within(range)}
    GROUP BY month ORDER BY month`;
}

export async function expensesByMonth(db: Db, range?: DayRange): Promise<MonthlyExpenses[]> {
  return db.$queryRaw<MonthlyExpenses[]>`
    SELECT to_char(e.effective_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') AS month, sum(p.amount_cents)::int AS expenses
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.kind = 'expenses' AND ${POSTED} ${within(range)}
    GROUP BY month ORDER BY month`;
}

/** All-time income by source and expenses, in cents. */
export async function revenueTotals(db: Db) {
  const [income, expenses] = await Promise.all([incomeByMonth(db), expensesByMonth(db)]);
  const sum = <Row>(rows: Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    membership: sum(income, (row) => row.membership),
    booking: sum(income, (row) => row.booking),
    extra: sum(income, (row) => row.extra),
    school: sum(income, (row) => row.school),
    expenses: sum(expenses, (row) => row.expenses),
  };
}

/**
 * What the centre owes its members, in euros, at the end of a Rome day or, without one, now: the credit
 * not yet spent and the unused value of the carnets (their accounts' balances then).
 */
export async function liabilities(db: Db, day?: string): Promise<TLiabilities> {
  const cutoff = day ? Prisma.sql`AND e.effective_at < ${romeMidnightOf(Prisma.sql`${day}::date + 1`)}` : Prisma.empty;
  const [{ credit, carnets }] = await db.$queryRaw<[{ credit: number; carnets: number }]>`
    SELECT coalesce(-sum(p.amount_cents) FILTER (WHERE a.kind IN ('credit_funded', 'credit_promo')), 0)::int AS credit,
           coalesce(-sum(p.amount_cents) FILTER (WHERE a.kind = 'carnet'), 0)::int AS carnets
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.kind IN ('credit_funded', 'credit_promo', 'carnet') AND ${POSTED} ${cutoff}`;
  return { credit: centsToMoney(credit), carnets: centsToMoney(carnets), total: centsToMoney(credit + carnets) };
}
