// Paying with credit alone (docs/domain.md#credit): a live hold's organiser due, or the member's own card
// awaiting payment; the debit and what it pays commit together.
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { membershipReceivable, post, owedOne, settlingLegs, INSUFFICIENT_CREDIT, spendingLegs, walletOf } from '../ledger/index.js';
import { bookingMessages, confirmBooking, organiserDue, spendCreditOnBooking, lockLiveHold } from '../bookings/index.js';
import type { Checkouts } from '../payments/index.js';
import { lockMembership, membershipMessages, type MembershipsService, toMyMembershipDto, WITH_PAYMENTS } from '../memberships/index.js';
import type { CreditReads } from './credit-statement.js';
import { creditMessages } from './credit-terms.js';

export function createCreditPayments(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, activateMembership: MembershipsService['activate'], { changed }: CreditReads) {
  const { db } = deps;
  return {
    /** A live hold paid from credit alone: the organiser's due spent and the booking confirmed together. */
    async payBooking(user: User, bookingId: number) {
      const booking = await db.booking.findUnique({ where: { id: bookingId }, select: { userId: true } });
      if (!booking || booking.userId !== user.id) throw notFound(bookingMessages.notFound);
      // A card checkout already paid stops this (409); one still open is closed with the payment.
      await checkouts.refuseIfPaid('booking', bookingId);
      const entryId = await db.$transaction(async (tx) => {
        await lockLiveHold(tx, bookingId, creditMessages.notPayable);
        // Credit set aside for a card checkout is released first, then counted again here.
        await checkouts.closeIn(tx, 'booking', bookingId);
        const due = await organiserDue(tx, bookingId, { lock: true });
        const spent = await spendCreditOnBooking(tx, { id: bookingId, userId: user.id }, due, { key: `booking:${bookingId}:credit:${randomUUID()}` });
        if (spent === 'insufficient') throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
        await confirmBooking(tx, deps, bookingId, 'credit');
        return spent?.id;
      }, TRANSACTION_OPTIONS);
      return changed(creditMessages.bookingPaid, user.id, entryId);
    },

    /**
     * The member's own card awaiting payment, paid from credit alone: the debit and the activation (as a
     * card payment activates it: the PDF and its e-mail follow) commit together, under the card's row lock.
     */
    async payMembership(user: User, membershipId: number) {
      const owned = await db.membership.findFirst({ where: { id: membershipId, userId: user.id }, select: { id: true } });
      if (!owned) throw notFound(membershipMessages.notFound);
      await checkouts.refuseIfPaid('membership', membershipId);
      const entryId = await db.$transaction(async (tx) => {
        await lockMembership(tx, membershipId);
        await checkouts.closeIn(tx, 'membership', membershipId);
        const membership = await tx.membership.findUniqueOrThrow({ where: { id: membershipId }, include: WITH_PAYMENTS });
        if (toMyMembershipDto(membership, webOriginOf(deps.config)).awaiting !== 'payment') throw new AppError(409, membershipMessages.notPayable);
        const receivable = membershipReceivable(membershipId);
        const due = await owedOne(tx, receivable.account, { lock: true });
        const legs = spendingLegs(await walletOf(tx, user.id, { lock: true }), due);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
        const spent = await post(tx, {
          key: `membership:${membershipId}:credit`,
          kind: 'credit_payment',
          description: `Pagamento tessera ${membership.membershipNumber}`,
          userId: user.id,
          membershipId,
          legs: [...legs, ...settlingLegs([{ receivable, cents: due }])],
        });
        await activateMembership(tx, membershipId);
        return spent?.id;
      }, TRANSACTION_OPTIONS);
      return changed(creditMessages.membershipPaid, user.id, entryId);
    },
  };
}
