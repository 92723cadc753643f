// A booking's money in the ledger (docs/domain.md#ledger): its price is owed on the organiser's
// receivable from the moment it is made, moved to each player's share when players join, and settled
// by card, the desk, credit or a carnet use. Every screen reads the same answer here.
import { randomUUID } from 'node:crypto';
import type { TBooking, TBookingSplit, TPaymentState } from '@beach/contracts';
import { accounts, type AccountRef, bookingReceivable, chargeEntry as ledgerChargeEntry, type Entry, post, type Posted, type Sql, charge, discount, type EntryContext, owedBy, owedOne, type Part, settlingLegs, spendingLegs, walletOf } from '../ledger/index.js';
import type { PaymentMethod } from '../../generated/prisma/enums.js';
import { AppError } from '../../lib/errors.js';
import { Prisma, rowsOf } from '../../lib/db.js';
import { SETTLED_STATUSES } from '../payments/index.js';
import { splitShares } from './shares.js';

/** The receivables of a booking: the organiser's, then each player's share (dropped players' too: they owe nothing). */
export async function receivablesOf(sql: Prisma.TransactionClient, bookingId: number): Promise<AccountRef[]> {
  return receivablesFrom(bookingId, await sql.bookingPlayer.findMany({ where: { bookingId }, select: { id: true }, orderBy: { id: 'asc' } }));
}

/** receivablesOf from the booking's players already read (in their order). */
export const receivablesFrom = (bookingId: number, players: { id: number }[]): AccountRef[] => [accounts.booking(bookingId), ...players.map((player) => accounts.share(player.id, bookingId))];

/** The price becomes owed by the organiser (a new booking, or one restored). */
export function chargeBooking(sql: Sql, booking: { id: number; userId: number | null }, cents: number, key = `booking:${booking.id}:charge`, context: EntryContext = {}): Promise<Posted | null> {
  return post(sql, chargeEntry(booking, cents, context, key));
}

/** chargeBooking's entry, for a batch (a weekly series books many dates at once). */
export function chargeEntry(booking: { id: number; userId: number | null }, cents: number, context: EntryContext = {}, key = `booking:${booking.id}:charge`): Entry {
  return ledgerChargeEntry(key, bookingReceivable(booking.id), cents, { description: 'Prenotazione campo', ...context, bookingId: booking.id, userId: booking.userId });
}

export const BOOKING_PAID_ABOVE_PRICE = 'Una data è già pagata più del nuovo prezzo: il prezzo non si può abbassare sotto quanto pagato.';

/** A booking's price changed (the desk's series): what the organiser owes moves by the difference. */
export async function reprice(tx: Sql, booking: { id: number; userId: number | null; priceCents: number }, newCents: number, actorId: number) {
  const money = await moneyOfBooking(tx, booking.id);
  const owed = money.owed;
  const total = owed + money.paid - money.returned;
  const difference = newCents - total;
  if (difference === 0) return;
  if (difference < 0 && -difference > (await organiserDue(tx, booking.id, { lock: true }))) throw new AppError(409, BOOKING_PAID_ABOVE_PRICE);
  const key = `booking:${booking.id}:price:${randomUUID()}`;
  if (difference > 0) await charge(tx, key, bookingReceivable(booking.id), difference, { bookingId: booking.id, userId: booking.userId, createdById: actorId, description: 'Prezzo modificato' });
  else await discount(tx, key, bookingReceivable(booking.id), -difference, { bookingId: booking.id, userId: booking.userId, createdById: actorId, description: 'Prezzo modificato' });
}

/** What the organiser still owes (their share), pending payments taken off; read under the row's lock when asked. */
export async function organiserDue(sql: Sql, bookingId: number, { lock = false } = {}) {
  return owedOne(sql, accounts.booking(bookingId), { lock });
}

/**
 * Spends the member's credit on what the organiser owes, now or set aside for a card checkout (pending,
 * posted when the card pays, voided otherwise). Returns null, spending nothing, when the credit does not
 * cover it. The wallet's accounts are locked while read, so what is read is what is spent.
 */
export async function spendCreditOnBooking(
  tx: Sql,
  booking: { id: number; userId: number },
  cents: number,
  { key, pending, context = {} }: { key: string; pending?: { expiresAt: Date; transactionId: number }; context?: EntryContext },
): Promise<Posted | null | 'insufficient'> {
  if (cents <= 0) return null;
  const legs = spendingLegs(await walletOf(tx, booking.userId, { lock: true }), cents);
  if (!legs) return 'insufficient';
  return post(tx, {
    description: 'Pagamento prenotazione con il credito',
    ...context,
    key,
    kind: 'credit_payment',
    bookingId: booking.id,
    userId: booking.userId,
    ...(pending && { phase: 'pending' as const, expiresAt: pending.expiresAt, transactionId: pending.transactionId }),
    legs: [...legs, ...settlingLegs([{ receivable: bookingReceivable(booking.id), cents }])],
  });
}

