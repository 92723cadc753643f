// The receipts module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerReceiptsRoutes } from './receipts.router.js';
export { enrolmentCausale } from './receipt-description.js';
export { createReceiptsService, receiptOfTransaction, receiptsOf } from './receipts.service.js';
export { COLORS, letterhead, MARGIN, rule } from './receipt-pdf.js';
export { DEDUCTION_WORDING, inDeductionAges, isTraceable, memberFiscalCode, traceabilityOf } from './sport-deduction.js';
