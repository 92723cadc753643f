// The receipts module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerReceiptsRoutes } from './receipts.router.js';
export { createReceiptsService, receiptOfTransaction, receiptsOf } from './receipts.service.js';
