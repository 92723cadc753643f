// The rules of a booking, in one place for every writer (the member, the desk, the weekly series,
// "Sposta", a late payment): which bookings still hold their slot, the price of a choice of slots and
// how a booking row reads on the wire. How a slot is reserved in a transaction: reserve-slot.ts.
import { centsToMoney, defineMessages, FULL_DAY_SLOTS, italianTexts, SLOTS, type TBooking } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, Court, Transaction } from '../../generated/prisma/client.js';
import type { PriceCode } from '../../generated/prisma/enums.js';
import { Prisma } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { localizedWhen } from '../../lib/i18n.js';
import { timeOf, todayInRome, whenOf } from '../../lib/time.js';
import { pricesInForce, type PriceTable } from '../prices/index.js';
import { SETTLED_STATUSES } from '../payments/index.js';
import { type HoldFields, isLive, isLiveHold, LIVE, LIVE_HOLD, liveSql } from './booking-holds.js';
import { type BookingMoney } from './booking-money.js';
import { SLOT_PRICE_CODE, slotsOf } from './slots.js';

export const slotMessages = defineMessages({
  taken: /* i18n */ { id: 'api.bookings.taken', message: 'Questo orario è appena stato prenotato da un altro utente.' },
  noLights: /* i18n */ { id: 'api.bookings.no_lights', message: 'Questo campo non ha le luci: la sera non si può prenotare.' },
  closed: /* i18n */ { id: 'api.bookings.closed', message: 'Il campo è chiuso in quell’orario.' },
  noPriceList: /* i18n */ { id: 'api.bookings.no_price_list', message: 'Il listino prezzi di quell’anno non è ancora pubblicato: chiedi in segreteria.' },
});
/** The Italian of each, as the tests read it. */
export const SLOT_MESSAGES = {
  ...italianTexts(slotMessages),
};

// The hold rule in its three forms (booking-holds.ts), for the module's files and its index.
export { isLive, isLiveHold, LIVE, LIVE_HOLD, liveSql };

/**
 * The bookings sharing a moment with [from, to), on the columns of `bookings`. Written as the ranges'
 * overlap so that, with liveSql, the exclusion constraint's GiST index finds them: the equivalent
 * `starts_at < to AND ends_at > from` can only scan starts_at from the first booking ever (65 ms for
 * a July day over three seasons, against 0.3 ms).
 */
export const touchingSql = (from: Date, to: Date) => Prisma.sql`tstzrange(starts_at, ends_at, '[)') && tstzrange(${from}, ${to}, '[)')`;

/** The live bookings on these courts sharing a moment with [from, to), by start, court and id: what a closure of them hits. */
export async function liveBookingIdsTouching(sql: Prisma.TransactionClient, courtIds: number[], from: Date, to: Date, now: Date): Promise<number[]> {
  const rows = await sql.$queryRaw<{ id: number }[]>`
    SELECT id FROM bookings WHERE court_id = ANY(${courtIds}::int[]) AND ${touchingSql(from, to)} AND ${liveSql(now)} ORDER BY starts_at, court_id, id`;
  return rows.map((row) => row.id);
}

/**
 * The bookings the database's exclusion constraint keeps apart: every one not cancelled or expired,
 * so a lapsed hold still counts here until it is marked expired (reserveSlot marks it first).
 */
export const UNDER_OVERLAP_CONSTRAINT: Prisma.BookingWhereInput = { status: { notIn: ['cancelled', 'expired'] } };

/** The status a booking shows: a lapsed hold reads expired before the job marks it so. */
export const statusShown = (booking: HoldFields, now: Date): Booking['status'] => (booking.status === 'pending_payment' && !isLiveHold(booking, now) ? 'expired' : booking.status);

// Named in every e-mail and screen of a booking; defined with the other Rome times.
export { timeOf, whenOf };

type Span = Pick<Booking, 'startsAt' | 'endsAt'>;
/** Which booking an e-mail names: its court (as named) and its time, written in the recipient's language. */
export const whatOf = (booking: Span & { court: Pick<Court, 'name'> }) => ({ court: booking.court.name, when: localizedWhen(booking) });

