// The terms every part of a weekly series shares (docs/domain.md#recurring-series): its messages, its
// dates and why each would be skipped, its price, and its rows as the database holds them for the log.
import { type api, type BodyOf, SLOTS, type TOccurrence } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import type { Prisma } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { addDays, fromIsoDate, instantInRome } from '../../lib/time.js';
import { isAdmin } from '../auth/index.js';
import { inSeason, seasonOf } from '../memberships/index.js';
import { readSettings } from '../settings/index.js';
import { LIVE, priceSlots } from './booking-terms.js';
import { ADMIN_BOOKING_MESSAGES, courtOrFail } from './desk-terms.js';

export const RECURRING_MESSAGES = {
  notFound: 'Serie non trovata.',
  raced: 'Nel frattempo una data della serie è stata prenotata: rifai l’anteprima.',
  nothingFree: 'Nessuna data della serie è libera: non è stato prenotato nulla.',
  created: (count: number, skipped: number) => `Serie creata: ${count} ${count === 1 ? 'data prenotata' : 'date prenotate'}${skipped > 0 ? `, ${skipped} ${skipped === 1 ? 'saltata' : 'saltate'}` : ''}.`,
  updated: (count: number) => `Serie aggiornata, con ${count} ${count === 1 ? 'data futura' : 'date future'}.`,
  cancelled: (count: number) => `${count} ${count === 1 ? 'data annullata' : 'date annullate'}.`,
  reasons: {
    past: 'Data già passata',
    out_of_season: 'Fuori stagione',
    closed: 'Campo chiuso',
    taken: 'Già prenotato',
  },
} as const;

export type Routes = typeof api.adminBookings;
export type SeriesBody = BodyOf<Routes['recurringCreate']>;
type Span = { startsAt: Date; endsAt: Date };
export type SeriesDeps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe'>;

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar day. */
const isoWeekday = (date: string) => fromIsoDate(date).getUTCDay() || 7;

/** Every date of the series with its instants. */
export function seriesDates(body: Pick<SeriesBody, 'weekday' | 'valid_from' | 'valid_to' | 'start' | 'end'>) {
  const dates: { date: string; startsAt: Date; endsAt: Date }[] = [];
  let date = addDays(body.valid_from, (body.weekday - isoWeekday(body.valid_from) + 7) % 7);
  for (; date <= body.valid_to; date = addDays(date, 7)) dates.push({ date, startsAt: instantInRome(date, body.start), endsAt: instantInRome(date, body.end) });
  return dates;
}

const overlaps = (a: Span, b: Span) => a.startsAt < b.endsAt && a.endsAt > b.startsAt;

/** Each date, free or with why it is skipped, read through `client` (a transaction when creating). */
export async function occurrencesOf(client: Prisma.TransactionClient, body: SeriesBody, now: Date): Promise<(TOccurrence & Span)[]> {
  const dates = seriesDates(body);
  if (dates.length === 0) return [];
  const from = dates[0]!.startsAt;
  const to = dates[dates.length - 1]!.endsAt;
  const [settings, closures, bookings] = await Promise.all([
    readSettings(client),
    client.courtClosure.findMany({ where: { courtId: body.court_id, startsAt: { lt: to }, endsAt: { gt: from } } }),
    client.booking.findMany({ where: { courtId: body.court_id, startsAt: { lt: to }, endsAt: { gt: from }, ...LIVE(now) }, select: { startsAt: true, endsAt: true } }),
  ]);
  return dates.map((occurrence) => {
    const season = seasonOf(Number(occurrence.date.slice(0, 4)), settings);
    const state: TOccurrence['state'] =
      occurrence.startsAt <= now
        ? 'past'
        : !inSeason(occurrence.date, season)
          ? 'out_of_season'
          : closures.some((closure) => overlaps(closure, occurrence))
            ? 'closed'
            : bookings.some((booking) => overlaps(booking, occurrence))
              ? 'taken'
              : 'free';
    return { ...occurrence, state, reason: state === 'free' ? null : RECURRING_MESSAGES.reasons[state] };
  });
}

export const withoutSpan = ({ date, state, reason }: TOccurrence): TOccurrence => ({ date, state, reason });

/** The price of one date: the list's for its slots (and lights), or an admin's. */
export async function priceOf(db: SeriesDeps['db'], actor: User, body: Pick<SeriesBody, 'court_id' | 'valid_from' | 'start' | 'end' | 'price'>) {
  if (body.price !== null && !isAdmin(actor)) throw new AppError(403, ADMIN_BOOKING_MESSAGES.priceAdminOnly);
  const court = await courtOrFail(db, body.court_id);
  const startIndex = SLOTS.findIndex((slot) => slot.start === body.start);
  const slots = SLOTS.findIndex((slot) => slot.end === body.end) - startIndex + 1;
  const listed = await priceSlots(db, court, { date: body.valid_from, start: body.start, slots, full_day: false, equipment: false });
  return { priceCents: body.price ?? listed.priceCents, overridden: body.price !== null && body.price !== listed.priceCents };
}
