// What each ledger entry of a financial year brings to each line of the two schemes
// (docs/annual-accounts.md#from-the-ledger-to-the-lines), read from the postings in SQL:
// - Mod. D (cash): an entry that moves money (the tills, Stripe, the bank, money held in a dispute) brings
//   its money to the lines of the accounts on its other side — a receivable paid, a top-up, an expense —
//   leaving out what it earns (billed → revenue, the same entry's earning of what it settles); money moved
//   between money accounts (a payout, a transfer paid into the bank) nets to nothing. What the other side
//   leaves unexplained goes to the unclassified line, so receipts less payments always equal the change in
//   cash and bank. A bank account's opening balance is cash the year starts with, not a receipt.
// - Mod. B (accrual): what the revenue accounts earned and the expense accounts spent.
// Amounts are money in (or income): positive on a receipt, negative on a payment or a cost.
import type { Db } from '../../lib/db.js';
import { Prisma } from '../../lib/db.js';
import type { FinancialYear } from './financial-year.js';

/** A member's card: who, and the Rome days it covers. */
export interface MemberSpan {
  userId: number;
  from: string;
  to: string;
}

const MONEY_KINDS = Prisma.sql`('till', 'stripe_clearing', 'bank', 'disputes')`;
/** Postings that moved balances: done at once, or set aside and then posted. */
const POSTED = Prisma.sql`p.phase IN ('posted', 'post_pending')`;

/** SELECT scheme, line, commercial, entry_id, amount: one row per leg of each entry of the year. */
function contributions(year: FinancialYear, members: MemberSpan[]): Prisma.Sql {
  return Prisma.sql`
    WITH members AS (
      SELECT * FROM unnest(${members.map((m) => m.userId)}::int[], ${members.map((m) => m.from)}::date[], ${members.map((m) => m.to)}::date[]) AS m(user_id, from_day, to_day)
    ), year_entries AS (
      SELECT e.id, e.user_id, (e.effective_at AT TIME ZONE 'Europe/Rome')::date AS day
      FROM ledger_entries e
      WHERE e.effective_at >= ${year.start} AND e.effective_at < ${year.end} AND e.kind <> 'bank_opening'
    ), members_entries AS (
      SELECT DISTINCT e.id FROM year_entries e JOIN members m ON m.user_id = e.user_id AND e.day BETWEEN m.from_day AND m.to_day
    ), legs AS (
      SELECT p.entry_id, p.amount_cents, a.kind, CASE WHEN me.id IS NULL THEN 'non_member' ELSE 'member' END AS payer, a.kind IN ${MONEY_KINDS} AS money,
             CASE WHEN a.kind = 'expenses' AND a.key LIKE 'expenses:%' THEN substr(a.key, 10)
                  WHEN a.kind = 'revenue_extra' AND a.key LIKE 'revenue:extra:%' THEN substr(a.key, 15) END AS category
      FROM year_entries e LEFT JOIN members_entries me ON me.id = e.id
      JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE ${POSTED}
    ), cash_entries AS (
      SELECT entry_id, sum(amount_cents) FILTER (WHERE money) AS cash, bool_or(kind = 'billed') AS earns
      FROM legs GROUP BY entry_id HAVING coalesce(sum(amount_cents) FILTER (WHERE money), 0) <> 0
    ), cash_legs AS (
      SELECT l.entry_id, l.kind, l.category, l.payer, -l.amount_cents AS amount
      FROM legs l JOIN cash_entries c USING (entry_id)
      WHERE NOT l.money AND NOT (c.earns AND (l.kind = 'billed' OR l.kind::text LIKE 'revenue\\_%'))
    ), explained AS (
      SELECT entry_id, sum(amount) AS amount FROM cash_legs GROUP BY entry_id
    ), flows AS (
      SELECT 'D' AS scheme, entry_id, kind, category, payer, amount FROM cash_legs
      UNION ALL
      SELECT 'D', c.entry_id, NULL, NULL, NULL, c.cash - coalesce(x.amount, 0)
      FROM cash_entries c LEFT JOIN explained x USING (entry_id)
      UNION ALL
      SELECT 'B', entry_id, kind, category, payer, -amount_cents FROM legs WHERE kind::text LIKE 'revenue\\_%' OR kind = 'expenses'
    ), placed AS (
      -- Each kind of leg's line, looked up once (the most specific row of the mapping wins).
      SELECT k.scheme, k.kind, k.category, k.payer, m.line, m.commercial
      FROM (SELECT DISTINCT scheme, kind, coalesce(category, '') AS category, coalesce(payer, '') AS payer FROM flows) k
      LEFT JOIN LATERAL (
        SELECT CASE k.scheme WHEN 'D' THEN x.cash_line ELSE x.accrual_line END AS line, x.commercial
        FROM annual_account_mappings x
        WHERE x.account_kind = k.kind AND (x.category IS NULL OR x.category = k.category) AND (x.payer IS NULL OR x.payer = k.payer)
        ORDER BY x.category IS NULL, x.payer IS NULL LIMIT 1
      ) m ON true
    )
    SELECT f.scheme, coalesce(p.line, 'NC') AS line, coalesce(p.commercial, false) AS commercial, f.entry_id, f.amount
    FROM flows f
    LEFT JOIN placed p ON p.scheme = f.scheme AND p.kind = f.kind AND p.category = coalesce(f.category, '') AND p.payer = coalesce(f.payer, '')
    WHERE f.amount <> 0`;
}

