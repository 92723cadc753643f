// Rome wall-clock times as instants: the centre types days and hours in Rome time (closures, the
// start of a day for a filter) whatever the browser's or the server's zone.
// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it, and the
// day's grid asks for dozens of instants per request.
const romeWallClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/**
 * Offsets already read, by the minute they were read for: formatToParts is the dearest step of the day's
 * grid, which asks for the same few instants on every request. Bounded, as a long-running API asks for ever new ones.
 */
const offsetsByMinute = new Map<number, number>();
const OFFSETS_KEPT = 10_000;

/** Rome's offset from UTC at an instant, in minutes (it depends only on the instant's minute). */
function romeOffsetMinutes(at: number): number {
  const minute = Math.floor(at / 60_000);
  const known = offsetsByMinute.get(minute);
  if (known !== undefined) return known;
  const parts = Object.fromEntries(
    romeWallClock
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  const offset = (Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - minute * 60_000) / 60_000;
  if (offsetsByMinute.size >= OFFSETS_KEPT) offsetsByMinute.clear();
  offsetsByMinute.set(minute, offset);
  return offset;
}

/** A Rome wall-clock day and time (YYYY-MM-DD, HH:MM; 24:00 is the next midnight) as a UTC ISO instant. */
export function romeInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, date!, hour!, minute!);
  const first = wall - romeOffsetMinutes(wall) * 60_000;
  return new Date(wall - romeOffsetMinutes(first) * 60_000).toISOString();
}

/** The calendar day `days` after `day` (before, when negative), both YYYY-MM-DD. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
