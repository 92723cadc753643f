// Court booking for members (docs/domain.md#slots-and-bands): the slot model and the day's availability grid.
import { ZIsoDate } from './auth.js';
import { COURT_ROWS, ZCourtId } from './courts.js';
import { defineRoute, ZIdParams } from './http.js';
import { ZDebtWarning } from './member-debt.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { ZPaymentStatus } from './payments.js';
import { ZSport } from './setups.js';
import { zInt } from './integers.js';
import * as z from './zod-i18n.js';

const bookingMessages = defineMessages({
  slots: /* i18n */ { id: 'bookings.slots', message: 'Numero di fasce non valido.' },
  pickSlot: /* i18n */ { id: 'bookings.pick_slot', message: 'Scegli almeno una fascia.' },
  pastMidnight: /* i18n */ { id: 'bookings.past_midnight', message: 'Le fasce scelte vanno oltre la mezzanotte.' },
  equipmentFullDay: /* i18n */ { id: 'bookings.equipment_full_day', message: 'L’attrezzatura da allenamento si prenota con la giornata intera.' },
  couponTooLong: /* i18n */ { id: 'bookings.coupon_too_long', message: 'Codice coupon troppo lungo.' },
  useCredit: /* i18n */ { id: 'bookings.use_credit', message: 'Indica se usare il credito.' },
});

export const BOOKING_STATUSES = ['pending_payment', 'confirmed', 'cancelled', 'expired'] as const;
export const BOOKING_STATUS_LABELS: Record<(typeof BOOKING_STATUSES)[number], string> = {
  pending_payment: 'In attesa di pagamento',
  confirmed: 'Confermata',
  cancelled: 'Annullata',
  expired: 'Scaduta',
};

/** A court is booked in slots of 1 h 30. */
export const SLOT_MINUTES = 90;
export const SLOT_BANDS = ['day', 'evening'] as const;
export type TSlotBand = (typeof SLOT_BANDS)[number];
/** Day band 9:00–19:30 (court_day_slot); evening band with lights 19:30–24:00 (court_evening_slot). */
export const SLOTS: readonly { start: string; end: string; band: TSlotBand }[] = [
  ['09:00', '10:30'],
  ['10:30', '12:00'],
  ['12:00', '13:30'],
  ['13:30', '15:00'],
  ['15:00', '16:30'],
  ['16:30', '18:00'],
  ['18:00', '19:30'],
  ['19:30', '21:00'],
  ['21:00', '22:30'],
  ['22:30', '24:00'],
].map(([start, end]) => ({ start: start!, end: end!, band: start! < '19:30' ? 'day' : 'evening' }));

/**
 * What a member sees in a cell: free (with its price), taken, their own booking, past, closed (court
 * closure), outside the season, or unavailable (an evening slot on a court without lights, or a day
 * beyond the booking horizon).
 */
export const CELL_STATES = ['free', 'taken', 'mine', 'past', 'closed', 'out_of_season', 'unavailable'] as const;
export type TCellState = (typeof CELL_STATES)[number];

export const ZAvailabilityQuery = z.object({
  date: ZIsoDate,
  /** Empty for every sport. */
  sport: z.preprocess((value) => (value === '' ? undefined : value), ZSport.optional()),
});
export type TAvailabilityQuery = z.input<typeof ZAvailabilityQuery>;

export const ZAvailabilityCell = z.object({
  start: z.string(),
  end: z.string(),
  band: z.enum(SLOT_BANDS),
  state: z.enum(CELL_STATES),
  /** Only for a free cell: the price list of the booking's year. */
  price: ZMoney.nullable(),
});
export type TAvailabilityCell = z.infer<typeof ZAvailabilityCell>;

export const ZAvailability = z.object({
  date: ZIsoDate,
  /** Rome calendar days: the season of the date's year, and the last day members can book now. */
  season: z.object({ start: ZIsoDate, end: ZIsoDate }),
  today: ZIsoDate,
  last_bookable_day: ZIsoDate,
  prices: z.object({ day_slot: ZMoney.nullable(), evening_slot: ZMoney.nullable(), full_day: ZMoney.nullable(), full_day_equipment: ZMoney.nullable() }),
  courts: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      row: z.enum(COURT_ROWS).nullable(),
      has_lights: z.boolean(),
      cells: z.array(ZAvailabilityCell),
    }),
  ),
});
export type TAvailability = z.infer<typeof ZAvailability>;

export const SLOT_STARTS = SLOTS.map((slot) => slot.start);
/** The first slot of a full day (9:00–19:30, the whole day band). */
export const FULL_DAY_START = '09:00';
export const FULL_DAY_SLOTS = SLOTS.filter((slot) => slot.band === 'day').length;

/**
 * A member's request: consecutive slots of one court from `start`, or the full day (with
 * or without training equipment). The price is the server's.
 */
export const ZSlotStart = z.enum(SLOT_STARTS as [string, ...string[]], z.because(validationMessages.slotStart));

