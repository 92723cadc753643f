// Price list back-office (docs/domain.md#price-list): one year's list with every price code, its amounts, and
// "copy to next year". The unique (year, code) key makes a concurrent second copy fail, never double.
// A list has no row of its own: the audit log names it by its year, with its entries as the screen shows them.
import { type api, type BodyOf, centsToMoney, PRICE_CODES, type TAdminPriceList } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { audit } from '../../lib/audit.js';
import { type Db, isUniqueViolation, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';

export const PRICE_LIST_MESSAGES = {
  notFound: (year: number) => `Non esiste un listino per il ${year}.`,
  nextExists: (year: number) => `Il listino ${year} esiste già: modificalo invece di copiarlo.`,
} as const;

/** Every price code of the year, in its order, with its amount as money (null where the list lacks it). */
async function entriesOf(db: Db | Prisma.TransactionClient, year: number): Promise<TAdminPriceList['entries']> {
  const byCode = new Map((await db.priceListEntry.findMany({ where: { year } })).map((entry) => [entry.code, entry]));
  return PRICE_CODES.map((code) => {
    const entry = byCode.get(code);
    return { code, amount: entry ? centsToMoney(entry.amountCents) : null, note: entry?.note ?? null };
  });
}

export function createAdminPriceListService({ db }: Pick<AppDeps, 'db'>) {
  async function priceList(year: number): Promise<TAdminPriceList> {
    const [entries, years] = await Promise.all([
      entriesOf(db, year),
      db.priceListEntry.findMany({ distinct: ['year'], select: { year: true }, orderBy: { year: 'asc' } }),
    ]);
    return { year, entries, years: years.map((row) => row.year) };
  }

  return {
    priceList,

    /** Saves the amounts given, all or nothing. */
    async save(year: number, body: BodyOf<typeof api.adminPricing.savePriceList>): Promise<TAdminPriceList> {
      await db.$transaction(async (tx) => {
        const before = await entriesOf(tx, year);
        for (const entry of body.entries) {
          await tx.priceListEntry.upsert({
            where: { year_code: { year, code: entry.code } },
            create: { year, code: entry.code, amountCents: entry.amount, note: entry.note },
            update: { amountCents: entry.amount, note: entry.note },
          });
        }
        await audit(tx, { entity: 'price_lists', id: year, action: 'update', before, after: await entriesOf(tx, year), subjectUserId: null });
      }, TRANSACTION_OPTIONS);
      return priceList(year);
    },

    /** Recorded under the year it makes, which had no list before. */
    async copyToNextYear(year: number): Promise<TAdminPriceList> {
      const next = year + 1;
      const entries = await db.priceListEntry.findMany({ where: { year } });
      if (entries.length === 0) throw notFound(PRICE_LIST_MESSAGES.notFound(year));
      try {
        await db.$transaction(async (tx) => {
          if (await tx.priceListEntry.findFirst({ where: { year: next }, select: { id: true } })) throw new AppError(409, PRICE_LIST_MESSAGES.nextExists(next));
          await tx.priceListEntry.createMany({ data: entries.map((entry) => ({ year: next, code: entry.code, amountCents: entry.amountCents, note: entry.note })) });
          await audit(tx, { entity: 'price_lists', id: next, action: 'copy', before: null, after: await entriesOf(tx, next), subjectUserId: null });
        }, TRANSACTION_OPTIONS);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, PRICE_LIST_MESSAGES.nextExists(next));
        throw error;
      }
      return priceList(next);
    },
  };
}

export type AdminPriceListService = ReturnType<typeof createAdminPriceListService>;
