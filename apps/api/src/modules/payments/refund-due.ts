// A member's refunds due (docs/domain.md#refund-payable): card refunds of their payments that Stripe did
// not make — failed after it was asked, or refused while the payment was disputed. The money is theirs, in
// a refund_payable account of the payment, until the desk pays it out; never while a dispute of the payment
// holds its money (the bank may give it back to them: paying it too would pay them twice).
import type { Prisma, StripeRequest, Transaction } from '../../generated/prisma/client.js';
import { accounts, type AccountRef, available, balancesOf, credit, debit, debtOf, heldByDispute, memberAccounts, post } from '../ledger/index.js';

/** What a dispute of the payment holds now (its funds withdrawn and not yet reinstated nor lost). */
export async function disputeHolds(tx: Prisma.TransactionClient, paymentId: number): Promise<number> {
  const refunds = await tx.transaction.findMany({ where: { refundOfId: paymentId }, select: { id: true } });
  return heldByDispute(tx, [paymentId, ...refunds.map((row) => row.id)]);
}

/** The member's refunds due that hold money, each with its payment and whether a dispute holds it back. */
export async function refundsDueOf(tx: Prisma.TransactionClient, userId: number, { lock = false } = {}) {
  const rows = (await memberAccounts(tx, userId, ['refund_payable'], { lock })).filter((row) => available(row) > 0);
  return Promise.all(rows.map(async (row) => ({ account: row, paymentId: row.transactionId!, cents: available(row), held: (await disputeHolds(tx, row.transactionId!)) > 0 })));
}

/**
 * The money of a card refund Stripe did not make goes to the member's refund due, from `from` (the payment's
 * refund on its way, or Stripe clearing for one that had gone through: the entry then names its failed
 * refund row, whose money it brings back, not the payment); a guest's (no account) stays on its
 * way, for the desk to hand back (the reconciliation names it).
 */
export async function keepRefundDue(tx: Prisma.TransactionClient, payment: Transaction, request: Pick<StripeRequest, 'id' | 'amountCents'>, from: AccountRef, cameBack?: { rowId: number; refundId: string }) {
  const into = payment.userId === null ? accounts.refundPayable(payment.id) : accounts.refundDue(payment.userId, payment.id);
  await post(tx, {
    // Money coming back into Stripe clearing names its refund, which the reconciliation matches it to.
    key: cameBack ? `stripe-refund:${cameBack.refundId}:failed` : `stripe-request:${request.id}:failed`,
    kind: 'refund_failed',
    description: 'Rimborso sulla carta non riuscito: importo da restituire in segreteria',
    userId: payment.userId,
    transactionId: cameBack?.rowId ?? payment.id,
    legs: [debit(from, request.amountCents!), credit(into, request.amountCents!)],
  });
  await settleRefundDueBeyond(tx, payment, `${cameBack ? `stripe-refund:${cameBack.refundId}` : `stripe-request:${request.id}`}:failed:beyond`);
}

/**
 * A payment's refund due never pays back more than is left of the payment to give back (its amount less its
 * refunds that are not failed): money that went back on Stripe's side — a refund on its dashboard, a dispute
 * lost (the bank gave it back) — settles the same payment's refund due first, whichever of Stripe's news is
 * recorded first (docs/domain.md#disputes). What it settles pays what the member owes, the rest becomes their
 * credit as money paid in: never paid out twice.
 */
export async function settleRefundDueBeyond(tx: Prisma.TransactionClient, payment: Pick<Transaction, 'id' | 'userId' | 'amountCents'>, key: string) {
  if (payment.userId === null) return;
  const due = accounts.refundDue(payment.userId, payment.id);
  const [account] = await balancesOf(tx, [due.key], { lock: true });
  const { _sum } = await tx.transaction.aggregate({ where: { refundOfId: payment.id, type: 'refund', status: { not: 'failed' } }, _sum: { amountCents: true } });
  const beyond = available(account) - Math.max(0, payment.amountCents - (_sum.amountCents ?? 0));
  if (beyond <= 0) return;
  const owed = Math.min(beyond, await debtOf(tx, payment.userId, { lock: true }));
  await post(tx, {
    key,
    kind: 'refund_failed',
    description: 'Rimborso da ricevere già restituito dalla banca o su Stripe',
    userId: payment.userId,
    transactionId: payment.id,
    legs: [debit(due, beyond), credit(accounts.debt(payment.userId), owed), credit(accounts.funded(payment.userId, payment.id), beyond - owed)],
  });
}
