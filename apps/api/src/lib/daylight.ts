// Daylight at the centre, for courts without lights: the tournaments end an unlit court's matches by
// sunset (docs/tournaments.md), the planner marks it "Senza luci" from the evening band (docs/domain.md#slots-and-bands).
import { CENTRE_LOCATION } from '@beach/contracts/centre';
import { romeInstant, SLOTS } from '@beach/contracts';
import { getTimes } from 'suncalc';

/** Sunset at the centre (or at `location`) on a Rome calendar date (suncalc). */
export function sunsetOn(date: string, location: { latitude: number; longitude: number } = CENTRE_LOCATION): Date {
  // suncalc gives the times of the solar day around the instant passed: Rome's noon is that day's. Its
  // types allow no sunset (polar days); at any latitude a beach centre stands on there is one.
  return getTimes(new Date(romeInstant(date, '12:00')), location.latitude, location.longitude).sunset!;
}

/** The evening band's first start (19:30): from then an unlit court is neither bookable nor lit. */
export const EVENING_FROM = SLOTS.find((slot) => slot.band === 'evening')!.start;

/** When an unlit court goes dark on a Rome date: at sunset, or at the evening band if that comes first. */
export function unlitCourtDarkFrom(date: string): { at: Date; by: 'sunset' | 'evening' } {
  const sunset = sunsetOn(date);
  const evening = new Date(romeInstant(date, EVENING_FROM));
  return sunset < evening ? { at: sunset, by: 'sunset' } : { at: evening, by: 'evening' };
}
