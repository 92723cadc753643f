// Who plays (docs/domain.md#split-payment): the organiser adds and removes players until the deadline,
// before or after paying their part; a player leaves before paying.
import { DEFAULT_PLAYERS_PER_COURT, type api, type BodyOf } from '@beach/contracts';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { withValues } from '../../lib/i18n.js';
import { isLiveHold, splitOwed, lockBooking, splitShares } from '../bookings/index.js';
import { moveOwed, owedOne, accounts } from '../ledger/index.js';
import { readSettings } from '../settings/index.js';
import { joinAfterPayment } from './join-after-payment.js';
import { deadlineOf, playerMessages, type PlayerRow, type SplitBooking, type SplitDeps, stillIn, WITH_PLAYERS } from './split-terms.js';
import type { SplitReads } from './split-reads.js';
import type { ShareDeadline } from './share-deadline.js';

export function createPlayerChanges({ db, checkouts }: Pick<SplitDeps, 'db' | 'checkouts'>, { visibleBooking, split, shareFor }: SplitReads, { chargeToOrganiser }: ShareDeadline) {
  /**
   * The organiser's booking, held or already paid, locked for a change of players until the deadline;
   * refused while the organiser's payment is under way.
   */
  async function lockedForChange(tx: Prisma.TransactionClient, viewer: User, bookingId: number) {
    await lockBooking(tx, bookingId);
    const booking = await visibleBooking(viewer, bookingId, tx);
    if (booking.userId !== viewer.id) throw forbidden(playerMessages.notOrganiser);
    // An open match's players come and go on its own page, each paying a fixed part (docs/open-matches.md).
    if (await tx.openMatch.count({ where: { bookingId } })) throw new AppError(409, playerMessages.openMatch);
    const now = new Date();
    if (booking.status !== 'confirmed' && !isLiveHold(booking, now)) throw new AppError(409, playerMessages.notHeld);
    // Within the deadline shares would pass to the organiser at once: nobody is invited to pay one.
    if (now >= deadlineOf(booking, (await readSettings(tx)).splitDeadlineHours)) throw new AppError(409, playerMessages.invitationsClosed);
    // The organiser's checkout was opened for their share as it was: the shares stay as they are until it ends.
    if (await tx.transaction.count({ where: { bookingId, kind: 'booking', type: 'payment', status: 'pending' } })) throw new AppError(409, playerMessages.paying);
    return booking;
  }

  /**
   * A player out before paying: on a held booking what it owes is split again among those left; on a
   * confirmed one (the organiser has paid theirs) the leaver's share is spread over the players who still
   * owe theirs (their rows locked, a paid share never touched), or passes to the organiser when nobody else does.
   */
  async function dropOut(tx: Prisma.TransactionClient, booking: SplitBooking, player: PlayerRow) {
    if (player.paidAt !== null || player.status !== 'invited') throw new AppError(409, playerMessages.paidCannotLeave);
    if (booking.status === 'confirmed') {
      await tx.$queryRaw`SELECT id FROM booking_players WHERE booking_id = ${booking.id} ORDER BY id FOR UPDATE`;
      const others = await tx.bookingPlayer.findMany({ where: { bookingId: booking.id, id: { not: player.id }, status: 'invited', paidAt: null }, orderBy: { id: 'asc' } });
      if (others.length === 0) return chargeToOrganiser(tx, booking.id, [player.id]);
      const leaver = accounts.share(player.id, booking.id);
      const cents = await owedOne(tx, leaver, { lock: true });
      const spread = splitShares(cents, others.length);
      await moveOwed(
        tx,
        `player:${player.id}:left`,
        others.map((other, index) => ({ from: leaver, to: accounts.share(other.id, booking.id), cents: spread[index]! })),
        { bookingId: booking.id, description: 'Quota di chi ha lasciato la partita' },
      );
      // Their shares change: a checkout opened for the old amount is closed (they pay the new one).
      for (const other of others) await checkouts.closeIn(tx, 'booking_share', other.id);
      await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'dropped' } });
      return 0;
    }
    await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'dropped' } });
    await splitOwed(tx, booking.id, `player:${player.id}:dropped`);
    return 0;
  }

  async function add(viewer: User, bookingId: number, body: BodyOf<typeof api.bookingPlayers.add>) {
    await db.$transaction(async (tx) => {
      const booking = await lockedForChange(tx, viewer, bookingId);
      const players = booking.players.filter(stillIn);
      if (players.length >= DEFAULT_PLAYERS_PER_COURT - 1) throw new AppError(409, withValues(playerMessages.full, { others: DEFAULT_PLAYERS_PER_COURT - 1 }));
      const byId = body.user_id !== undefined;
      // A guest whose e-mail already has an account is that member, shown by that address until they pay.
      const member = await tx.user.findFirst({ where: { ...(byId ? { id: body.user_id } : { email: body.email }), disabledAt: null, erasedAt: null } });
      if (byId && !member) throw new AppError(422, playerMessages.unknownMember, { user_id: [playerMessages.unknownMember] });
      if (member?.id === viewer.id) throw new AppError(422, playerMessages.self, { [byId ? 'user_id' : 'email']: [playerMessages.self] });
      const guestEmail = member ? null : (body.email ?? null);
      if (players.some((player) => (member && player.userId === member.id) || (guestEmail && player.guestEmail === guestEmail))) throw new AppError(409, playerMessages.already);
      const player = await tx.bookingPlayer.create({ data: { bookingId, userId: member?.id ?? null, guestEmail, invitedEmail: member && !byId ? body.email! : null } });
      if (booking.status === 'confirmed') await joinAfterPayment(tx, checkouts, { id: bookingId, userId: viewer.id }, player.id);
      else await splitOwed(tx, bookingId, `player:${player.id}:joined`);
    }, TRANSACTION_OPTIONS);
    return split(viewer, bookingId);
  }

  async function remove(viewer: User, bookingId: number, playerId: number) {
    await db.$transaction(async (tx) => {
      const booking = await lockedForChange(tx, viewer, bookingId);
      const player = booking.players.find((row) => row.id === playerId && stillIn(row));
      if (!player) throw notFound(playerMessages.playerNotFound);
      await dropOut(tx, booking, player);
    }, TRANSACTION_OPTIONS);
    return split(viewer, bookingId);
  }

  async function leave(viewer: User, shareId: number) {
    const { splitDeadlineHours } = await readSettings(db);
    await db.$transaction(async (tx) => {
      const share = await shareFor(viewer, shareId, tx);
      await lockBooking(tx, share.bookingId);
      const booking = await tx.booking.findUniqueOrThrow({ where: { id: share.bookingId }, include: WITH_PLAYERS });
      const player = booking.players.find((row) => row.id === shareId)!;
      const now = new Date();
      const open = booking.status === 'confirmed' || isLiveHold(booking, now);
      if (player.userId !== viewer.id || player.status !== 'invited' || player.paidAt !== null || !open || now >= deadlineOf(booking, splitDeadlineHours)) throw new AppError(409, playerMessages.cannotLeave);
      if (await tx.openMatch.count({ where: { bookingId: booking.id } })) throw new AppError(409, playerMessages.openMatch);
      await dropOut(tx, booking, player);
    }, TRANSACTION_OPTIONS);
    return { message: playerMessages.left };
  }

  return { add, remove, leave };
}
