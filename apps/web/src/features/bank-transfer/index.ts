// The bank-transfer feature's public face (member screens): what other features may import.
export { PayByTransfer, TransferDetails } from './components/pay-by-transfer';
export type { TransferOwed } from './api/transfer';
