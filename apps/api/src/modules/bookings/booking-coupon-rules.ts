// Booking coupons (docs/domain.md#coupons) on the member's payment page: validity, the band the booking falls in,
// the total limit and the per-member limit, all counted under the coupon's row lock so simultaneous
// payments queue and neither limit can be exceeded.
import { defineMessages, FULL_DAY_SLOTS, FULL_DAY_START, SLOT_MINUTES, type TBookingCouponBand } from '@beach/contracts';
import type { Booking, BookingCoupon } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { localizedDay, type Message, withValues } from '../../lib/i18n.js';
import { timeOf, toIsoDate } from '../../lib/time.js';
import { couponDiscountCents, couponMessages } from '../coupons/index.js';
import { LIVE } from './booking-holds.js';

const bookingCouponMessages = defineMessages({
  wrongBand: /* i18n */ {
    id: 'api.bookings.coupon_wrong_band',
    message: 'Questo coupon vale solo per: {band, select, day {fascia diurna} evening {fascia serale} full_day {giornata intera} other {qualsiasi}}.',
  },
  perMember: /* i18n */ {
    id: 'api.bookings.coupon_per_member',
    message:
      '{limit, plural, one {Hai già usato questo coupon una volta: è il massimo per socio.} other {Hai già usato questo coupon # volte: è il massimo per socio.}}',
  },
});

/** The band a booking falls in: the full day, only day slots, only evening slots, or a mix. */
export function bandOf(booking: Pick<Booking, 'startsAt' | 'endsAt'>): TBookingCouponBand {
  const start = timeOf(booking.startsAt);
  const minutes = (booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000;
  if (start === FULL_DAY_START && minutes === FULL_DAY_SLOTS * SLOT_MINUTES) return 'full_day';
  if (start >= '19:30') return 'evening';
  if (timeOf(booking.endsAt, true) <= '19:30') return 'day';
  return 'any';
}

function problemOf(coupon: BookingCoupon, booking: Pick<Booking, 'startsAt' | 'endsAt'>, today: string): Message | null {
  if (!coupon.isActive) return couponMessages.inactive;
  if (coupon.startDate && toIsoDate(coupon.startDate) > today) return withValues(couponMessages.notYet, { from: localizedDay(toIsoDate(coupon.startDate)) });
  if (coupon.endDate && toIsoDate(coupon.endDate) < today) return couponMessages.expired;
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return couponMessages.usedUp;
  if (coupon.band !== 'any' && coupon.band !== bandOf(booking)) return withValues(bookingCouponMessages.wrongBand, { band: coupon.band });
  return null;
}

/**
 * Applies the booking coupon with this code to the member's hold, in the caller's transaction.
 * Returns null when no booking coupon has the code (it may be a membership coupon); throws the
 * reason it cannot be used; otherwise counts the use and returns the discount.
 */
export async function applyBookingCoupon(
  tx: Prisma.TransactionClient,
  booking: Pick<Booking, 'id' | 'userId' | 'startsAt' | 'endsAt' | 'priceCents'>,
  code: string,
  today: string,
  now: Date,
): Promise<{ couponId: number; discountCents: number } | { problem: Message } | null> {
  const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM booking_coupons WHERE code = ${code} FOR UPDATE`;
  if (!locked) return null;
  const coupon = await tx.bookingCoupon.findUniqueOrThrow({ where: { id: locked.id } });
  const problem = problemOf(coupon, booking, today);
  if (problem) return { problem };
  if (coupon.perMemberLimit !== null) {
    const used = await tx.booking.count({ where: { bookingCouponId: coupon.id, userId: booking.userId, id: { not: booking.id }, ...LIVE(now) } });
    if (used >= coupon.perMemberLimit) return { problem: withValues(bookingCouponMessages.perMember, { limit: coupon.perMemberLimit }) };
  }
  await tx.bookingCoupon.update({ where: { id: coupon.id }, data: { usageCount: { increment: 1 } } });
  return { couponId: coupon.id, discountCents: couponDiscountCents(coupon, booking.priceCents) };
}

/** Gives back a use (a hold that lapsed or was cancelled before it was paid). */
export async function releaseBookingCoupon(tx: Prisma.TransactionClient, couponId: number): Promise<void> {
  await tx.$executeRaw`UPDATE booking_coupons SET usage_count = usage_count - 1, updated_at = now() WHERE id = ${couponId} AND usage_count > 0`;
}
