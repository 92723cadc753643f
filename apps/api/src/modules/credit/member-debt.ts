// What a member owes the centre, paid (docs/domain.md#credit, "Debt"): the desk collects it in cash, by
// POS or from the member's paid-in credit, and the member pays it online by card (a payment of kind debt).
// Either way the money comes in as a completed payment with its receipt and one `debt_settled` entry takes
// it off the debt, which never goes below zero (the debt account's CHECK).
import { CARD_MINIMUM_CENTS, centsToMoney, defineMessages, type api, type BodyOf } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { conflictOn, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { accounts, available, balancesOf, credit, debit, debtOf, INSUFFICIENT_CREDIT, payDebt, post, settleDebt, walletOf } from '../ledger/index.js';
import { refuseOwnMoney } from '../auth/index.js';
import type { Checkouts, PaymentTarget } from '../payments/index.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { auditCreditEntry } from './credit-audit.js';
import { debtSettledEmail } from './credit.emails.js';
import type { CreditReads } from './credit-statement.js';

export const debtMessages = defineMessages({
  settled: /* i18n */ { id: 'api.debt.settled', message: 'Incassato quanto il socio doveva al centro.' },
  nothingOwed: /* i18n */ { id: 'api.debt.nothing_owed', message: 'Non c’è nulla da saldare: nessun importo dovuto al centro.' },
  belowCardMinimum: /* i18n */ { id: 'api.debt.below_card_minimum', message: 'Un importo sotto 0,50 € non si paga con la carta: saldalo in segreteria.' },
});

const DESCRIPTION = 'Saldo di quanto dovuto al centro';

export function createMemberDebt({ db, jobs, config }: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, { memberOf }: Pick<CreditReads, 'memberOf'>) {
  /** What is owed (with `lock`, under the debt account's lock: two collections of one debt take turns); 409 when nothing. */
  async function openDebt(sql: Parameters<typeof debtOf>[0], userId: number, { lock = false } = {}) {
    const owed = await debtOf(sql, userId, { lock });
    if (owed <= 0) throw new AppError(409, debtMessages.nothingOwed);
    return owed;
  }

  /** A debt paid online settles what it paid once; paid beyond what is still owed (settled at the desk meanwhile), it is refunded. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, userId, payment) {
      if (payment.amountCents > (await debtOf(tx, userId, { lock: true }))) return false;
      await payDebt(tx, userId, payment.amountCents, accounts.stripe, { key: `payment:${payment.id}`, transactionId: payment.id, description: DESCRIPTION });
      return true;
    },
    /** Taken back on Stripe's side: the member owes it again (paid-in credit settles it first, as always). */
    async takenBack(tx, userId, _payment, { cents, from, context }) {
      await post(tx, { ...context, kind: 'stripe_refund', userId, legs: [debit(accounts.debt(userId), cents), credit(from, cents)] });
      await settleDebt(tx, userId, `${context.key}:debt`, { transactionId: context.transactionId });
    },
  };

  return {
    paymentTarget,

    /**
     * The desk collects the whole debt (docs/domain.md#credit): cash or POS is a completed payment (its
     * receipt follows); credit is the member's paid-in credit, which must cover it. On one's own account
     * only an admin does (nobody handles money on their own account). The member is e-mailed.
     */
    async settle(staff: User, userId: number, { method }: BodyOf<typeof api.memberDebt.settle>) {
      await memberOf(userId);
      refuseOwnMoney(staff, [userId]);
      await db
        .$transaction(async (tx) => {
          const owed = await openDebt(tx, userId, { lock: true });
          let entry;
          if (method === 'credit') {
            const wallet = await walletOf(tx, userId, { lock: true });
            const paidIn = wallet.accounts.filter((row) => row.kind === 'credit_funded').reduce((total, row) => total + available(row), 0);
            if (paidIn < owed) throw new AppError(409, INSUFFICIENT_CREDIT);
            // Named by the debt it settles (what the debt account had been charged so far), never by the clock.
            const [debt] = await balancesOf(tx, [accounts.debt(userId).key]);
            entry = await settleDebt(tx, userId, `debt:${userId}:charged:${debt!.debitsPosted}:credit`, { createdById: staff.id });
          } else {
            const payment = await tx.transaction.create({ data: { kind: 'debt', userId, amountCents: owed, method, status: 'completed', paidAt: new Date(), description: DESCRIPTION } });
            entry = await payDebt(tx, userId, owed, accounts.till(method), { key: `payment:${payment.id}`, transactionId: payment.id, createdById: staff.id, description: DESCRIPTION });
          }
          await auditCreditEntry(tx, 'mark-paid', userId, entry!.id);
          // The member is e-mailed, in their language, as about every movement the desk makes.
          const member = await tx.user.findUniqueOrThrow({ where: { id: userId } });
          await jobs.send('send-email', debtSettledEmail(member, owed, method === 'credit', `${webOriginOf(config)}/profilo`), { tx });
        }, TRANSACTION_OPTIONS)
        .catch(conflictOn('ledger_accounts_never_overpaid', debtMessages.nothingOwed));
      return { message: debtMessages.settled, owed: centsToMoney(await debtOf(db, userId)) };
    },

    /** The member pays what they owe online: a Checkout for the whole debt (its webhook settles it). */
    async checkout(user: User) {
      const owed = await openDebt(db, user.id);
      // Stripe charges at least 0,50 € in euros.
      if (owed < CARD_MINIMUM_CENTS) throw new AppError(409, debtMessages.belowCardMinimum);
      const checkoutUrl = await checkouts.open({ kind: 'debt', targetId: user.id, customer: user, amountCents: owed, itemName: DESCRIPTION, cancelPath: '/profilo?pagamento=annullato' });
      return { checkout_url: checkoutUrl };
    },
  };
}
