// The slot model (docs/domain.md#slots-and-bands) on real instants: a slot "HH:MM" of a Rome calendar day, and its price.
import { SLOT_MINUTES, SLOTS, type TSlotBand } from '@beach/contracts';
import type { PriceCode } from '../../generated/prisma/enums.js';
import { instantInRome } from '../../lib/time.js';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const FIRST_SLOT = SLOTS[0]!;

/**
 * Every slot of the day with its start and end instants (the last one ends at midnight). Rome changes
 * its clocks at night (2:00 and 3:00), never between the first slot and midnight, so the day's offset
 * is read once (the grid asks for every slot on every request).
 */
export function slotsOf(date: string) {
  const first = instantInRome(date, FIRST_SLOT.start).getTime() - minutesOf(FIRST_SLOT.start) * 60_000;
  return SLOTS.map((slot) => {
    const startsAt = new Date(first + minutesOf(slot.start) * 60_000);
    return { ...slot, startsAt, endsAt: new Date(startsAt.getTime() + SLOT_MINUTES * 60_000) };
  });
}

export const SLOT_PRICE_CODE: Record<TSlotBand, PriceCode> = { day: 'court_day_slot', evening: 'court_evening_slot' };
