// The ledger module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { accounts, bookingReceivable, enrolmentReceivable, membershipReceivable, moneyAccount, shareReceivable, tournamentReceivable } from './accounts.js';
export type { AccountRef } from './accounts.js';
export { contentHashOf } from './content-hash.js';
export { earnExpiredCarnets, returnCarnetUse, spendUse } from './carnet-uses.js';
export { available, balancesOf, credit, debit, holdsOf, lapsedHolds, memberAccounts, openHoldsOf, post, postMany, resolve, reverse } from './ledger.js';
export type { Entry, HoldResolution, Posted, Sql } from './ledger.js';
export { charge, chargeEntry, discount, moveOwed, owedBy, owedOne, payment, paymentEntry, settlingLegs, writeOff, writeOffEntry } from './receivables.js';
export type { EntryContext, Part } from './receivables.js';
export { giveBackCredit, giveBackCredits, giveBackMoney, giveBackMoneyEntry, heldByDispute, settlementsOn, takeBackPayment } from './returns.js';
export type { Settlement } from './returns.js';
export { INSUFFICIENT_CREDIT, debtOf, debtWarningOf, payDebt, settleDebt, spendingLegs, walletAccountsSpentBy, walletOf } from './wallet.js';
