// The members' list of open matches (docs/open-matches.md#the-list) in two statements past Prisma's client
// (readRows), run at once on two connections: the matches, soonest first, with their booking's times in Rome,
// court, organiser and requests; and the players of the matches taking players, with their names and ratings. Every other module's table is read through the relation its module gives (bookings,
// booking players, users, levels, courts). pg's parsing of thousands of rows, their instants above all, cost
// more CPU than PostgreSQL's answer, so few rows and no instant are parsed. Prepared statements, planned once
// per connection: their instants are PostgreSQL's clock (`now()`), not parameters, since a parameter's
// instant gives PostgreSQL a precise estimate it would then plan again at every call (milliseconds each).
import { type api, type QueryOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';
import { playersNotDropped } from '../booking-players/index.js';
import { confirmedAhead } from '../bookings/index.js';
import { courtNames } from '../courts/index.js';
import { levelOf, memberMus } from '../levels/index.js';
import { type UserName, userNames } from '../users/index.js';
import { CARD_PLACE_MS, timeOfDay, withinRange } from './match-terms.js';
import type { MatchPeople, MatchRow } from './match-view.js';

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
  organiserFirstName: string;
  organiserLastName: string;
  organiserMu: number | null;
  /** JSON text: the requests still asking, with their answers. */
  requests: string;
  /** The members whose place is offered, not settled yet. */
  leavers: (number | null)[];
}

type PlayerRow = { bookingId: number; guestName: string | null; paid: boolean; userId: number | null; firstName: string | null; lastName: string | null; mu: number | null };

const NAMED = Prisma.sql`json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)`;

const inSportOf = (sport: string | undefined) => (sport ? Prisma.sql`AND om.sport = ${sport}::sport` : Prisma.empty);
/** A match whose place a leaving player offers, not settled yet: listed after its cut-off (docs/open-matches.md#filling-rules). */
const OFFERED = Prisma.sql`SELECT o.match_id FROM open_match_offers o JOIN open_matches m ON m.id = o.match_id WHERE o.settled_at IS NULL AND m.state IN ('filled', 'kept')`;

/** Matches still taking players, their booking confirmed and ahead, in one sport or all. */
const listed = (sport: string | undefined) => Prisma.sql`WITH listed AS MATERIALIZED (
      SELECT om.id, om.booking_id, om.organiser_id, om.sport, om.format, om.competitive, om.level_min_tenths, om.level_max_tenths, om.gender, om.note, om.part_cents,
        om.cutoff_at, om.state, b.court_id, b.starts_at, b.starts_ms, b.ends_ms, b.status, b.date, b.start, b."end"
      FROM open_matches om JOIN ${confirmedAhead} b ON b.id = om.booking_id
      WHERE om.id IN (SELECT id FROM open_matches WHERE state = 'open' AND cutoff_at > now() UNION ALL ${OFFERED}) ${inSportOf(sport)})`;

/** The listed matches, soonest first, with their requests and offered places aggregated per match in one pass each. */
const matchesStatement = (viewerId: number, sport: string | undefined) =>
  Prisma.sql`${listed(sport)}, asking AS (
      SELECT r.match_id, json_agg(json_build_object('id', r.id, 'userId', r.user_id, 'user', ${NAMED},
          'answers', (SELECT coalesce(json_agg(json_build_object('playerId', a.player_id, 'accepted', a.accepted)), '[]') FROM open_match_answers a WHERE a.request_id = r.id)) ORDER BY r.id) AS requests
      FROM listed m JOIN open_match_requests r ON r.match_id = m.id JOIN ${userNames} u ON u.id = r.user_id WHERE r.state = 'asking' GROUP BY r.match_id
    ), offered AS (
      SELECT o.match_id, array_agg(p.user_id) AS leavers
      FROM listed m JOIN open_match_offers o ON o.match_id = m.id LEFT JOIN ${playersNotDropped(CARD_PLACE_MS)} p ON p.id = o.leaver_id WHERE o.settled_at IS NULL GROUP BY o.match_id
    )
    SELECT m.id, m.booking_id AS "bookingId", m.organiser_id AS "organiserId", m.format, m.competitive, m.level_min_tenths AS "levelMinTenths", m.level_max_tenths AS "levelMaxTenths",
      m.gender, m.note, m.part_cents AS "partCents", (extract(epoch FROM m.cutoff_at) * 1000)::float8 AS "cutoffMs", m.state, m.starts_ms AS "startsMs", m.ends_ms AS "endsMs",
      m.status, m.date, m.start, m."end", c.name AS court, viewer.mu AS "viewerMu", org.first_name AS "organiserFirstName", org.last_name AS "organiserLastName", ol.mu AS "organiserMu",
      coalesce(a.requests, '[]')::text AS requests, coalesce(f.leavers, '{}') AS leavers
    FROM listed m JOIN ${courtNames} c ON c.id = m.court_id
      JOIN ${userNames} org ON org.id = m.organiser_id LEFT JOIN ${memberMus} ol ON ol.user_id = m.organiser_id AND ol.sport = m.sport
      LEFT JOIN ${memberMus} viewer ON viewer.user_id = ${viewerId} AND viewer.sport = m.sport
      LEFT JOIN asking a ON a.match_id = m.id LEFT JOIN offered f ON f.match_id = m.id
    ORDER BY m.starts_at, m.id`;