/** Which slots of which court: the member's booking and the desk's share it. */
export const slotChoiceFields = {
  court_id: ZCourtId,
  date: ZIsoDate,
  start: ZSlotStart.default(FULL_DAY_START),
  slots: zInt({ number: bookingMessages.slots, min: bookingMessages.pickSlot }, { min: 1, max: SLOTS.length }).default(1),
  full_day: z.boolean().default(false),
  equipment: z.boolean().default(false),
};

/** The slots stay within the day, and training equipment comes only with the full day. */
export const withSlotRules = <Schema extends z.ZodType<{ start: string; slots: number; full_day: boolean; equipment: boolean }>>(schema: Schema) =>
  schema
    .refine((body) => SLOT_STARTS.indexOf(body.start) + body.slots <= SLOTS.length, { ...z.because(bookingMessages.pastMidnight), path: ['slots'] })
    .refine((body) => body.full_day || !body.equipment, { ...z.because(bookingMessages.equipmentFullDay), path: ['equipment'] });

export const ZCreateBookingBody = withSlotRules(z.object(slotChoiceFields));
export type TCreateBookingBody = z.input<typeof ZCreateBookingBody>;

/** A booking paid with a carnet use or with credit (not given back) rather than with money. */
export const BOOKING_PAID_WITH = ['carnet', 'credit', 'credit_card'] as const;
export const BOOKING_PAID_WITH_LABELS: Record<(typeof BOOKING_PAID_WITH)[number], string> = {
  carnet: 'Pagata con carnet',
  credit: 'Pagata con credito',
  credit_card: 'Pagata con credito e carta',
};

/** Which booking, where and when: the member's and the desk's views share these. */
export const bookingWhereWhenFields = {
  id: z.number().int(),
  court: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** Rome calendar day and times of the booking. */
  date: ZIsoDate,
  start: z.string(),
  end: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paid_with: z.enum(BOOKING_PAID_WITH).nullable(),
};

/** What happens (or happened) to a hit booking's money. */
export const RAIN_CHECK_OUTCOMES = ['credit', 'card', 'desk', 'carnet', 'none'] as const;
export type TRainCheckOutcome = (typeof RAIN_CHECK_OUTCOMES)[number];
export const RAIN_CHECK_OUTCOME_LABELS: Record<TRainCheckOutcome, string> = {
  credit: 'Restituito sul credito',
  card: 'Rimborsato sulla carta',
  desk: 'Restituito in cassa',
  carnet: 'Ingresso restituito al carnet',
  none: 'Solo annullata (non pagata)',
};

export const ZBooking = z.object({
  ...bookingWhereWhenFields,
  full_day: z.boolean(),
  original_price: ZMoney,
  discount: ZMoney,
  price: ZMoney,
  coupon_code: z.string().nullable(),
  /** While awaiting payment: when the slot is released. */
  hold_expires_at: z.string().nullable(),
  /** The online payment's state, when there is one (refunded after a free cancellation). */
  payment_status: ZPaymentStatus.nullable(),
  can_pay: z.boolean(),
  /** Free cancellation (with an automatic refund) is still possible. */
  can_cancel: z.boolean(),
  created_at: z.string(),
  /** Other players share it (split payment): the organiser sees who paid and what is still owed. */
  has_players: z.boolean(),
  /** Cancelled by a rain check: where its money (or carnet use) went, and how much money went back. */
  rain_check: z.object({ outcome: z.enum(RAIN_CHECK_OUTCOMES), returned: ZMoney }).nullable(),
});
export type TBooking = z.infer<typeof ZBooking>;

export const ZBookingCheckoutBody = z.object({
  coupon_code: z.string().trim().toUpperCase().max(50, z.because(bookingMessages.couponTooLong)).nullish().transform((value) => value || null),
  /** Credit first (after the coupon), the card for the rest: one Checkout for the remainder. */
  use_credit: z.boolean(z.because(bookingMessages.useCredit)).optional().default(false),
});
export type TBookingCheckoutBody = z.input<typeof ZBookingCheckoutBody>;

/** "Avvisami se si libera" on a taken slot. */
export const ZWaitlistBody = z.object({ court_id: ZCourtId, date: ZIsoDate, start: ZSlotStart });
export type TWaitlistBody = z.input<typeof ZWaitlistBody>;

/** A courts' waiting-list entry's state (docs/domain.md#waitlist). */
export const COURT_WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'lapsed', 'withdrawn'] as const;
/** Why an entry's turn ended without a booking. */
export const COURT_WAITLIST_LAPSES = ['unpaid', 'cancelled', 'certificate', 'limit', 'last_call', 'closed'] as const;
export type TCourtWaitlistLapse = (typeof COURT_WAITLIST_LAPSES)[number];

