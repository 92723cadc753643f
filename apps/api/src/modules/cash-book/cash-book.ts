// The cash book (prima nota, docs/annual-accounts.md#the-cash-book), read from the ledger: the tills (cash,
// POS, transfers taken at the desk) and the bank accounts, day by day in Rome — each one's opening balance,
// money in, money out, closing balance — with every movement. Posted money only (a hold set aside is not
// money moved); nothing is recomputed outside the postings.
import { centsToMoney, type TCashBook, type TCashBookDay } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { addDays, instantInRome } from '../../lib/time.js';
import { accounts, type Sql } from '../ledger/index.js';

const TILL_LABELS: Record<string, string> = { 'till:cash': 'Contanti', 'till:card': 'POS (carta)', 'till:bank_transfer': 'Bonifici ricevuti in segreteria', bank: 'Banca (altri movimenti)' };
const ORDER = ['till:cash', 'till:card', 'till:bank_transfer', 'bank'];

export const accountLabel = (key: string) => TILL_LABELS[key] ?? `Conto ${key.replace(/^bank:/, '')}`;
const byBookOrder = (a: string, b: string) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b);

/** The desk's cash till as the ledger holds it now. */
export async function cashTillBalance(sql: Sql): Promise<number> {
  const [row] = await sql.$queryRaw<{ cents: number }[]>`
    SELECT coalesce(sum(p.amount_cents), 0)::int AS cents FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.key = ${accounts.till('cash').key} AND p.phase IN ('posted', 'post_pending')`;
  return row?.cents ?? 0;
}

interface Movement {
  entryId: number;
  at: Date;
  day: string;
  account: string;
  description: string;
  cents: number;
}

export async function cashBook(db: AppDeps['db'], from: string, to: string): Promise<TCashBook> {
  const start = instantInRome(from, '00:00');
  const end = instantInRome(addDays(to, 1), '00:00');
  const [openings, movements] = await Promise.all([
    db.$queryRaw<{ account: string; cents: number }[]>`
      SELECT a.key AS account, sum(p.amount_cents)::int AS cents
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE a.kind IN ('till', 'bank') AND p.phase IN ('posted', 'post_pending') AND e.effective_at < ${start}
      GROUP BY a.key`,
    db.$queryRaw<Movement[]>`
      SELECT e.id AS "entryId", e.effective_at AS at, to_char(e.effective_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day,
             a.key AS account, coalesce(e.description, e.kind::text) AS description, p.amount_cents AS cents
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE a.kind IN ('till', 'bank') AND p.phase IN ('posted', 'post_pending') AND e.effective_at >= ${start} AND e.effective_at < ${end}
      ORDER BY e.effective_at, e.id, p.id`,
  ]);
  const balance = new Map(openings.map((row) => [row.account, row.cents]));
  const keys = [...new Set([...balance.keys(), ...movements.map((row) => row.account)])].sort(byBookOrder);
  const days: TCashBookDay[] = [];
  for (const day of [...new Set(movements.map((row) => row.day))]) {
    const today = movements.filter((row) => row.day === day);
    days.push({
      day,
      accounts: keys.map((account) => {
        const opening = balance.get(account) ?? 0;
        const own = today.filter((row) => row.account === account).map((row) => row.cents);
        const moneyIn = own.filter((cents) => cents > 0).reduce((sum, cents) => sum + cents, 0);
        const moneyOut = -own.filter((cents) => cents < 0).reduce((sum, cents) => sum + cents, 0);
        balance.set(account, opening + moneyIn - moneyOut);
        return { account, label: accountLabel(account), opening: centsToMoney(opening), money_in: centsToMoney(moneyIn), money_out: centsToMoney(moneyOut), closing: centsToMoney(opening + moneyIn - moneyOut) };
      }),
      movements: today.map((row) => ({ entry_id: row.entryId, at: row.at.toISOString(), account: accountLabel(row.account), description: row.description, amount: centsToMoney(row.cents) })),
    });
  }
  return { from, to, days };
}
