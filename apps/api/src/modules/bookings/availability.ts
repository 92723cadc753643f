// The day's grid of design §4 as a pure function of what the database holds for that day.
import type { TAvailability, TCellState } from '@beach/contracts';
import { centsToMoney } from '@beach/contracts';
import type { Court, PriceCode } from '../../generated/prisma/client.js';

export type GridCourt = Pick<Court, 'id' | 'code' | 'name' | 'row' | 'hasLights'>;
export type GridSpan = { courtId: number; startsAt: Date; endsAt: Date };
import { inSeason } from '../memberships/membership-terms.js';
import { SLOT_PRICE_CODE, slotsOf } from './slots.js';

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

const overlaps = (span: Span, courtId: number, startsAt: Date, endsAt: Date) => span.courtId === courtId && span.startsAt < endsAt && span.endsAt > startsAt;

export function dayGrid(facts: DayFacts): TAvailability['courts'] {
  const slots = slotsOf(facts.date);
  const outOfSeason = !inSeason(facts.date, facts.season);
  const beyondHorizon = facts.date > facts.lastBookableDay;
  return facts.courts.map((court) => ({
    id: court.id,
    code: court.code,
    name: court.name,
    row: court.row as TAvailability['courts'][number]['row'],
    has_lights: court.hasLights,
    cells: slots.map((slot) => {
      const booking = facts.bookings.find((span) => overlaps(span, court.id, slot.startsAt, slot.endsAt));
      const state: TCellState =
        slot.band === 'evening' && !court.hasLights
          ? 'unavailable'
          : outOfSeason
            ? 'out_of_season'
            : slot.startsAt <= facts.now
              ? 'past'
              : booking
                ? booking.userId === facts.viewerId
                  ? 'mine'
                  : 'taken'
                : facts.closures.some((span) => overlaps(span, court.id, slot.startsAt, slot.endsAt))
                  ? 'closed'
                  : beyondHorizon
                    ? 'unavailable'
                    : 'free';
      const price = facts.prices.get(SLOT_PRICE_CODE[slot.band]);
      return { start: slot.start, end: slot.end, band: slot.band, state, price: state === 'free' && price !== undefined ? centsToMoney(price) : null };
    }),
  }));
}
