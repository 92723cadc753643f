// Price list back-office (docs/domain.md#price-list): one year's list with every price code, its amounts, and
// "copy to next year". The unique (year, code) key makes a concurrent second copy fail, never double.
import { type api, type BodyOf, centsToMoney, PRICE_CODES, type TAdminPriceList } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { isUniqueViolation } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';

export const PRICE_LIST_MESSAGES = {
  notFound: (year: number) => `Non esiste un listino per il ${year}.`,
  nextExists: (year: number) => `Il listino ${year} esiste già: modificalo invece di copiarlo.`,
} as const;

export function createAdminPriceListService({ db }: Pick<AppDeps, 'db'>) {
  async function priceList(year: number): Promise<TAdminPriceList> {
    const [entries, years] = await Promise.all([
      db.priceListEntry.findMany({ where: { year } }),
      db.priceListEntry.findMany({ distinct: ['year'], select: { year: true }, orderBy: { year: 'asc' } }),
    ]);
    const byCode = new Map(entries.map((entry) => [entry.code, entry]));
    return {
      year,
      entries: PRICE_CODES.map((code) => {
        const entry = byCode.get(code);
        return { code, amount: entry ? centsToMoney(entry.amountCents) : null, note: entry?.note ?? null };
      }),
      years: years.map((row) => row.year),
    };
  }

  return {
    priceList,

    /** Saves the amounts given, all or nothing. */
    async save(year: number, body: BodyOf<typeof api.adminPricing.savePriceList>): Promise<TAdminPriceList> {
      await db.$transaction(
        body.entries.map((entry) =>
          db.priceListEntry.upsert({
            where: { year_code: { year, code: entry.code } },
            create: { year, code: entry.code, amountCents: entry.amount, note: entry.note },
            update: { amountCents: entry.amount, note: entry.note },
          }),
        ),
      );
      return priceList(year);
    },

    async copyToNextYear(year: number): Promise<TAdminPriceList> {
      const next = year + 1;
      const entries = await db.priceListEntry.findMany({ where: { year } });
      if (entries.length === 0) throw notFound(PRICE_LIST_MESSAGES.notFound(year));
      try {
        await db.$transaction(async (tx) => {
          if (await tx.priceListEntry.findFirst({ where: { year: next }, select: { id: true } })) throw new AppError(409, PRICE_LIST_MESSAGES.nextExists(next));
          await tx.priceListEntry.createMany({ data: entries.map((entry) => ({ year: next, code: entry.code, amountCents: entry.amountCents, note: entry.note })) });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, PRICE_LIST_MESSAGES.nextExists(next));
        throw error;
      }
      return priceList(next);
    },
  };
}

export type AdminPriceListService = ReturnType<typeof createAdminPriceListService>;
