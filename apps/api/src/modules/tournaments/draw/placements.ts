// The final places once every match is played, from the last phase back to the pools
// (docs/tournaments.md#draws-and-results).
import { matchesOf } from './match-view.js';
import { playedIn, rankOfPool } from './pool-tables.js';
import { rankPlayers } from './standings.js';
import type { DrawMatch, DrawState } from './types.js';

/** The ones not placed by the last phase: by their place in their pool, all of a pool place sharing one place. */
function byPoolPlace(state: DrawState, placed: { entryId: number; place: number }[]) {
  const done = new Set(placed.map((row) => row.entryId));
  const tables = state.pools.map((pool) => rankOfPool(state, pool));
  const result = [...placed];
  for (let place = 1; place <= 4; place += 1) {
    const group = tables.flatMap((rows) => (rows[place - 1] && !done.has(rows[place - 1]!.entryId) ? [rows[place - 1]!.entryId] : []));
    const shared = result.length + 1;
    result.push(...group.map((entryId) => ({ entryId, place: shared })));
  }
  return result;
}

/**
 * Places from a bracket: the final's winner and loser (the reset final's, when played), the third-place match's, then the losers of each
 * round from the last (losers' bracket first), each round's losers sharing one place.
 */
function bracketPlaces(state: DrawState): { entryId: number; place: number }[] {
  const played = matchesOf(state).filter((match) => match.status === 'played' && match.pool === null);
  const entryOn = (match: DrawMatch, side: 0 | 1) => (match.sides[side].kind === 'entries' ? match.sides[side].entryIds[0]! : null);
  const sideOf = (match: DrawMatch, who: 'winner' | 'loser') => entryOn(match, (match.winner === 'a') === (who === 'winner') ? 0 : 1);
  const groups: (number | null)[][] = [];
  for (const phase of ['final', 'third_place'] as const) {
    // A reset final played decides (it comes before the grand final it repeats).
    const inPhase = played.filter((candidate) => candidate.phase === phase).sort((x, y) => y.round - x.round);
    for (const match of inPhase) groups.push([sideOf(match, 'winner')], [sideOf(match, 'loser')]);
  }
  for (const phase of ['losers', 'knockout'] as const) {
    const inPhase = played.filter((match) => match.phase === phase);
    for (let round = Math.max(0, ...inPhase.map((match) => match.round)); round >= 1; round -= 1) {
      groups.push(inPhase.filter((match) => match.round === round).map((match) => sideOf(match, 'loser')));
    }
  }
  const places: { entryId: number; place: number }[] = [];
  for (const group of groups) {
    const fresh = group.filter((entryId): entryId is number => entryId !== null && !places.some((row) => row.entryId === entryId));
    const shared = places.length + 1;
    places.push(...fresh.map((entryId) => ({ entryId, place: shared })));
  }
  return places;
}

/** Final places once every match is played (ties allowed, e.g. the losers of a round); [] before. */
export function placements(state: DrawState): { entryId: number; place: number }[] {
  if (matchesOf(state).some((match) => match.status !== 'played' && match.status !== 'bye' && match.status !== 'not_needed')) return [];
  switch (state.format) {
    case 'round_robin':
      return rankOfPool(state, state.pools[0]!).map((row) => ({ entryId: row.entryId, place: row.rank }));
    case 'single_elimination':
    case 'double_elimination':
      return bracketPlaces(state);
    case 'pools_knockout':
      return byPoolPlace(state, bracketPlaces(state));
    case 'king_of_the_beach': {
      const final = rankPlayers(state.kobFinalists!, playedIn(state.matches.filter((match) => match.phase === 'kob_final')));
      return byPoolPlace(state, final.map((row) => ({ entryId: row.entryId, place: row.rank })));
    }
  }
}
