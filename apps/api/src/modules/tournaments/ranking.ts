// The club ranking (docs/tournaments.md#ranking): each player of a finished tournament earns the points of
// their place; a player's ranking is the sum of their best results of the last 365 days.
import type { Sport, TournamentCategory } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';

/** Points by final place, as published in docs/tournaments.md#ranking. */
export function pointsForPlace(place: number): number {
  if (place === 1) return 100;
  if (place === 2) return 80;
  if (place === 3) return 65;
  if (place === 4) return 55;
  if (place <= 8) return 40;
  if (place <= 16) return 25;
  return 10;
}

/** Results counted: a player's best this many of the last 365 days. */
export const BEST_RESULTS_COUNTED = 5;
const RANKING_DAYS = 365;

export interface RankingBoardRow { user_id: number; name: string; points: number; tournaments: number; rank: number }

/**
 * Every ranked player of `sport` + `category` on `today` (Rome date): the sum of their best results of the
 * last 365 days, ranked with ties sharing a rank. One query; `userIds` narrows it to some players.
 */
export async function rankingBoard(
  tx: Prisma.TransactionClient,
  { sport, category, userIds, today = todayInRome() }: { sport: Sport; category: TournamentCategory; userIds?: number[]; today?: string },
): Promise<RankingBoardRow[]> {
  const since = fromIsoDate(addDays(today, -RANKING_DAYS));
  const onlySome = userIds ? Prisma.sql`AND r.user_id = ANY(${userIds}::int[])` : Prisma.empty;
  return tx.$queryRaw<RankingBoardRow[]>`
    WITH recent AS (
      SELECT r.user_id, r.points, row_number() OVER (PARTITION BY r.user_id ORDER BY r.points DESC, r.earned_on DESC) AS nth
      FROM ranking_results r
      WHERE r.sport = ${sport}::sport AND r.category = ${category}::tournament_category AND r.earned_on > ${since}::date ${onlySome}
    ), totals AS (
      SELECT user_id, (sum(points) FILTER (WHERE nth <= ${BEST_RESULTS_COUNTED}))::int AS points, count(*)::int AS tournaments
      FROM recent GROUP BY user_id
    )
    SELECT t.user_id, u.first_name || ' ' || u.last_name AS name, t.points, t.tournaments,
           (rank() OVER (ORDER BY t.points DESC))::int AS rank
    FROM totals t JOIN users u ON u.id = t.user_id
    ORDER BY t.points DESC, name, t.user_id`;
}

/** Each player's ranking points (0 when unranked), for the seeds at the draw. */
export async function rankingPointsOf(tx: Prisma.TransactionClient, sport: Sport, category: TournamentCategory, userIds: number[]): Promise<Map<number, number>> {
  const rows = userIds.length === 0 ? [] : await rankingBoard(tx, { sport, category, userIds });
  return new Map(rows.map((row) => [row.user_id, row.points]));
}
