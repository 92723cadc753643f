// A booking as the desk sees it (docs/domain.md#desk-planner): the customer, the money and the history,
// read for a list of ids, a day of the planner or one booking.
import { centsToMoney, type TAdminBooking } from '@beach/contracts';
import type { Booking, Court, User } from '../../generated/prisma/client.js';
import type { PaymentMethod } from '../../generated/prisma/enums.js';
import { Prisma, readRows } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { bookingCouponCodesOf } from '../booking-coupons/index.js';
import { couponCodesOf } from '../coupons/index.js';
import { bookingWire } from './booking-terms.js';
import { type BookingMoney, moneyOfBookings, NO_MONEY, paymentMethodsOf, paymentStateOf } from './booking-money.js';
import { ADMIN_BOOKING_MESSAGES, type DeskCourt, type DeskDeps, type DeskPerson, type DeskReads } from './desk-terms.js';

/**
 * The booking's own columns the desk shows, under Prisma's names. Read past Prisma's client (readRows):
 * the planner shows 200 bookings and more, and Prisma's client spent 20 ms of CPU on them with their
 * relations joined in one statement that took longer to plan than to run (bench/planner.ts).
 */
const DESK_COLUMNS = {
  id: 'id',
  courtId: 'court_id',
  userId: 'user_id',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  status: 'status',
  holdExpiresAt: 'hold_expires_at',
  priceCents: 'price_cents',
  discountCents: 'discount_cents',
  bookingCouponId: 'booking_coupon_id',
  membershipCouponId: 'membership_coupon_id',
  customerName: 'customer_name',
  customerPhone: 'customer_phone',
  priceOverrideReason: 'price_override_reason',
  notes: 'notes',
  recurringBookingId: 'recurring_booking_id',
  createdById: 'created_by_id',
  createdAt: 'created_at',
  cancelledAt: 'cancelled_at',
  cancelledById: 'cancelled_by_id',
  cancellationReason: 'cancellation_reason',
} as const satisfies Partial<Record<keyof Booking, string>>;
const DESK_SELECT = Prisma.raw(
  Object.entries(DESK_COLUMNS)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', '),
);

export type DeskBookingRow = Pick<Booking, keyof typeof DESK_COLUMNS>;

/** What the desk shows of each booking's court, people, coupons and payment, by id. */
interface Related {
  courts: Map<number, Pick<Court, 'id' | 'code' | 'name'>>;
  people: Map<number, DeskPerson>;
  bookingCoupons: Map<number, string>;
  membershipCoupons: Map<number, string>;
}
/** The method of each booking's latest settled payment (card or desk), by booking id. */
type PaidBy = Map<number, PaymentMethod>;

const fullName = (person: Pick<User, 'firstName' | 'lastName'> | undefined) => (person ? `${person.firstName} ${person.lastName}` : null);
const codeOf = (codes: Map<number, string>, id: number | null) => (id === null ? null : { code: codes.get(id)! });
const idsOf = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];

/**
 * A booking as the desk sees it: the customer, the money and the history. Built without spreading the
 * row (a few hundred rows a request: copying them property by property cost more than the rest).
 */
function toAdminBookingDto(row: DeskBookingRow, related: Related, paidBy: PaidBy, money: BookingMoney, now: Date): TAdminBooking {
  const user = row.userId === null ? undefined : related.people.get(row.userId);
  const wire = bookingWire(
    {
      id: row.id,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      status: row.status,
      holdExpiresAt: row.holdExpiresAt,
      priceCents: row.priceCents,
      discountCents: row.discountCents,
      createdAt: row.createdAt,
      court: related.courts.get(row.courtId)!,
      bookingCoupon: codeOf(related.bookingCoupons, row.bookingCouponId),
      membershipCoupon: codeOf(related.membershipCoupons, row.membershipCouponId),
    },
    now,
    money,
  );
  return Object.assign(wire, {
    customer: {
      user_id: row.userId,
      name: fullName(user) ?? row.customerName ?? '—',
      email: user?.email ?? null,
      phone: row.customerPhone ?? user?.phone ?? null,
    },
    price_override_reason: row.priceOverrideReason,
    payment_state: paymentStateOf(money, row),
    payment_method: paidBy.get(row.id) ?? null,
    paid: centsToMoney(money.paid),
    refunded: centsToMoney(money.returned),
    owed: centsToMoney(money.owed),
    notes: row.notes,
    recurring_booking_id: row.recurringBookingId,
    created_by: row.createdById === null ? null : fullName(related.people.get(row.createdById)),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancelled_by: row.cancelledById === null ? null : fullName(related.people.get(row.cancelledById)),
    cancellation_reason: row.cancellationReason,
  });
}

export function createDeskBookingView({ db }: Pick<DeskDeps, 'db'>, { courtsInOrder, contactsOf }: Pick<DeskReads, 'courtsInOrder' | 'contactsOf'>) {
  /** The desk's columns of the bookings matching `where` (SQL on the columns of bookings), in `order`. */
  function rowsWhere(where: Prisma.Sql, order: Prisma.Sql = Prisma.empty, statement?: string) {
    return readRows<DeskBookingRow>(db, Prisma.sql`SELECT ${DESK_SELECT} FROM bookings WHERE ${where} ${order}`, statement);
  }

  /** Each row's court, people and coupons, read together once the rows are known (the courts unless given). */
  async function relatedOf(rows: DeskBookingRow[], knownCourts?: DeskCourt[]): Promise<Related> {
    const [courts, people, bookingCoupons, membershipCoupons] = await Promise.all([
      // Every court (a few dozen): cheaper to read than to choose by id.
      knownCourts ?? courtsInOrder(db),
      contactsOf(db, idsOf(rows.flatMap((row) => [row.userId, row.createdById, row.cancelledById]))),
      bookingCouponCodesOf(db, idsOf(rows.map((row) => row.bookingCouponId))),
      couponCodesOf(db, idsOf(rows.map((row) => row.membershipCouponId))),
    ]);
    return { courts: new Map(courts.map((court) => [court.id, court])), people, bookingCoupons, membershipCoupons };
  }

  /**
   * These rows as DTOs, in their order: their money, payments, people and coupons read side by side.
   * `courts`: every court, when the caller has read them already (the planner).
   */
  async function toDtos(rows: DeskBookingRow[], courts?: DeskCourt[]): Promise<TAdminBooking[]> {
    if (rows.length === 0) return [];
    const now = new Date();
    const ids = rows.map((row) => row.id);
    const [money, paidBy, related] = await Promise.all([moneyOfBookings(db, ids), paymentMethodsOf(db, ids), relatedOf(rows, courts)]);
    return rows.map((row) => toAdminBookingDto(row, related, paidBy, money.get(row.id) ?? NO_MONEY, now));
  }

  /** The bookings with these ids as DTOs, in the ids' order. */
  async function load(ids: number[]): Promise<TAdminBooking[]> {
    if (ids.length === 0) return [];
    // One plan fits every list of ids (the primary key's index): prepared once per connection.
    const byId = new Map((await rowsWhere(Prisma.sql`id = ANY(${ids}::int[])`, Prisma.empty, 'desk-bookings-by-id')).map((row) => [row.id, row]));
    return toDtos(ids.flatMap((id) => byId.get(id) ?? []));
  }

  async function one(id: number): Promise<TAdminBooking> {
    const [booking] = await load([id]);
    if (!booking) throw notFound(ADMIN_BOOKING_MESSAGES.notFound);
    return booking;
  }

  return { load, one, rowsWhere, toDtos };
}

export type DeskBookingView = ReturnType<typeof createDeskBookingView>;
