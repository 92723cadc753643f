// Paying a share (docs/domain.md#split-payment): by card through Stripe Checkout or from credit, each
// share once; the organiser hears of each share a player pays.
import { randomUUID } from 'node:crypto';
import type { Booking, BookingPlayer, Prisma, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { italian, localizedEuros } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { isLive, whatOf } from '../bookings/index.js';
import { owedOne, payment as paymentEntry, settlingLegs, takeBackPayment, accounts, shareReceivable, post, INSUFFICIENT_CREDIT, spendingLegs, walletOf } from '../ledger/index.js';
import { checkoutItems, type PaymentTarget } from '../payments/index.js';
import { sharePaidEmail } from './booking-players.emails.js';
import { fullName, lockConfirmed, payerMay, playerMessages, type SplitDeps } from './split-terms.js';
import type { ShareRow, SplitReads } from './split-reads.js';

export function createSharePayments({ db, jobs, config, checkouts }: SplitDeps, { shareFor }: SplitReads) {
  /** The organiser hears of each share a player pays themselves (once: sent with the payment's own transaction). */
  async function tellOrganiserSharePaid(tx: Prisma.TransactionClient, shareId: number, cents: number) {
    const share = await tx.bookingPlayer.findUniqueOrThrow({ where: { id: shareId }, include: { user: true, booking: { include: { court: true, user: true } } } });
    const organiser = share.booking.user;
    if (!organiser || share.userId === organiser.id) return;
    const player = share.user ? fullName(share.user) : (share.guestEmail ?? '');
    const email = sharePaidEmail(organiser, player, whatOf(share.booking), localizedEuros(cents), `${webOriginOf(config)}/le-mie-prenotazioni`);
    await jobs.send('send-email', email, { tx });
  }

  /** The share locked for payment by the viewer, with its booking confirmed, and what it owes (read under its account's lock). */
  async function payableShare(tx: Prisma.TransactionClient, viewer: User, shareId: number) {
    const [row] = await tx.$queryRaw<{ bookingId: number }[]>`SELECT booking_id AS "bookingId" FROM booking_players WHERE id = ${shareId}`;
    if (row) await lockConfirmed(tx, row.bookingId);
    await tx.$queryRaw`SELECT id FROM booking_players WHERE id = ${shareId} FOR UPDATE`;
    const share = await shareFor(viewer, shareId, tx);
    if (!payerMay(share, share.booking.userId, viewer.id)) throw new AppError(409, playerMessages.notPayable);
    if (share.booking.status !== 'confirmed') throw new AppError(409, share.booking.status === 'pending_payment' ? playerMessages.notConfirmed : playerMessages.notPayable);
    const receivable = shareReceivable(share.id, share.bookingId);
    const owed = await owedOne(tx, receivable.account, { lock: true });
    if (owed <= 0) throw new AppError(409, playerMessages.notPayable);
    return { share, receivable, owed };
  }

  const itemOf = (share: ShareRow) => checkoutItems.share(share.booking.court.code, share.booking);
  const itemName = (share: ShareRow) => italian(itemOf(share));

  /**
   * A share paid by card is recorded once, and only for the amount it still owes; anything else is refunded.
   * Its entry marks it paid (docs/domain.md#split-payment: the receivable keeps `paid_at` and `paid_with`).
   */
  const paymentTarget: PaymentTarget = {
    async confirm(tx, shareId, payment) {
      const [row] = await tx.$queryRaw<{ bookingId: number }[]>`SELECT booking_id AS "bookingId" FROM booking_players WHERE id = ${shareId}`;
      if (!row || !(await lockConfirmed(tx, row.bookingId))) return false;
      const [share] = await tx.$queryRaw<{ bookingId: number; userId: number | null; status: BookingPlayer['status']; paidAt: Date | null; bookingStatus: Booking['status'] }[]>`
        SELECT p.booking_id AS "bookingId", p.user_id AS "userId", p.status, p.paid_at AS "paidAt", b.status AS "bookingStatus"
        FROM booking_players p JOIN bookings b ON b.id = p.booking_id WHERE p.id = ${shareId} FOR UPDATE OF p`;
      if (!share || share.paidAt !== null || share.bookingStatus !== 'confirmed') return false;
      if (share.status !== 'invited' && share.status !== 'charged_to_organiser') return false;
      const receivable = shareReceivable(shareId, share.bookingId);
      const owed = await owedOne(tx, receivable.account, { lock: true });
      if (owed !== payment.amountCents) return false;
      await paymentEntry(tx, `payment:${payment.id}`, accounts.stripe, [{ receivable, cents: owed }], {
        bookingId: share.bookingId,
        bookingPlayerId: shareId,
        userId: payment.userId,
        transactionId: payment.id,
        description: payment.description,
      });
      await tx.bookingPlayer.update({
        where: { id: shareId },
        data: { status: payment.userId === share.userId ? 'paid' : share.status, transactionId: payment.id },
      });
      if (payment.userId === share.userId) await tellOrganiserSharePaid(tx, shareId, owed);
      return true;
    },

    /** A share's card payment taken back on Stripe's side: owed again while the booking stands; otherwise only money out. */
    async takenBack(tx, shareId, payment, { cents, from, context }) {
      const share = await tx.bookingPlayer.findUnique({ where: { id: shareId }, include: { booking: true } });
      const stands = share !== null && isLive(share.booking, new Date());
      const receivables = share ? [accounts.share(shareId, share.bookingId)] : [];
      await takeBackPayment(tx, { paymentId: payment.id, receivables, cents, from, stands, userId: payment.userId, context: { ...context, bookingId: share?.bookingId ?? null, bookingPlayerId: shareId } });
      if (stands && share.status === 'paid') await tx.bookingPlayer.update({ where: { id: shareId }, data: { status: 'invited' } });
    },
  };

  async function checkout(viewer: User, shareId: number) {
    const { share, owed } = await db.$transaction((tx) => payableShare(tx, viewer, shareId), TRANSACTION_OPTIONS);
    const checkoutUrl = await checkouts.open({
      kind: 'booking_share',
      targetId: share.id,
      customer: viewer,
      amountCents: owed,
      itemName: itemOf(share),
      cancelPath: `/quote/${share.id}?pagamento=annullato`,
    });
    return { checkout_url: checkoutUrl };
  }

  async function payWithCredit(viewer: User, shareId: number) {
    // A card checkout already paid stops this (409); one still open is closed with the payment.
    await checkouts.refuseIfPaid('booking_share', shareId);
    await db.$transaction(async (tx) => {
      await checkouts.closeIn(tx, 'booking_share', shareId);
      const { share, receivable, owed } = await payableShare(tx, viewer, shareId);
      const legs = spendingLegs(await walletOf(tx, viewer.id, { lock: true }), owed);
      if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
      await post(tx, {
        key: `share:${shareId}:credit:${randomUUID()}`,
        kind: 'credit_payment',
        description: itemName(share),
        userId: viewer.id,
        bookingId: share.bookingId,
        bookingPlayerId: shareId,
        legs: [...legs, ...settlingLegs([{ receivable, cents: owed }])],
      });
      if (share.userId === viewer.id) await tx.bookingPlayer.update({ where: { id: shareId }, data: { status: 'paid' } });
      if (share.userId === viewer.id) await tellOrganiserSharePaid(tx, shareId, owed);
    }, TRANSACTION_OPTIONS);
    return { message: playerMessages.paidWithCredit };
  }

  return { paymentTarget, checkout, payWithCredit };
}
