// What is still paid on some receivables, by where the money came from, and giving it back
// (docs/domain.md#ledger): a card or desk payment (its document, with its refunds so far), credit
// (the entry that spent it) or a carnet use. One reading serves every way of cancelling.
import type { LedgerAccountKind } from '../../generated/prisma/enums.js';
import { accounts, type AccountRef, type Receivable } from './accounts.js';
import { available, balancesOf, credit, debit, type Entry, post, postMany, type Posted, reverse, reversalsOf, type Sql } from './ledger.js';
import { settleDebt } from './wallet.js';
import { type EntryContext, type Part, reopeningLegs, totalOf, writeOff } from './receivables.js';

/** Money still paid on the receivables by one source. */
export type Settlement =
  | { source: 'money'; transactionId: number; parts: Part[]; total: number }
  | { source: 'credit'; entryId: number; parts: Part[]; total: number }
  | { source: 'carnet'; entryId: number; carnetId: number; parts: Part[]; total: number };

const REVENUE_OF: Partial<Record<LedgerAccountKind, Receivable['revenue']>> = { membership_receivable: 'membership', enrolment_receivable: 'school', tournament_receivable: 'extra' };
const receivableOf = (account: AccountRef): Receivable => ({ account, revenue: REVENUE_OF[account.kind] ?? 'booking' });

/**
 * What each source still has paid on these receivables: a money payment's credits less what was given
 * back of it (refunds, rain credit), and each credit payment or carnet use not yet reversed. Pending
 * entries (credit set aside for a checkout) are not payments yet.
 */
export async function settlementsOn(sql: Sql, receivables: AccountRef[]): Promise<Settlement[]> {
  if (receivables.length === 0) return [];
  const rows = await sql.$queryRaw<{ source: 'money' | 'credit' | 'carnet'; transactionId: number | null; entryId: number | null; carnetId: number | null; key: string; kind: LedgerAccountKind; cents: number }[]>`
    WITH postings AS (
      -- A refund's entry names its refund document: it counts against the payment refunded.
      SELECT e.id, e.kind, coalesce(t.refund_of_id, t.id) AS transaction_id, e.carnet_id, e.reverses_id, a.key, a.kind AS account_kind, -p.amount_cents AS cents
      FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
      LEFT JOIN transactions t ON t.id = e.transaction_id
      WHERE a.key = ANY(${receivables.map((account) => account.key)}::text[]) AND p.phase IN ('posted', 'post_pending')
    ), reversed AS (
      SELECT r.reverses_id AS id FROM ledger_entries r WHERE r.reverses_id IN (SELECT id FROM postings)
    )
    SELECT 'money' AS source, transaction_id AS "transactionId", NULL::int AS "entryId", NULL::int AS "carnetId", key, account_kind::text AS kind, sum(cents)::int AS cents
      FROM postings WHERE kind IN ('payment', 'refund', 'stripe_refund', 'rain_credit') AND transaction_id IS NOT NULL
      GROUP BY transaction_id, key, account_kind HAVING sum(cents) > 0
    UNION ALL
    SELECT CASE WHEN kind = 'carnet_use' THEN 'carnet' ELSE 'credit' END, NULL, id, carnet_id, key, account_kind::text, sum(cents)::int
      FROM postings WHERE kind IN ('credit_payment', 'carnet_use') AND id NOT IN (SELECT id FROM reversed)
      GROUP BY id, kind, carnet_id, key, account_kind HAVING sum(cents) > 0
    ORDER BY 2, 3`;
  const settlements = new Map<string, Settlement>();
  for (const row of rows) {
    const id = row.source === 'money' ? `money:${row.transactionId}` : `entry:${row.entryId}`;
    const settlement: Settlement =
      settlements.get(id) ??
      (row.source === 'money'
        ? { source: 'money', transactionId: row.transactionId!, parts: [], total: 0 }
        : row.source === 'credit'
          ? { source: 'credit', entryId: row.entryId!, parts: [], total: 0 }
          : { source: 'carnet', entryId: row.entryId!, carnetId: row.carnetId!, parts: [], total: 0 });
    const account = receivables.find((ref) => ref.key === row.key) ?? { key: row.key, kind: row.kind };
    settlement.parts.push({ receivable: receivableOf(account), cents: row.cents });
    settlement.total += row.cents;
    settlements.set(id, settlement);
  }
  return [...settlements.values()];
}

/**
 * Gives back what a money payment still has paid on the receivables, to `into`: the receivables owe it
 * again (the caller writes off what a cancellation leaves owed) and it is no longer earned. The entry
 * names the payment, or the refund document made for it, so the payment's remainder is known next time.
 */
export function giveBackMoney(sql: Sql, key: string, settlement: Extract<Settlement, { source: 'money' }>, into: AccountRef, kind: GiveBackKind, context: EntryContext = {}): Promise<Posted | null> {
  return post(sql, giveBackMoneyEntry(key, settlement, into, kind, context));
}

type GiveBackKind = Extract<Entry['kind'], 'refund' | 'rain_credit' | 'stripe_refund'>;

/** The entry giveBackMoney posts, for a caller posting many at once. */
export function giveBackMoneyEntry(key: string, settlement: Extract<Settlement, { source: 'money' }>, into: AccountRef, kind: GiveBackKind, context: EntryContext = {}): Entry {
  return { key, kind, transactionId: settlement.transactionId, ...context, legs: [...reopeningLegs(settlement.parts), credit(into, totalOf(settlement.parts))] };
}

