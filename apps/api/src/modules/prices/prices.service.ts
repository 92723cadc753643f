import { PRICE_CODES, type TPriceList } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import { yearInRome } from '../../lib/time.js';

/**
 * The price list in force in `year` (default: this year in Rome): that year's list, or else the most
 * recent one published before it, or else the earliest one published after it.
 */
export async function priceListInForce(db: Db, year = yearInRome()): Promise<TPriceList> {
  const published =
    (await db.priceListEntry.findFirst({ where: { year: { lte: year } }, orderBy: { year: 'desc' }, select: { year: true } })) ??
    (await db.priceListEntry.findFirst({ where: { year: { gt: year } }, orderBy: { year: 'asc' }, select: { year: true } }));
  if (!published) return { year, entries: [] };
  const entries = await db.priceListEntry.findMany({ where: { year: published.year } });
  entries.sort((a, b) => PRICE_CODES.indexOf(a.code) - PRICE_CODES.indexOf(b.code));
  return {
    year: published.year,
    entries: entries.map((entry) => ({ code: entry.code, amount_cents: entry.amountCents, note: entry.note })),
  };
}
