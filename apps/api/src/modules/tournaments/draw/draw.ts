// The draw: created once from the entries, then carried forward one result at a time. Every function takes
// and returns the JSON state (docs/tournaments.md#draws-and-results); nothing is kept between calls.
import { Status } from 'brackets-model';
import {
  bracketShape, eliminationSettings, type EliminationType, emptyEngine, type Engine, exportEngine, isByeMatch, loadEngine, matchAt,
  type Position, type ShapeMatch, type ShapeSide,
} from './engine.js';
import { checkSets } from './match-format.js';
import { DRAW_MESSAGES, DrawError } from './messages.js';
import { bySeed, knockoutSlots, nextPowerOfTwo, seedPositions, snakePools } from './seeding.js';
import { type PlayedMatch, rankAcross, rankPlayerFigures, rankPlayers, rankPool, tally } from './standings.js';
import type {
  DrawEntry, DrawMatch, DrawOptions, DrawPhase, DrawPool, DrawSide, DrawState, MatchFormat, SetScore, StandingRow, StoredMatch, TournamentFormat,
} from './types.js';

/** King of the Beach: each player of a pool of four (in seed order) partners each other exactly once. */
export const KOB_ROTATION: [[number, number], [number, number]][] = [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]];
const KOB_FINAL_POOL = 'Finale';
const BRACKET_STAGE = 'bracket';
const KNOCKOUT_STAGE = 'knockout';
const poolStage = (pool: string) => `pool:${pool}`;
const PHASE_ORDER: DrawPhase[] = ['pool', 'kob_pool', 'knockout', 'losers', 'third_place', 'final', 'kob_final'];

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const entriesSide = (...entryIds: number[]): DrawSide => ({ kind: 'entries', entryIds });

function assertEntries(format: TournamentFormat, entries: DrawEntry[]) {
  if (new Set(entries.map((entry) => entry.id)).size !== entries.length) throw new DrawError(DRAW_MESSAGES.duplicateEntries, 422);
  if (format === 'king_of_the_beach') {
    if (entries.length < 8 || entries.length % 4 !== 0) throw new DrawError(DRAW_MESSAGES.kobPlayers, 422);
  } else if (entries.length < (format === 'round_robin' ? 3 : 4)) throw new DrawError(DRAW_MESSAGES.tooFewEntries, 422);
}

export async function createDraw(format: TournamentFormat, entries: DrawEntry[], options: DrawOptions = {}): Promise<DrawState> {
  assertEntries(format, entries);
  const state: DrawState = {
    version: 1, format, entries: bySeed(entries), pools: [], engine: emptyEngine(), participants: {}, stages: {},
    knockoutSlots: [], knockoutEntries: null, kobFinalists: null, matches: [],
  };
  if (format === 'king_of_the_beach') createKingOfTheBeach(state);
  else {
    const engine = loadEngine(state.engine);
    for (const entry of state.entries) state.participants[entry.id] = await engine.database.insert('participant', { tournament_id: 0, name: String(entry.id) });
    if (format === 'round_robin' || format === 'pools_knockout') {
      state.pools = format === 'round_robin' ? [{ name: 'A', entryIds: state.entries.map((entry) => entry.id) }] : snakePools(state.entries, options.poolSize ?? 4);
      for (const pool of state.pools) await createPool(state, engine, pool);
      if (format === 'pools_knockout') {
        // The knockout is drawn now (so the day can be scheduled); the engine gets it when the pools end.
        state.knockoutSlots = knockoutSlots(state.pools);
        const shape = await bracketShape('single_elimination', state.knockoutSlots.map((slot) => slot.kind !== 'bye'));
        const poolKeys = state.matches.map((match) => match.key);
        addBracketMatches(state, 'single_elimination', KNOCKOUT_STAGE, shape, (slot) => state.knockoutSlots[slot]!, poolKeys);
      }
    } else {
      const size = nextPowerOfTwo(state.entries.length);
      // Seeds beyond the entries are byes, so the top seeds pass the first round.
      const slotEntries = seedPositions(size).map((seed) => state.entries[seed - 1]?.id ?? null);
      const stage = await engine.manager.create.stage({
        tournamentId: 0, name: BRACKET_STAGE, type: format,
        seedingIds: slotEntries.map((entryId) => (entryId === null ? null : state.participants[entryId]!)),
        settings: eliminationSettings(format, size),
      });
      state.stages[BRACKET_STAGE] = stage.id as number;
      const shape = await bracketShape(format, slotEntries.map((entryId) => entryId !== null));
      addBracketMatches(state, format, BRACKET_STAGE, shape, (slot) => entriesSide(slotEntries[slot]!), []);
    }
    state.engine = await exportEngine(engine);
  }
  state.matches = inPlayOrder(state.matches);
  return state;
}

