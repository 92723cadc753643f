// The bank feature's public face: what other features may import.
export { PayByTransfer } from './components/pay-by-transfer';
