// The day's grid (docs/domain.md#slots-and-bands): what the database holds for that day, read at once, and the grid as a
// pure function of it.
import type { api, QueryOf, TAvailability, TCellState } from '@beach/contracts';
import { centsToMoney } from '@beach/contracts';
import type { Court, PriceCode, Setting } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { inSeason, seasonOf } from '../memberships/index.js';
import { pricesInForceSql, priceTableOf } from '../prices/index.js';
import { courtPrices, liveSql, touchingSql } from './booking-terms.js';
import { SLOT_PRICE_CODE, slotsOf } from './slots.js';

export type GridCourt = Pick<Court, 'id' | 'code' | 'name' | 'row' | 'hasLights'>;
/** A booking's or closure's span as epoch milliseconds: the grid compares each with every slot of its court. */
export type GridSpan = { courtId: number; startsAt: number; endsAt: number };

type Span = GridSpan;

export interface DayFacts {
  date: string;
  now: Date;
  lastBookableDay: string;
  season: { start: string; end: string };
  courts: GridCourt[];
  /** Live bookings (confirmed, or holds that have not lapsed) touching the day. */
  bookings: (Span & { userId: number | null })[];
  closures: Span[];
  prices: ReadonlyMap<PriceCode, number>;
  viewerId: number;
}

const overlaps = (span: Span, startsAt: number, endsAt: number) => span.startsAt < endsAt && span.endsAt > startsAt;

/** The spans of each court, so that a cell looks only at its own court's (the busy day has hundreds). */
function byCourt<T extends Span>(spans: T[]): Map<number, T[]> {
  const courts = new Map<number, T[]>();
  for (const span of spans) {
    const list = courts.get(span.courtId);
    if (list) list.push(span);
    else courts.set(span.courtId, [span]);
  }
  return courts;
}

/**
 * A day's slots with their instants as epoch milliseconds, kept by day: they depend on the date alone, and Rome's
 * clock behind them was the largest piece of the grid's own work on every request. Bounded, as dates are unbounded.
 */
const slotsByDay = new Map<string, readonly (ReturnType<typeof slotsOf>[number] & { from: number; to: number })[]>();
const DAYS_KEPT = 1_000;
function gridSlotsOf(date: string) {
  let slots = slotsByDay.get(date);
  if (!slots) {
    slots = slotsOf(date).map((slot) => ({ ...slot, from: slot.startsAt.getTime(), to: slot.endsAt.getTime() }));
    if (slotsByDay.size >= DAYS_KEPT) slotsByDay.clear();
    slotsByDay.set(date, slots);
  }
  return slots;
}

export function dayGrid(facts: DayFacts): TAvailability['courts'] {
  const slots = gridSlotsOf(facts.date);
  const now = facts.now.getTime();
  const outOfSeason = !inSeason(facts.date, facts.season);
  const beyondHorizon = facts.date > facts.lastBookableDay;
  const bookings = byCourt(facts.bookings);
  const closures = byCourt(facts.closures);
  return facts.courts.map((court) => ({
    id: court.id,
    code: court.code,
    name: court.name,
    row: court.row as TAvailability['courts'][number]['row'],
    has_lights: court.hasLights,
    cells: slots.map((slot) => {
      const booking = bookings.get(court.id)?.find((span) => overlaps(span, slot.from, slot.to));
      const state: TCellState =
        slot.band === 'evening' && !court.hasLights
          ? 'unavailable'
          : outOfSeason
            ? 'out_of_season'
            : slot.from <= now
              ? 'past'
              : booking
                ? booking.userId === facts.viewerId
                  ? 'mine'
                  : 'taken'
                : closures.get(court.id)?.some((span) => overlaps(span, slot.from, slot.to))
                  ? 'closed'
                  : beyondHorizon
                    ? 'unavailable'
                    : 'free';
      const price = facts.prices.get(SLOT_PRICE_CODE[slot.band]);
      return { start: slot.start, end: slot.end, band: slot.band, state, price: state === 'free' && price !== undefined ? centsToMoney(price) : null };
    }),
  }));
}

