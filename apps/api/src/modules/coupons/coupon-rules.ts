// The one set of coupon rules, for every purchase that takes a membership coupon (membership cards,
// and booking payments for coupons applicable to 'both'). Uses are counted by the database.
import { defineMessages } from '@beach/contracts';
import type { MembershipCoupon, Prisma } from '../../generated/prisma/client.js';
import { localizedDay, type Message, withValues } from '../../lib/i18n.js';
import { toIsoDate } from '../../lib/time.js';

export type CouponUse = 'membership' | 'booking';

export const couponMessages = defineMessages({
  unknown: /* i18n */ { id: 'api.coupons.unknown', message: 'Codice coupon non valido.' },
  inactive: /* i18n */ { id: 'api.coupons.inactive', message: 'Questo coupon non è attivo.' },
  expired: /* i18n */ { id: 'api.coupons.expired', message: 'Questo coupon è scaduto.' },
  usedUp: /* i18n */ { id: 'api.coupons.used_up', message: 'Questo coupon ha raggiunto il limite di utilizzi.' },
  notForBookings: /* i18n */ { id: 'api.coupons.not_for_bookings', message: 'Questo coupon vale solo per le tessere.' },
  notYet: /* i18n */ { id: 'api.coupons.not_yet', message: 'Questo coupon sarà valido dal {from}.' },
});

/** Why the coupon cannot be used today (YYYY-MM-DD, Rome) for that purchase, or null when it can. */
export function couponProblem(coupon: MembershipCoupon | null, today: string, use: CouponUse): Message | null {
  if (!coupon) return couponMessages.unknown;
  if (!coupon.isActive) return couponMessages.inactive;
  if (use === 'booking' && coupon.applicableTo !== 'both') return couponMessages.notForBookings;
  if (coupon.startDate && toIsoDate(coupon.startDate) > today) return withValues(couponMessages.notYet, { from: localizedDay(toIsoDate(coupon.startDate)) });
  if (coupon.endDate && toIsoDate(coupon.endDate) < today) return couponMessages.expired;
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return couponMessages.usedUp;
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
