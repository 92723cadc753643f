// Membership coupons back-office (/admin/coupons, docs/domain.md#coupons).
// The rules that redeem a coupon live in the API's coupons module, shared by every purchase.
import type { MessageDescriptor } from '@lingui/core';
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { pagedListOf, pageQuery, ZSortOrder } from './paging.js';
import { zInt } from './integers.js';
import * as z from './zod-i18n.js';

const couponMessages = defineMessages({
  codeTooLong: /* i18n */ { id: 'coupons.code_too_long', message: 'Il codice può avere al massimo 50 caratteri.' },
  codeCharacters: /* i18n */ { id: 'coupons.code_characters', message: 'Il codice può contenere solo lettere, cifre, trattini e trattini bassi.' },
  descriptionTooLong: /* i18n */ { id: 'coupons.description_too_long', message: 'La descrizione può avere al massimo 255 caratteri.' },
  discountType: /* i18n */ { id: 'coupons.discount_type', message: 'Scegli il tipo di sconto.' },
  discountValue: /* i18n */ { id: 'coupons.discount_value', message: 'Inserisci il valore dello sconto.' },
  discountNegative: /* i18n */ { id: 'coupons.discount_negative', message: 'Lo sconto non può essere negativo.' },
  valueTooLarge: /* i18n */ { id: 'coupons.value_too_large', message: 'Valore troppo grande.' },
  twoDecimals: /* i18n */ { id: 'coupons.two_decimals', message: 'Al massimo due decimali.' },
  applicableTo: /* i18n */ { id: 'coupons.applicable_to', message: 'Scegli a cosa si applica il coupon.' },
  limitNegative: /* i18n */ { id: 'coupons.limit_negative', message: 'Il limite non può essere negativo.' },
  percentTooHigh: /* i18n */ { id: 'coupons.percent_too_high', message: 'Una percentuale non può superare 100.' },
});

/** Coupons page size. */
export const COUPONS_PER_PAGE = 10;

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export const DISCOUNT_TYPE_LABELS: Record<(typeof DISCOUNT_TYPES)[number], string> = { percentage: 'Percentuale (%)', fixed: 'Importo fisso (€)' };
export const COUPON_APPLICABILITIES = ['membership', 'both'] as const;
export const COUPON_APPLICABILITY_LABELS: Record<(typeof COUPON_APPLICABILITIES)[number], string> = { membership: 'Tessere', both: 'Tessere e prenotazioni' };

/** A new coupon starts as percentage, 10, membership, active. */
export const COUPON_DEFAULTS = { discount_type: 'percentage', discount_value: 10, applicable_to: 'membership', is_active: true } as const;

export const ZMembershipCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** Percent or euros, by discount_type, with two decimals. */
  discount_value: ZMoney,
  /** Membership or both; the screen shows any other value as 'Non specificato'. */
  applicable_to: z.string(),
  usage_limit: z.number().int().nullable(),
  usage_count: z.number().int(),
  start_date: ZIsoDate.nullable(),
  end_date: ZIsoDate.nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type TMembershipCoupon = z.infer<typeof ZMembershipCoupon>;

const blankToNull = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? null : value), schema.nullish().transform((value) => value ?? null));
/** A number as typed in a form (number input, or its text with a comma). */
const formNumber = (message: MessageDescriptor) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? Number(value.trim().replace(',', '.')) : value),
    z.number(z.because(message)).refine(Number.isFinite, z.because(message)),
  );

/** The coupon form. */
export const ZCouponBody = z
  .object({
    code: z
      .string(z.because(validationMessages.required))
      .trim()
      .toUpperCase()
      .min(1, z.because(validationMessages.required))
      .max(50, z.because(couponMessages.codeTooLong))
      .regex(/^[A-Z0-9_-]+$/, z.because(couponMessages.codeCharacters)),
    description: blankToNull(z.string().trim().max(255, z.because(couponMessages.descriptionTooLong))),
    discount_type: z.enum(DISCOUNT_TYPES, z.because(couponMessages.discountType)),
    discount_value: formNumber(couponMessages.discountValue)
      .pipe(z.number().min(0, z.because(couponMessages.discountNegative)).max(99_999_999.99, z.because(couponMessages.valueTooLarge)))
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, z.because(couponMessages.twoDecimals)),
    applicable_to: z.enum(COUPON_APPLICABILITIES, z.because(couponMessages.applicableTo)),
    /** Blank means unlimited. */
    usage_limit: blankToNull(
      formNumber(validationMessages.integer).pipe(zInt({ number: validationMessages.integer, min: couponMessages.limitNegative }, { min: 0 })),
    ),
    is_active: z.boolean().default(true),
    start_date: blankToNull(ZIsoDate),
    end_date: blankToNull(ZIsoDate),
  })
  .refine((body) => body.discount_type !== 'percentage' || body.discount_value <= 100, {
  ...z.because(couponMessages.percentTooHigh),
    path: ['discount_value'],
  })
  .refine((body) => !body.start_date || !body.end_date || body.end_date >= body.start_date, {
    ...z.because(validationMessages.endBeforeStart),
    path: ['end_date'],
  });
export type TCouponBody = z.input<typeof ZCouponBody>;

/** The active switch sends only the flag. */
export const ZCouponToggleBody = z.object({ is_active: z.boolean(z.because(validationMessages.status)) });

const isFlagOnly = (value: unknown) => typeof value === 'object' && value !== null && Object.keys(value).join() === 'is_active';

/** PUT takes the full form, or only is_active; a body with more than the flag is a form. */
export const ZCouponUpdateBody = z
  .custom<z.input<typeof ZCouponBody> | z.input<typeof ZCouponToggleBody>>()
  // For the OpenAPI document: either of the two bodies.
  .meta({ override: { anyOf: [ZCouponBody, ZCouponToggleBody].map((schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })) } })
  .transform((value, context) => {
    // Parsed within: each field's message is worded by the caller, in its language.
    return isFlagOnly(value) ? z.parseWithin(ZCouponToggleBody, value, context) : z.parseWithin(ZCouponBody, value, context);
  });
export type TCouponUpdateBody = z.input<typeof ZCouponUpdateBody>;

export const COUPON_SORT_FIELDS = ['created_at', 'code', 'usage_count', 'start_date', 'end_date'] as const;

export const ZCouponsQuery = pageQuery(COUPONS_PER_PAGE).extend({
  search: z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional(),
  /** true, false, or empty for all. */
  is_active: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false'], z.because(validationMessages.status)).optional()),
  sort_by: z.enum(COUPON_SORT_FIELDS, z.because(validationMessages.sort)).default('created_at'),
  sort_order: ZSortOrder.default('desc'),
});
export type TCouponsQuery = z.input<typeof ZCouponsQuery>;

const ZSaved = z.object({ message: z.string(), coupon: ZMembershipCoupon });

export const couponsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/coupons',
    summary: 'Elenco dei coupon tessere: ricerca per codice o descrizione, filtro per stato',
    tag: 'coupons',
    access: 'staff',
    query: ZCouponsQuery,
    response: pagedListOf(ZMembershipCoupon),
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/coupons',
    summary: 'Crea un coupon tessere',
    tag: 'coupons',
    access: 'admin',
    body: ZCouponBody,
    response: ZSaved,
    successStatus: 201,
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/admin/coupons/:id',
    summary: 'Modifica un coupon (modulo completo) o solo lo attiva/disattiva ({ is_active })',
    tag: 'coupons',
    access: 'admin',
    params: ZIdParams,
    body: ZCouponUpdateBody,
    response: ZSaved,
  }),
};