/** A column's instant as epoch milliseconds, a JSON number: no date text to parse per booking. */
const EPOCH_MS = (column: string) => Prisma.raw(`(extract(epoch FROM ${column}) * 1000)::bigint`);

type DayRow = Pick<Setting, 'seasonStart' | 'seasonEnd' | 'bookingHorizonDays'> & {
  prices: Partial<Record<PriceCode, number>>;
  courts: GridCourt[];
  bookings: DayFacts['bookings'];
  closures: GridSpan[];
};

/**
 * The one statement of a day's grid and its prepared statement's name: the settings, the price list in force,
 * the day's courts, live bookings and closures, lists as JSON built by PostgreSQL. bench/availability.ts
 * holds the endpoint to this very statement.
 */
export function dayStatement(query: QueryOf<typeof api.bookings.availability>, now: Date): [Prisma.Sql, string] {
  const year = Number(query.date.slice(0, 4));
  const dayStart = instantInRome(query.date, '00:00');
  const dayEnd = instantInRome(addDays(query.date, 1), '00:00');
  const sportFilter = query.sport
    ? Prisma.sql`AND (
        EXISTS (SELECT 1 FROM court_setups cs JOIN setups s ON s.id = cs.setup_id
                WHERE cs.court_id = c.id AND ${query.date}::date BETWEEN cs.valid_from AND cs.valid_to AND s.sport = ${query.sport}::sport)
        OR NOT EXISTS (SELECT 1 FROM court_setups cs WHERE cs.court_id = c.id AND ${query.date}::date BETWEEN cs.valid_from AND cs.valid_to))`
    : Prisma.empty;
  const sql = Prisma.sql`
    SELECT st.season_start AS "seasonStart", st.season_end AS "seasonEnd", st.booking_horizon_days AS "bookingHorizonDays",
      ${pricesInForceSql(year)} AS prices,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'code', c.code, 'name', c.name, 'row', c."row", 'hasLights', c.has_lights) ORDER BY c."row", c.position), '[]')
       FROM courts c WHERE c.is_bookable ${sportFilter}) AS courts,
      (SELECT coalesce(json_agg(json_build_object('courtId', court_id, 'startsAt', ${EPOCH_MS('starts_at')}, 'endsAt', ${EPOCH_MS('ends_at')}, 'userId', user_id)), '[]') FROM bookings
       WHERE ${touchingSql(dayStart, dayEnd)} AND ${liveSql(now)}) AS bookings,
      (SELECT coalesce(json_agg(json_build_object('courtId', court_id, 'startsAt', ${EPOCH_MS('starts_at')}, 'endsAt', ${EPOCH_MS('ends_at')})), '[]') FROM court_closures
       WHERE starts_at < ${dayEnd} AND ends_at > ${dayStart}) AS closures
    FROM settings st WHERE st.id = 1`;
  // Prepared once per connection: planning its four lists cost PostgreSQL more than running them, and one
  // plan fits every day (each list is found by key or through the exclusion constraint's index).
  return [sql, query.sport ? 'day-grid-of-sport' : 'day-grid'];
}

/**
 * The member's grid of one day. The busiest read of the season: the settings, the price list in force,
 * the day's courts, live bookings and closures in one round trip (lists as JSON built by PostgreSQL),
 * read past Prisma's client as a prepared statement (readRows).
 * A hold whose time ran out no longer counts, even before the job marks it expired.
 */
export async function dayAvailability(db: Db, viewerId: number, query: QueryOf<typeof api.bookings.availability>, now: Date): Promise<TAvailability> {
  const today = todayInRome(now);
  const year = Number(query.date.slice(0, 4));
  const [day] = (await readRows<DayRow>(db, ...dayStatement(query, now))) as [DayRow];
  const season = seasonOf(year, day);
  const prices = priceTableOf(day.prices);
  const lastBookableDay = addDays(today, day.bookingHorizonDays);
  return {
    date: query.date,
    season: { start: season.start, end: season.end },
    today,
    last_bookable_day: lastBookableDay,
    prices: courtPrices(prices),
    courts: dayGrid({ date: query.date, now, lastBookableDay, season, courts: day.courts, bookings: day.bookings, closures: day.closures, prices, viewerId }),
  };
}
