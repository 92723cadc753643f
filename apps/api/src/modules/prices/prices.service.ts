import { PRICE_CODES, type TPriceList } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { PriceCode } from '../../generated/prisma/enums.js';
import { type Db, Prisma, rowsOf } from '../../lib/db.js';
import { yearInRome } from '../../lib/time.js';

/** The year whose list is in force in `year`, as SQL: that year's, or else the most recent one before, or else the earliest after. */
export const priceYearInForce = (year: number) =>
  Prisma.sql`coalesce((SELECT max(year) FROM price_list_entries WHERE year <= ${year}), (SELECT min(year) FROM price_list_entries WHERE year > ${year}))`;

/** The amounts of the list in force in `year` as SQL: one JSON object, price code → cents. */
export const pricesInForceSql = (year: number) =>
  Prisma.sql`(SELECT coalesce(json_object_agg(code, amount_cents), '{}') FROM price_list_entries WHERE year = ${priceYearInForce(year)})`;

/** Price code → cents, of one list; a code the list lacks is absent. */
export type PriceTable = ReadonlyMap<PriceCode, number>;

export const priceTableOf = (json: Partial<Record<PriceCode, number>>): PriceTable => new Map(Object.entries(json) as [PriceCode, number][]);

/** The amounts of the list in force in `year`: what every price of a card or a booking is read from. */
export async function pricesInForce(db: Pick<Db, '$queryRaw'>, year: number): Promise<PriceTable> {
  // Past Prisma's client outside a transaction: the planner and every booking's price read it.
  const [row] = await rowsOf<{ prices: Partial<Record<PriceCode, number>> }>(db, Prisma.sql`SELECT ${pricesInForceSql(year)} AS prices`);
  return priceTableOf(row!.prices);
}

export function createPricesService({ db }: Pick<AppDeps, 'db'>) {
  return { current: (year?: number) => priceListInForce(db, year) };
}

export type PricesService = ReturnType<typeof createPricesService>;

/**
 * The price list in force in `year` (default: this year in Rome): that year's list, or else the most
 * recent one published before it, or else the earliest one published after it.
 */
export async function priceListInForce(db: Db, year = yearInRome()): Promise<TPriceList> {
  // One round trip: the year is chosen inside the query (the grid of the day reads this on every request).
  const entries = await db.$queryRaw<{ year: number; code: PriceCode; amountCents: number; note: string | null }[]>`
    SELECT year, code, amount_cents AS "amountCents", note FROM price_list_entries
    WHERE year = ${priceYearInForce(year)}`;
  if (entries.length === 0) return { year, entries: [] };
  entries.sort((a, b) => PRICE_CODES.indexOf(a.code) - PRICE_CODES.indexOf(b.code));
  return {
    year: entries[0]!.year,
    entries: entries.map((entry) => ({ code: entry.code, amount_cents: entry.amountCents, note: entry.note })),
  };
}