export interface LineTotal {
  scheme: 'D' | 'B';
  line: string;
  commercial: boolean;
  amount: number;
}

/** Each line's total of the year, in cents of money in (or income). */
export const lineTotals = (db: Db, year: FinancialYear, members: MemberSpan[]) =>
  db.$queryRaw<LineTotal[]>`
    SELECT c.scheme, c.line, c.commercial, sum(c.amount)::int AS amount
    FROM (${contributions(year, members)}) c GROUP BY c.scheme, c.line, c.commercial`;

export interface LineEntry {
  id: number;
  key: string;
  kind: string;
  effective_at: Date;
  description: string | null;
  amount: number;
  total: number;
}

/** The entries behind one line, oldest first, with what each brought to it: one page, and how many there are. */
export const lineEntries = (db: Db, year: FinancialYear, members: MemberSpan[], scheme: 'D' | 'B', line: string, page: { skip: number; take: number }) =>
  db.$queryRaw<LineEntry[]>`
    SELECT e.id, e.key, e.kind::text AS kind, e.effective_at, e.description, t.amount, count(*) OVER ()::int AS total
    FROM (SELECT c.entry_id, sum(c.amount)::int AS amount FROM (${contributions(year, members)}) c
          WHERE c.scheme = ${scheme} AND c.line = ${line} GROUP BY c.entry_id) t
    JOIN ledger_entries e ON e.id = t.entry_id
    ORDER BY e.effective_at, e.id OFFSET ${page.skip} LIMIT ${page.take}`;

/** Cash (the desk's cash till) and bank (every other money account) when the year starts and ends. */
export async function cashAndBank(db: Db, year: FinancialYear) {
  const [row] = await db.$queryRaw<{ cash_start: number; bank_start: number; cash_end: number; bank_end: number }[]>`
    WITH money AS (
      SELECT a.key = 'till:cash' AS is_cash, p.amount_cents,
             e.effective_at < ${year.start} OR (e.kind = 'bank_opening' AND e.effective_at < ${year.end}) AS at_start
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE a.kind IN ${MONEY_KINDS} AND ${POSTED} AND e.effective_at < ${year.end}
    )
    SELECT coalesce(sum(amount_cents) FILTER (WHERE is_cash AND at_start), 0)::int AS cash_start,
           coalesce(sum(amount_cents) FILTER (WHERE NOT is_cash AND at_start), 0)::int AS bank_start,
           coalesce(sum(amount_cents) FILTER (WHERE is_cash), 0)::int AS cash_end,
           coalesce(sum(amount_cents) FILTER (WHERE NOT is_cash), 0)::int AS bank_end
    FROM money`;
  return row!;
}

/** The first Rome day the ledger has an entry on, if any. */
export async function firstLedgerDay(db: Db): Promise<string | null> {
  const [row] = await db.$queryRaw<{ day: string | null }[]>`SELECT to_char(min(effective_at) AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day FROM ledger_entries`;
  return row?.day ?? null;
}
