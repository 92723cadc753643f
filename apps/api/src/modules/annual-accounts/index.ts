// The annual-accounts module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAnnualAccountsRoutes } from './annual-accounts.router.js';
export { createAnnualAccountsService } from './annual-accounts.service.js';
export { financialYear, financialYearAt, financialYearOf, financialYearStartMonth } from './financial-year.js';
export type { FinancialYear } from './financial-year.js';
