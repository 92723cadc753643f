// A person's age, for the rules that depend on it (card types, a minor's guardian). No imports, so
// every contract can use it without an import cycle.

/** Whole years of age on `date` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last minute asked for and its date: the day's grid and the forms' checks ask for today on every request, and Intl's formatting is dear. */
let lastAsked = { minute: Number.NaN, day: '' };

/** Today's date in the centre's time zone (YYYY-MM-DD). */
export const romeToday = (at: Date = new Date()): string => {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastAsked.minute) lastAsked = { minute, day: romeDay.format(at) };
  return lastAsked.day;
};
