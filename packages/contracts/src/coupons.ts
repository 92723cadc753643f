// Membership coupons back-office (/admin/coupons, docs/domain.md#coupons).
// The rules that redeem a coupon live in the API's coupons module, shared by every purchase.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { ZMoney } from './money.js';
import { pagedListOf, pageQuery, ZSortOrder } from './paging.js';
import * as z from './zod-italian.js';

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

const REQUIRED = 'Campo obbligatorio.';
const blankToNull = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? null : value), schema.nullish().transform((value) => value ?? null));
/** A number as typed in a form (number input, or its text with a comma). */
const formNumber = (message: string) =>
  z.preprocess((value) => (typeof value === 'string' ? Number(value.trim().replace(',', '.')) : value), z.number({ error: message }).refine(Number.isFinite, message));

/** The coupon form. */
export const ZCouponBody = z
  .object({
    code: z
      .string({ error: REQUIRED })
      .trim()
      .toUpperCase()
      .min(1, REQUIRED)
      .max(50, 'Il codice può avere al massimo 50 caratteri.')
      .regex(/^[A-Z0-9_-]+$/, 'Il codice può contenere solo lettere, cifre, trattini e trattini bassi.'),
    description: blankToNull(z.string().trim().max(255, 'La descrizione può avere al massimo 255 caratteri.')),
    discount_type: z.enum(DISCOUNT_TYPES, { error: 'Scegli il tipo di sconto.' }),
    discount_value: formNumber('Inserisci il valore dello sconto.')
      .pipe(z.number().min(0, 'Lo sconto non può essere negativo.').max(99_999_999.99, 'Valore troppo grande.'))
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Al massimo due decimali.'),
    applicable_to: z.enum(COUPON_APPLICABILITIES, { error: 'Scegli a cosa si applica il coupon.' }),
    /** Blank means unlimited. */
    usage_limit: blankToNull(formNumber('Inserisci un numero intero.').pipe(z.number().int('Inserisci un numero intero.').min(0, 'Il limite non può essere negativo.'))),
    is_active: z.boolean().default(true),
    start_date: blankToNull(ZIsoDate),
    end_date: blankToNull(ZIsoDate),
  })
  .refine((body) => body.discount_type !== 'percentage' || body.discount_value <= 100, { message: 'Una percentuale non può superare 100.', path: ['discount_value'] })
  .refine((body) => !body.start_date || !body.end_date || body.end_date >= body.start_date, {
    message: 'La data di fine non può precedere quella di inizio.',
    path: ['end_date'],
  });
export type TCouponBody = z.input<typeof ZCouponBody>;

/** The active switch sends only the flag. */
export const ZCouponToggleBody = z.object({ is_active: z.boolean({ error: 'Stato non valido.' }) });

const isFlagOnly = (value: unknown) => typeof value === 'object' && value !== null && Object.keys(value).join() === 'is_active';

/** PUT takes the full form, or only is_active; a body with more than the flag is a form. */
export const ZCouponUpdateBody = z
  .custom<z.input<typeof ZCouponBody> | z.input<typeof ZCouponToggleBody>>()
  // For the OpenAPI document: either of the two bodies.
  .meta({ override: { anyOf: [ZCouponBody, ZCouponToggleBody].map((schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })) } })
  .transform((value, context) => {
    const result = isFlagOnly(value) ? ZCouponToggleBody.safeParse(value) : ZCouponBody.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return result.data;
  });
export type TCouponUpdateBody = z.input<typeof ZCouponUpdateBody>;

export const COUPON_SORT_FIELDS = ['created_at', 'code', 'usage_count', 'start_date', 'end_date'] as const;

export const ZCouponsQuery = pageQuery(COUPONS_PER_PAGE).extend({
  search: z.string().trim().max(100, 'Ricerca troppo lunga.').optional(),
  /** true, false, or empty for all. */
  is_active: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false'], { error: 'Stato non valido.' }).optional()),
  sort_by: z.enum(COUPON_SORT_FIELDS, { error: 'Ordinamento non valido.' }).default('created_at'),
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
