// A competitive result moves every player's level with openskill's Weng-Lin model (docs/levels.md#results),
// once per result: its key names what caused it (a tournament match, an open match), never the clock.
import type { Sport } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';
import { rate, rating } from 'openskill';
import { START_MU, START_SIGMA } from './rating-scale.js';

type Tx = Prisma.TransactionClient;

export interface CompetitiveResult {
  sport: Sport;
  /** What caused the result, e.g. `tournament-match:12:W1-3` or `open-match:40`: counted once. */
  sourceKey: string;
  /** The two sides' members (2 or 4 players each in beach sports; 1 also works). */
  teams: [number[], number[]];
  winner: 0 | 1;
}

/**
 * Moves the players' levels after a competitive result, inside the caller's transaction. The same key
 * applied twice, even at once, counts once: the second waits on the first's row in level_results and then
 * finds it. Players without a level start at openskill's default rating. Returns whether it counted.
 */
export async function applyCompetitiveResult(tx: Tx, { sport, sourceKey, teams, winner }: CompetitiveResult): Promise<{ applied: boolean }> {
  const counted = await tx.$queryRaw<unknown[]>(Prisma.sql`
    INSERT INTO level_results (source_key, sport, winner) VALUES (${sourceKey}, ${sport}::sport, ${winner})
    ON CONFLICT (source_key) DO NOTHING RETURNING source_key`);
  if (counted.length === 0) return { applied: false };

  const players = [...new Set(teams.flat())].sort((a, b) => a - b);
  if (players.length !== teams[0].length + teams[1].length) throw new Error(`Un giocatore su entrambi i lati del risultato ${sourceKey}.`);
  await tx.memberLevel.createMany({ data: players.map((userId) => ({ userId, sport, mu: START_MU, sigma: START_SIGMA })), skipDuplicates: true });
  // Locked in one order (by member), so two results sharing players never wait on each other in a circle.
  const rows = await tx.$queryRaw<{ user_id: number; mu: number; sigma: number }[]>(Prisma.sql`
    SELECT user_id, mu, sigma FROM member_levels WHERE sport = ${sport}::sport AND user_id IN (${Prisma.join(players)})
    ORDER BY user_id FOR UPDATE`);
  const before = new Map(rows.map((row) => [row.user_id, row]));
  const ratingsOf = (team: number[]) => team.map((userId) => rating({ mu: before.get(userId)!.mu, sigma: before.get(userId)!.sigma }));
  // rank 1 wins: the winner's side first.
  const rated = rate([ratingsOf(teams[0]), ratingsOf(teams[1])], { rank: winner === 0 ? [1, 2] : [2, 1] });

  const now = new Date();
  // Every player's new level in one statement and the changes in another (side a's players first, as listed).
  const moved = teams.flatMap((team, side) => team.map((userId, index) => ({ userId, ...rated[side]![index]! })));
  await tx.$executeRaw(Prisma.sql`
    UPDATE member_levels l SET mu = m.mu, sigma = m.sigma, competitive_matches = l.competitive_matches + 1, updated_at = ${now}
    FROM unnest(${moved.map((row) => row.userId)}::int[], ${moved.map((row) => row.mu)}::float8[], ${moved.map((row) => row.sigma)}::float8[]) m(user_id, mu, sigma)
    WHERE l.sport = ${sport}::sport AND l.user_id = m.user_id`);
  await tx.memberLevelChange.createMany({
    data: moved.map(({ userId, mu, sigma }) => ({ userId, sport, source: 'result' as const, sourceKey, muBefore: before.get(userId)!.mu, sigmaBefore: before.get(userId)!.sigma, mu, sigma, createdAt: now })),
  });
  return { applied: true };
}
