// The slot model of design §1 on real instants: a slot "HH:MM" of a Rome calendar day, and its price.
import { SLOT_MINUTES, SLOTS, type TSlotBand } from '@beach/contracts';
import { TZDate } from '@date-fns/tz';
import type { PriceCode } from '../../generated/prisma/enums.js';
import { CENTRE_TIME_ZONE } from '../../lib/time.js';

/** The instant of `time` (HH:MM) on the Rome calendar day `date` (YYYY-MM-DD). */
export function romeInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, 0, CENTRE_TIME_ZONE).getTime());
}

/** Every slot of the day with its start and end instants (the last one ends at midnight). */
export function slotsOf(date: string) {
  return SLOTS.map((slot) => {
    const startsAt = romeInstant(date, slot.start);
    return { ...slot, startsAt, endsAt: new Date(startsAt.getTime() + SLOT_MINUTES * 60_000) };
  });
}

export const SLOT_PRICE_CODE: Record<TSlotBand, PriceCode> = { day: 'court_day_slot', evening: 'court_evening_slot' };
