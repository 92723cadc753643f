// A carnet bought online, as the payments module sees it (docs/domain.md#carnets): its completed payment
// makes the carnet once, and a refund on Stripe's side takes back the value and the uses it paid for.
import { accounts, available, balancesOf, credit, debit, post, settleDebt } from '../ledger/index.js';
import type { PaymentTarget } from '../payments/index.js';
import { issue } from './carnet-terms.js';
import type { MemberCarnets } from './member-carnets.js';

export function createCarnetPaymentTarget({ tellBought }: MemberCarnets) {
  /** A completed online purchase makes its carnet once: the payment may carry one carnet only. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, userId, payment) {
      if (await tx.carnet.findUnique({ where: { transactionId: payment.id } })) return true;
      const product = payment.carnetProductId === null ? null : await tx.carnetProduct.findUnique({ where: { id: payment.carnetProductId } });
      if (!product) return false;
      const carnet = await issue(tx, product, userId, payment, null);
      await tellBought(tx, await tx.user.findUniqueOrThrow({ where: { id: userId } }), carnet, 'card');
      return true;
    },

    /**
     * A carnet's payment refunded on Stripe's side takes back the value it still holds, and with it the
     * uses that value no longer pays for; what was already used the member owes.
     */
    async takenBack(tx, userId, payment, { cents, from, context }) {
      const carnet = await tx.carnet.findUnique({ where: { transactionId: payment.id } });
      if (!carnet) {
        await post(tx, { ...context, kind: 'stripe_refund', legs: [debit(accounts.debt(userId), cents), credit(from, cents)] });
        await settleDebt(tx, userId, `${context.key}:debt`, { transactionId: context.transactionId });
        return;
      }
      const account = accounts.carnet(carnet.id, userId);
      const left = available((await balancesOf(tx, [account.key], { lock: true }))[0]);
      const taken = Math.min(left, cents);
      await post(tx, { ...context, kind: 'stripe_refund', carnetId: carnet.id, legs: [debit(account, taken), debit(accounts.debt(userId), cents - taken), credit(from, cents)] });
      // Its entry leaves the uses the value left still pays in full (the ledger keeps `uses_left`).
      await settleDebt(tx, userId, `${context.key}:debt`, { transactionId: context.transactionId });
    },
  };

  return { paymentTarget };
}
