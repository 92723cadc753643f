import { api } from '@beach/contracts';
import { sendCsv } from '../../lib/csv.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { FinanceStatsService } from './finance-stats.service.js';
import type { ExpensesService, IncomesService } from './ledger.service.js';
import type { TransactionsService } from './transactions.service.js';

/** The module's own services, as the composition (services.ts) made them. */
interface FinanceServices {
  transactions: TransactionsService;
  expenses: ExpensesService;
  incomes: IncomesService;
  financeStats: FinanceStatsService;
}

export function registerFinanceRoutes(mount: MountRoute, { transactions, expenses, incomes, financeStats: stats }: FinanceServices) {
  // Before /:id, which would take "export" or "stats" for an id.
  mount(api.transactions.export, async ({ query }, { res }) => {
    sendCsv(res, `movimenti-${query.date_from ?? 'tutti'}.csv`, await transactions.exportCsv(query));
  });
  mount(api.transactions.list, ({ query }) => transactions.list(query));
  mount(api.transactions.show, ({ params }) => transactions.show(params.id));

  mount(api.expenses.stats, ({ query }) => stats.expenses(query));
  mount(api.expenses.list, ({ query }) => expenses.list(query));
  mount(api.expenses.create, ({ body }, { req }) => expenses.create(authOf(req).user.id, body));
  mount(api.expenses.update, ({ params, body }, { req }) => expenses.update(authOf(req).user.id, params.id, body));
  mount(api.expenses.remove, ({ params }, { req }) => expenses.remove(authOf(req).user.id, params.id));

  mount(api.incomes.stats, ({ query }) => stats.income(query));
  mount(api.incomes.list, ({ query }) => incomes.list(query));
  mount(api.incomes.create, ({ body }, { req }) => incomes.create(authOf(req).user.id, body));
  mount(api.incomes.update, ({ params, body }, { req }) => incomes.update(authOf(req).user.id, params.id, body));
  mount(api.incomes.remove, ({ params }, { req }) => incomes.remove(authOf(req).user.id, params.id));

  mount(api.liabilities.show, ({ query }) => stats.liabilities(query.date));
}
