// Paying a hold (docs/domain.md#payments): a coupon, Stripe Checkout for what the organiser owes (credit
// first when asked), the card's payment confirming the booking once, and a checkout abandoned.
import { type BodyOf, creditTowardsCents } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, Prisma, User } from '../../generated/prisma/client.js';
import type { Message } from '../../lib/i18n.js';
import { accounts, bookingReceivable, type HoldResolution, holdsOf, resolve, discount, payment as paymentEntry, writeOff, takeBackPayment, walletOf } from '../ledger/index.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { couponDiscountCents, couponMessages, couponProblem, redeemCoupon } from '../coupons/index.js';
import { CHECKOUT_LIFETIME_SECONDS, checkoutItems, type Checkouts, type PaymentTarget } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { isLive, UNDER_OVERLAP_CONSTRAINT } from './booking-terms.js';
import { takeCourtTurn } from './reserve-slot.js';
import { applyBookingCoupon } from './booking-coupon-rules.js';
import { confirmBooking } from './confirm-booking.js';
import { lockBooking, lockLiveHold } from './booking-lock.js';
import { chargeBooking, organiserDue, receivablesOf, spendCreditOnBooking, splitOwed } from './booking-money.js';
import { bookingMessages, type BookingRow, type Routes } from './booking-view.js';
import type { BookingReads } from './booking-view.js';

/** Whether the credit a checkout set aside was spent with its card: posted now, or given back (voided meanwhile, or lapsed). */
function spentWithTheCard(hold: HoldResolution): boolean {
  switch (hold.outcome) {
    case 'posted':
      return true;
    case 'voided':
    case 'expired':
      return false;
    default:
      return hold satisfies never;
  }
}

