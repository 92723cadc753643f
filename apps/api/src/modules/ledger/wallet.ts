// A member's credit in the ledger (docs/domain.md#credit): one account per top-up (money paid in, which
// can go back where it came from) and one of promotional credit (corrections, rain credit), which is
// spent last and never paid out.
import { type AccountBalance, available, debit, held, type Leg, memberAccounts, type Sql } from './ledger.js';

/** What a member is told when their credit does not cover what they spend or take out. */
export const INSUFFICIENT_CREDIT = 'Credito insufficiente per questo movimento.';

export interface Wallet {
  /** Top-up accounts oldest first, then the promotional one. */
  accounts: AccountBalance[];
  /** What the member holds, counting what is set aside for a checkout. */
  balance: number;
  /** What can be spent now. */
  available: number;
  /** Set aside for checkouts under way. */
  reserved: number;
  /** Of the balance, money paid in (it can be refunded). */
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
    funded: sum(held, ordered.filter((row) => row.kind === 'credit_funded')),
  };
}

/**
 * The legs that take `cents` from the wallet: money paid in first, oldest top-up first, promotional
 * credit last. Null when it cannot cover them.
 */
export function spendingLegs(wallet: Wallet, cents: number): Leg[] | null {
  if (cents > wallet.available) return null;
  const legs: Leg[] = [];
  let left = cents;
  for (const row of wallet.accounts) {
    const part = Math.min(left, available(row));
    if (part <= 0) continue;
    legs.push(debit({ key: row.key, kind: row.kind }, part));
    left -= part;
    if (left === 0) break;
  }
  return legs;
}