/** The reversal giveBackCredit posts: once per credit payment. */
const creditReturnOf = (settlement: Extract<Settlement, { source: 'credit' }>, context: EntryContext) => ({ ...context, key: `credit-return:${settlement.entryId}`, kind: 'credit_return' as const });

/** Credit that paid the receivables goes back to the accounts it came from: the payment reversed. */
export async function giveBackCredit(sql: Sql, settlement: Extract<Settlement, { source: 'credit' }>, context: EntryContext = {}) {
  const returned = await reverse(sql, settlement.entryId, creditReturnOf(settlement, context));
  const [payer] = await sql.$queryRaw<{ userId: number | null }[]>`SELECT user_id AS "userId" FROM ledger_entries WHERE id = ${settlement.entryId}`;
  // The debt it settles is booked to the same owner as the return (the booking, enrolment, … it came from).
  const { bookingId, bookingPlayerId, membershipId, carnetId, enrolmentId, tournamentPlayerId, rainCheckId, createdById } = context;
  if (payer?.userId) await settleDebt(sql, payer.userId, `credit-return:${settlement.entryId}:debt`, { bookingId, bookingPlayerId, membershipId, carnetId, enrolmentId, tournamentPlayerId, rainCheckId, createdById });
  return returned;
}

/**
 * giveBackCredit for many credit payments (of payers named by their entries, hence no `userId`): the
 * reversals read and posted together. A payer who owes the centre goes one by one, so that each return
 * settles the debt it settles alone.
 */
export async function giveBackCredits(sql: Sql, returns: { settlement: Extract<Settlement, { source: 'credit' }>; context: Omit<EntryContext, 'userId'> }[]) {
  if (returns.length === 0) return;
  const reversals = await reversalsOf(sql, returns.map(({ settlement, context }) => ({ entryId: settlement.entryId, entry: creditReturnOf(settlement, context) })));
  const payers = [...new Set(reversals.flatMap((reversal) => (reversal.userId ? [reversal.userId] : [])))];
  const debts = await balancesOf(sql, payers.map((userId) => accounts.debt(userId).key), { lock: true });
  const owing = new Set(debts.filter((debt) => debt.debitsPosted - debt.creditsPosted > 0).map((debt) => debt.key));
  const owes = (reversal: Entry) => reversal.userId != null && owing.has(accounts.debt(reversal.userId).key);
  await postMany(sql, reversals.filter((reversal) => !owes(reversal)));
  for (const [index, reversal] of reversals.entries()) if (owes(reversal)) await giveBackCredit(sql, returns[index]!.settlement, returns[index]!.context);
}

/**
 * Money of a payment taken back on Stripe's side (a refund from the dashboard, a dispute lost), from
 * `from`: what the payment still has paid on the receivables is owed again and no longer earned — and
 * written off straight away when what it paid no longer stands (a booking cancelled, a card deleted); what
 * it had no longer paid (given back already) the member owes.
 */
export async function takeBackPayment(
  sql: Sql,
  { paymentId, receivables, cents, from, stands, userId, context }: { paymentId: number; receivables: AccountRef[]; cents: number; from: AccountRef; stands: boolean; userId: number | null; context: EntryContext & { key: string } },
) {
  const paid = (await settlementsOn(sql, receivables)).find((settlement): settlement is Extract<Settlement, { source: 'money' }> => settlement.source === 'money' && settlement.transactionId === paymentId);
  const parts: Part[] = [];
  let left = Math.min(cents, paid?.total ?? 0);
  for (const part of paid?.parts ?? []) {
    const taken = Math.min(left, part.cents);
    if (taken > 0) parts.push({ receivable: part.receivable, cents: taken });
    left -= taken;
  }
  const reopened = totalOf(parts);
  const beyond = cents - reopened;
  // What it no longer paid may sit in the member's credit from this payment (a player joined after it
  // paid): taken back from there first; the rest the member owes.
  const fromCredit = beyond > 0 && userId !== null ? Math.min(beyond, available((await balancesOf(sql, [accounts.funded(userId, paymentId).key], { lock: true }))[0])) : 0;
  const owed = beyond - fromCredit;
  const elsewhere = [
    ...(fromCredit > 0 ? [debit(accounts.funded(userId!, paymentId), fromCredit)] : []),
    ...(owed > 0 ? [userId !== null ? debit(accounts.debt(userId), owed) : debit(accounts.revenue(parts[0]?.receivable.revenue ?? 'booking'), owed)] : []),
  ];
  await post(sql, { ...context, kind: 'stripe_refund', legs: [...reopeningLegs(parts), ...elsewhere, credit(from, cents)] });
  if (!stands && reopened > 0) await writeOff(sql, `${context.key}:write-off`, parts.map((part) => part.receivable.account), context);
}

/** What a dispute holds of the money of these documents (a payment and its refunds): withdrawn, not yet reinstated or lost. */
export async function heldByDispute(sql: Sql, transactionIds: number[]): Promise<number> {
  const [row] = await sql.$queryRaw<{ cents: number }[]>`
    SELECT coalesce(sum(p.amount_cents), 0)::int AS cents FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.kind = 'disputes' AND e.transaction_id = ANY(${transactionIds}::int[]) AND p.phase IN ('posted', 'post_pending')`;
  return row?.cents ?? 0;
}
