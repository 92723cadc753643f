// Booking coupons (docs/domain.md#coupons) on the member's payment page: validity, the band the booking falls in,
// the total limit and the per-member limit, all counted under the coupon's row lock so simultaneous
// payments queue and neither limit can be exceeded.
import { BOOKING_COUPON_BAND_LABELS, FULL_DAY_SLOTS, FULL_DAY_START, SLOT_MINUTES, type TBookingCouponBand } from '@beach/contracts';
import type { Booking, BookingCoupon } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { timeOf, toIsoDate } from '../../lib/time.js';
import { COUPON_MESSAGES, couponDiscountCents } from '../coupons/index.js';
import { LIVE } from './booking-holds.js';

export const BOOKING_COUPON_RULE_MESSAGES = {
  wrongBand: (band: TBookingCouponBand) => `Questo coupon vale solo per: ${BOOKING_COUPON_BAND_LABELS[band].toLowerCase()}.`,
  perMember: (limit: number) => `Hai già usato questo coupon ${limit === 1 ? 'una volta' : `${limit} volte`}: è il massimo per socio.`,
} as const;

/** The band a booking falls in: the full day, only day slots, only evening slots, or a mix. */
export function bandOf(booking: Pick<Booking, 'startsAt' | 'endsAt'>): TBookingCouponBand {
  const start = timeOf(booking.startsAt);
  const minutes = (booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000;
  if (start === FULL_DAY_START && minutes === FULL_DAY_SLOTS * SLOT_MINUTES) return 'full_day';
  if (start >= '19:30') return 'evening';
  if (timeOf(booking.endsAt, true) <= '19:30') return 'day';
  return 'any';
}

function problemOf(coupon: BookingCoupon, booking: Pick<Booking, 'startsAt' | 'endsAt'>, today: string): string | null {
  if (!coupon.isActive) return COUPON_MESSAGES.inactive;
  if (coupon.startDate && toIsoDate(coupon.startDate) > today) return COUPON_MESSAGES.notYet(toIsoDate(coupon.startDate));
  if (coupon.endDate && toIsoDate(coupon.endDate) < today) return COUPON_MESSAGES.expired;
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return COUPON_MESSAGES.usedUp;
  if (coupon.band !== 'any' && coupon.band !== bandOf(booking)) return BOOKING_COUPON_RULE_MESSAGES.wrongBand(coupon.band);
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
): Promise<{ couponId: number; discountCents: number } | { problem: string } | null> {
  const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM booking_coupons WHERE code = ${code} FOR UPDATE`;
  if (!locked) return null;
  const coupon = await tx.bookingCoupon.findUniqueOrThrow({ where: { id: locked.id } });
  const problem = problemOf(coupon, booking, today);
  if (problem) return { problem };
  if (coupon.perMemberLimit !== null) {
    const used = await tx.booking.count({ where: { bookingCouponId: coupon.id, userId: booking.userId, id: { not: booking.id }, ...LIVE(now) } });
    if (used >= coupon.perMemberLimit) return { problem: BOOKING_COUPON_RULE_MESSAGES.perMember(coupon.perMemberLimit) };
  }
  await tx.bookingCoupon.update({ where: { id: coupon.id }, data: { usageCount: { increment: 1 } } });
  return { couponId: coupon.id, discountCents: couponDiscountCents(coupon, booking.priceCents) };
}

/** Gives back a use (a hold that lapsed or was cancelled before it was paid). */
export async function releaseBookingCoupon(tx: Prisma.TransactionClient, couponId: number): Promise<void> {
  await tx.$executeRaw`UPDATE booking_coupons SET usage_count = usage_count - 1, updated_at = now() WHERE id = ${couponId} AND usage_count > 0`;
}
