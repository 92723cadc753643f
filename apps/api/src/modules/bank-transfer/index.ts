// Paying by transfer (docs/annual-accounts.md#paying-by-transfer) as the rest of the API sees it: the RF
// references made from what is owed and read back from a statement, and the details printed on every amount
// due — IBAN, holder, amount, reference, EPC QR code. Its own module so that the bank (which matches the
// references) and the modules that bill (their e-mails, their prints) both use it without importing each other.
export { creditorReference, findCreditorReference, isValidCreditorReference, owedOf, referenceOf } from './creditor-reference.js';
export type { Owed } from './creditor-reference.js';
export { associationAccount, transferDetails, transferTo } from './transfer-details.js';
export type { BankAccount } from './transfer-details.js';
export { transferForEmail } from './transfer-email.js';
export type { TransferInEmail } from './transfer-email.js';
