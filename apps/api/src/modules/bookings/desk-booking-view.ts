// A booking as the desk sees it (docs/domain.md#desk-planner): the customer, the money and the history,
// read for a list of ids or one booking.
import { centsToMoney, type TAdminBooking } from '@beach/contracts';
import type { Prisma } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { bookingWire, isSettled, paymentOf } from './booking-terms.js';
import { type BookingMoney, moneyOfBookings, NO_MONEY, paymentStateOf } from './booking-money.js';
import { ADMIN_BOOKING_MESSAGES, type DeskDeps } from './desk-terms.js';

const ADMIN_DETAILS = {
  court: true,
  user: true,
  createdBy: { select: { firstName: true, lastName: true } },
  cancelledBy: { select: { firstName: true, lastName: true } },
  transactions: { orderBy: { createdAt: 'desc' } },
  bookingCoupon: { select: { code: true } },
  membershipCoupon: { select: { code: true } },
} as const;
type AdminBookingRow = Prisma.BookingGetPayload<{ include: typeof ADMIN_DETAILS }>;

const fullName = (person: { firstName: string; lastName: string } | null) => (person ? `${person.firstName} ${person.lastName}` : null);

/** A booking as the desk sees it: the customer, the money and the history. */
function toAdminBookingDto(row: AdminBookingRow, money: BookingMoney, now: Date): TAdminBooking {
  const payment = paymentOf(row.transactions);
  return {
    ...bookingWire(row, now, money),
    customer: {
      user_id: row.userId,
      name: row.user ? `${row.user.firstName} ${row.user.lastName}` : (row.customerName ?? '—'),
      email: row.user?.email ?? null,
      phone: row.customerPhone ?? row.user?.phone ?? null,
    },
    price_override_reason: row.priceOverrideReason,
    payment_state: paymentStateOf(money, row),
    payment_method: payment && isSettled(payment) ? payment.method : null,
    paid: centsToMoney(money.paid),
    refunded: centsToMoney(money.returned),
    owed: centsToMoney(money.owed),
    notes: row.notes,
    recurring_booking_id: row.recurringBookingId,
    created_by: fullName(row.createdBy),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancelled_by: fullName(row.cancelledBy),
    cancellation_reason: row.cancellationReason,
  };
}

export function createDeskBookingView({ db }: Pick<DeskDeps, 'db'>) {
  /** The bookings with these ids as DTOs, in the ids' order. */
  async function load(ids: number[]): Promise<TAdminBooking[]> {
    const now = new Date();
    const [rows, money] = await Promise.all([db.booking.findMany({ where: { id: { in: ids } }, include: ADMIN_DETAILS }), moneyOfBookings(db, ids)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toAdminBookingDto(row, money.get(id) ?? NO_MONEY, now)] : [];
    });
  }

  async function one(id: number): Promise<TAdminBooking> {
    const [booking] = await load([id]);
    if (!booking) throw notFound(ADMIN_BOOKING_MESSAGES.notFound);
    return booking;
  }

  return { load, one };
}

export type DeskBookingView = ReturnType<typeof createDeskBookingView>;