/** What every screen shows of a booking's money: paid, given back, still owed, and how the organiser paid. */
export interface BookingMoney {
  /** Settled by card, the desk, credit or a carnet use (the players' shares included), given back or not. */
  paid: number;
  /** Given back: refunded, returned to credit or to a carnet. */
  returned: number;
  /** Still owed, by the organiser and the players together. */
  owed: number;
  /** Of which by the organiser. */
  organiserOwed: number;
  /** How the organiser's part is paid when no card or desk payment did: a carnet use, or their credit. */
  paidWith: TBooking['paid_with'];
  /** How the organiser's part is paid, card and desk included. */
  organiserPaidWith: TBookingSplit['organiser_paid_with'];
}

export const NO_MONEY: BookingMoney = { paid: 0, returned: 0, owed: 0, organiserOwed: 0, paidWith: null, organiserPaidWith: null };

export async function moneyOfBookings(sql: Sql, ids: number[]): Promise<Map<number, BookingMoney>> {
  if (ids.length === 0) return new Map();
  // Read past Prisma's client outside a transaction: the planner reads this for 200 bookings and more. Prepared
  // by name: planning it took 0.75 ms of PostgreSQL's 3 ms, and its generic plan (index lookups from the ids
  // down) is the custom one for one booking or 210 (bench/RESULTS.md, session 17).
  const rows = await rowsOf<{ id: number; paid: number; returned: number; owed: number; organiserOwed: number; byCarnet: number; byCredit: number; byCard: number; byDesk: number }>(
    sql,
    Prisma.sql`
    WITH receivables AS (
      SELECT id, booking_id, kind, debits_posted - credits_posted AS owed FROM ledger_accounts
      WHERE booking_id = ANY(${ids}::int[]) AND kind IN ('booking_receivable', 'share_receivable')
    ), moves AS (
      -- The payment's method by its key, row by row: joined instead, the planner misjudged the postings of
      -- 200 bookings (an account's average counts the busiest) and scanned every transaction (bench/planner.ts).
      SELECT r.booking_id, r.kind AS account_kind, e.kind, -p.amount_cents AS cents, (SELECT t.method FROM transactions t WHERE t.id = e.transaction_id) AS method
      FROM receivables r JOIN ledger_postings p ON p.account_id = r.id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE p.phase IN ('posted', 'post_pending')
    ), owed AS (
      SELECT booking_id, sum(owed)::int AS owed, coalesce(sum(owed) FILTER (WHERE kind = 'booking_receivable'), 0)::int AS organiser_owed
      FROM receivables GROUP BY booking_id
    )
    SELECT o.booking_id AS id, o.owed, o.organiser_owed AS "organiserOwed",
      coalesce(sum(m.cents) FILTER (WHERE m.kind IN ('payment', 'credit_payment', 'carnet_use')), 0)::int AS paid,
      coalesce(-sum(m.cents) FILTER (WHERE m.kind IN ('refund', 'stripe_refund', 'rain_credit', 'credit_return', 'carnet_use_return')), 0)::int AS returned,
      coalesce(sum(m.cents) FILTER (WHERE m.account_kind = 'booking_receivable' AND m.kind IN ('carnet_use', 'carnet_use_return')), 0)::int AS "byCarnet",
      coalesce(sum(m.cents) FILTER (WHERE m.account_kind = 'booking_receivable' AND m.kind IN ('credit_payment', 'credit_return')), 0)::int AS "byCredit",
      coalesce(sum(m.cents) FILTER (WHERE m.account_kind = 'booking_receivable' AND m.kind = 'payment' AND m.method = 'stripe'), 0)::int AS "byCard",
      coalesce(sum(m.cents) FILTER (WHERE m.account_kind = 'booking_receivable' AND m.kind = 'payment' AND m.method <> 'stripe'), 0)::int AS "byDesk"
    FROM owed o LEFT JOIN moves m ON m.booking_id = o.booking_id
    GROUP BY o.booking_id, o.owed, o.organiser_owed`,
    'booking-money',
  );
  return new Map(
    rows.map((row) => {
      const paidWith = row.byCarnet > 0 ? 'carnet' : row.byCredit > 0 ? (row.byCard > 0 ? 'credit_card' : 'credit') : null;
      const organiserPaidWith = paidWith ?? (row.byCard > 0 ? 'card' : row.byDesk > 0 ? 'desk' : null);
      return [row.id, { paid: row.paid, returned: row.returned, owed: row.owed, organiserOwed: row.organiserOwed, paidWith, organiserPaidWith }];
    }),
  );
}

/** How each booking was paid, by booking id: the method of its latest settled card or desk payment (refunded since or not). */
export async function paymentMethodsOf(sql: Sql, ids: number[]): Promise<Map<number, PaymentMethod>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ bookingId: number; method: PaymentMethod }>(
    sql,
    Prisma.sql`SELECT DISTINCT ON (booking_id) booking_id AS "bookingId", method::text AS method FROM transactions
    WHERE booking_id = ANY(${ids}::int[]) AND type = 'payment' AND status::text = ANY(${SETTLED_STATUSES}::text[])
    ORDER BY booking_id, created_at DESC, id DESC`,
  );
  return new Map(rows.map((row) => [row.bookingId, row.method]));
}

