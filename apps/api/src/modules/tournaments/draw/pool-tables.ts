// The pools' tables: each pool ranked from its played matches, King of the Beach by player
// (docs/tournaments.md#draws-and-results).
import { KOB_FINAL_POOL } from './draw-terms.js';
import { type PlayedMatch, rankPlayers, rankPool } from './standings.js';
import type { DrawPool, DrawState, StandingRow, StoredMatch } from './types.js';

export const playedIn = (matches: StoredMatch[]): PlayedMatch[] =>
  matches.flatMap((match) => (match.sets && match.winner && match.teams ? [{ teams: match.teams, sets: match.sets, winner: match.winner }] : []));
export const poolMatches = (state: DrawState, pool: string) => state.matches.filter((match) => match.pool === pool && (match.phase === 'pool' || match.phase === 'kob_pool'));
export const poolComplete = (state: DrawState, pool: string) => poolMatches(state, pool).every((match) => match.sets);
export const rankOfPool = (state: DrawState, pool: DrawPool) =>
  (state.format === 'king_of_the_beach' ? rankPlayers : rankPool)(pool.entryIds, playedIn(poolMatches(state, pool.name)));

/** Each pool's table (King of the Beach: each player's, the final pool included once drawn). */
export function poolStandings(state: DrawState): { pool: string; rows: StandingRow[]; complete: boolean }[] {
  const pools = state.pools.map((pool) => ({ pool: pool.name, rows: rankOfPool(state, pool), complete: poolComplete(state, pool.name) }));
  if (state.kobFinalists) {
    const final = state.matches.filter((match) => match.phase === 'kob_final');
    pools.push({ pool: KOB_FINAL_POOL, rows: rankPlayers(state.kobFinalists, playedIn(final)), complete: final.every((match) => match.sets) });
  }
  return pools;
}
