// Standings: the FIVB order for pairs in a pool, the same figures compared across pools (best thirds),
// and King of the Beach's order for single players. Ties no rule breaks go to the better seed.
import type { SetScore, Side, StandingRow } from './types.js';

/** A played match as standings see it: who played each side (a pair, or two KOB players), and the sets. */
export interface PlayedMatch { teams: [number[], number[]]; sets: SetScore[]; winner: Side }

type Figures = Omit<StandingRow, 'rank'>;

/** Each entry's figures from the matches, counting only the entries listed (in seed order). */
export function tally(entryIds: number[], matches: PlayedMatch[]): Map<number, Figures> {
  const rows = new Map(entryIds.map((entryId) => [entryId, { entryId, played: 0, won: 0, lost: 0, setsWon: 0, setsLost: 0, pointsWon: 0, pointsLost: 0 }]));
  for (const match of matches) {
    match.teams.forEach((team, index) => {
      const side: Side = index === 0 ? 'a' : 'b';
      const other: Side = index === 0 ? 'b' : 'a';
      for (const entryId of team) {
        const row = rows.get(entryId);
        if (!row) continue;
        row.played += 1;
        if (match.winner === side) row.won += 1;
        else row.lost += 1;
        for (const set of match.sets) {
          if (set[side] > set[other]) row.setsWon += 1;
          else row.setsLost += 1;
          row.pointsWon += set[side];
          row.pointsLost += set[other];
        }
      }
    });
  }
  return rows;
}

/** won/lost, with nothing lost worth more than any ratio (and 0/0 worth nothing). */
const ratio = (won: number, lost: number) => (lost === 0 ? (won === 0 ? 0 : Number.POSITIVE_INFINITY) : won / lost);
const setRatio = (row: Figures) => ratio(row.setsWon, row.setsLost);
const pointRatio = (row: Figures) => ratio(row.pointsWon, row.pointsLost);

/** Splits ids (kept in their order when equal) into runs of equal keys, the highest keys first. */
function splitBy(ids: number[], key: (id: number) => number[]): number[][] {
  const keyed = ids.map((id) => ({ id, key: key(id) }));
  const compare = (x: number[], y: number[]) => {
    for (let index = 0; index < x.length; index += 1) if (x[index] !== y[index]) return y[index]! > x[index]! ? 1 : -1;
    return 0;
  };
  keyed.sort((x, y) => compare(x.key, y.key));
  const runs: number[][] = [];
  keyed.forEach((item, index) => {
    if (index > 0 && compare(keyed[index - 1]!.key, item.key) === 0) runs[runs.length - 1]!.push(item.id);
    else runs.push([item.id]);
  });
  return runs;
}

const withRanks = (order: number[], rows: Map<number, Figures>): StandingRow[] => order.map((entryId, index) => ({ ...rows.get(entryId)!, rank: index + 1 }));

/**
 * A pool of pairs in the FIVB order: match wins; then, between exactly the pairs still tied, the matches
 * among them (two tied: who won their match); then set ratio; then point ratio. A criterion that splits a
 * tie starts the order again for each smaller tie.
 */
export function rankPool(entryIds: number[], matches: PlayedMatch[]): StandingRow[] {
  const rows = tally(entryIds, matches);
  const breakTie = (tied: number[]): number[] => {
    if (tied.length === 1) return tied;
    const among = tally(tied, matches.filter((match) => match.teams.every((team) => team.every((id) => tied.includes(id)))));
    const byHeadToHead = splitBy(tied, (id) => [among.get(id)!.won]);
    if (byHeadToHead.length > 1) return byHeadToHead.flatMap(breakTie);
    const byRatios = splitBy(tied, (id) => [setRatio(rows.get(id)!), pointRatio(rows.get(id)!)]);
    if (byRatios.length > 1) return byRatios.flatMap(breakTie);
    return tied;
  };
  return withRanks(splitBy(entryIds, (id) => [rows.get(id)!.won]).flatMap(breakTie), rows);
}

/** Pairs of different pools (e.g. the thirds): wins, set ratio, point ratio — no head-to-head. Input in seed order. */
export function rankAcross(rows: Figures[]): Figures[] {
  const byId = new Map(rows.map((row) => [row.entryId, row]));
  return splitBy(rows.map((row) => row.entryId), (id) => {
    const row = byId.get(id)!;
    return [row.won, setRatio(row), pointRatio(row)];
  }).flat().map((id) => byId.get(id)!);
}

/** King of the Beach players: wins, then point difference, then points won. Input in seed order. */
export function rankPlayers(playerIds: number[], matches: PlayedMatch[]): StandingRow[] {
  const rows = tally(playerIds, matches);
  return withRanks(rankPlayerFigures([...rows.values()]).map((row) => row.entryId), rows);
}

export function rankPlayerFigures(rows: Figures[]): Figures[] {
  const byId = new Map(rows.map((row) => [row.entryId, row]));
  return splitBy(rows.map((row) => row.entryId), (id) => {
    const row = byId.get(id)!;
    return [row.won, row.pointsWon - row.pointsLost, row.pointsWon];
  }).flat().map((id) => byId.get(id)!);
}
