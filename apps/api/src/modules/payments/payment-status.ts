// What a payment row's status says (docs/domain.md#payments): settled once its money moved; while its
// checkout is open, failed as soon as Stripe declined a card in it (the member may still pay it there).
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import type { PaymentStatus } from '../../generated/prisma/enums.js';

/** Rows whose money moved: a payment counts once it is settled, whatever was refunded since; a refund once done. */
export const SETTLED_STATUSES = ['completed', 'refunded', 'partially_refunded'] as const satisfies PaymentStatus[];

/** The status shown (the transactions, a member's payments): an open checkout whose card Stripe declined reads failed. */
export const shownStatus = (payment: Pick<Transaction, 'status' | 'declinedAt'>): PaymentStatus =>
  payment.status === 'pending' && payment.declinedAt !== null ? 'failed' : payment.status;

/** The rows whose shown status is `status`. */
export function shownStatusWhere(status: PaymentStatus): Prisma.TransactionWhereInput {
  if (status === 'failed') return { OR: [{ status: 'failed' }, { status: 'pending', declinedAt: { not: null } }] };
  if (status === 'pending') return { status: 'pending', declinedAt: null };
  return { status };
}
