// The slot model of design §1 on real instants: a slot "HH:MM" of a Rome calendar day, and its price.
import { romeInstant as romeWallClock, SLOT_MINUTES, SLOTS, type TSlotBand } from '@beach/contracts';
import type { PriceCode } from '../../generated/prisma/enums.js';

/** The instant of `time` (HH:MM) on the Rome calendar day `date` (YYYY-MM-DD). */
export const romeInstant = (date: string, time: string): Date => new Date(romeWallClock(date, time));

/** Every slot of the day with its start and end instants (the last one ends at midnight). */
export function slotsOf(date: string) {
  return SLOTS.map((slot) => {
    const startsAt = romeInstant(date, slot.start);
    return { ...slot, startsAt, endsAt: new Date(startsAt.getTime() + SLOT_MINUTES * 60_000) };
  });
}

export const SLOT_PRICE_CODE: Record<TSlotBand, PriceCode> = { day: 'court_day_slot', evening: 'court_evening_slot' };
