// A result recorded (or corrected) and the draw carried forward: the knockout seeded when the pools end,
// King of the Beach's final pool seated (docs/tournaments.md#draws-and-results).
import { eliminationSettings, type Engine, exportEngine, loadEngine, matchAt } from './engine.js';
import { clone, KNOCKOUT_STAGE, KOB_ROTATION } from './draw-terms.js';
import { checkSets } from './match-format.js';
import { viewOf } from './match-view.js';
import { DRAW_MESSAGES, DrawError } from './messages.js';
import { playedIn, poolComplete, poolMatches, rankOfPool } from './pool-tables.js';
import { rankAcross, rankPlayerFigures, tally } from './standings.js';
import type { DrawState, MatchFormat, SetScore } from './types.js';

const setsWon = (sets: SetScore[], side: 'a' | 'b') => sets.filter((set) => set[side] > set[side === 'a' ? 'b' : 'a']).length;

/**
 * Records (or corrects) a result and moves the draw on. A correction is refused once a match it feeds is played.
 */
export async function recordResult(input: DrawState, key: string, sets: SetScore[], matchFormat: MatchFormat, options: { timeCapped?: boolean } = {}): Promise<DrawState> {
  const state = clone(input);
  const match = state.matches.find((candidate) => candidate.key === key);
  if (!match) throw new DrawError(DRAW_MESSAGES.matchNotFound, 404);
  const check = checkSets(matchFormat, sets, options);
  if (!check.ok) throw new DrawError(check.message, 422);
  const view = viewOf(state, match);
  if (view.status === 'bye') throw new DrawError(DRAW_MESSAGES.matchIsBye);
  if (view.status === 'not_needed') throw new DrawError(DRAW_MESSAGES.resetNotNeeded);
  if (view.status === 'waiting') throw new DrawError(DRAW_MESSAGES.matchNotReady);
  if (view.status === 'played' && state.matches.some((other) => other.feeders.includes(key) && other.sets)) throw new DrawError(DRAW_MESSAGES.correctionLocked);
  match.sets = sets;
  match.winner = check.winner;
  if (match.engine) {
    const engine = loadEngine(state.engine);
    const engineMatch = matchAt(state.engine, state.stages[match.engine.stage]!, match.engine);
    await engine.manager.update.match({
      id: engineMatch.id,
      opponent1: { score: setsWon(sets, 'a'), result: check.winner === 'a' ? 'win' : 'loss' },
      opponent2: { score: setsWon(sets, 'b'), result: check.winner === 'b' ? 'win' : 'loss' },
    });
    if (state.format === 'pools_knockout' && match.phase === 'pool') await seedKnockout(state, engine);
    state.engine = await exportEngine(engine);
  } else if (match.phase === 'kob_pool') seatKingOfTheBeachFinal(state);
  return state;
}

/**
 * The pair at each knockout slot once every pool has ended: pool places as drawn; the best thirds (fourths)
 * ranked across pools, where pools of 3 and 4 mix without the results against each pool of 4's last pair.
 */
function resolveKnockoutSlots(state: DrawState): (number | null)[] {
  const tables = new Map(state.pools.map((pool) => [pool.name, rankOfPool(state, pool)]));
  const poolOf = new Map(state.pools.flatMap((pool) => pool.entryIds.map((entryId) => [entryId, pool.name] as const)));
  const smallest = Math.min(...state.pools.map((pool) => pool.entryIds.length));
  const bestAt = (place: number) => {
    const thirds = state.pools.filter((pool) => pool.entryIds.length >= place).map((pool) => {
      const entryId = tables.get(pool.name)![place - 1]!.entryId;
      const uncounted = place <= smallest ? tables.get(pool.name)!.slice(smallest).map((row) => row.entryId) : [];
      const counted = playedIn(poolMatches(state, pool.name)).filter((match) => !match.teams.flat().some((id) => uncounted.includes(id)));
      return { ...tally([entryId], counted).get(entryId)!, seed: state.entries.findIndex((entry) => entry.id === entryId) };
    });
    return rankAcross(thirds.sort((x, y) => x.seed - y.seed)).map((row) => row.entryId);
  };
  const slots = state.knockoutSlots.map((slot) => {
    if (slot.kind === 'pool_place') return tables.get(slot.pool)![slot.place - 1]!.entryId;
    if (slot.kind === 'best') return bestAt(slot.place)[slot.rank - 1]!;
    return null;
  });
  // A best third drawn against its own pool in the first round swaps with another best third when that clears both.
  const samePoolOpponent = (position: number) => slots[position] !== null && slots[position ^ 1] !== null && slots[position ^ 1] !== undefined
    && poolOf.get(slots[position]!) === poolOf.get(slots[position ^ 1]!);
  const bestPositions = state.knockoutSlots.flatMap((slot, position) => (slot.kind === 'best' ? [position] : []));
  for (const position of bestPositions) {
    if (!samePoolOpponent(position)) continue;
    for (const other of bestPositions) {
      if (other === position) continue;
      [slots[position], slots[other]] = [slots[other]!, slots[position]!];
      if (!samePoolOpponent(position) && !samePoolOpponent(other)) break;
      [slots[position], slots[other]] = [slots[other]!, slots[position]!];
    }
  }
  return slots;
}

/** When every pool has ended, the knockout gets its pairs (again, if a pool result is corrected before it starts). */
async function seedKnockout(state: DrawState, engine: Engine) {
  if (!state.pools.every((pool) => poolComplete(state, pool.name))) return;
  const slots = resolveKnockoutSlots(state);
  const existing = state.stages[KNOCKOUT_STAGE];
  if (existing !== undefined) {
    if (JSON.stringify(slots) === JSON.stringify(state.knockoutEntries)) return;
    await engine.manager.delete.stage(existing);
  }
  const stage = await engine.manager.create.stage({
    tournamentId: 0, name: KNOCKOUT_STAGE, type: 'single_elimination',
    seedingIds: slots.map((entryId) => (entryId === null ? null : state.participants[entryId]!)),
    settings: eliminationSettings('single_elimination', slots.length),
  });
  state.stages[KNOCKOUT_STAGE] = stage.id as number;
  state.knockoutEntries = slots;
}

/** When every KOB pool has ended: the pool winners, then the best seconds, four in all, play the final pool. */
function seatKingOfTheBeachFinal(state: DrawState) {
  if (!state.pools.every((pool) => poolComplete(state, pool.name))) return;
  const tables = state.pools.map((pool) => rankOfPool(state, pool));
  const seedOf = (entryId: number) => state.entries.findIndex((entry) => entry.id === entryId);
  const bestOfPlace = (place: number) =>
    rankPlayerFigures(tables.map((rows) => rows[place - 1]!).sort((x, y) => seedOf(x.entryId) - seedOf(y.entryId))).map((row) => row.entryId);
  const finalists = [...bestOfPlace(1), ...bestOfPlace(2)].slice(0, 4);
  state.kobFinalists = finalists;
  state.matches.filter((match) => match.phase === 'kob_final').forEach((match, index) => {
    const [first, second] = KOB_ROTATION[index]!;
    match.teams = [first.map((seat) => finalists[seat]!), second.map((seat) => finalists[seat]!)];
  });
}
