// Split payment as its players and the desk read it (docs/domain.md#split-payment): a booking's players
// and shares, a player's own shares, and the member search.
import { centsToMoney, DEFAULT_PLAYERS_PER_COURT, type api, type QueryOf, type TBookingShare, type TBookingSplit } from '@beach/contracts';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { notFound } from '../../lib/errors.js';
import { fromIsoDate, todayInRome } from '../../lib/time.js';
import { isLiveHold, statusShown, timeOf, type BookingMoney, moneyOfBooking, sharesOf } from '../bookings/index.js';
import { readSettings } from '../settings/index.js';
import { isStaff } from '../auth/index.js';
import { deadlineOf, fullName, maskEmail, NO_SHARE, owes, payerMay, playerMessages, type PlayerRow, type Shares, type SplitBooking, type SplitDeps, stillIn, sum, WITH_PLAYERS } from './split-terms.js';

export function createSplitReads({ db }: Pick<SplitDeps, 'db'>) {
  /** A guest invited by e-mail who has since registered (and confirmed) that address gets their shares. */
  async function claimGuestShares(user: User) {
    if (!user.emailVerifiedAt) return;
    await db.bookingPlayer.updateMany({ where: { userId: null, guestEmail: user.email }, data: { userId: user.id, guestEmail: null, invitedEmail: user.email } });
  }

  /** The booking as its players and staff see it; anyone else is told it does not exist. */
  async function visibleBooking(viewer: User, bookingId: number, tx: Prisma.TransactionClient = db): Promise<SplitBooking> {
    const booking = await tx.booking.findUnique({ where: { id: bookingId }, include: WITH_PLAYERS });
    const isPlayer = booking?.players.some((player) => player.userId === viewer.id && stillIn(player));
    if (!booking || !(booking.userId === viewer.id || isPlayer || isStaff(viewer))) throw notFound(playerMessages.bookingNotFound);
    return booking;
  }

  function splitDto(booking: SplitBooking, shares: Shares, money: BookingMoney, viewer: User, deadlineHours: number, now: Date): TBookingSplit {
    const players = booking.players.filter(stillIn);
    const shareOf = (player: { id: number }) => shares.get(player.id) ?? NO_SHARE;
    // An open match's other places were taken off the organiser's part when it opened (docs/open-matches.md#the-match).
    const matchPlaces = booking.openMatch && booking.openMatch.state !== 'kept' ? booking.openMatch.partCents * (booking.openMatch.playersCount - 1) : 0;
    const organiserShare = booking.priceCents - matchPlaces - sum(players.map((player) => shareOf(player).assigned));
    const organiserPaid = booking.status === 'cancelled' ? 0 : organiserShare - money.organiserOwed;
    // Added by an address and not paid yet: shown by that address, so adding one tells nobody whether it has an account.
    const shownByEmail = (player: PlayerRow) => !isStaff(viewer) && player.userId !== viewer.id && player.invitedEmail !== null && player.paidAt === null;
    const organises = booking.userId === viewer.id && (booking.status === 'confirmed' || isLiveHold(booking, now));
    const beforeDeadline = now < deadlineOf(booking, deadlineHours);
    return {
      booking_id: booking.id,
      court: booking.court.name,
      date: todayInRome(booking.startsAt),
      start: timeOf(booking.startsAt),
      end: timeOf(booking.endsAt, true),
      booking_status: statusShown(booking, now),
      price: centsToMoney(booking.priceCents),
      organiser: fullName(booking.user),
      organiser_share: centsToMoney(organiserShare),
      organiser_paid: centsToMoney(organiserPaid),
      organiser_paid_with: organiserPaid > 0 ? money.organiserPaidWith : null,
      deadline: deadlineOf(booking, deadlineHours).toISOString(),
      owed: centsToMoney(booking.status === 'cancelled' ? 0 : sum(booking.players.filter(owes).map((player) => shareOf(player).owed))),
      players: booking.players.map((player) => ({
        id: player.id,
        name: shownByEmail(player) ? player.invitedEmail! : player.user ? fullName(player.user) : (player.guestEmail ?? ''),
        guest: player.user === null || shownByEmail(player),
        share: centsToMoney(shareOf(player).assigned),
        status: player.status,
        paid_with: player.paidWith,
        paid_at: player.paidAt?.toISOString() ?? null,
        is_me: player.userId === viewer.id,
      })),
      max_players: DEFAULT_PLAYERS_PER_COURT,
      can_manage: organises && beforeDeadline,
      invitations_closed: organises && !beforeDeadline,
    };
  }

  async function split(viewer: User, bookingId: number) {
    await claimGuestShares(viewer);
    const { splitDeadlineHours } = await readSettings(db);
    const booking = await visibleBooking(viewer, bookingId);
    return splitDto(booking, await sharesOf(db, [bookingId]), await moneyOfBooking(db, bookingId), viewer, splitDeadlineHours, new Date());
  }

  async function shareFor(viewer: User, shareId: number, tx: Prisma.TransactionClient = db) {
    const share = await tx.bookingPlayer.findUnique({ where: { id: shareId }, include: { booking: { include: { court: true, user: true } } } });
    if (!share || !(share.userId === viewer.id || (share.booking.userId === viewer.id && share.status === 'charged_to_organiser'))) throw notFound(playerMessages.shareNotFound);
    return share;
  }
  type ShareRow = Awaited<ReturnType<typeof shareFor>>;

  function shareDto(share: ShareRow, amounts: { assigned: number }, viewer: User, deadlineHours: number, now: Date): TBookingShare {
    const { booking } = share;
    const deadline = deadlineOf(booking, deadlineHours);
    return {
      id: share.id,
      booking_id: booking.id,
      court: booking.court.name,
      date: todayInRome(booking.startsAt),
      start: timeOf(booking.startsAt),
      end: timeOf(booking.endsAt, true),
      organiser: fullName(booking.user),
      share: centsToMoney(amounts.assigned),
      status: share.status,
      paid_with: share.paidWith,
      deadline: deadline.toISOString(),
      can_pay: booking.status === 'confirmed' && payerMay(share, booking.userId, viewer.id),
      can_leave: share.userId === viewer.id && share.status === 'invited' && share.paidAt === null && now < deadline && (booking.status === 'confirmed' || isLiveHold(booking, now)),
    };
  }

  /**
   * Members by name only (an address is never searched: that would tell whether it has an account),
   * at most 8, those the viewer has played with first; with what tells namesakes apart.
   */
  async function searchMembers(viewer: User, { q }: QueryOf<typeof api.bookingPlayers.searchMembers>) {
    const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const today = fromIsoDate(todayInRome());
    const rows = await db.$queryRaw<(Pick<User, 'id' | 'firstName' | 'lastName' | 'email'> & { card: string | null; playedTogether: boolean })[]>`
      WITH plays AS (
        SELECT b.id AS booking_id, b.user_id FROM bookings b WHERE b.status = 'confirmed'
        UNION SELECT p.booking_id, p.user_id FROM booking_players p JOIN bookings b ON b.id = p.booking_id WHERE b.status = 'confirmed' AND p.status <> 'dropped'
      )
      SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email,
        (SELECT m.membership_number FROM memberships m WHERE m.user_id = u.id AND m.status = 'active' AND ${today}::date BETWEEN m.start_date AND m.end_date ORDER BY m.end_date DESC LIMIT 1) AS card,
        EXISTS (SELECT 1 FROM plays mine JOIN plays theirs ON theirs.booking_id = mine.booking_id WHERE mine.user_id = ${viewer.id} AND theirs.user_id = u.id) AS "playedTogether"
      FROM users u
      WHERE u.id <> ${viewer.id} AND u.disabled_at IS NULL AND u.erased_at IS NULL
        AND (u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.last_name || ' ' || u.first_name ILIKE ${pattern})
      ORDER BY "playedTogether" DESC, u.last_name, u.first_name, u.id LIMIT 8`;
    return {
      data: rows.map((row) => ({ id: row.id, name: fullName(row), email: maskEmail(row.email), card_ending: row.card?.slice(-4) ?? null, played_with_you: row.playedTogether })),
    };
  }

  /** The player's own shares, and those charged to them as organiser that are still to pay. */
  async function mine(viewer: User) {
    await claimGuestShares(viewer);
    const now = new Date();
    const { splitDeadlineHours } = await readSettings(db);
    const rows = await db.bookingPlayer.findMany({
      where: {
        OR: [
          { userId: viewer.id, status: { not: 'dropped' }, booking: { status: { in: ['confirmed', 'pending_payment'] } } },
          { status: 'charged_to_organiser', paidAt: null, booking: { userId: viewer.id, status: 'confirmed' } },
        ],
      },
      include: { booking: { include: { court: true, user: true } } },
      orderBy: [{ booking: { startsAt: 'asc' } }, { id: 'asc' }],
    });
    const shown = rows.filter((row) => row.booking.endsAt > now && (row.booking.status === 'confirmed' || isLiveHold(row.booking, now)));
    const shares = await sharesOf(
      db,
      [...new Set(shown.map((row) => row.bookingId))],
    );
    return { data: shown.map((row) => shareDto(row, shares.get(row.id) ?? NO_SHARE, viewer, splitDeadlineHours, now)) };
  }

  async function show(viewer: User, shareId: number) {
    await claimGuestShares(viewer);
    const { splitDeadlineHours } = await readSettings(db);
    const share = await shareFor(viewer, shareId);
    return shareDto(share, (await sharesOf(db, [share.bookingId])).get(share.id) ?? NO_SHARE, viewer, splitDeadlineHours, new Date());
  }

  return { claimGuestShares, visibleBooking, split, shareFor, searchMembers, mine, show };
}

export type SplitReads = ReturnType<typeof createSplitReads>;
export type ShareRow = Awaited<ReturnType<SplitReads['shareFor']>>;
