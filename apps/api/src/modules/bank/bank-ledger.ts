// The bank's side of the ledger (docs/annual-accounts.md#the-bank): one `bank` account per IBAN, its
// opening balance from the first statement, and the account each category of line is posted to.
import type { TBankCategory } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { instantInRome, toIsoDate } from '../../lib/time.js';
import { accounts, credit, debit, post, type AccountRef, type Sql } from '../ledger/index.js';

/** The association's account at the bank, by IBAN (the ledger's `bank` key alone is finance's hand-written income and expenses). */
export const bankAccount = (iban: string): AccountRef => ({ key: `bank:${iban}`, kind: 'bank' });

/** Income earned apart from the centre's other extra income, so the annual accounts can map it (docs/annual-accounts.md#the-mapping). */
const EXTRA_INCOME_CATEGORIES: ReadonlySet<TBankCategory> = new Set(['sponsors', 'equipment_sale']);

/**
 * Other income is earned as the centre's extra income; sponsors and equipment sold as extra income of their own
 * (`revenue:extra:{category}`); every other category is an expense account of its own.
 */
export function categoryAccount(category: TBankCategory): AccountRef {
  if (category === 'other_income') return accounts.revenue('extra');
  if (EXTRA_INCOME_CATEGORIES.has(category)) return { key: `${accounts.revenue('extra').key}:${category}`, kind: 'revenue_extra' };
  return { key: `expenses:${category}`, kind: 'expenses' };
}

/**
 * The bank account's balance in the ledger: the sum of its postings (a shared account keeps no balance in its
 * row); with `asOf` (YYYY-MM-DD), only those effective up to the end of that day in Rome.
 */
export async function bankBalance(db: AppDeps['db'], iban: string, asOf?: string): Promise<number> {
  const until = asOf ? { entry: { effectiveAt: { lt: instantInRome(asOf, '24:00') } } } : {};
  const sum = await db.ledgerPosting.aggregate({ _sum: { amountCents: true }, where: { account: { key: bankAccount(iban).key }, phase: { in: ['posted', 'post_pending'] }, ...until } });
  return sum._sum.amountCents ?? 0;
}

/** The first statement's opening balance, once per account: what was there before the books knew the bank. */
export function postOpening(tx: Sql, iban: string, cents: number, on: Date, createdById: number) {
  return post(tx, {
    key: `bank-opening:${iban}`, kind: 'bank_opening', effectiveAt: on, createdById, description: 'Saldo iniziale del conto in banca',
    legs: [debit(bankAccount(iban), cents), credit(accounts.adjustments, cents)],
  });
}

/**
 * A transfer received, recorded as the desk records one (into the `bank_transfer` till, with its receipt), then
 * seen on the statement: from that till into the bank. It names no payment document, so the till's day still
 * equals the desk's payments (the reconciliation's till_by_day).
 */
export function postIntoBank(tx: Sql, line: { id: number; iban: string; amountCents: number; bookedOn: Date }, createdById: number) {
  return post(tx, {
    key: `bank-line:${line.id}`, kind: 'bank_movement', effectiveAt: line.bookedOn, createdById, description: 'Bonifico ricevuto in banca',
    legs: [debit(bankAccount(line.iban), line.amountCents), credit(accounts.till('bank_transfer'), line.amountCents)],
  });
}

/** A line assigned to a category: the bank against its account, either sign (a returned transfer comes back). */
export function postAssigned(tx: Sql, line: { id: number; iban: string; amountCents: number; bookedOn: Date }, category: TBankCategory, createdById: number, description: string) {
  return post(tx, {
    key: `bank-line:${line.id}`, kind: line.amountCents < 0 ? 'expense' : 'bank_movement', effectiveAt: line.bookedOn, createdById, description,
    legs: [debit(bankAccount(line.iban), line.amountCents), credit(categoryAccount(category), line.amountCents)],
  });
}

/** A Stripe payout on the statement: its net from Stripe clearing into the bank, Stripe's fees to an expense (keyed by the payout). */
export function postPayout(tx: Sql, iban: string, payout: { id: string; netCents: number; feeCents: number }, on: Date, createdById: number) {
  return post(tx, {
    key: `stripe-payout:${payout.id}`, kind: 'payout', effectiveAt: on, createdById, description: `Accredito Stripe ${payout.id}`,
    legs: [debit(bankAccount(iban), payout.netCents), ...(payout.feeCents > 0 ? [debit(categoryAccount('bank_fees'), payout.feeCents)] : []), credit(accounts.stripe, payout.netCents + payout.feeCents)],
  });
}

/**
 * The nightly reconciliation's bank check (docs/annual-accounts.md#matching): for each account, the closing
 * balance of its last statement that has one against the ledger's bank balance as of that statement's last
 * day — equal once every line up to that day is matched or assigned, whatever later lines (a CSV without
 * balances) already say.
 */
export async function statementMismatches(db: AppDeps['db']): Promise<string[]> {
  const accountsSeen = await db.bankStatement.findMany({ where: { closingCents: { not: null } }, distinct: ['iban'], select: { iban: true } });
  const found: string[] = [];
  for (const { iban } of accountsSeen) {
    const last = await db.bankStatement.findFirstOrThrow({ where: { iban, closingCents: { not: null } }, orderBy: [{ toDate: 'desc' }, { id: 'desc' }] });
    const day = last.toDate ? toIsoDate(last.toDate) : undefined;
    const ledger = await bankBalance(db, iban, day);
    if (ledger === last.closingCents) continue;
    const open = await db.bankLine.count({ where: { iban, state: { in: ['open', 'proposed'] }, ...(last.toDate ? { bookedOn: { lte: last.toDate } } : {}) } });
    const asOf = day ? ` al ${formatItalianDate(day)}` : '';
    found.push(`Conto ${iban}: estratto ${formatEuros(last.closingCents!)}, registro${asOf} ${formatEuros(ledger)} (${open} movimenti da abbinare)`);
  }
  return found;
}
