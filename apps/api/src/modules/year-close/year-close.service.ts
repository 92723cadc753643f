// Closing the financial year (docs/annual-accounts.md#closing-the-year). The database refuses any ledger
// entry dated inside a closed year (trigger ledger_entries_year_closed); here the admin closes a year that
// is over, reopens one with a reason, and corrects a closed year's entry by reversing it in the open year.
import type { TFinancialYear } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { ClosedYear } from '../../generated/prisma/client.js';
import { audit, auditRow } from '../../lib/audit.js';
import { conflictOn, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
import { addDays, fromIsoDate, toIsoDate, todayInRome, yearInRome } from '../../lib/time.js';
import { reverse } from '../ledger/index.js';
import { type FinancialYear, financialYear, financialYearOf, financialYearStartMonth } from '../annual-accounts/index.js';

type Closure = ClosedYear & { closedBy: { firstName: string; lastName: string }; reopenedBy: { firstName: string; lastName: string } | null };

/** The closures' lock, taken shared by every back-dated entry (the trigger) and exclusively by a closing. */
const LOCK = 'closed_years';

const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/** A year may be closed from the second day after its end: an entry dated yesterday or later is never checked. */
const closableFrom = (year: FinancialYear) => addDays(year.to, 2);

function yearDto(year: FinancialYear, closures: Closure[], today: string): TFinancialYear {
  const mine = closures.filter((row) => toIsoDate(row.startsOn) === year.from);
  const closed = mine.find((row) => row.reopenedAt === null);
  const reopened = mine.filter((row) => row.reopenedAt !== null).at(-1);
  return {
    year: year.year, label: year.label, starts_on: year.from, ends_on: year.to,
    state: closed ? 'closed' : 'open', ended: closableFrom(year) <= today,
    closed_at: closed?.closedAt.toISOString() ?? null, closed_by: closed ? nameOf(closed.closedBy) : null,
    reopened: reopened ? { at: reopened.reopenedAt!.toISOString(), by: nameOf(reopened.reopenedBy!), reason: reopened.reopenReason! } : null,
  };
}

export function createYearCloseService({ db }: Pick<AppDeps, 'db'>) {
  const closuresOf = (startsOn?: string) =>
    db.closedYear.findMany({
      where: startsOn ? { startsOn: fromIsoDate(startsOn) } : {},
      include: { closedBy: { select: { firstName: true, lastName: true } }, reopenedBy: { select: { firstName: true, lastName: true } } },
      orderBy: { id: 'asc' },
    });

  const oneYear = async (year: FinancialYear) => yearDto(year, await closuresOf(year.from), todayInRome());

  return {
    /** Every financial year from the ledger's first entry to this one, the latest first. */
    async list() {
      const [first] = await db.$queryRaw<{ day: string | null }[]>`SELECT to_char(min(effective_at) AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day FROM ledger_entries`;
      const today = todayInRome();
      const startMonth = await financialYearStartMonth(db);
      const from = financialYearOf(first?.day ?? today, startMonth);
      const closures = await closuresOf();
      const years: TFinancialYear[] = [];
      for (let year = financialYearOf(today, startMonth); year >= Math.min(from, yearInRome() - 1); year -= 1) years.push(yearDto(financialYear(year, startMonth), closures, today));
      return { years };
    },

    async close(userId: number, yearNumber: number) {
      const year = financialYear(yearNumber, await financialYearStartMonth(db));
      if (closableFrom(year) > todayInRome()) {
        throw new AppError(409, `L’esercizio ${year.label} non è ancora finito: si può chiudere dal ${formatItalianDate(closableFrom(year))}.`);
      }
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${LOCK}))`;
        await auditRow(tx, { entity: 'closed_years', action: 'close' }, () =>
          tx.closedYear
            .create({ data: { startsOn: fromIsoDate(year.from), endsOn: fromIsoDate(year.to), closedById: userId } })
            .catch(conflictOn('closed_years_one_closure', `L’esercizio ${year.label} è già chiuso.`)),
        );
      }, TRANSACTION_OPTIONS);
      return { message: `Esercizio ${year.label} chiuso: nessun movimento può più avere una data al suo interno.`, year: await oneYear(year) };
    },

    async reopen(userId: number, yearNumber: number, reason: string) {
      const year = financialYear(yearNumber, await financialYearStartMonth(db));
      await db.$transaction(async (tx) => {
        const closed = await tx.closedYear.findFirst({ where: { startsOn: fromIsoDate(year.from), reopenedAt: null } });
        if (!closed) throw new AppError(409, `L’esercizio ${year.label} non è chiuso.`);
        await auditRow(tx, { entity: 'closed_years', id: closed.id, action: 'reopen' }, () =>
          tx.closedYear.update({ where: { id: closed.id }, data: { reopenedAt: new Date(), reopenedById: userId, reopenReason: reason } }),
        );
      }, TRANSACTION_OPTIONS);
      return { message: `Esercizio ${year.label} riaperto.`, year: await oneYear(year) };
    },

    /** A closed year's entry undone in the open year (today), naming it: the right figure is then recorded as usual. */
    async correct(userId: number, entryId: number, reason: string) {
      const [entry] = await db.$queryRaw<{ day: string }[]>`SELECT to_char(effective_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day FROM ledger_entries WHERE id = ${entryId}`;
      if (!entry) throw new AppError(404, 'Movimento non trovato.');
      const startMonth = await financialYearStartMonth(db);
      const year = financialYear(financialYearOf(entry.day, startMonth), startMonth);
      const closed = await db.closedYear.findFirst({ where: { startsOn: fromIsoDate(year.from), reopenedAt: null } });
      if (!closed) throw new AppError(409, `Il movimento n. ${entryId} è dell’esercizio ${year.label}, che è aperto: correggilo dove è stato registrato.`);
      const posted = await db.$transaction(async (tx) => {
        const reversal = await reverse(tx, entryId, {
          key: `year-correction:${entryId}`, kind: 'correction', createdById: userId, description: `Correzione del movimento n. ${entryId} (esercizio ${year.label}): ${reason}`,
        })
          .catch(conflictOn('ledger_accounts_never_overpaid', 'Lo storno renderebbe negativo un importo già pagato: correggi prima i pagamenti che ne dipendono.'))
          .catch(conflictOn('ledger_accounts_never_overdrawn', 'Lo storno renderebbe negativo un credito già speso: correggi prima i movimenti che ne dipendono.'));
        if (reversal?.created) await audit(tx, { entity: 'ledger_entries', id: reversal.id, action: 'adjust', before: null, after: { corrects: entryId, reason } });
        return reversal;
      }, TRANSACTION_OPTIONS);
      if (!posted?.created) throw new AppError(409, `Il movimento n. ${entryId} è già stato corretto.`);
      return { message: `Movimento n. ${entryId} stornato nell’esercizio aperto.`, entry_id: posted.id };
    },
  };
}

export type YearCloseService = ReturnType<typeof createYearCloseService>;