/**
 * The players in (paid, or paying by card within their time) of the open or offered matches, by booking in the
 * order they joined: more than the listed ones, whatever the clock, so both statements agree. Plain rows: PostgreSQL
 * spends more CPU building a JSON value per player than pg does reading a few columns.
 */
const playersStatement = (sport: string | undefined) =>
  Prisma.sql`WITH taking AS MATERIALIZED (
      SELECT om.booking_id, om.sport FROM open_matches om WHERE (om.state = 'open' OR om.id IN (${OFFERED})) ${inSportOf(sport)})
    SELECT p.booking_id AS "bookingId", p.guest_name AS "guestName", p.paid, p.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", l.mu
    FROM taking m JOIN ${playersNotDropped(CARD_PLACE_MS)} p ON p.booking_id = m.booking_id LEFT JOIN ${userNames} u ON u.id = p.user_id
      LEFT JOIN ${memberMus} l ON l.user_id = p.user_id AND l.sport = m.sport
    WHERE p.paid_or_joined_since ORDER BY p.booking_id, p.id`;

const levelOrNull = (mu: number | null) => (mu === null ? null : levelOf(mu));

/**
 * Matches still taking players, soonest first: open before the cut-off or, after it, with a place a leaving
 * player offers (docs/open-matches.md#filling-rules); their booking confirmed and ahead; in the member's sport,
 * day and time of day, and "at my level" those the member joins at once (a competitive match's range).
 */
export async function listedMatches(db: Db, viewer: Pick<User, 'id'>, query: QueryOf<typeof api.openMatches.list>): Promise<{ row: MatchRow; people: MatchPeople }[]> {
  const { sport, date, time_of_day: timeOfDayWanted } = query;
  // Two statements at once, on two connections: PostgreSQL reads the players beside the matches.
  const inSport = sport ? '-in-sport' : '';
  const [read, playersRead] = await Promise.all([
    readRows<ListedRow>(db, matchesStatement(viewer.id, sport), `open-matches-listed${inSport}`),
    readRows<PlayerRow>(db, playersStatement(sport), `open-matches-listed-players${inSport}`),
  ]);
  const playersOf = new Map<number, PlayerRow[]>();
  for (const player of playersRead) {
    const ofBooking = playersOf.get(player.bookingId);
    if (ofBooking) ofBooking.push(player);
    else playersOf.set(player.bookingId, [player]);
  }
  const wanted = read.filter(
    (match) =>
      (!date || match.date === date) &&
      (!timeOfDayWanted || timeOfDay(match.start) === timeOfDayWanted) &&
      (query.at_my_level !== 'true' || withinRange(match, levelOrNull(match.viewerMu))),
  );
  // Each row built field by field: spreading hundreds of pg rows costs more than their read.
  return wanted.map((match) => {
    const organiser: UserName = { id: match.organiserId, firstName: match.organiserFirstName, lastName: match.organiserLastName };
    const players = playersOf.get(match.bookingId) ?? [];
    const levels = new Map<number, number | null>([[viewer.id, levelOrNull(match.viewerMu)], [organiser.id, levelOrNull(match.organiserMu)]]);
    for (const player of players) if (player.userId !== null) levels.set(player.userId, levelOrNull(player.mu));
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
      organiser,
      requests: JSON.parse(match.requests) as MatchRow['requests'],
    };
    const joined = players.map((player) => ({
      guestName: player.guestName,
      paid: player.paid,
      user: player.userId === null ? null : { id: player.userId, firstName: player.firstName!, lastName: player.lastName! },
    }));
    const people: MatchPeople = { joined, leavers: match.leavers, level: (userId) => levels.get(userId) ?? null };
    return { row, people };
  });
}
