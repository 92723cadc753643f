// Carnets (pacchetti, docs/domain.md#carnets): packs of uses the admin defines, sold to members at the
// desk; a pending booking of a covered kind is paid with one use instead of money, and a cancelled
// booking gives the use back.
import { ZIsoDate } from './auth.js';
import { ZBookingCouponBand } from './booking-coupons.js';
import { DESK_TOP_UP_METHODS } from './credit.js';
import { defineRoute, ZIdParams, zRowId, zTextRowId } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZEuroInput, ZMoney } from './money.js';
import { zTextInt } from './integers.js';
import * as z from './zod-i18n.js';

const carnetMessages = defineMessages({
  cover: /* i18n */ { id: 'carnets.cover', message: 'Scegli cosa paga un ingresso: la quota di chi prenota o tutto il campo.' },
  name: /* i18n */ { id: 'carnets.name', message: 'Inserisci il nome.' },
  uses: /* i18n */ { id: 'carnets.uses', message: 'Inserisci il numero di ingressi.' },
  usesMin: /* i18n */ { id: 'carnets.uses_min', message: 'Almeno 1 ingresso.' },
  usesMax: /* i18n */ { id: 'carnets.uses_max', message: 'Al massimo 500 ingressi.' },
  courts: /* i18n */ { id: 'carnets.courts', message: 'Campi non validi.' },
  pickCarnet: /* i18n */ { id: 'carnets.pick_carnet', message: 'Scegli il carnet.' },
});

/** What one use pays: the organiser's share of the booking (the other players pay theirs), or the whole court. */
export const CARNET_COVERS = ['share', 'court'] as const;
export const ZCarnetCover = z.enum(CARNET_COVERS, z.because(carnetMessages.cover));
export const CARNET_COVER_LABELS: Record<(typeof CARNET_COVERS)[number], string> = { share: 'La quota di chi prenota', court: 'Tutto il campo (tutti i giocatori)' };

export const ZCarnetProductBody = z
  .object({
    name: z
      .string(z.because(carnetMessages.name))
      .trim()
      .min(2, z.because(carnetMessages.name))
      .max(100, z.because(validationMessages.atMostCharacters, { max: 100 })),
    uses: zTextInt({ number: carnetMessages.uses, whole: validationMessages.integer, min: carnetMessages.usesMin, max: carnetMessages.usesMax }, { min: 1, max: 500 }),
    /** The bookings it covers: day band, evening band, full day or any. */
    band: ZBookingCouponBand,
    covers: ZCarnetCover.default('share'),
    /** The courts it covers; empty for every bookable court. */
    court_ids: z.array(zRowId(validationMessages.court), z.because(carnetMessages.courts)).default([]),
    price: ZEuroInput,
    valid_from: ZIsoDate,
    valid_until: ZIsoDate,
    is_active: z.boolean().default(true),
  })
  .refine((body) => body.valid_until >= body.valid_from, { path: ['valid_until'], ...z.because(validationMessages.endBeforeStart) });
export type TCarnetProductBody = z.input<typeof ZCarnetProductBody>;

export const ZCarnetProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  uses: z.number().int(),
  band: ZBookingCouponBand,
  covers: ZCarnetCover,
  court_ids: z.array(z.number().int()),
  price: ZMoney,
  valid_from: ZIsoDate,
  valid_until: ZIsoDate,
  is_active: z.boolean(),
});
export type TCarnetProduct = z.infer<typeof ZCarnetProduct>;

export const ZCarnet = z.object({
  id: z.number().int(),
  product: ZCarnetProduct.pick({ id: true, name: true, band: true, covers: true, court_ids: true }),
  uses_total: z.number().int(),
  uses_left: z.number().int(),
  valid_from: ZIsoDate,
  valid_until: ZIsoDate,
  /** False once its last day has passed (Europe/Rome). */
  usable: z.boolean(),
  created_at: z.iso.datetime(),
});
export type TCarnet = z.infer<typeof ZCarnet>;

