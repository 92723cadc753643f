// The members' list of open matches (docs/open-matches.md#the-list) read for all its matches at once, in
// three round trips of plain statements (the matches with their requests and offered places; their
// bookings and players; the people's names and levels), each past Prisma's client (readRows): its relation
// joins and its CPU per row cost more than PostgreSQL's answer for a few hundred matches. Each is a prepared
// statement (lookups by key, one plan fits them), parsed and planned once per connection. The member's
// filters are applied as soon as what they test is read, so only the kept matches' people are read and viewed.
import { type api, type QueryOf, SPORTS } from '@beach/contracts';
import type { Sport, User } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';
import { playersOfBookings } from '../booking-players/index.js';
import { type BookingTimes, confirmedAheadOf } from '../bookings/index.js';
import { courtNames } from '../courts/index.js';
import { levelsInSports } from '../levels/index.js';
import { namesOf } from '../users/index.js';
import { cardPlaceSince, formatOf, timeOfDay, withinRange } from './match-terms.js';
import { type MatchPeople, type MatchRow, placesLeftOf } from './match-view.js';

type OwnColumns = Omit<MatchRow, 'booking' | 'organiser' | 'requests'> & {
  requests: (Omit<MatchRow['requests'][number], 'user'>)[];
  /** The players (booking_players ids) whose place is offered, not settled yet. */
  offeredBy: number[];
};

/**
 * Matches still taking players, soonest first: open before the cut-off or, after it, with a place a leaving
 * player offers (docs/open-matches.md#filling-rules); their booking confirmed and ahead; a place left or the
 * viewer in; in the member's sport, day and time of day, and "at my level" those the member joins at once (a
 * competitive match's range). Every rule is applied before the names and levels are read: only the listed
 * matches' people are read and viewed.
 */
