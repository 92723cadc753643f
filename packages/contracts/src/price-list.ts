// Price list and booking settings back-office (/admin/listino-prezzi, docs/domain.md#price-list): the list of
// one year, its amounts, copying it to the next year, and the booking rules.
import { defineRoute } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZEuroInput, ZMoney } from './money.js';
import { ZPriceCode } from './prices.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

const priceListMessages = defineMessages({
  year: /* i18n */ { id: 'price_list.year', message: 'Anno non valido.' },
  pickPrice: /* i18n */ { id: 'price_list.pick_price', message: 'Inserisci almeno un prezzo.' },
  duplicateEntry: /* i18n */ { id: 'price_list.duplicate_entry', message: 'Ogni voce può comparire una sola volta.' },
  monthDay: /* i18n */ { id: 'price_list.month_day', message: 'Inserisci giorno e mese come MM-GG.' },
  seasonEndBeforeStart: /* i18n */ { id: 'price_list.season_end_before_start', message: 'La fine della stagione deve seguire l’inizio.' },
});

const ZYear = zTextInt(priceListMessages.year, { min: 2000, max: 2100 });

export const ZAdminPriceEntry = z.object({ code: ZPriceCode, amount: ZMoney, note: z.string().nullable() });
export const ZAdminPriceList = z.object({
  year: z.number().int(),
  /** Every price code, in its order; amount null where this year's list lacks it. */
  entries: z.array(ZAdminPriceEntry.extend({ amount: ZMoney.nullable() })),
  /** Years that have a list. */
  years: z.array(z.number().int()),
});
export type TAdminPriceList = z.infer<typeof ZAdminPriceList>;

export const ZPriceListBody = z.object({
  entries: z
    .array(z.object({ code: ZPriceCode, amount: ZEuroInput, note: z.string().trim().max(255).nullish().transform((value) => value || null) }))
    .min(1, z.because(priceListMessages.pickPrice))
    .refine((entries) => new Set(entries.map((entry) => entry.code)).size === entries.length, z.because(priceListMessages.duplicateEntry)),
});
export type TPriceListBody = z.input<typeof ZPriceListBody>;

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ZMonthDay = z.string().regex(MONTH_DAY, z.because(priceListMessages.monthDay));
const count = (min: number, max: number) =>
  zTextInt({ number: validationMessages.number, whole: validationMessages.integer, min: validationMessages.atLeast, max: validationMessages.atMost }, { min, max });

export const ZBookingSettings = z.object({
  season_start: ZMonthDay,
  season_end: ZMonthDay,
  booking_horizon_days: count(1, 365),
  payment_hold_minutes: count(1, 240),
  free_cancellation_hours: count(0, 720),
  max_future_bookings: count(1, 100),
  reminder_hours: count(1, 168),
  // The school: how long a waiting list's offer holds its place, how close to the start none is made, and the
  // days an unpaid instalment is let be before the desk sees it (the database's CHECKs hold the same ranges).
  waitlist_offer_hours: count(1, 168),
  waitlist_cutoff_hours: count(0, 336),
  instalment_grace_days: count(0, 60),
  // The courts' waiting list: how long a freed slot is held for the first waiting, how close to its start none is made.
  court_waitlist_offer_hours: count(1, 48),
  court_waitlist_cutoff_hours: count(0, 72),
  // Confirmed tournament results move the players' levels (docs/levels.md#tournaments); absent: unchanged.
  tournament_results_feed_levels: z.boolean().optional(),
});
export type TBookingSettings = z.infer<typeof ZBookingSettings>;
export const ZBookingSettingsBody = ZBookingSettings.refine((body) => body.season_end > body.season_start, {
  ...z.because(priceListMessages.seasonEndBeforeStart),
  path: ['season_end'],
});
export type TBookingSettingsBody = z.input<typeof ZBookingSettingsBody>;

const ZYearParam = z.object({ year: ZYear });

export const adminPricingRoutes = {
  priceList: defineRoute({ method: 'get', path: '/api/admin/price-lists/:year', summary: 'Listino di un anno, con tutte le voci', tag: 'admin-pricing', access: 'admin', params: ZYearParam, response: ZAdminPriceList }),
  savePriceList: defineRoute({ method: 'put', path: '/api/admin/price-lists/:year', summary: 'Salva gli importi del listino di un anno', tag: 'admin-pricing', access: 'admin', params: ZYearParam, body: ZPriceListBody, response: ZAdminPriceList }),
  copyPriceList: defineRoute({ method: 'post', path: '/api/admin/price-lists/:year/copy', summary: 'Crea il listino dell’anno dopo copiando questo; rifiuta se esiste già', tag: 'admin-pricing', access: 'admin', params: ZYearParam, successStatus: 201, response: ZAdminPriceList }),
  settings: defineRoute({ method: 'get', path: '/api/admin/settings', summary: 'Regole delle prenotazioni', tag: 'admin-pricing', access: 'admin', response: ZBookingSettings }),
  saveSettings: defineRoute({ method: 'put', path: '/api/admin/settings', summary: 'Modifica le regole delle prenotazioni', tag: 'admin-pricing', access: 'admin', body: ZBookingSettingsBody, response: ZBookingSettings }),
};
