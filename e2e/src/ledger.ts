// The ledger (docs/domain.md#ledger) for the browser tests that arrange money straight in the database:
// the books of the rows they write, credit given as a desk correction gives it, and a member's credit as
// the ledger holds it. Screens, jobs and finance read the ledger only: a row written without its entries
// is money nobody owes, paid or earned.
import { accounts, credit, debit, post, type Db } from '@beach/api/testing';

/**
 * Posts the books of the memberships, bookings, their payments and refunds, extra income and expenses
 * written straight into the tables (the database function ledger_post_history, see
 * prisma/migrations/20261126100000_ledger.sql): what each card and booking owes, what each payment
 * settled and earned. Rows already in the books are left as they are, so calling it again is harmless.
 */
export async function postHistory(db: Db) {
  await db.$executeRaw`SELECT ledger_post_history()`;
}

let corrections = 0;

/**
 * Credit given to a member as a desk correction gives it (`correction`: promotional credit, spendable,
 * never paid out), without the correction's e-mail. `by`: the staff member it is shown as made by.
 */
export async function giveCredit(db: Db, userId: number, cents: number, { reason = 'Credito di prova', by = null }: { reason?: string; by?: number | null } = {}) {
  await post(db, {
    key: `correction:${userId}:e2e:${Date.now()}:${++corrections}`,
    kind: 'correction',
    description: reason,
    createdById: by,
    userId,
    legs: [debit(accounts.adjustments, cents), credit(accounts.promo(userId), cents)],
  });
}

/** A member's credit in cents as their statement's balance reads it: what they hold, set-aside credit included. */
export async function creditBalance(db: Db, userId: number) {
  const [row] = await db.$queryRaw<{ cents: number }[]>`
    SELECT coalesce(sum(credits_posted - debits_posted), 0)::int AS cents FROM ledger_accounts
    WHERE user_id = ${userId} AND kind IN ('credit_funded', 'credit_promo')`;
  return row!.cents;
}

/** The players' shares of a booking, oldest first: what each was assigned of the price and still owes, in cents. */
export async function sharesOf(db: Db, bookingId: number) {
  return db.$queryRaw<{ playerId: number; assigned: number; owed: number }[]>`
    SELECT a.booking_player_id AS "playerId", coalesce(sum(p.amount_cents) FILTER (WHERE e.kind = 'split'), 0)::int AS assigned,
           (a.debits_posted - a.credits_posted - a.credits_pending)::int AS owed
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id LEFT JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.kind = 'share_receivable' AND a.booking_id = ${bookingId} GROUP BY a.id ORDER BY a.booking_player_id`;
}

/** The entries that moved a member's credit about a booking: what their statement lists for it. */
export async function creditEntriesOn(db: Db, userId: number, bookingId: number) {
  return db.$queryRaw<{ kind: string; cents: number }[]>`
    SELECT e.kind::text AS kind, -sum(p.amount_cents)::int AS cents FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.user_id = ${userId} AND a.kind IN ('credit_funded', 'credit_promo') AND e.booking_id = ${bookingId} GROUP BY e.id ORDER BY e.id`;
}

/** What an enrolment still owes in cents, as its receivable reads it (pending payments taken off). */
export async function enrolmentOwed(db: Db, enrolmentId: number) {
  const [row] = await db.$queryRaw<{ owed: number }[]>`
    SELECT (debits_posted - credits_posted - credits_pending)::int AS owed FROM ledger_accounts
    WHERE kind = 'enrolment_receivable' AND enrolment_id = ${enrolmentId}`;
  return row!.owed;
}

let arranged = 0;

/** A member's debt to the centre (`member_debt`), as a top-up refunded on Stripe's side after it was spent leaves it. */
export async function oweCentre(db: Db, userId: number, cents: number) {
  await post(db, { key: `e2e:debt:${userId}:${Date.now()}:${++arranged}`, kind: 'correction', description: 'Debito di prova', userId, legs: [debit(accounts.debt(userId), cents), credit(accounts.revenue('extra'), cents)] });
}

/**
 * A card refund Stripe did not make (docs/domain.md#refund-payable): an online top-up of `cents` whose refund
 * failed, its money due to the member at the desk. Returns the top-up's payment row.
 */
export async function failedCardRefund(db: Db, userId: number, cents: number) {
  const payment = await db.transaction.create({ data: { kind: 'credit', userId, amountCents: cents, method: 'stripe', status: 'completed', paidAt: new Date(), description: 'Ricarica online' } });
  await post(db, {
    key: `e2e:refund-due:${payment.id}`,
    kind: 'refund_failed',
    description: 'Rimborso sulla carta non riuscito: importo da restituire in segreteria',
    userId,
    transactionId: payment.id,
    legs: [debit(accounts.stripe, cents), credit(accounts.refundDue(userId, payment.id), cents)],
  });
  return payment;
}
