// How a member sees open matches (docs/open-matches.md#the-list): the players with their levels, the
// places left, the price of a part and the time left to fill it; the requests a player answers.
import { centsToMoney, type TOpenMatch } from '@beach/contracts';
import type { Booking, OpenMatch, OpenMatchAnswer, Prisma, User } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import type { BookingTimes } from '../bookings/index.js';
import { timeOf, todayInRome } from '../../lib/time.js';
import { formatOf, matchMessages, memberLevel, playersIn, withinRange } from './match-terms.js';

/** A person as a view names them: the list reads hundreds, so only these columns. */
const NAMED = { select: { id: true, firstName: true, lastName: true } } as const;

export const MATCH_DETAILS = {
  booking: { include: { court: { select: { name: true } } } },
  organiser: NAMED,
  requests: { where: { state: 'asking' }, orderBy: { id: 'asc' }, include: { user: NAMED, answers: true } },
} satisfies Prisma.OpenMatchInclude;
type Named = Pick<User, 'id' | 'firstName' | 'lastName'>;
/** What a view reads of a match: MATCH_DETAILS for one match, match-list.ts for the list. */
export type MatchRow = Pick<OpenMatch, 'id' | 'bookingId' | 'organiserId' | 'format' | 'competitive' | 'levelMinTenths' | 'levelMaxTenths' | 'gender' | 'note' | 'partCents' | 'cutoffAt' | 'state'> & {
  /** `inRome` when the list has the day and times from PostgreSQL; one match formats its instants. */
  booking: Pick<Booking, 'startsAt' | 'endsAt' | 'status'> & { court: { name: string }; inRome?: BookingTimes['inRome'] };
  organiser: Named;
  requests: { id: number; userId: number; user: Named; answers: Pick<OpenMatchAnswer, 'playerId' | 'accepted'>[] }[];
};

const nameOf = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;
const levelOf = (tenths: number | null) => (tenths === null ? null : tenths / 10);

type PlayerInView = Pick<Awaited<ReturnType<typeof playersIn>>[number], 'guestName'> & { paid: boolean; user: Named | null };

/** The people of a match, read before its view is built: the list reads them for all its matches in a few statements. */
export interface MatchPeople {
  joined: PlayerInView[];
  /** The members whose place is offered (not settled yet). */
  leavers: (number | null)[];
  /** A member's level (a player's, the viewer's) in the match's sport. */
  level(userId: number): number | null;
}

async function peopleOf(tx: Prisma.TransactionClient, match: MatchRow, viewer: Pick<User, 'id'>, now: Date): Promise<MatchPeople> {
  const { sport } = formatOf(match.format);
  const [joined, offers] = await Promise.all([
    playersIn(tx, match.bookingId, now).then((players) => players.map((player) => ({ guestName: player.guestName, paid: player.paidAt !== null, user: player.user }))),
    tx.openMatchOffer.findMany({ where: { matchId: match.id, settledAt: null }, select: { leaver: { select: { userId: true } } } }),
  ]);
  const members = [...new Set([viewer.id, match.organiserId, ...joined.flatMap((player) => (player.user ? [player.user.id] : []))])];
  const levels = new Map(await Promise.all(members.map(async (userId) => [userId, await memberLevel(tx, userId, sport)] as const)));
  return { joined, leavers: offers.map((offer) => offer.leaver.userId), level: (userId) => levels.get(userId) ?? null };
}

export async function matchView(tx: Prisma.TransactionClient, match: MatchRow, viewer: Pick<User, 'id'>, now: Date): Promise<TOpenMatch> {
  return viewOf(match, viewer, now, await peopleOf(tx, match, viewer, now));
}

/** The format's places less the organiser and the players in, plus those the leavers offer. */
export const placesLeftOf = (format: MatchRow['format'], joined: number, offered: number) => Math.max(0, formatOf(format).players - 1 - joined + offered);

