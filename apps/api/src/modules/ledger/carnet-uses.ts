// Carnet uses in the ledger (docs/domain.md#carnets). A sale is money received and owed back as uses: the
// carnet's account holds its unused value. A use pays what a booking's receivables owe and earns the
// use's worth (the price over the uses in whole cents, the remainder on the last); a use given back
// reverses that, unless the carnet has expired (its value was earned then); at expiry what is left is
// earned (breakage). Kept apart from the carnets service so every module that cancels can return a use.
import type { Prisma } from '../../generated/prisma/client.js';
import { todayInRome, toIsoDate } from '../../lib/time.js';
import { accounts } from './accounts.js';
import { available, balancesOf, credit, debit, post, reverse, type Sql } from './ledger.js';
import type { Part } from './receivables.js';

/** What the sale received (the carnet's account credited by its sale), 0 for a carnet given for free. */
async function priceOf(sql: Sql, carnetId: number) {
  const [row] = await sql.$queryRaw<{ cents: number }[]>`
    SELECT coalesce(-sum(p.amount_cents), 0)::int AS cents FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
    JOIN ledger_accounts a ON a.id = p.account_id WHERE a.key = ${accounts.carnet(carnetId, 0).key} AND e.kind = 'carnet_sale'`;
  return row?.cents ?? 0;
}

/**
 * The worth of the use about to be taken: the price over the uses in whole cents, and on the last use
 * what is left (the remainder), never more than the carnet still holds.
 */
async function worthOfNextUse(sql: Sql, carnet: { id: number; userId: number; usesTotal: number; usesLeft: number }) {
  const [balance] = await balancesOf(sql, [accounts.carnet(carnet.id, carnet.userId).key], { lock: true });
  const left = available(balance);
  if (carnet.usesLeft === 1) return left;
  return Math.min(left, Math.floor((await priceOf(sql, carnet.id)) / carnet.usesTotal));
}

/**
 * One use of the carnet pays the parts (what the booking's receivables owe): the carnet's row is locked
 * while its uses left are read (concurrent payments queue there), then the use is recorded and posted;
 * its entry counts it down (docs/domain.md#carnets: the ledger keeps `uses_left`, never below zero).
 * Returns false when no use is left.
 */
export async function spendUse(tx: Prisma.TransactionClient, carnet: { id: number; userId: number; usesTotal: number }, booking: { id: number }, parts: Part[]) {
  const [taken] = await tx.$queryRaw<{ usesLeft: number }[]>`SELECT uses_left AS "usesLeft" FROM carnets WHERE id = ${carnet.id} FOR UPDATE`;
  if (!taken || taken.usesLeft <= 0) return false;
  const use = await tx.carnetUse.create({ data: { carnetId: carnet.id, bookingId: booking.id } });
  const worth = await worthOfNextUse(tx, { ...carnet, usesLeft: taken.usesLeft });
  await post(tx, {
    key: `carnet-use:${use.id}`,
    kind: 'carnet_use',
    description: 'Prenotazione pagata con un ingresso del carnet',
    userId: carnet.userId,
    carnetId: carnet.id,
    bookingId: booking.id,
    legs: [
      debit(accounts.carnet(carnet.id, carnet.userId), worth),
      credit(accounts.revenue('booking'), worth),
      ...parts.flatMap(({ receivable, cents }) => [credit(receivable.account, cents), debit(accounts.billed, cents)]),
    ],
  });
  return true;
}

/**
 * Gives back the use its entry (`carnet-use:{use id}`) spent on a booking, in the cancelling transaction
 * (its `carnet_use_return` entry counts the use back); returning it twice finds it returned. Returns
 * whether it was given back.
 */
export async function returnCarnetUse(tx: Prisma.TransactionClient, spent: { id: number; bookingId: number }, context: { createdById?: number | null; rainCheckId?: number | null } = {}): Promise<boolean> {
  const [returned] = await tx.$queryRaw<{ id: number; carnetId: number; validUntil: Date }[]>`
    UPDATE carnet_uses u SET returned_at = now() FROM carnets c
    WHERE u.id = (SELECT substring(key FROM '^carnet-use:([0-9]+)$')::int FROM ledger_entries WHERE id = ${spent.id}) AND u.returned_at IS NULL AND c.id = u.carnet_id
    RETURNING u.id, u.carnet_id AS "carnetId", c.valid_until AS "validUntil"`;
  if (!returned) return false;
  const entry = { key: `carnet-use-return:${returned.id}`, kind: 'carnet_use_return' as const, description: 'Ingresso restituito al carnet', bookingId: spent.bookingId, carnetId: returned.carnetId, ...context };
  if (toIsoDate(returned.validUntil) >= todayInRome()) {
    await reverse(tx, spent.id, entry);
    return true;
  }
  // Expired: its value was earned at the expiry and stays so; only what the booking owed is reopened.
  const legs = await tx.$queryRaw<{ key: string; kind: string; amount: number }[]>`
    SELECT a.key, a.kind::text AS kind, p.amount_cents AS amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.entry_id = ${spent.id} AND a.kind IN ('booking_receivable', 'share_receivable', 'billed')`;
  await post(tx, { ...entry, reversesId: spent.id, legs: legs.map(({ amount, ...account }) => ({ account: account as never, amount: -amount })) });
  return true;
}

/**
 * Job (daily): carnets past their last valid day earn what they still hold, at the Rome midnight after
 * it (breakage), once each. Returns how many.
 */
export async function earnExpiredCarnets(sql: Sql, today = todayInRome()) {
  const expired = await sql.$queryRaw<{ id: number; userId: number; left: number; expiresAt: Date }[]>`
    SELECT c.id, c.user_id AS "userId", a.credits_posted - a.debits_posted - a.debits_pending AS left,
           ((c.valid_until + 1)::timestamp AT TIME ZONE 'Europe/Rome') AS "expiresAt"
    FROM carnets c JOIN ledger_accounts a ON a.key = 'carnet:' || c.id
    WHERE c.valid_until < ${today}::date AND a.credits_posted - a.debits_posted - a.debits_pending > 0`;
  for (const carnet of expired) {
    await post(sql, {
      key: `carnet:${carnet.id}:breakage`,
      kind: 'carnet_breakage',
      description: 'Carnet scaduto: il valore non usato è un ricavo',
      effectiveAt: carnet.expiresAt,
      userId: carnet.userId,
      carnetId: carnet.id,
      legs: [debit(accounts.carnet(carnet.id, carnet.userId), carnet.left), credit(accounts.revenue('booking'), carnet.left)],
    });
  }
  return expired.length;
}
