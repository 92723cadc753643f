// Stats for the dashboard chart (docs/domain.md#finance): every Rome month of the asked range, income by
// source and expenses, and the liabilities (money received, not yet earned), from the shared computation in revenue.ts.
import { type api, centsToMoney, type QueryOf, type TExpenseStats, type TIncomeStats } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { expensesByMonth, incomeByMonth, liabilities } from './revenue.js';

type StatsQuery = QueryOf<typeof api.expenses.stats>;

/** Every month from the month of `from` to the month of `to`, as YYYY-MM. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return months;
    months.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

const yearAndMonth = (key: string) => ({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) });

export function createFinanceStatsService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async income(query: StatsQuery): Promise<TIncomeStats> {
      const rows = await incomeByMonth(db, { from: query.date_from, to: query.date_to });
      const byMonth = monthsOf(query.date_from, query.date_to).map((key) => {
        const row = rows.find((candidate) => candidate.month === key);
        const [membership, booking, extra, school] = [row?.membership ?? 0, row?.booking ?? 0, row?.extra ?? 0, row?.school ?? 0];
        return { ...yearAndMonth(key), membership, booking, extra, school, total: membership + booking + extra + school };
      });
      return {
        by_month: byMonth.map((month) => ({
          year: month.year,
          month: month.month,
          total: centsToMoney(month.total),
          membership: centsToMoney(month.membership),
          booking: centsToMoney(month.booking),
          extra: centsToMoney(month.extra),
          school: centsToMoney(month.school),
        })),
        total: centsToMoney(byMonth.reduce((sum, month) => sum + month.total, 0)),
      };
    },

    async expenses(query: StatsQuery): Promise<TExpenseStats> {
      const rows = await expensesByMonth(db, { from: query.date_from, to: query.date_to });
      const trend = monthsOf(query.date_from, query.date_to).map((key) => ({ ...yearAndMonth(key), cents: rows.find((row) => row.month === key)?.expenses ?? 0 }));
      return {
        monthly_trend: trend.map(({ year, month, cents }) => ({ year, month, total: centsToMoney(cents) })),
        total: centsToMoney(trend.reduce((sum, month) => sum + month.cents, 0)),
      };
    },

    liabilities: (day?: string) => liabilities(db, day),
  };
}

export type FinanceStatsService = ReturnType<typeof createFinanceStatsService>;