async function createPool(state: DrawState, engine: Engine, pool: DrawPool) {
  const stage = await engine.manager.create.stage({
    tournamentId: 0, name: poolStage(pool.name), type: 'round_robin',
    seedingIds: pool.entryIds.map((entryId) => state.participants[entryId]!), settings: { groupCount: 1 },
  });
  state.stages[poolStage(pool.name)] = stage.id as number;
  const data = await engine.manager.export();
  const rounds = data.round.filter((round) => round.stage_id === stage.id).sort((x, y) => x.number - y.number);
  const entryOf = entryOfParticipant(state);
  let number = 0;
  for (const round of rounds) {
    for (const match of data.match.filter((row) => row.round_id === round.id).sort((x, y) => x.number - y.number)) {
      number += 1;
      const teams: [number[], number[]] = [[entryOf(match.opponent1!.id)], [entryOf(match.opponent2!.id)]];
      state.matches.push({
        key: `P-${pool.name}-${number}`, phase: 'pool', pool: pool.name, round: round.number, roundsInPhase: rounds.length,
        drawnSides: [entriesSide(...teams[0]), entriesSide(...teams[1])], feeders: [],
        engine: { stage: poolStage(pool.name), group: 1, round: round.number, number: match.number }, sets: null, winner: null, teams,
      });
    }
  }
}

/** Our name of a bracket match: its phase and key, from its place in the engine's groups. */
function bracketPlace(type: EliminationType, position: Position, roundsInGroup: number): { phase: DrawPhase; key: string; round: number; roundsInPhase: number } {
  const { group, round, number } = position;
  if (type === 'single_elimination') {
    if (group === 2) return { phase: 'third_place', key: 'T-1', round: 1, roundsInPhase: 1 };
    if (round === roundsInGroup) return { phase: 'final', key: 'F-1', round: 1, roundsInPhase: 1 };
    return { phase: 'knockout', key: `K-${round}-${number}`, round, roundsInPhase: roundsInGroup - 1 };
  }
  if (group === 3) return { phase: 'final', key: 'F-1', round: 1, roundsInPhase: 1 };
  return group === 1
    ? { phase: 'knockout', key: `K-${round}-${number}`, round, roundsInPhase: roundsInGroup }
    : { phase: 'losers', key: `L-${round}-${number}`, round, roundsInPhase: roundsInGroup };
}

function addBracketMatches(state: DrawState, type: EliminationType, stage: string, shape: ShapeMatch[], slotSide: (slot: number) => DrawSide, slotFeeders: string[]) {
  const roundsInGroup = (group: number) => Math.max(...shape.filter((match) => match.group === group).map((match) => match.round));
  const keyAt = (position: Position) => bracketPlace(type, position, roundsInGroup(position.group)).key;
  for (const match of shape) {
    // A bye with nobody on either side is only the engine's pass-through in the losers' bracket: not a match.
    if (match.sides.every((side) => side.kind !== 'slot') && match.sides.some((side) => side.kind === 'bye')) continue;
    const toSide = (side: ShapeSide): DrawSide =>
      side.kind === 'slot' ? slotSide(side.slot) : side.kind === 'bye' ? { kind: 'bye' } : { kind: side.kind, matchKey: keyAt(side.of) };
    const drawnSides: [DrawSide, DrawSide] = [toSide(match.sides[0]), toSide(match.sides[1])];
    const fromSlots = match.sides.some((side) => side.kind === 'slot' && slotSide(side.slot).kind !== 'entries' && slotSide(side.slot).kind !== 'bye');
    const feeders = [...(fromSlots ? slotFeeders : []), ...drawnSides.flatMap((side) => ('matchKey' in side ? [side.matchKey] : []))];
    const place = bracketPlace(type, match, roundsInGroup(match.group));
    state.matches.push({ ...place, pool: null, drawnSides, feeders, engine: { stage, group: match.group, round: match.round, number: match.number }, sets: null, winner: null, teams: null });
  }
}

function createKingOfTheBeach(state: DrawState) {
  state.pools = snakePools(state.entries, 4);
  for (const pool of state.pools) {
    KOB_ROTATION.forEach(([first, second], index) => {
      const teams: [number[], number[]] = [first.map((seat) => pool.entryIds[seat]!), second.map((seat) => pool.entryIds[seat]!)];
      state.matches.push({
        key: `KP-${pool.name}-${index + 1}`, phase: 'kob_pool', pool: pool.name, round: index + 1, roundsInPhase: KOB_ROTATION.length,
        drawnSides: [entriesSide(...teams[0]), entriesSide(...teams[1])], feeders: [], engine: null, sets: null, winner: null, teams,
      });
    });
  }
  const poolKeys = state.matches.map((match) => match.key);
  KOB_ROTATION.forEach(([first, second], index) => {
    const seats = (pair: [number, number]): DrawSide => ({ kind: 'kob_seats', seats: [pair[0] + 1, pair[1] + 1] });
    state.matches.push({
      key: `KF-${index + 1}`, phase: 'kob_final', pool: KOB_FINAL_POOL, round: index + 1, roundsInPhase: KOB_ROTATION.length,
      drawnSides: [seats(first), seats(second)], feeders: poolKeys, engine: null, sets: null, winner: null, teams: null,
    });
  });
}

