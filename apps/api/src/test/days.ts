// Days for tests that need them still to come, whatever the day the suite runs: taken from next year's
// calendar (all of it in the future) for what they were chosen for, a weekday, a weekend, the Sunday the
// clocks change. A fixed date such as 2027-06-14 would fail such a test once it is past
// (docs/testing.md, "Session 19: days that do not rot").
import { addDays, todayInRome, yearInRome } from '../lib/time.js';

/** Next year in Rome: every one of its days is still to come. */
export const nextYear = (): number => yearInRome() + 1;

/** The day's weekday as a course or a series counts it: 1 = Monday … 7 = Sunday. */
const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The first day on or after `day` (YYYY-MM-DD) that falls on `weekday` (1 = Monday … 7 = Sunday). */
export const onOrAfter = (day: string, weekday: number): string => addDays(day, (weekday - weekdayOf(day) + 7) % 7);

/** Next year's first Monday on or after that month and day (MM-DD), e.g. `mondayNextYear('06-14')`. */
export const mondayNextYear = (monthDay: string): string => onOrAfter(`${nextYear()}-${monthDay}`, 1);

/** The Sunday Rome's clocks change in that year: the last of March (an hour forward) or of October (back). */
export const clockChangeSunday = (year: number, month: 'march' | 'october'): string => onOrAfter(`${year}-${month === 'march' ? '03' : '10'}-25`, 7);

/** DD/MM/YYYY, as e-mails and screens write a day: written out here, not taken from the product's formatter, so an expected text does not follow the code it checks. */
export const italianDay = (day: string): string => day.split('-').reverse().join('/');

/**
 * Today in Rome and the season a card bought today belongs to (default settings: 1 May – 30 September), read at
 * the call: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
 * `aSeasonDay`: a day a period card may start on, in the season and not in the past.
 */
export const seasonOfToday = () => {
  const today = todayInRome();
  const thisYear = Number(today.slice(0, 4));
  const seasonYear = today > `${thisYear}-09-30` ? thisYear + 1 : thisYear;
  const seasonStart = `${seasonYear}-05-01`;
  const aSeasonDay = today < seasonStart ? addDays(seasonStart, 10) : today;
  return { today, seasonYear, seasonStart, seasonEnd: `${seasonYear}-09-30`, aSeasonDay };
};