/** The booking's money, as moneyOfBookings reads it. */
export const moneyOfBooking = async (sql: Sql, id: number) => (await moneyOfBookings(sql, [id])).get(id) ?? NO_MONEY;

/**
 * While a booking is held, what it owes is split again among the organiser and the players still in
 * (equal shares, the organiser taking the remainder: splitShares), by moving owed amounts between their
 * receivables in one entry: the total stays what it was. Players who left owe nothing.
 */
export async function splitOwed(tx: Prisma.TransactionClient, bookingId: number, key: string) {
  const players = await tx.bookingPlayer.findMany({ where: { bookingId }, select: { id: true, status: true }, orderBy: { id: 'asc' } });
  const organiser = accounts.booking(bookingId);
  const shares = players.map((player) => ({ account: accounts.share(player.id, bookingId), stillIn: player.status !== 'dropped' }));
  const owed = await owedBy(tx, [organiser, ...shares.map((share) => share.account)], { lock: true });
  const total = [...owed.values()].reduce((sum, cents) => sum + cents, 0);
  const inPlay = shares.filter((share) => share.stillIn);
  const [mine, ...theirs] = splitShares(total, inPlay.length + 1);
  const targets = new Map<string, number>([[organiser.key, mine!], ...shares.map((share): [string, number] => [share.account.key, 0])]);
  inPlay.forEach((share, index) => targets.set(share.account.key, theirs[index]!));
  const legs = [organiser, ...shares.map((share) => share.account)].map((account) => ({ account, amount: targets.get(account.key)! - (owed.get(account.key) ?? 0) }));
  return post(tx, { key, kind: 'split', bookingId, description: 'Quote dei giocatori', legs });
}

/**
 * How the desk names a booking's money: given back (in full or in part), paid, waiting for the member's card,
 * or to pay. Paid: the price, or something and nothing left owed — an open match's places not taken are owed
 * by nobody (docs/open-matches.md#the-desk).
 */
export function paymentStateOf(money: Pick<BookingMoney, 'paid' | 'returned' | 'owed'>, booking: { priceCents: number; status: string }): TPaymentState {
  if (money.returned > 0) return money.returned >= money.paid ? 'refunded' : 'partially_refunded';
  if (money.paid >= booking.priceCents || (money.paid > 0 && money.owed <= 0)) return 'paid';
  return booking.status === 'pending_payment' ? 'awaiting_online' : 'unpaid';
}

/** The same money, in SQL, on a booking `b`, as columns m.paid, m.returned and m.owed (for the list's payment filter). */
export const MONEY_LATERAL_SQL = Prisma.sql`LEFT JOIN LATERAL (
    SELECT coalesce(-sum(p.amount_cents) FILTER (WHERE e.kind IN ('payment', 'credit_payment', 'carnet_use')), 0) AS paid,
           coalesce(sum(p.amount_cents) FILTER (WHERE e.kind IN ('refund', 'stripe_refund', 'rain_credit', 'credit_return', 'carnet_use_return')), 0) AS returned,
           coalesce(sum(p.amount_cents), 0) AS owed
    FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.booking_id = b.id AND a.kind IN ('booking_receivable', 'share_receivable') AND p.phase IN ('posted', 'post_pending')
  ) m ON true`;
/** paymentStateOf in SQL, on `b` and MONEY_LATERAL_SQL's `m`. */
export const STATE_SQL = Prisma.sql`(CASE
    WHEN m.returned > 0 AND m.returned >= m.paid THEN 'refunded'
    WHEN m.returned > 0 THEN 'partially_refunded'
    WHEN m.paid >= b.price_cents OR (m.paid > 0 AND m.owed <= 0) THEN 'paid'
    WHEN b.status = 'pending_payment' THEN 'awaiting_online'
    ELSE 'unpaid' END)`;

/** What each of the booking's receivables owes (those owing something), read under their locks: what the desk collects. */
export async function owedParts(tx: Prisma.TransactionClient, bookingId: number): Promise<Part[]> {
  const receivables = await receivablesOf(tx, bookingId);
  const owed = await owedBy(tx, receivables, { lock: true });
  return receivables.flatMap((account) => {
    const cents = owed.get(account.key) ?? 0;
    return cents > 0 ? [{ receivable: { account, revenue: 'booking' as const }, cents }] : [];
  });
}

/** Each player's share of split bookings: what was assigned to them (moved onto their receivable) and what they still owe. */
export async function sharesOf(sql: Sql, bookingIds: number[]): Promise<Map<number, { assigned: number; owed: number }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await sql.$queryRaw<{ playerId: number; assigned: number; owed: number }[]>`
    SELECT a.booking_player_id AS "playerId", coalesce(sum(p.amount_cents) FILTER (WHERE e.kind = 'split'), 0)::int AS assigned,
           (a.debits_posted - a.credits_posted - a.credits_pending) AS owed
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id LEFT JOIN ledger_entries e ON e.id = p.entry_id
    WHERE a.kind = 'share_receivable' AND a.booking_id = ANY(${bookingIds}::int[]) GROUP BY a.id`;
  return new Map(rows.map((row) => [row.playerId, { assigned: row.assigned, owed: row.owed }]));
}