/** Matches that can start earliest first (their chain of feeders), then by phase, round, pool and key. */
function inPlayOrder(matches: StoredMatch[]): StoredMatch[] {
  const byKey = new Map(matches.map((match) => [match.key, match]));
  const depths = new Map<string, number>();
  const depth = (match: StoredMatch): number => {
    if (!depths.has(match.key)) depths.set(match.key, Math.max(-1, ...match.feeders.map((key) => depth(byKey.get(key)!))) + 1);
    return depths.get(match.key)!;
  };
  const sortKey = (match: StoredMatch) => [depth(match), PHASE_ORDER.indexOf(match.phase), match.round, match.pool ?? '', match.key] as const;
  return [...matches].sort((x, y) => {
    const [a, b] = [sortKey(x), sortKey(y)];
    for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return a[index]! < b[index]! ? -1 : 1;
    return 0;
  });
}

function entryOfParticipant(state: DrawState) {
  const entries = new Map(Object.entries(state.participants).map(([entryId, participantId]) => [participantId, Number(entryId)]));
  return (participantId: unknown) => entries.get(participantId as number)!;
}

/** A match as the screens and the scheduler see it: who plays it now, and whether it can be played. */
function viewOf(state: DrawState, match: StoredMatch, entryOf = entryOfParticipant(state)): DrawMatch {
  const { key, phase, pool, round, roundsInPhase, feeders, sets, winner } = match;
  const base = { key, phase, pool, round, roundsInPhase, feeders, sets, winner };
  if (!match.engine) {
    const sides: [DrawSide, DrawSide] = match.teams ? [entriesSide(...match.teams[0]), entriesSide(...match.teams[1])] : match.drawnSides;
    return { ...base, sides, status: sets ? 'played' : match.teams ? 'ready' : 'waiting' };
  }
  const stageId = state.stages[match.engine.stage];
  if (stageId === undefined) {
    return { ...base, sides: match.drawnSides, status: match.drawnSides.some((side) => side.kind === 'bye') ? 'bye' : 'waiting' };
  }
  const engineMatch = matchAt(state.engine, stageId, match.engine);
  const opponents = [engineMatch.opponent1, engineMatch.opponent2];
  const sides = opponents.map((opponent, index) =>
    opponent && typeof opponent.id === 'number' ? entriesSide(entryOf(opponent.id)) : match.drawnSides[index]!) as [DrawSide, DrawSide];
  if (isByeMatch(engineMatch)) return { ...base, sides, status: 'bye' };
  if (sets) return { ...base, sides, status: 'played' };
  const ready = engineMatch.status === Status.Ready || engineMatch.status === Status.Running;
  return { ...base, sides, status: ready ? 'ready' : 'waiting' };
}

/** Every match, in a sensible play order (earliest possible first). */
export function matchesOf(state: DrawState): DrawMatch[] {
  const entryOf = entryOfParticipant(state);
  return state.matches.map((match) => viewOf(state, match, entryOf));
}

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

const playedIn = (matches: StoredMatch[]): PlayedMatch[] =>
  matches.flatMap((match) => (match.sets && match.winner && match.teams ? [{ teams: match.teams, sets: match.sets, winner: match.winner }] : []));
const poolMatches = (state: DrawState, pool: string) => state.matches.filter((match) => match.pool === pool && (match.phase === 'pool' || match.phase === 'kob_pool'));
const poolComplete = (state: DrawState, pool: string) => poolMatches(state, pool).every((match) => match.sets);
const rankOfPool = (state: DrawState, pool: DrawPool) =>
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
 * Places from a bracket: the final's winner and loser, the third-place match's, then the losers of each
 * round from the last (losers' bracket first), each round's losers sharing one place.
 */
function bracketPlaces(state: DrawState): { entryId: number; place: number }[] {
  const played = matchesOf(state).filter((match) => match.status === 'played' && match.pool === null);
  const entryOn = (match: DrawMatch, side: 0 | 1) => (match.sides[side].kind === 'entries' ? match.sides[side].entryIds[0]! : null);
  const sideOf = (match: DrawMatch, who: 'winner' | 'loser') => entryOn(match, (match.winner === 'a') === (who === 'winner') ? 0 : 1);
  const groups: (number | null)[][] = [];
  for (const phase of ['final', 'third_place'] as const) {
    for (const match of played.filter((candidate) => candidate.phase === phase)) groups.push([sideOf(match, 'winner')], [sideOf(match, 'loser')]);
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
  if (matchesOf(state).some((match) => match.status !== 'played' && match.status !== 'bye')) return [];
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
