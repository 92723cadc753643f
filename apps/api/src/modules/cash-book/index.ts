// The cash-book module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerCashBookRoutes } from './cash-book.router.js';
export { createTillCounts } from './till-count.js';
