// The shares of a split booking as the other modules need them (docs/domain.md#split-payment): the
// organiser's share when they pay, whose calendar a booking belongs to, and each share given back the
// way it was paid when the booking is cancelled in time.
import type { AppDeps } from '../../deps.js';
import { Prisma } from '../../lib/db.js';
import { createCreditLedger } from '../credit/credit-ledger.js';
import { splitShares } from './shares.js';

/** SQL, on a row `b` of bookings: what the other players' shares have paid toward it, while it is not cancelled. */
export const paidSharesSql = Prisma.sql`(SELECT COALESCE(SUM(p.share_cents), 0) FROM booking_players p WHERE p.booking_id = b.id AND p.paid_at IS NOT NULL AND b.status <> 'cancelled')`;

/** The bookings a member plays in without having booked them (a player not dropped out). */
export const playingIn = (userId: number): Prisma.BookingWhereInput => ({ players: { some: { userId, status: { not: 'dropped' } } } });

/**
 * What the organiser pays to confirm a held booking: the price split among them and the players still
 * in, the organiser taking the remainder. The players' shares are rewritten from the current price
 * (a coupon may have changed it), so the shares always add up to it.
 */
export async function organiserShareCents(tx: Prisma.TransactionClient, booking: { id: number; priceCents: number }) {
  const players = await tx.bookingPlayer.findMany({ where: { bookingId: booking.id, status: { not: 'dropped' } }, orderBy: { id: 'asc' } });
  const [mine, ...theirs] = splitShares(booking.priceCents, players.length + 1);
  for (const [index, player] of players.entries()) {
    if (player.shareCents !== theirs[index]) await tx.bookingPlayer.update({ where: { id: player.id }, data: { shareCents: theirs[index]! } });
  }
  return mine!;
}

export function createShareReturns(deps: Pick<AppDeps, 'jobs' | 'config'>) {
  const { returnBookingPayment } = createCreditLedger(deps);
  /**
   * A booking cancelled in time gives each paid share back the way it was paid: a card payment is
   * refunded by a job, credit goes back to whoever's credit paid it (returning twice finds nothing
   * left). Call it in the cancelling transaction.
   */
  return async function returnShares(tx: Prisma.TransactionClient, bookingId: number) {
    const paid = await tx.bookingPlayer.findMany({ where: { bookingId, paidAt: { not: null } }, include: { creditMovement: { select: { userId: true } } } });
    for (const share of paid) {
      if (share.paidWith === 'card' && share.transactionId !== null) await deps.jobs.send('refund-payment', { paymentId: share.transactionId, reason: 'cancelled' }, { tx });
    }
    const creditPayers = new Set(paid.flatMap((share) => (share.creditMovement ? [share.creditMovement.userId] : [])));
    for (const userId of creditPayers) await returnBookingPayment(tx, { id: bookingId, userId }, { byMember: false });
  };
}
