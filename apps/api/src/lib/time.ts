// The centre runs on Rome time: days, seasons and price-list years are computed there.
export const CENTRE_TIME_ZONE = 'Europe/Rome';

export function yearInRome(at: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: CENTRE_TIME_ZONE, year: 'numeric' }).format(at));
}
