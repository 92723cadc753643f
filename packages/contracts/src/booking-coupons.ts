// Booking coupons back-office (/admin/coupon-prenotazioni, docs/domain.md#coupons). Redeemed on the member's
// payment page (member booking work); here they are created, edited, switched on and off.
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

const bookingCouponMessages = defineMessages({
  band: /* i18n */ { id: 'booking_coupons.band', message: 'Fascia non valida.' },
  discountType: /* i18n */ { id: 'booking_coupons.discount_type', message: 'Tipo di sconto non valido.' },
  limitMin: /* i18n */ { id: 'booking_coupons.limit_min', message: 'Almeno 1, o lascia vuoto per nessun limite.' },
  code: /* i18n */ { id: 'booking_coupons.code', message: 'Inserisci il codice.' },
  codeTooShort: /* i18n */ { id: 'booking_coupons.code_too_short', message: 'Il codice deve avere almeno 3 caratteri.' },
  codeCharacters: /* i18n */ { id: 'booking_coupons.code_characters', message: 'Usa solo lettere, numeri, trattini e trattini bassi.' },
  discountValue: /* i18n */ { id: 'booking_coupons.discount_value', message: 'Inserisci il valore dello sconto.' },
  discountValueFormat: /* i18n */ { id: 'booking_coupons.discount_value_format', message: 'Inserisci un valore valido, con al massimo due decimali.' },
  discountPositive: /* i18n */ { id: 'booking_coupons.discount_positive', message: 'Lo sconto deve essere maggiore di zero.' },
  percentTooHigh: /* i18n */ { id: 'booking_coupons.percent_too_high', message: 'La percentuale non può superare 100.' },
});

export const BOOKING_COUPON_BANDS = ['day', 'evening', 'full_day', 'any'] as const;
export const ZBookingCouponBand = z.enum(BOOKING_COUPON_BANDS, z.because(bookingCouponMessages.band));
export type TBookingCouponBand = z.infer<typeof ZBookingCouponBand>;
export const BOOKING_COUPON_BAND_LABELS: Record<TBookingCouponBand, string> = {
  day: 'Fascia diurna',
  evening: 'Fascia serale',
  full_day: 'Giornata intera',
  any: 'Qualsiasi',
};
export const ZDiscountType = z.enum(['percentage', 'fixed'], z.because(bookingCouponMessages.discountType));
export type TDiscountType = z.infer<typeof ZDiscountType>;

const optionalLimit = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  zTextInt({ number: validationMessages.number, whole: validationMessages.integer, min: bookingCouponMessages.limitMin }, { min: 1 }).nullable(),
);
const optionalDate = z.preprocess((value) => (value === '' || value === undefined ? null : value), ZIsoDate.nullable());

export const ZBookingCouponBody = z
  .object({
    code: z
      .string(z.because(bookingCouponMessages.code))
      .trim()
      .min(3, z.because(bookingCouponMessages.codeTooShort))
      .max(50, z.because(validationMessages.atMostCharacters, { max: 50 }))
      .regex(/^[A-Za-z0-9_-]+$/, z.because(bookingCouponMessages.codeCharacters))
      .transform((code) => code.toUpperCase()),
    description: z.string().trim().max(255, z.because(validationMessages.atMostCharacters, { max: 255 })).nullish().transform((value) => value || null),
    discount_type: ZDiscountType,
    /** Percent or euros, as typed ("10", "5,50"). */
    discount_value: z
      .union([z.number(), z.string().trim()], z.because(bookingCouponMessages.discountValue))
      .transform((value) => String(value).replace(',', '.'))
      .pipe(z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, z.because(bookingCouponMessages.discountValueFormat)))
      .transform(Number)
      .refine((value) => value > 0, z.because(bookingCouponMessages.discountPositive)),
    band: ZBookingCouponBand,
    usage_limit: optionalLimit,
    per_member_limit: optionalLimit,
    start_date: optionalDate,
    end_date: optionalDate,
    is_active: z.boolean().default(true),
  })
  .refine((body) => body.discount_type !== 'percentage' || body.discount_value <= 100, {
  ...z.because(bookingCouponMessages.percentTooHigh),
    path: ['discount_value'],
  })
  .refine((body) => !body.start_date || !body.end_date || body.end_date >= body.start_date, {
  ...z.because(validationMessages.endBeforeStart),
    path: ['end_date'],
  });
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
