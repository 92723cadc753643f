// The draw created once from the entries: pools, brackets or King of the Beach rounds, every match named and
// in play order (docs/tournaments.md#draws-and-results).
import {
  bracketShape, eliminationSettings, type EliminationType, emptyEngine, type Engine, exportEngine, loadEngine,
  type Position, type ShapeMatch, type ShapeSide,
} from './engine.js';
import { BRACKET_STAGE, entriesSide, GRAND_FINAL, KNOCKOUT_STAGE, KOB_FINAL_POOL, KOB_ROTATION, PHASE_ORDER, poolStage, RESET_FINAL } from './draw-terms.js';
import { entryOfParticipant } from './match-view.js';
import { DRAW_MESSAGES, DrawError } from './messages.js';
import { bySeed, knockoutSlots, nextPowerOfTwo, seedPositions, snakePools } from './seeding.js';
import type { DrawEntry, DrawOptions, DrawPhase, DrawPool, DrawSide, DrawState, StoredMatch, TournamentFormat } from './types.js';

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
  // The grand final, then its reset (played only when the losers' bracket's winner wins the first).
  if (group === 3) return { phase: 'final', key: `F-${round}`, round, roundsInPhase: roundsInGroup };
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
    const engine = { stage, group: match.group, round: match.round, number: match.number };
    const grandFinal = place.key === RESET_FINAL ? state.matches.find((other) => other.key === GRAND_FINAL) : undefined;
    // The reset final is the grand final's two pairs again, as they stood in it; it waits for the grand final.
    if (grandFinal) state.matches.push({ ...place, pool: null, drawnSides: grandFinal.drawnSides, feeders: [GRAND_FINAL], engine, sets: null, winner: null, teams: null });
    else state.matches.push({ ...place, pool: null, drawnSides, feeders, engine, sets: null, winner: null, teams: null });
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
