// The annual accounts' use cases (docs/annual-accounts.md#the-annual-accounts): the financial year setting,
// the year's statements, the entries behind a figure, the PDF, CSV and XLSX, and the mapping table.
import { centsToMoney, lineOf, type TAccountsMappingBody, type TAccountsScheme, type TFinancialYears } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { pagedList, type PageRequest, skipTake } from '../../lib/paging.js';
import { toIsoDate, todayInRome } from '../../lib/time.js';
import { letterheadOf, readAssociation } from '../association/index.js';
import { saveSettings } from '../settings/index.js';
import { renderAnnualAccountsCsv } from './annual-accounts-csv.js';
import { renderAnnualAccountsPdf } from './annual-accounts-pdf.js';
import { renderAnnualAccountsXlsx } from './annual-accounts-xlsx.js';
import { firstLedgerDay, lineEntries, type MemberSpan } from './contributions.js';
import { financialYear, financialYearOf, financialYearStartMonth } from './financial-year.js';
import { listMappings, saveMapping } from './mappings.js';
import { annualAccounts } from './statement.js';

export function createAnnualAccountsService({ db }: Pick<AppDeps, 'db'>) {
  const yearOf = async (year: number) => financialYear(year, await financialYearStartMonth(db));

  /** The members' cards that cover some day of the year (paid: active or since expired). */
  const membersIn = async (year: ReturnType<typeof financialYear>): Promise<MemberSpan[]> =>
    (
      await db.membership.findMany({
        where: { status: { in: ['active', 'expired'] }, startDate: { lte: new Date(`${year.to}T00:00:00Z`) }, endDate: { gte: new Date(`${year.from}T00:00:00Z`) } },
        select: { userId: true, startDate: true, endDate: true },
      })
    ).map((card) => ({ userId: card.userId, from: toIsoDate(card.startDate), to: toIsoDate(card.endDate) }));

  const statementOf = async (year: number) => {
    const period = await yearOf(year);
    return annualAccounts(db, period, await membersIn(period));
  };

  async function years(): Promise<TFinancialYears> {
    const startMonth = await financialYearStartMonth(db);
    const current = financialYearOf(todayInRome(), startMonth);
    const first = await firstLedgerDay(db);
    const oldest = first ? Math.min(financialYearOf(first, startMonth), current) : current;
    return { start_month: startMonth, current_year: current, years: Array.from({ length: current - oldest + 1 }, (_, index) => current - index) };
  }

  return {
    years,
    async saveFinancialYear(startMonth: number) {
      await saveSettings(db, { financialYearStartMonth: startMonth });
      return years();
    },
    statement: statementOf,
    async entries(year: number, scheme: TAccountsScheme, line: string, page: PageRequest) {
      if (!lineOf(scheme, line)) throw notFound('Voce non trovata in questo schema.');
      const period = await yearOf(year);
      const rows = await lineEntries(db, period, await membersIn(period), scheme, line, skipTake(page));
      const side = lineOf(scheme, line)!.side;
      const data = rows.map((row) => ({
        id: row.id,
        key: row.key,
        kind: row.kind,
        effective_on: todayInRome(row.effective_at),
        description: row.description,
        amount: centsToMoney(side === 'in' ? row.amount : -row.amount),
      }));
      return pagedList(data, rows[0]?.total ?? 0, page);
    },
    async pdf(year: number) {
      const [accounts, association] = await Promise.all([statementOf(year), readAssociation(db)]);
      return { label: accounts.label, file: await renderAnnualAccountsPdf(letterheadOf(association), accounts) };
    },
    async csv(year: number) {
      const accounts = await statementOf(year);
      return { label: accounts.label, csv: renderAnnualAccountsCsv(accounts) };
    },
    async xlsx(year: number) {
      const accounts = await statementOf(year);
      return { label: accounts.label, file: await renderAnnualAccountsXlsx(accounts) };
    },
    mappings: () => listMappings(db),
    saveMapping: (id: number, body: TAccountsMappingBody) => saveMapping(db, id, body),
  };
}
export type AnnualAccountsService = ReturnType<typeof createAnnualAccountsService>;
