// The refund rows of a payment (docs/domain.md#stripe-requests): one per Stripe refund, and the payment's
// status from those that went through.
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import type { PaymentStatus } from '../../generated/prisma/enums.js';
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
export function markRefunded(tx: Prisma.TransactionClient, payment: Pick<Transaction, 'id' | 'amountCents'>) {
  return markRefundedAll(tx, [payment]);
}

/** markRefunded for many payments at once: their refunds summed in one statement, a statement per status set. */
export async function markRefundedAll(tx: Prisma.TransactionClient, payments: Pick<Transaction, 'id' | 'amountCents'>[]) {
  if (payments.length === 0) return;
  const sums = await tx.transaction.groupBy({ by: ['refundOfId'], where: { refundOfId: { in: payments.map((payment) => payment.id) }, status: 'completed' }, _sum: { amountCents: true } });
  const byStatus = new Map<PaymentStatus, number[]>();
  for (const payment of payments) {
    const refunded = sums.find((row) => row.refundOfId === payment.id)?._sum.amountCents ?? 0;
    // A refund that failed after it had gone through no longer counts (docs/domain.md#refund-payable).
    const status = refunded >= payment.amountCents ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'completed';
    byStatus.set(status, [...(byStatus.get(status) ?? []), payment.id]);
  }
  for (const [status, ids] of byStatus) await tx.transaction.updateMany({ where: { id: { in: ids }, status: { in: ['completed', 'refunded', 'partially_refunded'] } }, data: { status } });
}
