// Paying a card (docs/domain.md#memberships): Stripe Checkout for a member's request, the payment target
// that pays and activates it, activation itself (once, online or at the desk), and withdrawing a request.
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { releaseCoupon } from '../coupons/index.js';
import { refuseOwnMoney } from '../auth/index.js';
import { accounts, membershipReceivable, moneyAccount, owedOne, payment as paymentEntry, takeBackPayment, writeOff } from '../ledger/index.js';
import { checkoutItems, type Checkouts, type PaymentTarget } from '../payments/index.js';
import { lockMembership } from './membership-lock.js';
import { membershipMessages } from './membership-terms.js';
import { CARD_NAME } from './membership-words.js';
import type { MembershipReads } from './membership-view.js';
import { toMyMembershipDto, type MembershipWithPayments } from './memberships.dto.js';

export function createMembershipPayments(deps: Pick<AppDeps, 'db' | 'config' | 'jobs'>, checkouts: Checkouts, { ownMembership }: MembershipReads) {
  const { db, config, jobs } = deps;

  const openCheckout = (membership: MembershipWithPayments, user: User) =>
    checkouts.open({
      kind: 'membership',
      targetId: membership.id,
      customer: user,
      amountCents: membership.priceCents,
      itemName: checkoutItems.membership(CARD_NAME[membership.type], membership.membershipNumber),
      cancelPath: '/tesseramento?pagamento=annullato',
    });

  /**
   * Pending → active, once: the status-guarded update is the activating flag, so a payment and the desk
   * never both activate (false: the card was not pending). The PDF and its e-mail follow as a job of
   * the same transaction unless the desk says not to send it.
   */
  async function activate(tx: Prisma.TransactionClient, membershipId: number, sendEmail = true) {
    const activated = await tx.membership.updateMany({ where: { id: membershipId, status: 'pending' }, data: { status: 'active', activatedAt: new Date() } });
    if (activated.count === 0) return false;
    if (sendEmail) await jobs.send('membership-activated', { membershipId }, { tx });
    return true;
  }

  /** Paying online pays what the card owes and activates it; a card no longer waiting for it is refunded. */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, membershipId, payment) {
      const card = await lockMembership(tx, membershipId);
      if (card?.status !== 'pending') return false;
      const receivable = membershipReceivable(membershipId);
      const owed = await owedOne(tx, receivable.account, { lock: true });
      if (owed !== payment.amountCents) return false;
      await paymentEntry(tx, `payment:${payment.id}`, accounts.stripe, [{ receivable, cents: owed }], { membershipId, userId: card.userId, transactionId: payment.id, description: payment.description });
      return activate(tx, membershipId);
    },
    /** A card's payment taken back on Stripe's side: the card owes it again (the desk sees it); a card deleted meanwhile, only money out. */
    async takenBack(tx, membershipId, payment, { cents, from, context }) {
      const exists = await tx.membership.findUnique({ where: { id: membershipId }, select: { id: true } });
      await takeBackPayment(tx, { paymentId: payment.id, receivables: [accounts.membership(membershipId)], cents, from, stands: exists !== null, userId: payment.userId, context: { ...context, membershipId } });
    },
  };

  /**
   * A bank transfer of `cents` for a card waiting for its payment (docs/annual-accounts.md#matching), in the
   * caller's transaction: recorded as the desk records a transfer (its receipt follows) and the card activated
   * when it is exactly what the card owes; else false (paid already, withdrawn, another amount).
   */
  async function collectTransfer(tx: Prisma.TransactionClient, staff: User, membershipId: number, cents: number) {
    // The card's open checkouts closed first: closing takes the card's lock, the order a payment's confirmation takes.
    await checkouts.closeIn(tx, 'membership', membershipId);
    const card = await lockMembership(tx, membershipId);
    if (card?.status !== 'pending') return false;
    const receivable = membershipReceivable(membershipId);
    if (cents <= 0 || (await owedOne(tx, receivable.account, { lock: true })) !== cents) return false;
    refuseOwnMoney(staff, [card.userId]);
    const { membershipNumber } = await tx.membership.findUniqueOrThrow({ where: { id: membershipId }, select: { membershipNumber: true } });
    const paid = await tx.transaction.create({
      data: { kind: 'membership', type: 'payment', userId: card.userId, membershipId, amountCents: cents, method: 'bank_transfer', status: 'completed', paidAt: new Date(), description: `Tessera ${membershipNumber} (bonifico)` },
    });
    await paymentEntry(tx, `payment:${paid.id}`, moneyAccount('bank_transfer'), [{ receivable, cents }], { membershipId, userId: card.userId, transactionId: paid.id, createdById: staff.id, description: paid.description });
    return activate(tx, membershipId);
  }

  return {
    paymentTarget,
    activate,
    openCheckout,
    collectTransfer,

    async checkout(user: User, id: number) {
      const membership = await ownMembership(user.id, id);
      if (toMyMembershipDto(membership, webOriginOf(config)).awaiting !== 'payment') throw new AppError(409, membershipMessages.notPayable);
      return { checkout_url: await openCheckout(membership, user) };
    },

    /** A member withdraws a request that nobody has paid or activated; the coupon use is given back. */
    async cancel(user: User, id: number) {
      const membership = await ownMembership(user.id, id);
      if (!toMyMembershipDto(membership, webOriginOf(config)).can_cancel) throw new AppError(409, membershipMessages.notCancellable);
      await checkouts.refuseIfPaid('membership', membership.id);
      await db.$transaction(async (tx) => {
        // Locks in the order a payment's confirmation takes them: its payment rows, the card, what it owes.
        await checkouts.closeIn(tx, 'membership', membership.id);
        const deleted = await tx.membership.deleteMany({ where: { id: membership.id, status: 'pending' } });
        if (deleted.count === 0) throw new AppError(409, membershipMessages.notCancellable);
        await writeOff(tx, `membership:${membership.id}:withdrawn`, [accounts.membership(membership.id)], { membershipId: membership.id, userId: user.id, description: 'Richiesta di tessera annullata' });
        if (membership.couponId) await releaseCoupon(tx, membership.couponId);
      }, TRANSACTION_OPTIONS);
      return { message: membershipMessages.cancelled };
    },
  };
}

export type MembershipPayments = ReturnType<typeof createMembershipPayments>;