export interface SlotChoice {
  date: string;
  start: string;
  slots: number;
  full_day: boolean;
  equipment: boolean;
}

/** The price of one code in the list; a list without it is not published yet (409). */
function listPrice(prices: PriceTable, code: PriceCode) {
  const amount = prices.get(code);
  if (amount === undefined) throw new AppError(409, slotMessages.noPriceList);
  return amount;
}

/** The slots asked for, priced from the list of the booking's year (frozen on the booking). */
export async function priceSlots(db: AppDeps['db'], court: Pick<Court, 'hasLights'>, choice: SlotChoice) {
  const startIndex = choice.full_day ? 0 : SLOTS.findIndex((slot) => slot.start === choice.start);
  const count = choice.full_day ? FULL_DAY_SLOTS : choice.slots;
  const slots = slotsOf(choice.date).slice(startIndex, startIndex + count);
  const prices = await pricesInForce(db, Number(choice.date.slice(0, 4)));
  if (slots.some((slot) => slot.band === 'evening') && !court.hasLights) throw new AppError(422, slotMessages.noLights);
  const priceCents = choice.full_day
    ? listPrice(prices, choice.equipment ? 'court_full_day_equipment' : 'court_full_day')
    : slots.reduce((sum, slot) => sum + listPrice(prices, SLOT_PRICE_CODE[slot.band]), 0);
  const bands = new Set(slots.map((slot) => slot.band));
  return { startsAt: slots[0]!.startsAt, endsAt: slots[slots.length - 1]!.endsAt, priceCents, bands };
}

/** The list's court prices as the member's grid and the desk's planner show them (null: not in the list). */
export function courtPrices(prices: PriceTable) {
  const money = (code: PriceCode) => (prices.has(code) ? centsToMoney(prices.get(code)!) : null);
  return { day_slot: money('court_day_slot'), evening_slot: money('court_evening_slot'), full_day: money('court_full_day'), full_day_equipment: money('court_full_day_equipment') };
}

/** What a booking row is loaded with for the wire. */
export type WireBookingRow = Pick<Booking, 'id' | 'startsAt' | 'endsAt' | 'status' | 'holdExpiresAt' | 'priceCents' | 'discountCents' | 'createdAt'> & {
  court: Pick<Court, 'id' | 'code' | 'name'>;
  bookingCoupon: { code: string } | null;
  membershipCoupon: { code: string } | null;
};

/** The fields the member's and the desk's views of a booking share; `paid_with` from its money in the ledger, while it stands. */
export function bookingWire(row: WireBookingRow, now: Date, money: Pick<BookingMoney, 'paidWith'>): Pick<TBooking, 'id' | 'court' | 'date' | 'start' | 'end' | 'starts_at' | 'ends_at' | 'status' | 'paid_with' | 'price' | 'discount' | 'coupon_code' | 'created_at'> {
  return {
    id: row.id,
    court: { id: row.court.id, code: row.court.code, name: row.court.name },
    date: todayInRome(row.startsAt),
    start: timeOf(row.startsAt),
    end: timeOf(row.endsAt, true),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: statusShown(row, now),
    paid_with: row.status === 'confirmed' ? money.paidWith : null,
    price: centsToMoney(row.priceCents),
    discount: centsToMoney(row.discountCents),
    coupon_code: row.bookingCoupon?.code ?? row.membershipCoupon?.code ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A payment that went through (later refunds included), not one still open, failed or abandoned. */
export const isSettled = (payment: Pick<Transaction, 'status'>) => (SETTLED_STATUSES as readonly string[]).includes(payment.status);

/** The online or desk payment of a booking, if any: the latest settled one, or else the latest. */
export function paymentOf(transactions: Transaction[]) {
  const payments = transactions.filter((row) => row.type === 'payment');
  return payments.find(isSettled) ?? payments[0] ?? null;
}
