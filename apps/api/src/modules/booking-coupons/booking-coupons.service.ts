// Booking coupons back-office (docs/domain.md#coupons): codes are unique upper-case (the body upper-cases
// them, the unique key refuses a twin); a coupon already used is switched off rather than deleted.
import { type api, type BodyOf, centsToMoney, type TBookingCoupon } from '@beach/contracts';
import type { BookingCoupon } from '../../generated/prisma/client.js';
import type { AppDeps } from '../../deps.js';
import { auditRow } from '../../lib/audit.js';
import { isRecordMissing, isUniqueViolation } from '../../lib/db.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { fromIsoDateOrNull, toIsoDateOrNull } from '../../lib/time.js';

export const BOOKING_COUPON_MESSAGES = {
  notFound: 'Coupon non trovato.',
  codeTaken: 'Esiste già un coupon prenotazioni con questo codice.',
  used: 'Il coupon è già stato usato: disattivalo invece di eliminarlo.',
  deleted: 'Coupon eliminato.',
} as const;

const toBookingCouponDto = (coupon: BookingCoupon): TBookingCoupon => ({
  id: coupon.id,
  code: coupon.code,
  description: coupon.description,
  discount_type: coupon.discountType,
  discount_value: centsToMoney(Math.round(coupon.discountValue.toNumber() * 100)),
  band: coupon.band,
  usage_limit: coupon.usageLimit,
  usage_count: coupon.usageCount,
  per_member_limit: coupon.perMemberLimit,
  start_date: toIsoDateOrNull(coupon.startDate),
  end_date: toIsoDateOrNull(coupon.endDate),
  is_active: coupon.isActive,
});

const couponData = (body: BodyOf<typeof api.adminBookingCoupons.create>) => ({
  code: body.code,
  description: body.description,
  discountType: body.discount_type,
  discountValue: body.discount_value,
  band: body.band,
  usageLimit: body.usage_limit,
  perMemberLimit: body.per_member_limit,
  startDate: fromIsoDateOrNull(body.start_date),
  endDate: fromIsoDateOrNull(body.end_date),
  isActive: body.is_active,
});

function refusal(error: unknown) {
  if (isUniqueViolation(error)) return invalid({ code: [BOOKING_COUPON_MESSAGES.codeTaken] });
  if (isRecordMissing(error)) return notFound(BOOKING_COUPON_MESSAGES.notFound);
  return error;
}

export function createBookingCouponsService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(): Promise<TBookingCoupon[]> {
      return (await db.bookingCoupon.findMany({ orderBy: { id: 'desc' } })).map(toBookingCouponDto);
    },
    async create(body: BodyOf<typeof api.adminBookingCoupons.create>): Promise<TBookingCoupon> {
      const coupon = await db
        .$transaction((tx) => auditRow(tx, { entity: 'booking_coupons', action: 'create' }, () => tx.bookingCoupon.create({ data: couponData(body) })))
        .catch((error: unknown) => Promise.reject(refusal(error)));
      return toBookingCouponDto(coupon);
    },
    async update(id: number, body: BodyOf<typeof api.adminBookingCoupons.create>): Promise<TBookingCoupon> {
      const coupon = await db
        .$transaction((tx) => auditRow(tx, { entity: 'booking_coupons', id, action: 'update' }, () => tx.bookingCoupon.update({ where: { id }, data: couponData(body) })))
        .catch((error: unknown) => Promise.reject(refusal(error)));
      return toBookingCouponDto(coupon);
    },
    async setActive(id: number, isActive: boolean): Promise<TBookingCoupon> {
      const coupon = await db
        .$transaction((tx) =>
          auditRow(tx, { entity: 'booking_coupons', id, action: isActive ? 'enable' : 'disable' }, () => tx.bookingCoupon.update({ where: { id }, data: { isActive } })),
        )
        .catch((error: unknown) => Promise.reject(refusal(error)));
      return toBookingCouponDto(coupon);
    },
    async remove(id: number) {
      await db.$transaction(async (tx) => {
        const coupon = await tx.bookingCoupon.findUnique({ where: { id }, select: { usageCount: true, _count: { select: { bookings: true } } } });
        if (!coupon) throw notFound(BOOKING_COUPON_MESSAGES.notFound);
        if (coupon.usageCount > 0 || coupon._count.bookings > 0) throw new AppError(409, BOOKING_COUPON_MESSAGES.used);
        await auditRow(tx, { entity: 'booking_coupons', id, action: 'delete' }, () => tx.bookingCoupon.delete({ where: { id } }));
      });
      return { message: BOOKING_COUPON_MESSAGES.deleted };
    },
  };
}

export type BookingCouponsService = ReturnType<typeof createBookingCouponsService>;