/** One of the member's places on a slot's waiting list. */
export const ZCourtWaitlistEntry = z.object({
  id: z.number().int(),
  court: z.object({ code: z.string(), name: z.string() }),
  date: ZIsoDate,
  start: z.string(),
  end: z.string(),
  status: z.enum(COURT_WAITLIST_STATUSES),
  lapsed_reason: z.enum(COURT_WAITLIST_LAPSES).nullable(),
  /** Waiting: how many are ahead of them for that slot, plus one. */
  position: z.number().int().nullable(),
  /** Offered: the booking that holds the slot for them, and until when (pay it by then). */
  booking_id: z.number().int().nullable(),
  offer_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type TCourtWaitlistEntry = z.infer<typeof ZCourtWaitlistEntry>;

const ZCalendarFeed = z.object({ url: z.string() });

export const bookingsRoutes = {
  availability: defineRoute({
    method: 'get',
    path: '/api/bookings/availability',
    summary: 'Griglia di un giorno: campi prenotabili × fasce da 1h30, con lo stato e il prezzo di ogni cella',
    tag: 'bookings',
    access: 'user',
    query: ZAvailabilityQuery,
    response: ZAvailability,
  }),
  waitlist: defineRoute({
    method: 'post',
    path: '/api/bookings/waitlist',
    summary: 'Avvisami se si libera: in lista per quella fascia; quando si libera è tenuta per il primo in lista, che la paga entro la scadenza',
    tag: 'bookings',
    access: 'user',
    body: ZWaitlistBody,
    response: z.object({ message: z.string() }),
    successStatus: 201,
  }),
  myWaitlist: defineRoute({
    method: 'get',
    path: '/api/bookings/waitlist',
    summary: 'Le liste d’attesa del socio per i campi: in attesa (con la posizione), offerti (con la scadenza) e le ultime concluse',
    tag: 'bookings',
    access: 'user',
    response: z.array(ZCourtWaitlistEntry),
  }),
  withdrawWaitlist: defineRoute({
    method: 'post',
    path: '/api/bookings/waitlist/:id/withdraw',
    summary: 'Rinuncia: esce dalla lista; un campo offerto e non ancora pagato passa subito al prossimo',
    tag: 'bookings',
    access: 'user',
    params: ZIdParams,
    response: z.object({ message: z.string() }),
  }),
  calendarFeed: defineRoute({
    method: 'get',
    path: '/api/bookings/calendar',
    summary: 'Indirizzo segreto del calendario del socio (da aggiungere al calendario del telefono)',
    tag: 'bookings',
    access: 'user',
    response: ZCalendarFeed,
  }),
  regenerateCalendar: defineRoute({
    method: 'post',
    path: '/api/bookings/calendar/regenerate',
    summary: 'Nuovo indirizzo del calendario: il precedente smette di funzionare',
    tag: 'bookings',
    access: 'user',
    response: ZCalendarFeed,
  }),
  calendarByToken: defineRoute({
    method: 'get',
    path: '/api/bookings/calendar/:token.ics',
    summary: 'Calendario iCalendar delle prenotazioni confermate del socio (indirizzo segreto)',
    tag: 'bookings',
    access: 'public',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) }),
    response: z.unknown(),
  }),
  ics: defineRoute({
    method: 'get',
    path: '/api/bookings/:id/ics',
    summary: 'Una prenotazione confermata come file .ics (Aggiungi al calendario)',
    tag: 'bookings',
    access: 'user',
    params: ZIdParams,
    response: z.unknown(),
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/bookings',
    summary: 'Prenota: trattiene le fasce scelte per il tempo di pagamento (prezzo dal listino, regole del centro)',
    tag: 'bookings',
    access: 'user',
    body: ZCreateBookingBody,
    response: z.object({ message: z.string(), booking: ZBooking, debt: ZDebtWarning }),
    successStatus: 201,
  }),
  mine: defineRoute({
    method: 'get',
    path: '/api/bookings/mine',
    summary: 'Le prenotazioni del socio: prossime e passate',
    tag: 'bookings',
    access: 'user',
    response: z.object({ upcoming: z.array(ZBooking), past: z.array(ZBooking) }),
  }),
  show: defineRoute({
    method: 'get',
    path: '/api/bookings/:id',
    summary: 'Una prenotazione del socio',
    tag: 'bookings',
    access: 'user',
    params: ZIdParams,
    response: ZBooking,
  }),
  checkout: defineRoute({
    method: 'post',
    path: '/api/bookings/:id/checkout',
    summary: 'Apre il pagamento con carta (Stripe Checkout) di una prenotazione in attesa, con un coupon facoltativo; con use_credit il credito paga prima e la carta il resto',
    tag: 'bookings',
    access: 'user',
    params: ZIdParams,
    body: ZBookingCheckoutBody,
    response: z.object({ checkout_url: z.string(), booking: ZBooking }),
  }),
  abandonCheckout: defineRoute({
    method: 'post',
    path: '/api/bookings/:id/checkout/abandon',
    summary: 'Il socio è tornato indietro dalla pagina di pagamento ("Annulla"): la sessione si chiude e il credito messo da parte torna disponibile subito; la prenotazione resta in attesa',
    tag: 'bookings',
    access: 'user',
    params: ZIdParams,
    response: z.object({ message: z.string(), booking: ZBooking }),
  }),
  cancel: defineRoute({
    method: 'post',
    path: '/api/bookings/:id/cancel',
    summary: 'Annulla: libera il posto; se pagata e nei tempi, il rimborso è automatico',
    tag: 'bookings',
    access: 'user',
    params: ZIdParams,
    response: z.object({ message: z.string(), booking: ZBooking }),
  }),
};
