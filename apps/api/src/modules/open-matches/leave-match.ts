// Leaving and keeping a match (docs/open-matches.md#filling-rules): a player leaves until the cut-off and
// their part goes back where it was paid from (card to the card after the commit, credit to the credit
// it came from); the organiser may keep a match by paying the missing parts from their credit.
import type { User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { spendCreditOnBooking } from '../bookings/index.js';
import { accounts, bookingReceivable, charge, giveBackCredit, giveBackMoney, INSUFFICIENT_CREDIT, settlementsOn, writeOff } from '../ledger/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import { lockOpenMatch } from './join-match.js';
import { matchMessages } from './match-terms.js';

export function createMatchLeaving({ db, checkouts, stripeRequests }: { db: Db; checkouts: Checkouts; stripeRequests: StripeRequests }) {
  async function leave(viewer: User, matchId: number) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      const { match, joined } = await lockOpenMatch(tx, matchId, now);
      if (viewer.id === match.organiserId) throw new AppError(409, matchMessages.organiserStays);
      const player = joined.find((row) => row.userId === viewer.id);
      if (!player) throw new AppError(409, matchMessages.notIn);
      if (match.state !== 'open' || match.cutoffAt <= now) throw new AppError(409, matchMessages.afterCutoff);
      await checkouts.closeIn(tx, 'booking_share', player.id);
      const share = accounts.share(player.id, match.bookingId);
      const context = { bookingId: match.bookingId, bookingPlayerId: player.id, userId: viewer.id, description: 'Quota restituita: partita lasciata' };
      for (const settlement of await settlementsOn(tx, [share])) {
        if (settlement.source === 'credit') await giveBackCredit(tx, settlement, context);
        if (settlement.source !== 'money') continue;
        const payment = await tx.transaction.findUniqueOrThrow({ where: { id: settlement.transactionId } });
        // Keyed by the part and its payment: a player who leaves is dropped, so this runs once per part.
        const posted = await giveBackMoney(tx, `open-match-part:${match.id}:${player.id}:leave:${payment.id}`, settlement, accounts.refundPayable(payment.id), 'refund', { ...context, transactionId: payment.id });
        if (posted?.created) await stripeRequests.requestRefund(tx, payment, settlement.total, { reason: 'cancelled' });
      }
      await writeOff(tx, `open-match-part:${match.id}:${player.id}:left`, [share], context);
      await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'dropped' } });
      await tx.openMatchRequest.updateMany({ where: { matchId, userId: viewer.id }, data: { state: 'withdrawn' } });
    }, TRANSACTION_OPTIONS);
    return { message: matchMessages.left };
  }

  /** The organiser pays every place still free from their credit, before the cut-off: the match is played. */
  async function keep(viewer: User, matchId: number) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      const { match, booking, joined, takesPlayers } = await lockOpenMatch(tx, matchId, now);
      if (viewer.id !== match.organiserId) throw new AppError(403, matchMessages.notOrganiser);
      if (!takesPlayers) throw new AppError(409, matchMessages.closed);
      const missing = match.playersCount - 1 - joined.length;
      if (missing <= 0) throw new AppError(409, matchMessages.nothingMissing);
      const cents = missing * match.partCents;
      const context = { bookingId: match.bookingId, userId: viewer.id, description: 'Quote mancanti della partita aperta' };
      await charge(tx, `open-match:${match.id}:kept`, bookingReceivable(match.bookingId), cents, context);
      const spent = await spendCreditOnBooking(tx, { id: booking.id, userId: viewer.id }, cents, { key: `open-match:${match.id}:kept:credit`, context });
      if (spent === 'insufficient') throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
      await tx.openMatch.update({ where: { id: match.id }, data: { state: 'kept' } });
    }, TRANSACTION_OPTIONS);
  }

  return { leave, keep };
}
