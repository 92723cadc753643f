// Split payment (docs/domain.md#split-payment): the organiser of a held booking adds up to three other
// players; once the booking is confirmed each is invited by e-mail to pay their share (card or credit),
// once. A minute job sends the invitations and, at the deadline before play, charges the shares still
// unpaid to the organiser: from their credit when it covers them all, otherwise by payment links.
import { centsToMoney, DEFAULT_PLAYERS_PER_COURT, type api, type BodyOf, type QueryOf, type TBookingShare, type TBookingSplit } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, BookingPlayer, Court, Prisma, User } from '../../generated/prisma/client.js';
import { Prisma as PrismaNamespace, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { fromIsoDate, todayInRome } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { isLive, isLiveHold, statusShown, timeOf, whatOf, whenOf, type BookingMoney, moneyOfBooking, sharesOf, splitOwed, lockBooking, splitShares } from '../bookings/index.js';
import { moveOwed, owedBy, owedOne, payment as paymentEntry, settlingLegs, takeBackPayment, accounts, shareReceivable, post, INSUFFICIENT_CREDIT, spendingLegs, walletOf } from '../ledger/index.js';
import type { Checkouts, PaymentTarget } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { shareInvitationEmail, sharePaidEmail, sharesChargedEmail, sharesPaidFromCreditEmail } from './booking-players.emails.js';
import { joinAfterPayment } from './join-after-payment.js';

export const PLAYER_MESSAGES = {
  bookingNotFound: 'Prenotazione non trovata.',
  shareNotFound: 'Quota non trovata.',
  notOrganiser: 'Solo chi ha prenotato può cambiare i giocatori.',
  notHeld: 'La prenotazione non è più in attesa né confermata: i giocatori non si cambiano più.',
  invitationsClosed: 'La partita inizia tra poco: non si possono più aggiungere o togliere giocatori.',
  paying: 'Hai un pagamento in corso: aggiungi o togli i giocatori prima di pagare.',
  full: (others: number) => `Puoi aggiungere al massimo ${others} giocatori oltre a te.`,
  already: 'Questo giocatore è già nella partita.',
  self: 'Sei tu l’organizzatore: sei già nella partita.',
  unknownMember: 'Socio non trovato.',
  notPayable: 'Questa quota non è da pagare.',
  notConfirmed: 'L’organizzatore non ha ancora confermato la prenotazione: riprova tra poco.',
  paidWithCredit: 'Quota pagata con il credito.',
  left: 'Hai lasciato la partita: le quote degli altri sono state ricalcolate.',
  cannotLeave: 'Non puoi più lasciare questa partita: la quota è pagata o la scadenza è passata.',
  paidCannotLeave: 'Questo giocatore ha già pagato la sua quota.',
} as const;

type PlayerRow = BookingPlayer & { user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'> | null };
type SplitBooking = Booking & { court: Court; user: User | null; players: PlayerRow[] };

const WITH_PLAYERS = {
  court: true,
  user: true,
  players: { include: { user: { select: { id: true, firstName: true, lastName: true, email: true } } }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.BookingInclude;

const fullName = (user: Pick<User, 'firstName' | 'lastName'> | null) => (user ? `${user.firstName} ${user.lastName}` : '');
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const stillIn = (player: Pick<BookingPlayer, 'status'>) => player.status !== 'dropped';
const owes = (player: Pick<BookingPlayer, 'status' | 'paidAt'>) => stillIn(player) && player.paidAt === null;
const isStaff = (user: Pick<User, 'role'>) => user.role !== 'user';
/** "gi***@esempio.it": enough to tell two namesakes apart, not enough to write to them. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
};
/** The instant shares still unpaid pass to the organiser. */
const deadlineOf = (booking: Pick<Booking, 'startsAt'>, hours: number) => new Date(booking.startsAt.getTime() - hours * 3_600_000);
const deadlineText = (deadline: Date) => `${formatItalianDate(todayInRome(deadline))} alle ${timeOf(deadline)}`;

/** A share can be paid by its player while it is theirs to pay, or by the organiser once charged to them. */
const payerMay = (share: Pick<BookingPlayer, 'userId' | 'status' | 'paidAt'>, organiserId: number | null, viewerId: number) =>
  share.paidAt === null && ((share.status === 'invited' && share.userId === viewerId) || (share.status === 'charged_to_organiser' && organiserId === viewerId));

type Shares = Awaited<ReturnType<typeof sharesOf>>;
const NO_SHARE = { assigned: 0, owed: 0 };

export function createBookingPlayersService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger'>, checkouts: Checkouts) {
  const { db, jobs, config } = deps;
  const shareUrl = (shareId: number) => `${webOriginOf(config)}/quote/${shareId}`;
  /** A guest's link carries their address, so registering from it starts with that address filled in. */
  const guestShareUrl = (shareId: number, email: string) => `${shareUrl(shareId)}?${new URLSearchParams({ email })}`;

  /** A guest invited by e-mail who has since registered (and confirmed) that address gets their shares. */
  async function claimGuestShares(user: User) {
    if (!user.emailVerifiedAt) return;
    await db.bookingPlayer.updateMany({ where: { userId: null, guestEmail: user.email }, data: { userId: user.id, guestEmail: null, invitedEmail: user.email } });
  }

  /** The booking as its players and staff see it; anyone else is told it does not exist. */
  async function visibleBooking(viewer: User, bookingId: number, tx: Prisma.TransactionClient = db): Promise<SplitBooking> {
    const booking = await tx.booking.findUnique({ where: { id: bookingId }, include: WITH_PLAYERS });
    const isPlayer = booking?.players.some((player) => player.userId === viewer.id && stillIn(player));
    if (!booking || !(booking.userId === viewer.id || isPlayer || isStaff(viewer))) throw notFound(PLAYER_MESSAGES.bookingNotFound);
    return booking;
  }

  function splitDto(booking: SplitBooking, shares: Shares, money: BookingMoney, viewer: User, deadlineHours: number, now: Date): TBookingSplit {
    const players = booking.players.filter(stillIn);
    const shareOf = (player: { id: number }) => shares.get(player.id) ?? NO_SHARE;
    const organiserShare = booking.priceCents - sum(players.map((player) => shareOf(player).assigned));
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

  /**
   * The organiser's booking, held or already paid, locked for a change of players until the deadline;
   * refused while the organiser's payment is under way.
   */
  async function lockedForChange(tx: Prisma.TransactionClient, viewer: User, bookingId: number) {
    await lockBooking(tx, bookingId);
    const booking = await visibleBooking(viewer, bookingId, tx);
    if (booking.userId !== viewer.id) throw forbidden(PLAYER_MESSAGES.notOrganiser);
    const now = new Date();
    if (booking.status !== 'confirmed' && !isLiveHold(booking, now)) throw new AppError(409, PLAYER_MESSAGES.notHeld);
    // Within the deadline shares would pass to the organiser at once: nobody is invited to pay one.
    if (now >= deadlineOf(booking, (await readSettings(tx)).splitDeadlineHours)) throw new AppError(409, PLAYER_MESSAGES.invitationsClosed);
    // The organiser's checkout was opened for their share as it was: the shares stay as they are until it ends.
    if (await tx.transaction.count({ where: { bookingId, kind: 'booking', type: 'payment', status: 'pending' } })) throw new AppError(409, PLAYER_MESSAGES.paying);
    return booking;
  }

  /**
   * Money into a share waits for the booking first, as a cancellation locks it before reading what was
   * paid: a share is never paid into a booking being cancelled. True while the booking stands confirmed.
   */
  async function lockConfirmed(tx: Prisma.TransactionClient, bookingId: number) {
    return (await lockBooking(tx, bookingId, { share: true }))?.status === 'confirmed';
  }

  /** The organiser hears of each share a player pays themselves (once: sent with the payment's own transaction). */
  async function tellOrganiserSharePaid(tx: Prisma.TransactionClient, shareId: number, cents: number) {
    const share = await tx.bookingPlayer.findUniqueOrThrow({ where: { id: shareId }, include: { user: true, booking: { include: { court: true, user: true } } } });
    const organiser = share.booking.user;
    if (!organiser || share.userId === organiser.id) return;
    const player = share.user ? fullName(share.user) : (share.guestEmail ?? '');
    await jobs.send('send-email', sharePaidEmail(organiser, player, whatOf(share.booking), formatEuros(cents), `${webOriginOf(config)}/le-mie-prenotazioni`), { tx });
  }

  /**
   * Shares unpaid at the deadline (or left by the last unpaid player) pass to the organiser, each
   * once: the rows still 'invited' are marked in one statement, so a second run finds none. The
   * organiser's credit pays them all if it covers them (one entry); otherwise the organiser is e-mailed the links.
   */
  async function chargeToOrganiser(tx: Prisma.TransactionClient, bookingId: number, shareIds: number[]) {
    if (!(await lockConfirmed(tx, bookingId))) return 0;
    const charged = await tx.$queryRaw<{ id: number }[]>`
      UPDATE booking_players SET status = 'charged_to_organiser', charged_at = now()
      WHERE booking_id = ${bookingId} AND id IN (${PrismaNamespace.join(shareIds)}) AND status = 'invited' AND paid_at IS NULL
      RETURNING id`;
    if (charged.length === 0) return 0;
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { court: true, user: true } });
    const organiser = booking.user!;
    const ids = charged.map((share) => share.id);
    const receivables = ids.map((id) => shareReceivable(id, bookingId));
    const owed = await owedBy(
      tx,
      receivables.map((receivable) => receivable.account),
      { lock: true },
    );
    const parts = receivables.map((receivable) => ({ receivable, cents: owed.get(receivable.account.key) ?? 0 })).filter((part) => part.cents > 0);
    const total = sum(parts.map((part) => part.cents));
    // The wallet is locked before it is read, so what it covers is still there when it is spent.
    const legs = spendingLegs(await walletOf(tx, organiser.id, { lock: true }), total);
    if (legs) {
      await post(tx, {
        key: `shares:${ids.join(',')}:charged`,
        kind: 'credit_payment',
        description: `Quote non pagate dagli altri giocatori: ${booking.court.name}, ${whenOf(booking)}`,
        userId: organiser.id,
        bookingId,
        legs: [...legs, ...settlingLegs(parts)],
      });
      await tx.bookingPlayer.updateMany({ where: { id: { in: ids } }, data: { paidWith: 'credit', paidAt: new Date() } });
      if (total > 0) await jobs.send('send-email', sharesPaidFromCreditEmail(organiser, whatOf(booking), formatEuros(total), `${webOriginOf(config)}/profilo`), { tx });
    } else {
      await jobs.send('send-email', sharesChargedEmail(organiser, whatOf(booking), formatEuros(total), ids.map(shareUrl)), { tx });
    }
    return charged.length;
  }

  /**
   * A player out before paying: on a held booking what it owes is split again among those left; on a
   * confirmed one (the organiser has paid theirs) the leaver's share is spread over the players who still
   * owe theirs (their rows locked, a paid share never touched), or passes to the organiser when nobody else does.
   */
  async function dropOut(tx: Prisma.TransactionClient, booking: SplitBooking, player: PlayerRow) {
    if (player.paidAt !== null || player.status !== 'invited') throw new AppError(409, PLAYER_MESSAGES.paidCannotLeave);
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

  async function shareFor(viewer: User, shareId: number, tx: Prisma.TransactionClient = db) {
    const share = await tx.bookingPlayer.findUnique({ where: { id: shareId }, include: { booking: { include: { court: true, user: true } } } });
    if (!share || !(share.userId === viewer.id || (share.booking.userId === viewer.id && share.status === 'charged_to_organiser'))) throw notFound(PLAYER_MESSAGES.shareNotFound);
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

  /** The share locked for payment by the viewer, with its booking confirmed, and what it owes (read under its account's lock). */
  async function payableShare(tx: Prisma.TransactionClient, viewer: User, shareId: number) {
    const [row] = await tx.$queryRaw<{ bookingId: number }[]>`SELECT booking_id AS "bookingId" FROM booking_players WHERE id = ${shareId}`;
    if (row) await lockConfirmed(tx, row.bookingId);
    await tx.$queryRaw`SELECT id FROM booking_players WHERE id = ${shareId} FOR UPDATE`;
    const share = await shareFor(viewer, shareId, tx);
    if (!payerMay(share, share.booking.userId, viewer.id)) throw new AppError(409, PLAYER_MESSAGES.notPayable);
    if (share.booking.status !== 'confirmed') throw new AppError(409, share.booking.status === 'pending_payment' ? PLAYER_MESSAGES.notConfirmed : PLAYER_MESSAGES.notPayable);
    const receivable = shareReceivable(share.id, share.bookingId);
    const owed = await owedOne(tx, receivable.account, { lock: true });
    if (owed <= 0) throw new AppError(409, PLAYER_MESSAGES.notPayable);
    return { share, receivable, owed };
  }

  const itemName = (share: ShareRow) => `Quota campo ${share.booking.court.code} · ${whenOf(share.booking)}`;

  /** A share paid by card is recorded once, and only for the amount it still owes; anything else is refunded. */
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
        data: { status: payment.userId === share.userId ? 'paid' : share.status, paidWith: 'card', paidAt: new Date(), transactionId: payment.id },
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
      if (stands) await tx.bookingPlayer.update({ where: { id: shareId }, data: { paidAt: null, paidWith: null, status: share.status === 'paid' ? 'invited' : share.status } });
    },
  };

  return {
    paymentTarget,
    split,

    /**
     * Members by name only (an address is never searched: that would tell whether it has an account),
     * at most 8, those the viewer has played with first; with what tells namesakes apart.
     */
    async searchMembers(viewer: User, { q }: QueryOf<typeof api.bookingPlayers.searchMembers>) {
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
    },

    async add(viewer: User, bookingId: number, body: BodyOf<typeof api.bookingPlayers.add>) {
      await db.$transaction(async (tx) => {
        const booking = await lockedForChange(tx, viewer, bookingId);
        const players = booking.players.filter(stillIn);
        if (players.length >= DEFAULT_PLAYERS_PER_COURT - 1) throw new AppError(409, PLAYER_MESSAGES.full(DEFAULT_PLAYERS_PER_COURT - 1));
        const byId = body.user_id !== undefined;
        // A guest whose e-mail already has an account is that member, shown by that address until they pay.
        const member = await tx.user.findFirst({ where: { ...(byId ? { id: body.user_id } : { email: body.email }), disabledAt: null, erasedAt: null } });
        if (byId && !member) throw new AppError(422, PLAYER_MESSAGES.unknownMember, { user_id: [PLAYER_MESSAGES.unknownMember] });
        if (member?.id === viewer.id) throw new AppError(422, PLAYER_MESSAGES.self, { [byId ? 'user_id' : 'email']: [PLAYER_MESSAGES.self] });
        const guestEmail = member ? null : (body.email ?? null);
        if (players.some((player) => (member && player.userId === member.id) || (guestEmail && player.guestEmail === guestEmail))) throw new AppError(409, PLAYER_MESSAGES.already);
        const player = await tx.bookingPlayer.create({ data: { bookingId, userId: member?.id ?? null, guestEmail, invitedEmail: member && !byId ? body.email! : null } });
        if (booking.status === 'confirmed') await joinAfterPayment(tx, checkouts, { id: bookingId, userId: viewer.id }, player.id);
        else await splitOwed(tx, bookingId, `player:${player.id}:joined`);
      }, TRANSACTION_OPTIONS);
      return split(viewer, bookingId);
    },

    async remove(viewer: User, bookingId: number, playerId: number) {
      await db.$transaction(async (tx) => {
        const booking = await lockedForChange(tx, viewer, bookingId);
        const player = booking.players.find((row) => row.id === playerId && stillIn(row));
        if (!player) throw notFound('Giocatore non trovato.');
        await dropOut(tx, booking, player);
      }, TRANSACTION_OPTIONS);
      return split(viewer, bookingId);
    },

    /** The player's own shares, and those charged to them as organiser that are still to pay. */
    async mine(viewer: User) {
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
    },

    async show(viewer: User, shareId: number) {
      await claimGuestShares(viewer);
      const { splitDeadlineHours } = await readSettings(db);
      const share = await shareFor(viewer, shareId);
      return shareDto(share, (await sharesOf(db, [share.bookingId])).get(share.id) ?? NO_SHARE, viewer, splitDeadlineHours, new Date());
    },

    async checkout(viewer: User, shareId: number) {
      const { share, owed } = await db.$transaction((tx) => payableShare(tx, viewer, shareId), TRANSACTION_OPTIONS);
      const checkoutUrl = await checkouts.open({
        kind: 'booking_share',
        targetId: share.id,
        customer: { id: viewer.id, email: viewer.email },
        amountCents: owed,
        itemName: itemName(share),
        cancelPath: `/quote/${share.id}?pagamento=annullato`,
      });
      return { checkout_url: checkoutUrl };
    },

    async payWithCredit(viewer: User, shareId: number) {
      // A card checkout already paid stops this (409); one still open is closed with the payment.
      await checkouts.refuseIfPaid('booking_share', shareId);
      await db.$transaction(async (tx) => {
        await checkouts.closeIn(tx, 'booking_share', shareId);
        const { share, receivable, owed } = await payableShare(tx, viewer, shareId);
        const legs = spendingLegs(await walletOf(tx, viewer.id, { lock: true }), owed);
        if (!legs) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
        await post(tx, {
          key: `share:${shareId}:credit:${Date.now()}`,
          kind: 'credit_payment',
          description: itemName(share),
          userId: viewer.id,
          bookingId: share.bookingId,
          bookingPlayerId: shareId,
          legs: [...legs, ...settlingLegs([{ receivable, cents: owed }])],
        });
        await tx.bookingPlayer.update({ where: { id: shareId }, data: { status: share.userId === viewer.id ? 'paid' : share.status, paidWith: 'credit', paidAt: new Date() } });
        if (share.userId === viewer.id) await tellOrganiserSharePaid(tx, shareId, owed);
      }, TRANSACTION_OPTIONS);
      return { message: PLAYER_MESSAGES.paidWithCredit };
    },

    async leave(viewer: User, shareId: number) {
      const { splitDeadlineHours } = await readSettings(db);
      await db.$transaction(async (tx) => {
        const share = await shareFor(viewer, shareId, tx);
        await lockBooking(tx, share.bookingId);
        const booking = await tx.booking.findUniqueOrThrow({ where: { id: share.bookingId }, include: WITH_PLAYERS });
        const player = booking.players.find((row) => row.id === shareId)!;
        const now = new Date();
        const open = booking.status === 'confirmed' || isLiveHold(booking, now);
        if (player.userId !== viewer.id || player.status !== 'invited' || player.paidAt !== null || !open || now >= deadlineOf(booking, splitDeadlineHours)) throw new AppError(409, PLAYER_MESSAGES.cannotLeave);
        await dropOut(tx, booking, player);
      }, TRANSACTION_OPTIONS);
      return { message: PLAYER_MESSAGES.left };
    },

    settings: async () => ({ deadline_hours: (await readSettings(db)).splitDeadlineHours }),
    async saveSettings(body: BodyOf<typeof api.bookingPlayers.saveSettings>) {
      const saved = await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: body.deadline_hours } });
      return { deadline_hours: saved.splitDeadlineHours };
    },

    /**
     * Job, every minute: players of bookings confirmed since get their invitation (once: marked in the
     * same statement), then shares unpaid at the deadline are charged to the organiser (once each).
     */
    async runShareJob() {
      const { splitDeadlineHours } = await readSettings(db);
      const invited = await db.$transaction(async (tx) => {
        const due = await tx.$queryRaw<{ id: number }[]>`
          UPDATE booking_players p SET invitation_sent_at = now() FROM bookings b
          WHERE b.id = p.booking_id AND b.status = 'confirmed' AND b.ends_at > now() AND p.status = 'invited' AND p.invitation_sent_at IS NULL
          RETURNING p.id`;
        const rows = await tx.bookingPlayer.findMany({ where: { id: { in: due.map((row) => row.id) } }, include: { user: true, booking: { include: { court: true, user: true } } } });
        const shares = await sharesOf(
          tx,
          [...new Set(rows.map((row) => row.bookingId))],
        );
        for (const row of rows) {
          const to = row.user ? { email: row.user.email, firstName: row.user.firstName } : { email: row.guestEmail!, firstName: null };
          const deadline = deadlineText(deadlineOf(row.booking, splitDeadlineHours));
          const link = row.user ? shareUrl(row.id) : guestShareUrl(row.id, row.guestEmail!);
          await jobs.send('send-email', shareInvitationEmail(to, fullName(row.booking.user), whatOf(row.booking), formatEuros(shares.get(row.id)?.owed ?? 0), link, deadline), { tx });
        }
        return rows.length;
      }, TRANSACTION_OPTIONS);
      const overdue = await db.$queryRaw<{ bookingId: number; ids: number[] }[]>`
        SELECT p.booking_id AS "bookingId", array_agg(p.id ORDER BY p.id) AS ids FROM booking_players p JOIN bookings b ON b.id = p.booking_id
        WHERE p.status = 'invited' AND p.paid_at IS NULL AND b.status = 'confirmed' AND b.starts_at <= now() + make_interval(hours => ${splitDeadlineHours})
        GROUP BY p.booking_id`;
      let charged = 0;
      for (const { bookingId, ids } of overdue) charged += await db.$transaction((tx) => chargeToOrganiser(tx, bookingId, ids), TRANSACTION_OPTIONS);
      return { invited, charged };
    },
  };
}

export type BookingPlayersService = ReturnType<typeof createBookingPlayersService>;
