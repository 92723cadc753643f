import { PRICE_CODES, type TPriceList } from '@beach/contracts';
import type { PriceCode } from '../../generated/prisma/enums.js';
import { type Db, Prisma } from '../../lib/db.js';
import { yearInRome } from '../../lib/time.js';

/** The year whose list is in force in `year`, as SQL: that year's, or else the most recent one before, or else the earliest after. */
export const priceYearInForce = (year: number) =>
  Prisma.sql`coalesce((SELECT max(year) FROM price_list_entries WHERE year <= ${year}), (SELECT min(year) FROM price_list_entries WHERE year > ${year}))`;

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