/** The view of a match whose people are read: the same for its page and the list (docs/open-matches.md#the-list). */
export function viewOf(match: MatchRow, viewer: Pick<User, 'id'>, now: Date, { joined, leavers, level }: MatchPeople): TOpenMatch {
  const { sport, players: count } = formatOf(match.format);
  // A walk-in without an account holds a place by name (docs/open-matches.md#the-desk): no level, no say in requests.
  const people = [{ user: match.organiser, organiser: true, guestName: null }, ...joined.map((player) => ({ user: player.user, organiser: false, guestName: player.guestName }))];
  const members = people.flatMap((person) => (person.user ? [{ ...person, user: person.user }] : []));
  const inIds = new Set(members.map((person) => person.user.id));
  // A place offered after the cut-off counts as free until its taker pays (docs/open-matches.md#filling-rules).
  const leaving = new Set(leavers);
  const placesLeft = placesLeftOf(match.format, joined.length, leavers.length);
  const booking = match.booking;
  const inRome = booking.inRome ?? { date: todayInRome(booking.startsAt), start: timeOf(booking.startsAt), end: timeOf(booking.endsAt, true) };
  const closed = match.state === 'cancelled' || booking.status === 'cancelled' || booking.status === 'expired';
  const allPaid = joined.every((player) => player.paid);
  const state = closed ? 'cancelled' : match.state === 'kept' ? 'kept' : (placesLeft === 0 && allPaid) || match.state === 'filled' ? 'full' : 'open';
  const requests = match.requests
    .filter((request) => inIds.has(viewer.id) || request.userId === viewer.id)
    .map((request) => {
      const answers = new Map(request.answers.map((answer) => [answer.playerId, answer.accepted]));
      const deciders = members.filter((person) => person.user.id !== request.userId);
      return {
        id: request.id,
        user_id: request.userId,
        name: nameOf(request.user),
        is_me: request.userId === viewer.id,
        accepted: deciders.every((person) => answers.get(person.user.id) === true),
        refused_by: deciders.filter((person) => answers.get(person.user.id) === false).map((person) => ({ user_id: person.user.id, name: nameOf(person.user) })),
        my_answer: answers.get(viewer.id) ?? null,
      };
    });
  const mine = requests.find((request) => request.is_me);
  const beingPlayed = (match.state === 'filled' || match.state === 'kept') && booking.startsAt > now;
  const open = ((state === 'open' && match.cutoffAt > now) || beingPlayed) && booking.status === 'confirmed';
  const way = inIds.has(viewer.id)
    ? 'in'
    : !open || placesLeft === 0
      ? 'none'
      : mine
        ? mine.accepted
          ? 'accepted'
          : 'asked'
        : withinRange(match, level(viewer.id))
          ? 'join'
          : 'ask';
  return {
    id: match.id,
    booking_id: match.bookingId,
    sport,
    format: match.format,
    players_count: count,
    competitive: match.competitive,
    level_min: levelOf(match.levelMinTenths),
    level_max: levelOf(match.levelMaxTenths),
    gender: match.gender,
    note: match.note,
    court: booking.court.name,
    date: inRome.date,
    start: inRome.start,
    end: inRome.end,
    part: centsToMoney(match.partCents),
    cutoff_at: match.cutoffAt.toISOString(),
    state,
    places_left: placesLeft,
    players: people.map(({ user, organiser, guestName }) =>
      user
        ? { user_id: user.id, name: nameOf(user), organiser, level: level(user.id), is_me: user.id === viewer.id, leaving: leaving.has(user.id) }
        : { user_id: null, name: guestName ?? '', organiser, level: null, is_me: false, leaving: false },
    ),
    my_way_in: way,
    can_leave: way === 'in' && viewer.id !== match.organiserId && !leaving.has(viewer.id) && open && booking.startsAt > now,
    requests,
  };
}

export async function matchRow(db: Db | Prisma.TransactionClient, id: number): Promise<MatchRow> {
  const match = await db.openMatch.findUnique({ where: { id }, include: MATCH_DETAILS });
  if (!match) throw new AppError(404, matchMessages.notFound);
  return match;
}