export function createBookingPayments(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, { ownBooking, dtoOf }: BookingReads) {
  const { db } = deps;
  const couponRefused = (problem: Message) => new AppError(422, problem, { coupon_code: [problem] });

  /**
   * A booking coupon, or a membership coupon valid for bookings too; its use counted once, its discount
   * taken off what the booking owes and the players' shares split again.
   */
  async function applyCoupon(booking: BookingRow, code: string, now: Date) {
    const today = todayInRome(now);
    await db.$transaction(async (tx) => {
      await lockBooking(tx, booking.id);
      // A checkout still open was opened for the price before the coupon: it is closed.
      await checkouts.closeIn(tx, 'booking', booking.id);
      const bookingCoupon = await applyBookingCoupon(tx, booking, code, today, now);
      if (bookingCoupon && 'problem' in bookingCoupon) throw couponRefused(bookingCoupon.problem);
      let applied: { bookingCouponId?: number; membershipCouponId?: number; discountCents: number };
      if (bookingCoupon) {
        applied = { bookingCouponId: bookingCoupon.couponId, discountCents: bookingCoupon.discountCents };
      } else {
        const coupon = await tx.membershipCoupon.findUnique({ where: { code } });
        const problem = couponProblem(coupon, today, 'booking');
        if (problem || !coupon) throw couponRefused(problem ?? couponMessages.unknown);
        if (!(await redeemCoupon(tx, coupon.id, today))) throw couponRefused(couponMessages.usedUp);
        applied = { membershipCouponId: coupon.id, discountCents: couponDiscountCents(coupon, booking.priceCents) };
      }
      const { discountCents, ...coupon } = applied;
      const updated = await tx.booking.updateMany({
        where: { id: booking.id, status: 'pending_payment', membershipCouponId: null, bookingCouponId: null },
        data: { ...coupon, discountCents, priceCents: booking.priceCents - discountCents },
      });
      if (updated.count === 0) throw new AppError(409, bookingMessages.couponAlready);
      await discount(tx, `booking:${booking.id}:coupon`, bookingReceivable(booking.id), discountCents, { bookingId: booking.id, userId: booking.userId, description: 'Sconto coupon' });
      await splitOwed(tx, booking.id, `booking:${booking.id}:coupon:split`);
    }, TRANSACTION_OPTIONS);
  }

  /** Whether the booking's slot can still be had by it: a hold, or a lapsed one nobody took meanwhile (then confirmed anew). */
  async function slotStillOurs(tx: Prisma.TransactionClient, booking: Pick<Booking, 'id' | 'status' | 'courtId' | 'startsAt' | 'endsAt'>) {
    if (booking.status === 'pending_payment') return true;
    if (booking.status !== 'expired') return false;
    await takeCourtTurn(tx, booking.courtId);
    const clash = await tx.booking.findFirst({
      where: { courtId: booking.courtId, id: { not: booking.id }, startsAt: { lt: booking.endsAt }, endsAt: { gt: booking.startsAt }, ...UNDER_OVERLAP_CONSTRAINT },
      select: { id: true },
    });
    return clash === null;
  }

  const paymentTarget: PaymentTarget = {
    /**
     * A paid hold is confirmed: the card pays what the organiser owes, with the credit set aside for the
     * rest posted — or, if it was given back meanwhile (voided, or lapsed: docs/domain.md#holds), spent
     * again if it is still there. A payment that arrives after the hold lapsed still gets the slot if
     * nobody took it meanwhile (what it owed is billed again); otherwise — or if the credit is no longer
     * there — the payments module refunds it. Never confirmed with anything still owed.
     */
    async confirm(tx, bookingId, payment) {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || booking.userId === null || !(await slotStillOurs(tx, booking))) return false;
      if (booking.status === 'expired') {
        // Lapsed and written off: owed again, split again among the players.
        await chargeBooking(tx, booking, booking.priceCents, `booking:${bookingId}:recharge:${payment.id}`);
        await splitOwed(tx, bookingId, `booking:${bookingId}:recharge:${payment.id}:split`);
      }
      /** Not had after all: a lapsed booking billed again above owes nothing again, as when it lapsed. */
      const refuse = async () => {
        if (booking.status === 'expired') {
          await writeOff(tx, `booking:${bookingId}:recharge:${payment.id}:write-off`, await receivablesOf(tx, bookingId), { bookingId, description: 'Tempo per pagare scaduto' });
        }
        return false;
      };
      // Decided before anything is posted, with open holds counted as paying: the card must not pay more
      // than is owed, and the member's credit must cover what no hold does (given back meanwhile).
      const uncovered = (await organiserDue(tx, bookingId, { lock: true })) - payment.amountCents;
      if (uncovered < 0 || (uncovered > 0 && (await walletOf(tx, booking.userId, { lock: true })).available < uncovered)) return refuse();
      // A hold that lapsed without the job voiding it yet is voided now (expired): the credit it gives back
      // is both owed again and spendable again, so the check above still holds.
      const holds = await resolve(tx, await holdsOf(tx, payment.id), 'post');
      const creditAgain = (await organiserDue(tx, bookingId, { lock: true })) - payment.amountCents;
      const again = await spendCreditOnBooking(tx, { id: bookingId, userId: booking.userId }, creditAgain, { key: `payment:${payment.id}:credit-again` });
      // Never confirmed with part of it owed: the wallet was read under its lock above.
      if (again === 'insufficient') throw new Error(`Booking ${bookingId}: the credit checked for payment ${payment.id} is gone`);
      await paymentEntry(tx, `payment:${payment.id}`, accounts.stripe, [{ receivable: bookingReceivable(bookingId), cents: payment.amountCents }], {
        bookingId,
        userId: booking.userId,
        transactionId: payment.id,
        description: payment.description,
      });
      await confirmBooking(tx, deps, bookingId, holds.some(spentWithTheCard) || creditAgain > 0 ? 'credit_card' : 'card');
      return true;
    },

    /** Money of the booking's payment taken back on Stripe's side: owed again while the booking stands (the desk sees it). */
    async takenBack(tx, bookingId, payment, { cents, from, context }) {
      const booking = await lockBooking(tx, bookingId);
      const stands = booking !== undefined && isLive(booking, new Date());
      await takeBackPayment(tx, { paymentId: payment.id, receivables: [accounts.booking(bookingId)], cents, from, stands, userId: payment.userId, context: { ...context, bookingId } });
    },
  };

  /**
   * Opens Stripe Checkout for what the organiser owes of a live hold; a coupon (applicable to bookings)
   * is counted once. With `use_credit`, the credit pays all it can but Stripe's least charge, set aside
   * until the card pays the rest.
   */
  async function checkout(user: User, id: number, body: BodyOf<Routes['checkout']>) {
    const booking = await ownBooking(user.id, id);
    const now = new Date();
    if (booking.status !== 'pending_payment') throw new AppError(409, bookingMessages.notPayable);
    if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw new AppError(409, bookingMessages.holdLapsed);
    const applied = booking.bookingCoupon?.code ?? booking.membershipCoupon?.code ?? null;
    if (body.coupon_code && applied && applied !== body.coupon_code) throw new AppError(409, bookingMessages.couponAlready);
    // A coupon changes what is owed: not once a checkout has paid it (opening one checks that too).
    const applying = Boolean(body.coupon_code) && !applied;
    if (applying) {
      await checkouts.refuseIfPaid('booking', id);
      await applyCoupon(booking, body.coupon_code!, now);
    }
    const current = applying ? await ownBooking(user.id, id) : booking;
    const dto = await dtoOf(current, now, (await readSettings(db)).freeCancellationHours);
    const checkoutUrl = await checkouts.open({
      kind: 'booking',
      targetId: id,
      customer: user,
      // Decided in the transaction that opens it (the credit read under its lock); this is replaced there.
      amountCents: 0,
      itemName: checkoutItems.booking(current.court.code, current),
      cancelPath: `/prenotazioni/pagamento/${id}?pagamento=annullato`,
      async inTransaction(tx, payment) {
        await lockLiveHold(tx, id, bookingMessages.holdLapsed);
        // With other players the organiser pays their own share; the others pay theirs.
        const due = await organiserDue(tx, id, { lock: true });
        const creditCents = body.use_credit ? creditTowardsCents((await walletOf(tx, user.id, { lock: true })).available, due) : 0;
        if (body.use_credit && creditCents === 0) throw new AppError(409, bookingMessages.noCredit);
        if (creditCents > 0) {
          await spendCreditOnBooking(tx, { id, userId: user.id }, creditCents, {
            key: `payment:${payment.id}:credit`,
            // Set aside as long as the Checkout can be paid.
            pending: { expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_SECONDS * 1000), transactionId: payment.id },
            context: { description: 'Pagamento prenotazione: il resto con carta' },
          });
        }
        const cardCents = due - creditCents;
        await tx.transaction.update({ where: { id: payment.id }, data: { amountCents: cardCents } });
        return { amountCents: cardCents, itemName: checkoutItems.booking(current.court.code, current, creditCents) };
      },
    });
    return { checkout_url: checkoutUrl, booking: dto };
  }

  /**
   * Back from Stripe's page without paying ("Annulla"): the checkout is closed and the credit it set
   * aside is free again at once (one already paid stops this: 409). The hold stays, to pay another way.
   */
  async function abandonCheckout(user: User, id: number) {
    await ownBooking(user.id, id);
    const released = await checkouts.closeOpenSessions('booking', id);
    const { freeCancellationHours } = await readSettings(db);
    return { message: released > 0 ? bookingMessages.checkoutAbandonedCredit : bookingMessages.checkoutAbandoned, booking: await dtoOf(await ownBooking(user.id, id), new Date(), freeCancellationHours) };
  }

  return { paymentTarget, checkout, abandonCheckout };
}
