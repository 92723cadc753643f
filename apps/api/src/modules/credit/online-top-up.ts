// The online top-up (docs/domain.md#credit): the member opens a Stripe Checkout for an amount within the
// limits; its completed payment credits an account of its own, and a refund on Stripe's side takes it back.
import type { api, BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors.js';
import { localizedEuros, withValues } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { accounts, available, balancesOf, credit, debit, post, settleDebt, walletOf } from '../ledger/index.js';
import { checkoutItems, type Checkouts, type PaymentTarget } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { creditMessages } from './credit-terms.js';
import { topUpEmail } from './credit.emails.js';

export function createOnlineTopUp({ db, jobs, config }: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts) {
  /** A completed online top-up credits its amount once, to an account of its own. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, userId, payment) {
      await post(tx, {
        key: `payment:${payment.id}`,
        kind: 'top_up',
        description: 'Ricarica online',
        userId,
        transactionId: payment.id,
        legs: [debit(accounts.stripe, payment.amountCents), credit(accounts.funded(userId, payment.id), payment.amountCents)],
      });
      await settleDebt(tx, userId, `payment:${payment.id}:debt`, { transactionId: payment.id });
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      const { available: balance } = await walletOf(tx, userId);
      await jobs.send('send-email', topUpEmail(user, payment.amountCents, balance, `${webOriginOf(config)}/profilo`), { tx });
      return true;
    },
    /** A top-up refunded on Stripe's side takes back the credit it left; what was spent already the member owes. */
    async takenBack(tx, userId, payment, { cents, from, context }) {
      const topUp = accounts.funded(userId, payment.id);
      const left = available((await balancesOf(tx, [topUp.key], { lock: true }))[0]);
      const taken = Math.min(left, cents);
      await post(tx, { ...context, kind: 'stripe_refund', legs: [debit(topUp, taken), debit(accounts.debt(userId), cents - taken), credit(from, cents)] });
      await settleDebt(tx, userId, `${context.key}:debt`, { transactionId: context.transactionId });
    },
  };

  return {
    paymentTarget,

    async topUp(user: User, { amount }: BodyOf<typeof api.credit.topUp>) {
      const settings = await readSettings(db);
      if (amount < settings.creditTopUpMinCents || amount > settings.creditTopUpMaxCents) {
        const message = withValues(creditMessages.topUpRange, { min: localizedEuros(settings.creditTopUpMinCents), max: localizedEuros(settings.creditTopUpMaxCents) });
        throw new AppError(422, message, { amount: [message] });
      }
      const checkoutUrl = await checkouts.open({
        kind: 'credit',
        targetId: user.id,
        customer: user,
        amountCents: amount,
        itemName: checkoutItems.topUp(amount),
        cancelPath: '/profilo?pagamento=annullato',
      });
      return { checkout_url: checkoutUrl };
    },
  };
}
