// Membership coupons back-office (docs/domain.md#coupons): list, create, edit and the
// active toggle. Redeeming a coupon is coupon-rules.ts, shared by every purchase.
import { type api, type BodyOf, centsToMoney, type QueryOf, type TMembershipCoupon } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MembershipCoupon } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { isUniqueViolation, Prisma } from '../../lib/db.js';
import { invalid, notFound } from '../../lib/errors.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { fromIsoDateOrNull, toIsoDateOrNull } from '../../lib/time.js';

export const ADMIN_COUPON_MESSAGES = {
  notFound: 'Coupon non trovato.',
  created: 'Coupon tessera creato con successo!',
  updated: 'Coupon tessera aggiornato con successo!',
  activated: 'Coupon attivato con successo!',
  deactivated: 'Coupon disattivato con successo!',
  codeTaken: 'Esiste già un coupon con questo codice.',
  limitBelowUses: (uses: number) => `Il limite non può essere inferiore agli utilizzi già fatti (${uses}).`,
} as const;

type ListQuery = QueryOf<typeof api.coupons.list>;
type Body = BodyOf<typeof api.coupons.create>;
type UpdateBody = BodyOf<typeof api.coupons.update>;

const isFullForm = (body: UpdateBody): body is Body => 'code' in body;

export const toCouponDto = (coupon: MembershipCoupon): TMembershipCoupon => ({
  id: coupon.id,
  code: coupon.code,
  description: coupon.description,
  discount_type: coupon.discountType,
  discount_value: centsToMoney(Math.round(Number(coupon.discountValue.toString()) * 100)),
  applicable_to: coupon.applicableTo,
  usage_limit: coupon.usageLimit,
  usage_count: coupon.usageCount,
  start_date: toIsoDateOrNull(coupon.startDate),
  end_date: toIsoDateOrNull(coupon.endDate),
  is_active: coupon.isActive,
  created_at: coupon.createdAt.toISOString(),
});

const dataOf = (body: Body) => ({
  code: body.code,
  description: body.description,
  discountType: body.discount_type,
  discountValue: new Prisma.Decimal(body.discount_value.toFixed(2)),
  applicableTo: body.applicable_to,
  usageLimit: body.usage_limit,
  isActive: body.is_active,
  startDate: fromIsoDateOrNull(body.start_date),
  endDate: fromIsoDateOrNull(body.end_date),
});

export function createCouponsService({ db }: Pick<AppDeps, 'db'>) {
  const codeTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw invalid({ code: [ADMIN_COUPON_MESSAGES.codeTaken] });
    throw error;
  };

  return {
    async list(query: ListQuery) {
      const where: Prisma.MembershipCouponWhereInput = {
        ...(query.is_active ? { isActive: query.is_active === 'true' } : {}),
        ...(query.search
          ? { OR: [{ code: { contains: query.search, mode: 'insensitive' } }, { description: { contains: query.search, mode: 'insensitive' } }] }
          : {}),
      };
      const sortField = { created_at: 'createdAt', code: 'code', usage_count: 'usageCount', start_date: 'startDate', end_date: 'endDate' } as const;
      const [total, coupons] = await Promise.all([
        db.membershipCoupon.count({ where }),
        db.membershipCoupon.findMany({ where, orderBy: [{ [sortField[query.sort_by]]: query.sort_order }, { id: query.sort_order }], ...skipTake(query) }),
      ]);
      return pagedList(coupons.map(toCouponDto), total, query);
    },

    async create(body: Body) {
      const coupon = await db
        .$transaction((tx) => auditRow(tx, { entity: 'membership_coupons', action: 'create' }, () => tx.membershipCoupon.create({ data: dataOf(body) })))
        .catch(codeTaken);
      return { message: ADMIN_COUPON_MESSAGES.created, coupon: toCouponDto(coupon) };
    },

    /**
     * The full form, or only the flag (the active switch). The row is locked while the new limit is
     * compared with the uses, so a purchase counted at the same moment cannot slip past it.
     */
    async update(id: number, body: UpdateBody) {
      return db.$transaction(async (tx) => {
        const [current] = await tx.$queryRaw<{ usage_count: number }[]>`SELECT usage_count FROM membership_coupons WHERE id = ${id} FOR UPDATE`;
        if (!current) throw notFound(ADMIN_COUPON_MESSAGES.notFound);
        if (!isFullForm(body)) {
          const coupon = await auditRow(tx, { entity: 'membership_coupons', id, action: 'update' }, () => tx.membershipCoupon.update({ where: { id }, data: { isActive: body.is_active } }));
          return { message: body.is_active ? ADMIN_COUPON_MESSAGES.activated : ADMIN_COUPON_MESSAGES.deactivated, coupon: toCouponDto(coupon) };
        }
        if (body.usage_limit !== null && body.usage_limit < current.usage_count) {
          throw invalid({ usage_limit: [ADMIN_COUPON_MESSAGES.limitBelowUses(current.usage_count)] });
        }
        const coupon = await auditRow(tx, { entity: 'membership_coupons', id, action: 'update' }, () => tx.membershipCoupon.update({ where: { id }, data: dataOf(body) })).catch(codeTaken);
        return { message: ADMIN_COUPON_MESSAGES.updated, coupon: toCouponDto(coupon) };
      });
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
