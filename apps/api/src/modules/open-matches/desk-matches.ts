// Open matches at the desk (docs/open-matches.md#the-desk): the day planner shows each match's fill state,
// and staff add a member who walks in to a free place (or one offered after the cut-off), their part paid
// there in cash, by POS or bank transfer: one completed payment with its receipt. Nobody adds themselves.
import type { BodyOf, api } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import type { Db } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { addDays, instantInRome } from '../../lib/time.js';
import { refuseOwnMoney } from '../auth/index.js';
import { moneyAccount, payment as paymentEntry } from '../ledger/index.js';
import { lockOpenMatch, refuseUnlessPlaceFree, seatPlayer } from './join-match.js';
import { type ReturnParts, settleOffers } from './match-places.js';
import { matchMessages } from './match-terms.js';
import { matchRow, matchView } from './match-view.js';

/** Nobody in particular: the desk is never a player, so the view shows the places as a newcomer sees them. */
const DESK_VIEWER = { id: 0 };

export function createMatchDesk({ db, ...parts }: { db: Db } & ReturnParts) {
  async function deskMatch(id: number) {
    const view = await matchView(db, await matchRow(db, id), DESK_VIEWER, new Date());
    return {
      id: view.id,
      booking_id: view.booking_id,
      format: view.format,
      players_count: view.players_count,
      taken: view.players_count - view.places_left,
      places_left: view.places_left,
      state: view.state,
      part: view.part,
      players: view.players.map((player) => player.name),
      can_add: view.my_way_in !== 'none',
    };
  }

  async function day(date: string) {
    const rows = await db.openMatch.findMany({
      where: { booking: { startsAt: { gte: instantInRome(date, '00:00'), lt: instantInRome(addDays(date, 1), '00:00') }, status: { in: ['confirmed', 'pending_payment'] } } },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    return { data: await Promise.all(rows.map((row) => deskMatch(row.id))) };
  }

  async function walkIn(staff: User, matchId: number, { user_id: userId, method }: BodyOf<typeof api.openMatches.walkIn>) {
    const now = new Date();
    await db.$transaction(async (tx) => {
      const locked = await lockOpenMatch(tx, matchId, now);
      const { match } = locked;
      if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw new AppError(404, matchMessages.memberNotFound);
      if (locked.everyone.includes(userId)) throw new AppError(409, matchMessages.memberAlreadyIn);
      refuseUnlessPlaceFree(locked);
      refuseOwnMoney(staff, [userId]);
      const { player, receivable, context } = await auditRow(tx, { entity: 'booking_players', action: 'create' }, async () => {
        const seated = await seatPlayer(tx, locked, userId, now);
        return { ...seated, id: seated.player.id };
      });
      const description = 'Quota partita aperta, pagata in segreteria';
      const desk = await tx.transaction.create({
        data: { kind: 'booking_share', type: 'payment', bookingPlayerId: player.id, userId, amountCents: match.partCents, method, status: 'completed', paidAt: now, description },
      });
      await paymentEntry(tx, `payment:${desk.id}`, moneyAccount(method), [{ receivable, cents: match.partCents }], { ...context, transactionId: desk.id, createdById: staff.id, description });
      await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'paid', transactionId: desk.id } });
      await settleOffers(tx, parts, match, now);
    }, TRANSACTION_OPTIONS);
    return deskMatch(matchId);
  }

  return { day, walkIn };
}
