// The refund rows of a payment (docs/domain.md#stripe-requests): one per Stripe refund, and the payment's
// status from those that went through.
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import type { Stripe } from '../../lib/stripe.js';

/** What a refund row of the payment shares with it: its kind, its payer and what it paid. */
export const refundOf = (payment: Transaction) => ({
  kind: payment.kind,
  type: 'refund' as const,
  refundOfId: payment.id,
  userId: payment.userId,
  membershipId: payment.membershipId,
  bookingId: payment.bookingId,
  bookingPlayerId: payment.bookingPlayerId,
  enrolmentId: payment.enrolmentId,
  tournamentPlayerId: payment.tournamentPlayerId,
});

/**
 * The refund row of a payment (type refund, with Stripe's refund id: one per refund) and the payment's
 * new status, refunded in part or in full.
 */
export async function recordRefundRow(tx: Prisma.TransactionClient, payment: Transaction, refund: Pick<Stripe.Refund, 'id' | 'amount' | 'created'>) {
  await tx.$queryRaw`SELECT id FROM transactions WHERE id = ${payment.id} FOR UPDATE`;
  const existing = await tx.transaction.findUnique({ where: { stripeRefundId: refund.id } });
  if (existing) return existing;
  const row = await tx.transaction.create({
    data: {
      ...refundOf(payment),
      amountCents: refund.amount,
      method: 'stripe',
      status: 'completed',
      stripeRefundId: refund.id,
      description: `Rimborso: ${payment.description ?? 'pagamento online'}`,
      paidAt: new Date(refund.created * 1000),
    },
  });
  await markRefunded(tx, payment);
  return row;
}

/** A payment's status from its refunds: refunded in full, in part, or as it was. */
export async function markRefunded(tx: Prisma.TransactionClient, payment: Pick<Transaction, 'id' | 'amountCents'>) {
  const { _sum } = await tx.transaction.aggregate({ where: { refundOfId: payment.id, status: 'completed' }, _sum: { amountCents: true } });
  const refunded = _sum.amountCents ?? 0;
  // A refund that failed after it had gone through no longer counts (docs/domain.md#refund-payable).
  const status = refunded >= payment.amountCents ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'completed';
  await tx.transaction.updateMany({ where: { id: payment.id, status: { in: ['completed', 'refunded', 'partially_refunded'] } }, data: { status } });
}
