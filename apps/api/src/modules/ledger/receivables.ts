// What bookings, shares and membership cards owe, and how it is paid or given back (docs/domain.md#ledger).
// Owing is billed: the receivable is debited against `billed`. A settlement credits the receivable
// from where the money comes (the card, the till, the member's credit, a carnet) and earns it: billed
// becomes revenue in the month it is paid. Giving it back is the settlement the other way, to where the
// money goes; what a cancelled booking still owes is written off.
import { accounts, type AccountRef, type Receivable } from './accounts.js';
import { balancesOf, credit, debit, type Entry, type Leg, owedOn, post, type Posted, type Sql } from './ledger.js';

/** Who and what an entry is about, and when. */
export type EntryContext = Omit<Entry, 'key' | 'kind' | 'legs' | 'phase' | 'expiresAt'>;

/** A part of a settlement: so much of what one receivable owes. */
export interface Part {
  receivable: Receivable;
  cents: number;
}

/** The legs that credit each part's receivable and earn it (billed becomes revenue). */
export function settlingLegs(parts: Part[]): Leg[] {
  return parts.flatMap(({ receivable, cents }) => [credit(receivable.account, cents), debit(accounts.billed, cents), credit(accounts.revenue(receivable.revenue), cents)]);
}

/** The legs that reopen each part's receivable and un-earn it: what a settlement did, undone. */
export function reopeningLegs(parts: Part[]): Leg[] {
  return parts.flatMap(({ receivable, cents }) => [debit(receivable.account, cents), credit(accounts.billed, cents), debit(accounts.revenue(receivable.revenue), cents)]);
}

export const totalOf = (parts: Part[]) => parts.reduce((sum, part) => sum + part.cents, 0);

/** The entry by which the receivable owes `cents` more. */
export function chargeEntry(key: string, receivable: Receivable, cents: number, context: EntryContext = {}): Entry {
  return { ...context, key, kind: 'charge', legs: [debit(receivable.account, cents), credit(accounts.billed, cents)] };
}

/** The receivable now owes `cents` more. */
export function charge(sql: Sql, key: string, receivable: Receivable, cents: number, context: EntryContext = {}) {
  return post(sql, chargeEntry(key, receivable, cents, context));
}

/** A coupon takes `cents` off what the receivable owes. */
export function discount(sql: Sql, key: string, receivable: Receivable, cents: number, context: EntryContext = {}) {
  return post(sql, { ...context, key, kind: 'discount', legs: [debit(accounts.billed, cents), credit(receivable.account, cents)] });
}

/** Moves what is owed between receivables (the players of a split booking): the total stays the same. */
export function moveOwed(sql: Sql, key: string, moves: { from: AccountRef; to: AccountRef; cents: number }[], context: EntryContext = {}) {
  return post(sql, { ...context, key, kind: 'split', legs: moves.flatMap(({ from, to, cents }) => [credit(from, cents), debit(to, cents)]) });
}

/**
 * Money received for what receivables owe, into `into` (Stripe or the till): settled and earned. The
 * caller checked that each part is owed; the receivables' CHECK refuses paying more.
 */
export function payment(sql: Sql, key: string, into: AccountRef, parts: Part[], context: EntryContext = {}) {
  return post(sql, paymentEntry(key, into, parts, context));
}

/** The entry of a payment (above), for a caller that posts it in a batch. */
export function paymentEntry(key: string, into: AccountRef, parts: Part[], context: EntryContext = {}): Entry {
  return { ...context, key, kind: 'payment', legs: [debit(into, totalOf(parts)), ...settlingLegs(parts)] };
}

/**
 * What the receivables still owe is no longer owed (a booking cancelled or lapsed, a card request
 * withdrawn): each balance read under its row's lock and written off.
 */
/** The entry that writes off what each receivable still owes (`balances`, read under lock): no longer owed. */
export function writeOffEntry(key: string, receivables: AccountRef[], balances: Awaited<ReturnType<typeof balancesOf>>, context: EntryContext = {}): Entry {
  const legs = balances.flatMap((balance) => {
    const account = receivables.find((ref) => ref.key === balance.key);
    const owed = balance.debitsPosted - balance.creditsPosted;
    return account && owed > 0 ? [debit(accounts.billed, owed), credit(account, owed)] : [];
  });
  return { ...context, key, kind: 'write_off', legs };
}

export async function writeOff(sql: Sql, key: string, receivables: AccountRef[], context: EntryContext = {}): Promise<Posted | null> {
  const balances = await balancesOf(
    sql,
    receivables.map((account) => account.key),
    { lock: true },
  );
  return post(sql, writeOffEntry(key, receivables, balances, context));
}

/** What each receivable owes now (pending payments taken off), read under their rows' locks when asked. */
export async function owedBy(sql: Sql, receivables: AccountRef[], { lock = false } = {}): Promise<Map<string, number>> {
  const balances = await balancesOf(
    sql,
    receivables.map((account) => account.key),
    { lock },
  );
  return new Map(receivables.map((account) => [account.key, owedOn(balances.find((balance) => balance.key === account.key))]));
}

/** What one receivable owes now, as owedBy reads it. */
export async function owedOne(sql: Sql, receivable: AccountRef, options: { lock?: boolean } = {}): Promise<number> {
  return (await owedBy(sql, [receivable], options)).get(receivable.key) ?? 0;
}
