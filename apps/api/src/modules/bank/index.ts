// The bank module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerBankRoutes } from './bank.router.js';
export { createBankService } from './bank.service.js';
export { bankBalance, statementMismatches } from './bank-ledger.js';
export { camt053 } from './camt-fixture.js';
export type { TransferPayers } from './matching.js';
