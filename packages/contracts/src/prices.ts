import { defineRoute } from './http.js';
import * as z from './zod-i18n.js';

export const PRICE_CODES = [
  'membership_seasonal',
  'membership_seasonal_bvu',
  'membership_under_23',
  'membership_under_18',
  'membership_monthly',
  'membership_weekly',
  'membership_daily',
  'insurance_addon',
  'court_full_day',
  'court_full_day_equipment',
  'court_day_slot',
  'court_evening_slot',
] as const;
export const ZPriceCode = z.enum(PRICE_CODES);
export type TPriceCode = z.infer<typeof ZPriceCode>;

export type PriceGroup = 'membership' | 'insurance' | 'court';

/**
 * What each line of the price list is (docs/domain.md#price-list). `insuranceIncluded` is true where the card
 * already includes insurance and false where it can be added for the insurance_addon price.
 */
export const PRICE_INFO: Record<
  TPriceCode,
  { group: PriceGroup; label: string; detail: string; insuranceIncluded?: boolean }
> = {
  membership_seasonal: { group: 'membership', label: 'Tessera stagionale', detail: 'Valida tutta la stagione', insuranceIncluded: false },
  membership_seasonal_bvu: { group: 'membership', label: 'Tessera stagionale corso BVU', detail: 'Per gli iscritti ai corsi BVU', insuranceIncluded: true },
  membership_under_23: { group: 'membership', label: 'Tessera under 23', detail: 'Stagionale, fino a 23 anni', insuranceIncluded: false },
  membership_under_18: { group: 'membership', label: 'Tessera under 18', detail: 'Stagionale, fino a 18 anni', insuranceIncluded: false },
  membership_monthly: { group: 'membership', label: 'Tessera mensile', detail: 'Valida 30 giorni', insuranceIncluded: true },
  membership_weekly: { group: 'membership', label: 'Tessera settimanale', detail: 'Valida 7 giorni', insuranceIncluded: true },
  membership_daily: { group: 'membership', label: 'Tessera giornaliera', detail: 'Valida un giorno', insuranceIncluded: true },
  insurance_addon: { group: 'insurance', label: 'Assicurazione', detail: 'Da aggiungere alle tessere stagionale, under 23 e under 18' },
  court_full_day: { group: 'court', label: 'Giornata intera', detail: 'Un campo dalle 9:00 alle 19:30' },
  court_full_day_equipment: { group: 'court', label: 'Giornata intera con attrezzatura da allenamento', detail: 'Un campo dalle 9:00 alle 19:30' },
  court_day_slot: { group: 'court', label: 'Fascia diurna', detail: '9:00 - 19:30, per campo ogni 1h30' },
  court_evening_slot: { group: 'court', label: 'Fascia serale con luci', detail: '19:30 - 00:00, per campo ogni 1h30' },
};

export const ZPriceEntry = z.object({
  code: ZPriceCode,
  amount_cents: z.number().int().nonnegative(),
  note: z.string().nullable(),
});
export type TPriceEntry = z.infer<typeof ZPriceEntry>;

export const ZPriceList = z.object({
  year: z.number().int(),
  entries: z.array(ZPriceEntry),
});
export type TPriceList = z.infer<typeof ZPriceList>;

export const pricesRoutes = {
  current: defineRoute({
    method: 'get',
    path: '/api/prices',
    summary: 'Listino prezzi in vigore (pubblico): l’anno chiesto o il più recente pubblicato prima',
    tag: 'prices',
    access: 'public',
    query: z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() }),
    response: ZPriceList,
  }),
};
