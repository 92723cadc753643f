// A member's credit in the ledger (docs/domain.md#credit): one account per top-up (money paid in, which
// can go back where it came from) and one of promotional credit (corrections, rain credit), which is
// spent last and never paid out.
import { centsToMoney, type TMoney } from '@beach/contracts';
import { accounts, type AccountRef } from './accounts.js';
import { type AccountBalance, available, balancesOf, credit, debit, held, type Leg, memberAccounts, post, type Posted, type Sql } from './ledger.js';
import type { EntryContext } from './receivables.js';

/** What a member is told when their credit does not cover what they spend or take out. */
export const INSUFFICIENT_CREDIT = /* i18n */ { id: 'api.ledger.insufficient_credit', message: 'Credito insufficiente per questo movimento.' };

export interface Wallet {
  /** Top-up accounts oldest first, then the promotional one. */
  accounts: AccountBalance[];
  /** What the member holds, counting what is set aside for a checkout. */
  balance: number;
  /** What can be spent now. */
  available: number;
  /** Set aside for checkouts under way. */
  reserved: number;
  /** Of what can be spent now, money paid in: what can be refunded (not what a checkout set aside). */
  funded: number;
}

/** The member's credit; with `lock`, its accounts stay locked until the transaction ends (read, then spend). */
export async function walletOf(sql: Sql, userId: number, { lock = false } = {}): Promise<Wallet> {
  const rows = await memberAccounts(sql, userId, ['credit_funded', 'credit_promo'], { lock });
  const ordered = [...rows.filter((row) => row.kind === 'credit_funded'), ...rows.filter((row) => row.kind === 'credit_promo')];
  const sum = (pick: (row: AccountBalance) => number, of = ordered) => of.reduce((total, row) => total + pick(row), 0);
  return {
    accounts: ordered,
    balance: sum(held),
    available: sum(available),
    reserved: sum((row) => row.debitsPending),
    funded: sum(available, ordered.filter((row) => row.kind === 'credit_funded')),
  };
}

/**
 * The legs that take `cents` from the wallet: money paid in first, oldest top-up first, promotional
 * credit last; with `from` (account keys), only from those, in that order. Null when it cannot cover them.
 */
export function spendingLegs(wallet: Wallet, cents: number, from?: string[]): Leg[] | null {
  const rows = from ? from.flatMap((key) => wallet.accounts.filter((row) => row.key === key)) : wallet.accounts;
  if (cents > rows.reduce((total, row) => total + available(row), 0)) return null;
  const legs: Leg[] = [];
  let left = cents;
  for (const row of rows) {
    const part = Math.min(left, available(row));
    if (part <= 0) continue;
    legs.push(debit({ key: row.key, kind: row.kind }, part));
    left -= part;
    if (left === 0) break;
  }
  return legs;
}

/** What a member owes the centre (their debt account: money the bank took back after it was spent). */
export async function debtOf(sql: Sql, userId: number, { lock = false } = {}): Promise<number> {
  const [debt] = await balancesOf(sql, [accounts.debt(userId).key], { lock });
  return debt ? debt.debitsPosted - debt.creditsPosted : 0;
}

/** What the member owes the centre as a new booking or enrolment warns of it (docs/domain.md#credit): null when nothing. */
export async function debtWarningOf(sql: Sql, userId: number): Promise<TMoney | null> {
  const owed = await debtOf(sql, userId);
  return owed > 0 ? centsToMoney(owed) : null;
}

/**
 * Money paid in settles what the member owes the centre first (docs/domain.md#credit): called where paid-in
 * credit arrives (a top-up, credit given back, a refused refund), it takes the debt from the paid-in credit,
 * oldest first, as far as it goes. Promotional credit never pays a debt.
 */
export async function settleDebt(sql: Sql, userId: number, key: string, context: EntryContext = {}): Promise<Posted | null> {
  const owed = await debtOf(sql, userId, { lock: true });
  if (owed <= 0) return null;
  const wallet = await walletOf(sql, userId, { lock: true });
  const paidIn = wallet.accounts.filter((row) => row.kind === 'credit_funded');
  const cents = Math.min(owed, paidIn.reduce((total, row) => total + available(row), 0));
  if (cents <= 0) return null;
  const legs = spendingLegs({ ...wallet, accounts: paidIn, available: cents }, cents)!;
  return post(sql, { description: 'Saldato quanto dovuto al centro', ...context, key, kind: 'debt_settled', userId, legs: [...legs, credit(accounts.debt(userId), cents)] });
}

/**
 * Money handed over for what the member owes (docs/domain.md#credit): from `from` (the till, Stripe) onto
 * their debt account, under the entry's key (its payment row); never more than owed (the account's CHECK).
 */
export function payDebt(sql: Sql, userId: number, cents: number, from: AccountRef, context: EntryContext & { key: string }): Promise<Posted | null> {
  return post(sql, { description: 'Saldato quanto dovuto al centro', ...context, kind: 'debt_settled', userId, legs: [debit(from, cents), credit(accounts.debt(userId), cents)] });
}

/** The wallet accounts a credit payment took its money from, in its order (to spend a part of it again from there). */
export async function walletAccountsSpentBy(sql: Sql, entryId: number): Promise<string[]> {
  const rows = await sql.$queryRaw<{ key: string }[]>`
    SELECT a.key FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.entry_id = ${entryId} AND p.amount_cents > 0 AND a.kind IN ('credit_funded', 'credit_promo') ORDER BY p.id`;
  return rows.map((row) => row.key);
}
