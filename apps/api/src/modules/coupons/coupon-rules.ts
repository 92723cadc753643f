// The one set of coupon rules, for every purchase that takes a membership coupon (membership cards,
// and booking payments for coupons applicable to 'both'). Uses are counted by the database.
import type { MembershipCoupon, Prisma } from '../../generated/prisma/client.js';
import { formatItalianDate } from '../../lib/format.js';
import { toIsoDate } from '../../lib/time.js';

export type CouponUse = 'membership' | 'booking';

export const COUPON_MESSAGES = {
  unknown: 'Codice coupon non valido.',
  inactive: 'Questo coupon non è attivo.',
  expired: 'Questo coupon è scaduto.',
  usedUp: 'Questo coupon ha raggiunto il limite di utilizzi.',
  notForBookings: 'Questo coupon vale solo per le tessere.',
  notYet: (from: string) => `Questo coupon sarà valido dal ${formatItalianDate(from)}.`,
} as const;

/** Why the coupon cannot be used today (YYYY-MM-DD, Rome) for that purchase, or null when it can. */
export function couponProblem(coupon: MembershipCoupon | null, today: string, use: CouponUse): string | null {
  if (!coupon) return COUPON_MESSAGES.unknown;
  if (!coupon.isActive) return COUPON_MESSAGES.inactive;
  if (use === 'booking' && coupon.applicableTo !== 'both') return COUPON_MESSAGES.notForBookings;
  if (coupon.startDate && toIsoDate(coupon.startDate) > today) return COUPON_MESSAGES.notYet(toIsoDate(coupon.startDate));
  if (coupon.endDate && toIsoDate(coupon.endDate) < today) return COUPON_MESSAGES.expired;
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return COUPON_MESSAGES.usedUp;
  return null;
}

/** The discount on `amountCents`, in whole cents, never more than the amount. */
export function couponDiscountCents(coupon: Pick<MembershipCoupon, 'discountType' | 'discountValue'>, amountCents: number): number {
  // discountValue is numeric(10,2): its hundredths are exact integers.
  const hundredths = Math.round(Number(coupon.discountValue.toString()) * 100);
  const discount = coupon.discountType === 'percentage' ? Math.round((amountCents * hundredths) / 10_000) : hundredths;
  return Math.min(discount, amountCents);
}

/**
 * Counts one use, in the caller's transaction, only while the coupon is still usable: the row lock
 * makes simultaneous purchases queue, and each re-checks the limit, so it can never be exceeded.
 */
export async function redeemCoupon(tx: Prisma.TransactionClient, couponId: number, today: string): Promise<boolean> {
  const counted = await tx.$executeRaw`
    UPDATE membership_coupons SET usage_count = usage_count + 1, updated_at = now()
    WHERE id = ${couponId} AND is_active
      AND (usage_limit IS NULL OR usage_count < usage_limit)
      AND (start_date IS NULL OR start_date <= ${today}::date)
      AND (end_date IS NULL OR end_date >= ${today}::date)`;
  return counted === 1;
}

/** Gives back a use (a purchase that was cancelled before it was paid). */
export async function releaseCoupon(tx: Prisma.TransactionClient, couponId: number): Promise<void> {
  await tx.$executeRaw`UPDATE membership_coupons SET usage_count = usage_count - 1, updated_at = now() WHERE id = ${couponId} AND usage_count > 0`;
}