export const ZCarnetSaleBody = z.object({
  product_id: zTextRowId(carnetMessages.pickCarnet),
  method: z.enum(DESK_TOP_UP_METHODS, z.because(validationMessages.deskTopUpMethod)),
});
export type TCarnetSaleBody = z.input<typeof ZCarnetSaleBody>;

export const ZCarnetPurchaseBody = ZCarnetSaleBody.pick({ product_id: true });
export type TCarnetPurchaseBody = z.input<typeof ZCarnetPurchaseBody>;

const ZCarnetList = z.object({ data: z.array(ZCarnet) });

export const carnetRoutes = {
  products: defineRoute({
    method: 'get', path: '/api/admin/carnet-products', tag: 'carnets', access: 'staff',
    summary: 'Carnet in vendita (attivi e non), dal più recente', response: z.object({ data: z.array(ZCarnetProduct) }),
  }),
  createProduct: defineRoute({
    method: 'post', path: '/api/admin/carnet-products', tag: 'carnets', access: 'admin', successStatus: 201,
    summary: 'Nuovo carnet: ingressi, prenotazioni coperte, prezzo e validità', body: ZCarnetProductBody, response: ZCarnetProduct,
  }),
  updateProduct: defineRoute({
    method: 'put', path: '/api/admin/carnet-products/:id', tag: 'carnets', access: 'admin',
    summary: 'Modifica un carnet (i carnet già venduti restano come erano)', params: ZIdParams, body: ZCarnetProductBody, response: ZCarnetProduct,
  }),
  onSale: defineRoute({
    method: 'get', path: '/api/carnet-products', tag: 'carnets', access: 'public',
    summary: 'Carnet in vendita online (attivi, non scaduti, a pagamento): pubblici come il listino', response: z.object({ data: z.array(ZCarnetProduct) }),
  }),
  buy: defineRoute({
    method: 'post', path: '/api/me/carnets/checkout', tag: 'carnets', access: 'user',
    summary: 'Compra un carnet online: apre il pagamento su Stripe Checkout; il carnet arriva quando Stripe conferma il pagamento',
    body: ZCarnetPurchaseBody, response: z.object({ checkout_url: z.string() }),
  }),
  payWithCredit: defineRoute({
    method: 'post', path: '/api/me/carnets/pay-with-credit', tag: 'carnets', access: 'user', successStatus: 201,
    summary: 'Compra un carnet con il proprio credito (tutto il prezzo): il carnet arriva subito',
    body: ZCarnetPurchaseBody, response: z.object({ message: z.string(), carnet: ZCarnet }),
  }),
  mine: defineRoute({
    method: 'get', path: '/api/me/carnets', tag: 'carnets', access: 'user',
    summary: 'I miei carnet con gli ingressi rimasti', response: ZCarnetList,
  }),
  payBooking: defineRoute({
    method: 'post', path: '/api/bookings/:id/pay-with-carnet', tag: 'carnets', access: 'user',
    summary: 'Paga con un ingresso di un carnet valido una prenotazione in attesa di pagamento che il carnet copre',
    params: ZIdParams, response: z.object({ message: z.string(), carnet: ZCarnet }),
  }),
  ofMember: defineRoute({
    method: 'get', path: '/api/admin/users/:id/carnets', tag: 'carnets', access: 'staff',
    summary: 'Carnet di un socio', params: ZIdParams, response: ZCarnetList,
  }),
  sell: defineRoute({
    method: 'post', path: '/api/admin/users/:id/carnets', tag: 'carnets', access: 'staff', successStatus: 201,
    summary: 'Vendita di un carnet in segreteria (contanti, POS o bonifico): registra l’incasso e il carnet',
    params: ZIdParams, body: ZCarnetSaleBody, response: z.object({ message: z.string(), carnet: ZCarnet }),
  }),
};
