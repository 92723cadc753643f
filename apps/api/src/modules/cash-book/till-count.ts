// The desk's till count at closing (docs/annual-accounts.md#the-cash-book): the cash counted against the
// ledger's cash till; the difference is posted as such — an entry whose key names the count, between the
// till and `adjustments` — so the till then holds what was counted. Counts take turns (an advisory lock):
// each reads the till after the one before it has posted its difference.
import { centsToMoney, type TTillCount, type TTillDay, type z, type ZTillCountBody } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { TillCount } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { formatEuros } from '../../lib/format.js';
import { fromIsoDate, todayInRome } from '../../lib/time.js';
import { accounts, credit, debit, post } from '../ledger/index.js';
import { cashTillBalance } from './cash-book.js';

type Counted = TillCount & { countedBy: { firstName: string; lastName: string } };

const countDto = (row: Counted): TTillCount => ({
  id: row.id, counted_at: row.countedAt.toISOString(), counted: centsToMoney(row.countedCents), ledger: centsToMoney(row.ledgerCents),
  difference: centsToMoney(row.countedCents - row.ledgerCents), note: row.note, by: `${row.countedBy.firstName} ${row.countedBy.lastName}`,
});

const WHO = { countedBy: { select: { firstName: true, lastName: true } } } as const;

export function createTillCounts({ db }: Pick<AppDeps, 'db'>) {
  return {
    async today(): Promise<TTillDay> {
      const day = todayInRome();
      const [balance, counts] = await Promise.all([cashTillBalance(db), db.tillCount.findMany({ where: { day: fromIsoDate(day) }, include: WHO, orderBy: { id: 'desc' } })]);
      return { day, till_balance: centsToMoney(balance), counts: counts.map(countDto) };
    },

    async count(userId: number, { counted, note }: z.output<typeof ZTillCountBody>) {
      const till = accounts.till('cash');
      const row = await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('till-count'))`;
        const ledgerCents = await cashTillBalance(tx);
        const made = await auditRow(tx, { entity: 'till_counts', action: 'create' }, () =>
          tx.tillCount.create({ data: { day: fromIsoDate(todayInRome()), countedCents: counted, ledgerCents, note, countedById: userId }, include: WHO }),
        );
        const difference = counted - ledgerCents;
        await post(tx, {
          key: `till-count:${made.id}`, kind: 'correction', createdById: userId,
          description: `Differenza di cassa al conteggio n. ${made.id}${note ? `: ${note}` : ''}`,
          legs: difference > 0 ? [debit(till, difference), credit(accounts.adjustments, difference)] : [debit(accounts.adjustments, -difference), credit(till, -difference)],
        });
        return made;
      }, TRANSACTION_OPTIONS);
      const difference = row.countedCents - row.ledgerCents;
      const message = difference === 0 ? 'Conteggio registrato: la cassa corrisponde al registro.' : `Conteggio registrato: differenza di ${formatEuros(difference)} registrata.`;
      return { message, count: countDto(row) };
    },
  };
}

export type TillCounts = ReturnType<typeof createTillCounts>;
