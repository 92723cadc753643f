// The centre runs on Rome time: days, seasons and price-list years are computed there. Calendar days
// travel as YYYY-MM-DD strings and are stored in `date` columns (a Date at UTC midnight).
import { romeInstant, romeToday } from '@beach/contracts';
import { formatItalianDate } from './format.js';

export const CENTRE_TIME_ZONE = 'Europe/Rome';

export function yearInRome(at: Date = new Date()): number {
  return Number(todayInRome(at).slice(0, 4));
}

/** The calendar day in Rome at that instant, as YYYY-MM-DD. */
export const todayInRome = romeToday;

/**
 * The instant of a Rome wall-clock day and time (YYYY-MM-DD, HH:MM; 24:00 is the next midnight) as a
 * Date; the contracts' `romeInstant` gives the same instant as ISO text for the wire.
 */
export const instantInRome = (date: string, time: string): Date => new Date(romeInstant(date, time));

/** A `date` column's value as YYYY-MM-DD. */
export const toIsoDate = (date: Date): string => date.toISOString().slice(0, 10);
export const toIsoDateOrNull = (date: Date | null): string | null => (date ? toIsoDate(date) : null);

/** YYYY-MM-DD as the Date a `date` column takes. */
export const fromIsoDate = (date: string): Date => new Date(`${date}T00:00:00Z`);
export const fromIsoDateOrNull = (date: string | null): Date | null => (date ? fromIsoDate(date) : null);

export { addDays } from '@beach/contracts';

const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: CENTRE_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/**
 * Each instant's HH:MM, kept: a list of bookings names the same few slot boundaries again and again, and Intl's
 * format was the planner's largest piece of its own work (bench/RESULTS.md, session 17). Bounded.
 */
const romeTimes = new Map<number, string>();
const ROME_TIMES_KEPT = 10_000;

/** HH:MM in Rome; an end at midnight reads 24:00. */
export const timeOf = (instant: Date, isEnd = false) => {
  const at = instant.getTime();
  let text = romeTimes.get(at);
  if (text === undefined) {
    text = romeTime.format(instant);
    if (romeTimes.size >= ROME_TIMES_KEPT) romeTimes.clear();
    romeTimes.set(at, text);
  }
  return isEnd && text === '00:00' ? '24:00' : text;
};

/** "dd/mm/yyyy HH:MM–HH:MM" in Rome: how e-mails, payments, receipts and Stripe's page name a booking's time. */
export const whenOf = (span: { startsAt: Date; endsAt: Date }) => `${formatItalianDate(todayInRome(span.startsAt))} ${timeOf(span.startsAt)}–${timeOf(span.endsAt, true)}`;
