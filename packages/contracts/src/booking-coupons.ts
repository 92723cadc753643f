// Booking coupons back-office (/admin/coupon-prenotazioni, docs/domain.md#coupons). Redeemed on the member's
// payment page (member booking work); here they are created, edited, switched on and off.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { ZMoney } from './money.js';
import * as z from './zod-italian.js';

export const BOOKING_COUPON_BANDS = ['day', 'evening', 'full_day', 'any'] as const;
export const ZBookingCouponBand = z.enum(BOOKING_COUPON_BANDS, { error: 'Fascia non valida.' });
export type TBookingCouponBand = z.infer<typeof ZBookingCouponBand>;
export const BOOKING_COUPON_BAND_LABELS: Record<TBookingCouponBand, string> = {
  day: 'Fascia diurna',
  evening: 'Fascia serale',
  full_day: 'Giornata intera',
  any: 'Qualsiasi',
};
export const ZDiscountType = z.enum(['percentage', 'fixed'], { error: 'Tipo di sconto non valido.' });
export type TDiscountType = z.infer<typeof ZDiscountType>;

const optionalLimit = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce.number({ error: 'Inserisci un numero.' }).int('Inserisci un numero intero.').min(1, 'Almeno 1, o lascia vuoto per nessun limite.').nullable(),
);
const optionalDate = z.preprocess((value) => (value === '' || value === undefined ? null : value), ZIsoDate.nullable());

export const ZBookingCouponBody = z
  .object({
    code: z
      .string({ error: 'Inserisci il codice.' })
      .trim()
      .min(3, 'Il codice deve avere almeno 3 caratteri.')
      .max(50, 'Al massimo 50 caratteri.')
      .regex(/^[A-Za-z0-9_-]+$/, 'Usa solo lettere, numeri, trattini e trattini bassi.')
      .transform((code) => code.toUpperCase()),
    description: z.string().trim().max(255, 'Al massimo 255 caratteri.').nullish().transform((value) => value || null),
    discount_type: ZDiscountType,
    /** Percent or euros, as typed ("10", "5,50"). */
    discount_value: z
      .union([z.number(), z.string().trim()], { error: 'Inserisci il valore dello sconto.' })
      .transform((value) => String(value).replace(',', '.'))
      .pipe(z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'Inserisci un valore valido, con al massimo due decimali.'))
      .transform(Number)
      .refine((value) => value > 0, 'Lo sconto deve essere maggiore di zero.'),
    band: ZBookingCouponBand,
    usage_limit: optionalLimit,
    per_member_limit: optionalLimit,
    start_date: optionalDate,
    end_date: optionalDate,
    is_active: z.boolean().default(true),
  })
  .refine((body) => body.discount_type !== 'percentage' || body.discount_value <= 100, { message: 'La percentuale non può superare 100.', path: ['discount_value'] })
  .refine((body) => !body.start_date || !body.end_date || body.end_date >= body.start_date, { message: 'La data di fine non può precedere quella di inizio.', path: ['end_date'] });
export type TBookingCouponBody = z.input<typeof ZBookingCouponBody>;

export const ZBookingCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  discount_type: ZDiscountType,
  /** Percent ("10.00") or euros ("5.50"). */
  discount_value: ZMoney,
  band: ZBookingCouponBand,
  usage_limit: z.number().int().nullable(),
  usage_count: z.number().int(),
  per_member_limit: z.number().int().nullable(),
  start_date: ZIsoDate.nullable(),
  end_date: ZIsoDate.nullable(),
  is_active: z.boolean(),
});
export type TBookingCoupon = z.infer<typeof ZBookingCoupon>;

export const adminBookingCouponsRoutes = {
  list: defineRoute({ method: 'get', path: '/api/admin/booking-coupons', summary: 'Coupon delle prenotazioni, dal più recente', tag: 'admin-booking-coupons', access: 'admin', response: z.object({ data: z.array(ZBookingCoupon) }) }),
  create: defineRoute({ method: 'post', path: '/api/admin/booking-coupons', summary: 'Nuovo coupon prenotazioni (codice unico, maiuscolo)', tag: 'admin-booking-coupons', access: 'admin', body: ZBookingCouponBody, successStatus: 201, response: ZBookingCoupon }),
  update: defineRoute({ method: 'put', path: '/api/admin/booking-coupons/:id', summary: 'Modifica un coupon prenotazioni', tag: 'admin-booking-coupons', access: 'admin', params: ZIdParams, body: ZBookingCouponBody, response: ZBookingCoupon }),
  toggle: defineRoute({ method: 'patch', path: '/api/admin/booking-coupons/:id/active', summary: 'Attiva o disattiva un coupon prenotazioni', tag: 'admin-booking-coupons', access: 'admin', params: ZIdParams, body: z.object({ is_active: z.boolean() }), response: ZBookingCoupon }),
  remove: defineRoute({ method: 'delete', path: '/api/admin/booking-coupons/:id', summary: 'Elimina un coupon prenotazioni mai usato', tag: 'admin-booking-coupons', access: 'admin', params: ZIdParams, response: z.object({ message: z.string() }) }),
};
