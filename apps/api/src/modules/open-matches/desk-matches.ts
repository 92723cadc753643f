// Open matches at the desk (docs/open-matches.md#the-desk): the day planner shows each match's fill state,
// and staff add a member who walks in to a free place (or one offered after the cut-off), their part paid
// there in cash, by POS or bank transfer: one completed payment with its receipt. Nobody adds themselves.
import type { BodyOf, api, DESK_PAYMENT_METHODS } from '@beach/contracts';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import type { Db } from '../../lib/db.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { addDays, instantInRome } from '../../lib/time.js';
import { refuseOwnMoney } from '../auth/index.js';
import { moneyAccount, payment as paymentEntry } from '../ledger/index.js';
import { type LockedMatch, lockOpenMatch, refuseUnlessPlaceFree, seatPlayer } from './join-match.js';
import { type ReturnParts, settleOffers } from './match-places.js';
import { matchMessages } from './match-terms.js';
import { matchRow, matchView } from './match-view.js';

/** Who takes the place: a member, or a walk-in without an account by name; how they paid; who took the money. */
export interface DeskPlace {
  userId: number | null;
  guestName?: string;
  method: (typeof DESK_PAYMENT_METHODS)[number];
  staffId: number;
}

/** A free place of the locked match taken and its part paid at the desk: the row, its charge, one completed payment. */
export async function payPlaceAtDesk(tx: Prisma.TransactionClient, locked: LockedMatch, { userId, guestName, method, staffId }: DeskPlace, now: Date) {
  const { match } = locked;
  refuseUnlessPlaceFree(locked);
  const { player, receivable, context } = await auditRow(tx, { entity: 'booking_players', action: 'create' }, async () => {
    const seated = await seatPlayer(tx, locked, userId, now, guestName);
    return { ...seated, id: seated.player.id };
  });
  const description = 'Quota partita aperta, pagata in segreteria';
  const desk = await tx.transaction.create({
    data: { kind: 'booking_share', type: 'payment', bookingPlayerId: player.id, userId, amountCents: match.partCents, method, status: 'completed', paidAt: now, createdAt: now, description },
  });
  await paymentEntry(tx, `payment:${desk.id}`, moneyAccount(method), [{ receivable, cents: match.partCents }], { ...context, transactionId: desk.id, createdById: staffId, description, effectiveAt: now });
  await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'paid', transactionId: desk.id } });
  return player;
}

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

  /** A member (`user_id`) or someone without an account (`name`): their place is theirs, the money the desk's. */
  async function walkIn(staff: User, matchId: number, { user_id: memberId, name, method }: BodyOf<typeof api.openMatches.walkIn>) {
    const now = new Date();
    const userId = memberId ?? null;
    await db.$transaction(async (tx) => {
      const locked = await lockOpenMatch(tx, matchId, now);
      const { match } = locked;
      if (userId !== null) {
        if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw new AppError(404, matchMessages.memberNotFound);
        if (locked.everyone.includes(userId)) throw new AppError(409, matchMessages.memberAlreadyIn);
      }
      if (userId !== null) refuseOwnMoney(staff, [userId]);
      await payPlaceAtDesk(tx, locked, { userId, guestName: name, method, staffId: staff.id }, now);
      await settleOffers(tx, parts, match, now);
    }, TRANSACTION_OPTIONS);
    return deskMatch(matchId);
  }

  return { day, walkIn };
}
