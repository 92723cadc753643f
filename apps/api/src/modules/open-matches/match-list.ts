// The members' list of open matches (docs/open-matches.md#the-list) in one statement past Prisma's client
// (readRows): a row per match, soonest first, with its booking's times in Rome, its court, and its people
// (organiser, players, requests, leavers) with their names and ratings as JSON. Every other module's table
// is read through the relation its module gives (bookings, booking players, users, levels, courts). One
// round trip and a few hundred rows: pg's parsing of thousands of rows, their instants above all, cost more
// CPU than PostgreSQL's answer. A prepared statement (one plan fits every value), planned once per connection.
import { type api, type QueryOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';
import { playersNotDropped } from '../booking-players/index.js';
import { confirmedAhead } from '../bookings/index.js';
import { courtNames } from '../courts/index.js';
import { levelOf, memberMus } from '../levels/index.js';
import { type UserName, userNames } from '../users/index.js';
import { cardPlaceSince, timeOfDay, withinRange } from './match-terms.js';
import type { MatchPeople, MatchRow } from './match-view.js';

/** A person with their rating in the match's sport (null: no level yet). */
type Rated = { user: UserName; mu: number | null };

interface ListedRow extends Pick<MatchRow, 'id' | 'bookingId' | 'organiserId' | 'format' | 'competitive' | 'levelMinTenths' | 'levelMaxTenths' | 'gender' | 'note' | 'partCents' | 'state'> {
  cutoffMs: number;
  startsMs: number;
  endsMs: number;
  status: MatchRow['booking']['status'];
  date: string;
  start: string;
  end: string;
  court: string;
  viewerMu: number | null;
  /** JSON text, parsed only for the matches kept: Rated. */
  organiser: string;
  /** JSON text: the players in (paid, or paying by card within their time), in the order they joined. */
  players: string;
  /** JSON text: the requests still asking, with their answers. */
  requests: string;
  /** The members whose place is offered, not settled yet. */
  leavers: (number | null)[];
}

type ListedPlayer = { guestName: string | null; paid: boolean; user: UserName | null; mu: number | null };

const NAMED = Prisma.sql`json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)`;

/** The statement: matches still taking players, their booking confirmed and ahead, in one sport or all. */
function listStatement(viewerId: number, sport: string | undefined, now: Date) {
  const players = playersNotDropped(cardPlaceSince(now));
  return Prisma.sql`SELECT om.id, om.booking_id AS "bookingId", om.organiser_id AS "organiserId", om.format, om.competitive, om.level_min_tenths AS "levelMinTenths",
      om.level_max_tenths AS "levelMaxTenths", om.gender, om.note, om.part_cents AS "partCents", (extract(epoch FROM om.cutoff_at) * 1000)::float8 AS "cutoffMs", om.state,
      b.starts_ms AS "startsMs", b.ends_ms AS "endsMs", b.status, b.date, b.start, b."end", c.name AS court, viewer.mu AS "viewerMu",
      (SELECT json_build_object('user', ${NAMED}, 'mu', l.mu) FROM ${userNames} u LEFT JOIN ${memberMus} l ON l.user_id = u.id AND l.sport = om.sport WHERE u.id = om.organiser_id)::text AS organiser,
      coalesce((SELECT json_agg(json_build_object('guestName', p.guest_name, 'paid', p.paid, 'user', CASE WHEN u.id IS NULL THEN NULL ELSE ${NAMED} END, 'mu', l.mu) ORDER BY p.id)
        FROM ${players} p LEFT JOIN ${userNames} u ON u.id = p.user_id LEFT JOIN ${memberMus} l ON l.user_id = p.user_id AND l.sport = om.sport
        WHERE p.booking_id = om.booking_id AND p.paid_or_joined_since), '[]')::text AS players,
      coalesce((SELECT json_agg(json_build_object('id', r.id, 'userId', r.user_id, 'user', ${NAMED},
          'answers', (SELECT coalesce(json_agg(json_build_object('playerId', a.player_id, 'accepted', a.accepted)), '[]') FROM open_match_answers a WHERE a.request_id = r.id)) ORDER BY r.id)
        FROM open_match_requests r JOIN ${userNames} u ON u.id = r.user_id WHERE r.match_id = om.id AND r.state = 'asking'), '[]')::text AS requests,
      ARRAY(SELECT p.user_id FROM open_match_offers o LEFT JOIN ${players} p ON p.id = o.leaver_id WHERE o.match_id = om.id AND o.settled_at IS NULL) AS leavers
    FROM open_matches om JOIN ${confirmedAhead(now)} b ON b.id = om.booking_id JOIN ${courtNames} c ON c.id = b.court_id
      LEFT JOIN ${memberMus} viewer ON viewer.user_id = ${viewerId} AND viewer.sport = om.sport
    WHERE om.id IN (SELECT id FROM open_matches WHERE state = 'open' AND cutoff_at > ${now}
                    UNION ALL SELECT o.match_id FROM open_match_offers o JOIN open_matches m ON m.id = o.match_id WHERE o.settled_at IS NULL AND m.state IN ('filled', 'kept'))
      ${sport ? Prisma.sql`AND om.sport = ${sport}::sport` : Prisma.empty}
    ORDER BY b.starts_at, om.id`;
}

const levelOrNull = (mu: number | null) => (mu === null ? null : levelOf(mu));

/**
 * Matches still taking players, soonest first: open before the cut-off or, after it, with a place a leaving
 * player offers (docs/open-matches.md#filling-rules); their booking confirmed and ahead; in the member's sport,
 * day and time of day, and "at my level" those the member joins at once (a competitive match's range).
 */
export async function listedMatches(db: Db, viewer: Pick<User, 'id'>, query: QueryOf<typeof api.openMatches.list>, now: Date): Promise<{ row: MatchRow; people: MatchPeople }[]> {
  const { sport, date, time_of_day: timeOfDayWanted } = query;
  const read = await readRows<ListedRow>(db, listStatement(viewer.id, sport, now), sport ? 'open-matches-listed-in-sport' : 'open-matches-listed');
  const wanted = read.filter(
    (match) =>
      (!date || match.date === date) &&
      (!timeOfDayWanted || timeOfDay(match.start) === timeOfDayWanted) &&
      (query.at_my_level !== 'true' || withinRange(match, levelOrNull(match.viewerMu))),
  );
  // Each row built field by field: spreading hundreds of pg rows costs more than their read.
  return wanted.map((match) => {
    const organiser = JSON.parse(match.organiser) as Rated;
    const players = JSON.parse(match.players) as ListedPlayer[];
    const levels = new Map<number, number | null>([[viewer.id, levelOrNull(match.viewerMu)], [organiser.user.id, levelOrNull(organiser.mu)]]);
    for (const player of players) if (player.user) levels.set(player.user.id, levelOrNull(player.mu));
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
      cutoffAt: new Date(match.cutoffMs),
      state: match.state,
      booking: {
        startsAt: new Date(match.startsMs),
        endsAt: new Date(match.endsMs),
        inRome: { date: match.date, start: match.start, end: match.end },
        status: match.status,
        court: { name: match.court },
      },
      organiser: organiser.user,
      requests: JSON.parse(match.requests) as MatchRow['requests'],
    };
    const joined = players.map((player) => ({ guestName: player.guestName, paid: player.paid, user: player.user }));
    const people: MatchPeople = { joined, leavers: match.leavers, level: (userId) => levels.get(userId) ?? null };
    return { row, people };
  });
}
