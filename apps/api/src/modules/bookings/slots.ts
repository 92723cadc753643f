// The slot model (docs/domain.md#slots-and-bands) on real instants: a slot "HH:MM" of a Rome calendar day, and its price.
import { SLOT_MINUTES, SLOTS, type TSlotBand } from '@beach/contracts';
import type { PriceCode } from '../../generated/prisma/enums.js';
import { instantInRome } from '../../lib/time.js';

/** Every slot of the day with its start and end instants (the last one ends at midnight). */
export function slotsOf(date: string) {
  return SLOTS.map((slot) => {
    const startsAt = instantInRome(date, slot.start);
    return { ...slot, startsAt, endsAt: new Date(startsAt.getTime() + SLOT_MINUTES * 60_000) };
  });
}

export const SLOT_PRICE_CODE: Record<TSlotBand, PriceCode> = { day: 'court_day_slot', evening: 'court_evening_slot' };
