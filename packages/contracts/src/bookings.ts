// Court booking for members (design §1, §4): the slot model and the day's availability grid.
import { ZIsoDate } from './auth.js';
import { COURT_ROWS } from './courts.js';
import { defineRoute } from './http.js';
import { ZMoney } from './money.js';
import { z } from './zod-italian.js';

export const SPORTS = ['beach_volley', 'beach_tennis', 'foot_volley'] as const;
export const ZSport = z.enum(SPORTS, { error: 'Sport non valido.' });
export type TSport = z.infer<typeof ZSport>;
export const SPORT_LABELS: Record<TSport, string> = { beach_volley: 'Beach volley', beach_tennis: 'Beach tennis', foot_volley: 'Foot volley' };

export const BOOKING_STATUSES = ['pending_payment', 'confirmed', 'cancelled', 'expired'] as const;
export const BOOKING_STATUS_LABELS: Record<(typeof BOOKING_STATUSES)[number], string> = {
  pending_payment: 'In attesa di pagamento',
  confirmed: 'Confermata',
  cancelled: 'Annullata',
  expired: 'Scaduta',
};

/** Design §1: a court is booked in slots of 1 h 30. */
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
};
