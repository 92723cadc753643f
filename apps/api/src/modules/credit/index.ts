// The credit module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerCreditRoutes } from './credit.router.js';
export { createCreditService } from './credit.service.js';
export { creditHistoryOf } from './credit-statement.js';
