// The cut-off job (docs/open-matches.md#filling-rules): a match not full at its cut-off is cancelled, the
// court freed and every part returned where it was paid from (the booking's own cancellation: card to the
// card through a Stripe request after the commit, credit to credit, a carnet use back). One match per
// transaction under the booking's lock, its state checked there: a second run at once, or a run after a
// worker stopped half-way, finds the matches already done and returns nothing twice.
import type { Db } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { italian } from '../../lib/i18n.js';
import type { CancelBooking } from '../bookings/index.js';
import { lockOpenMatch } from './join-match.js';
import { type ReturnParts, settleOffers } from './match-places.js';
import { matchMessages } from './match-terms.js';

export function createMatchCutoff({ db, cancelBooking }: { db: Db; cancelBooking: CancelBooking }) {
  return async function cancelUnfilled(stopping?: AbortSignal, now = new Date()) {
    const due = await db.openMatch.findMany({ where: { state: 'open', cutoffAt: { lte: now } }, select: { id: true }, orderBy: { id: 'asc' } });
    const cancelled: number[] = [];
    for (const { id } of due) {
      if (stopping?.aborted) break;
      await db.$transaction(async (tx) => {
        const { match, booking, joined } = await lockOpenMatch(tx, id, now);
        if (match.state !== 'open') return;
        const full = joined.length === match.playersCount - 1 && joined.every((player) => player.paidAt !== null);
        if (full && booking.status === 'confirmed') {
          await tx.openMatch.update({ where: { id }, data: { state: 'filled' } });
          return;
        }
        if (booking.status === 'confirmed' || booking.status === 'pending_payment') {
          const reason = italian(matchMessages.cancelledReason);
          const row = await tx.booking.findUniqueOrThrow({ where: { id: booking.id } });
          await cancelBooking(tx, row, { policy: { by: 'member' }, reason, cancelledById: null, now, refundReason: 'cancelled', description: reason });
        }
        await tx.openMatch.update({ where: { id }, data: { state: 'cancelled', cancelledAt: now } });
        cancelled.push(id);
      }, TRANSACTION_OPTIONS);
    }
    return { cancelled };
  };
}

/**
 * Places offered after the cut-off and taken by a member paying by card: once the card payment has come in,
 * the leaver's part goes back (docs/open-matches.md#filling-rules). One match per transaction, under its lock.
 */
export function createReplacementSettling({ db, ...parts }: { db: Db } & ReturnParts) {
  return async function settleReplacements(stopping?: AbortSignal, now = new Date()) {
    const due = await db.openMatchOffer.findMany({ where: { settledAt: null, replacement: { paidAt: { not: null } } }, distinct: ['matchId'], select: { matchId: true }, orderBy: { matchId: 'asc' } });
    let settled = 0;
    for (const { matchId } of due) {
      if (stopping?.aborted) break;
      settled += await db.$transaction(async (tx) => settleOffers(tx, parts, (await lockOpenMatch(tx, matchId, now)).match, now), TRANSACTION_OPTIONS);
    }
    return { settled };
  };
}
