// The finance module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { createFinanceStatsService } from './finance-stats.service.js';
export { registerFinanceRoutes } from './finance.router.js';
export { createExpensesService, createIncomesService } from './ledger.service.js';
export { liabilities, revenueTotals } from './revenue.js';
export { createTransactionsService } from './transactions.service.js';
