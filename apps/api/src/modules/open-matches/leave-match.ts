// Leaving and keeping a match (docs/open-matches.md#filling-rules): a player leaves until the cut-off with
// their part back, after it only when someone takes their place; the organiser may keep a match by paying
// the missing parts from their credit.
import type { User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { spendCreditOnBooking } from '../bookings/index.js';
import { bookingReceivable, charge, INSUFFICIENT_CREDIT } from '../ledger/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import { lockOpenMatch } from './join-match.js';
import { returnPart } from './match-places.js';
import { matchMessages } from './match-terms.js';

export function createMatchLeaving({ db, checkouts, stripeRequests }: { db: Db; checkouts: Checkouts; stripeRequests: StripeRequests }) {
  /**
   * Until the cut-off the player's part goes back at once; after it (the match filled or kept, not yet
   * played) their place is offered and they stay in until a member takes it and pays (match-places.ts).
   */
  async function leave(viewer: User, matchId: number) {
    const now = new Date();
    return db.$transaction(async (tx) => {
      const { match, booking, joined } = await lockOpenMatch(tx, matchId, now);
      if (viewer.id === match.organiserId) throw new AppError(409, matchMessages.organiserStays);
      const player = joined.find((row) => row.userId === viewer.id);
      if (!player) throw new AppError(409, matchMessages.notIn);
      // Begun, played or with its result: nobody leaves, whatever the cut-off said (docs/open-matches.md#filling-rules).
      if (booking.startsAt <= now) throw new AppError(409, matchMessages.begun);
      if (match.state === 'open' && match.cutoffAt > now) {
        await returnPart(tx, { checkouts, stripeRequests }, match, player, 'Quota restituita: partita lasciata');
        return { message: matchMessages.left };
      }
      const played = match.state !== 'filled' && match.state !== 'kept';
      if (played || booking.status !== 'confirmed' || player.paidAt === null) throw new AppError(409, matchMessages.afterCutoff);
      if (await tx.openMatchOffer.findUnique({ where: { leaverId: player.id } })) throw new AppError(409, matchMessages.alreadyOffered);
      await tx.openMatchOffer.create({ data: { matchId, leaverId: player.id, offeredAt: now } });
      return { message: matchMessages.placeOffered };
    }, TRANSACTION_OPTIONS);
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