export async function listedMatches(db: Db, viewer: Pick<User, 'id'>, query: QueryOf<typeof api.openMatches.list>, now: Date): Promise<{ row: MatchRow; people: MatchPeople }[]> {
  const { sport, date, time_of_day: timeOfDayWanted } = query;
  // Each way onto the list read through its own index: the open matches by (state, cutoff_at), the others by their offers.
  const [read, courts, viewerLevels] = await Promise.all([
    readRows<OwnColumns>(
      db,
      Prisma.sql`SELECT om.id, om.booking_id AS "bookingId", om.organiser_id AS "organiserId", om.format, om.competitive, om.level_min_tenths AS "levelMinTenths",
          om.level_max_tenths AS "levelMaxTenths", om.gender, om.note, om.part_cents AS "partCents", om.cutoff_at AS "cutoffAt", om.state,
          coalesce((SELECT json_agg(json_build_object('id', r.id, 'userId', r.user_id,
              'answers', (SELECT coalesce(json_agg(json_build_object('playerId', a.player_id, 'accepted', a.accepted)), '[]') FROM open_match_answers a WHERE a.request_id = r.id)) ORDER BY r.id)
            FROM open_match_requests r WHERE r.match_id = om.id AND r.state = 'asking'), '[]') AS requests,
          ARRAY(SELECT o.leaver_id FROM open_match_offers o WHERE o.match_id = om.id AND o.settled_at IS NULL) AS "offeredBy"
        FROM open_matches om
        WHERE om.id IN (SELECT id FROM open_matches WHERE state = 'open' AND cutoff_at > ${now}
                        UNION ALL SELECT o.match_id FROM open_match_offers o JOIN open_matches m ON m.id = o.match_id WHERE o.settled_at IS NULL AND m.state IN ('filled', 'kept'))
          ${sport ? Prisma.sql`AND om.sport = ${sport}::sport` : Prisma.empty}`,
      sport ? 'open-matches-listed-in-sport' : 'open-matches-listed',
    ),
    courtNames(db),
    query.at_my_level === 'true' ? levelsInSports(db, new Map(SPORTS.map((sport) => [sport, [viewer.id]]))) : undefined,
  ]);
  const atMyLevel = (match: OwnColumns) => !viewerLevels || withinRange(match, viewerLevels.get(formatOf(match.format).sport)?.get(viewer.id) ?? null);
  const byBooking = new Map(read.filter(atMyLevel).map((match) => [match.bookingId, match]));
  const [ahead, playersRead] = await Promise.all([confirmedAheadOf(db, [...byBooking.keys()], now), playersOfBookings(db, [...byBooking.keys()], cardPlaceSince(now))]);
  // The players in (paid, or paying by card within their time), counted before any name or level is read.
  const inPlay = playersRead.filter((player) => player.paidOrJoinedSince);
  const joinedCount = new Map<number, number>();
  const viewerIn = new Set<number>();
  for (const player of inPlay) {
    joinedCount.set(player.bookingId, (joinedCount.get(player.bookingId) ?? 0) + 1);
    if (player.userId === viewer.id) viewerIn.add(player.bookingId);
  }
  // Listed: a match with a place left, or one the viewer is in (docs/open-matches.md#the-list).
  const listed = ({ id }: BookingTimes, match: OwnColumns) =>
    placesLeftOf(match.format, joinedCount.get(id) ?? 0, match.offeredBy.length) > 0 || match.organiserId === viewer.id || viewerIn.has(id);
  const bookings = ahead.filter(
    (booking) => (!date || booking.inRome.date === date) && (!timeOfDayWanted || timeOfDay(booking.inRome.start) === timeOfDayWanted) && listed(booking, byBooking.get(booking.id)!),
  );
  const matches = bookings.map((booking) => byBooking.get(booking.id)!);
  const kept = new Set(bookings.map((booking) => booking.id));
  const players = playersRead.filter((player) => kept.has(player.bookingId));
  // Each member's level in the sport of their match only (and the viewer's, for the way in): a third of every level.
  const membersBySport = new Map<Sport, number[]>();
  const inSport = (sport: Sport) => membersBySport.get(sport) ?? membersBySport.set(sport, [viewer.id]).get(sport)!;
  for (const match of matches) inSport(formatOf(match.format).sport).push(match.organiserId, ...match.requests.map((request) => request.userId));
  const sportOf = new Map(matches.map((match) => [match.bookingId, formatOf(match.format).sport]));
  for (const player of players) if (player.userId !== null) inSport(sportOf.get(player.bookingId)!).push(player.userId);
  const [names, levels] = await Promise.all([namesOf(db, [...membersBySport.values()].flat()), levelsInSports(db, membersBySport)]);

  const playersOf = new Map<number, MatchPeople['joined']>();
  for (const player of inPlay.filter((one) => kept.has(one.bookingId))) {
    const named = { guestName: player.guestName, paid: player.paid, user: player.userId === null ? null : names.get(player.userId)! };
    const ofBooking = playersOf.get(player.bookingId);
    if (ofBooking) ofBooking.push(named);
    else playersOf.set(player.bookingId, [named]);
  }
  const userOfPlayer = new Map(players.map((player) => [player.id, player.userId]));
  const leavers = new Map(matches.map((match) => [match.id, match.offeredBy.map((playerId) => userOfPlayer.get(playerId) ?? null)]));
  const soonestFirst = bookings.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || byBooking.get(a.id)!.id - byBooking.get(b.id)!.id);
  // Each row built field by field: spreading hundreds of pg rows costs more than their read.
  return soonestFirst.map((booking) => {
    const match = byBooking.get(booking.id)!;
    const levelsInSport = levels.get(formatOf(match.format).sport);
    const row: MatchRow = {
      id: match.id,
      bookingId: match.bookingId,
      organiserId: match.organiserId,
      format: match.format,
      competitive: match.competitive,
      levelMinTenths: match.levelMinTenths,
      levelMaxTenths: match.levelMaxTenths,
      gender: match.gender,
      note: match.note,
      partCents: match.partCents,
      cutoffAt: match.cutoffAt,
      state: match.state,
      booking: { startsAt: booking.startsAt, endsAt: booking.endsAt, inRome: booking.inRome, status: booking.status, court: { name: courts.get(booking.courtId)! } },
      organiser: names.get(match.organiserId)!,
      requests: match.requests.map((request) => ({ id: request.id, userId: request.userId, answers: request.answers, user: names.get(request.userId)! })),
    };
    const people: MatchPeople = { joined: playersOf.get(booking.id) ?? [], leavers: leavers.get(match.id) ?? [], level: (userId) => levelsInSport?.get(userId) ?? null };
    return { row, people };
  });
}
