// brackets-manager, kept in our row: load its exported database, work, export it again. Also the shape of an
// elimination bracket (who meets whom, from which match), learned once by playing it through on a scratch copy.
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import { type Database, type Match, Status, type StageSettings } from 'brackets-model';

export const emptyEngine = (): Database => ({ participant: [], stage: [], group: [], round: [], match: [], match_game: [] });

export interface Engine { manager: BracketsManager; database: InMemoryDatabase }

/** The engine works on `data` itself, not a copy: the caller hands over data it owns (a fresh or cloned state). */
export function loadEngine(data: Database): Engine {
  const database = new InMemoryDatabase();
  database.setData(data);
  return { manager: new BracketsManager(database), database };
}

/** The memory database hands out a copy of every row it selects (rfdc), so the export shares nothing with the engine. */
export const exportEngine = (engine: Engine): Promise<Database> => engine.manager.export();

export type EliminationType = 'single_elimination' | 'double_elimination';

export const eliminationSettings = (type: EliminationType, size: number): StageSettings =>
  type === 'single_elimination'
    ? { size, seedOrdering: ['natural'], consolationFinal: size >= 4 }
    : { size, seedOrdering: ['natural'], grandFinal: 'double' }; // the reset final: docs/tournaments.md#draws-and-results

/** Where a match sits in its stage: group, round and match numbers (the engine's ids are not stable across stages). */
export interface Position { group: number; round: number; number: number }
export type ShapeSide = { kind: 'slot'; slot: number } | { kind: 'winner' | 'loser'; of: Position } | { kind: 'bye' };
export interface ShapeMatch extends Position { sides: [ShapeSide, ShapeSide] }

export function positionOf(data: Database, match: Match): Position {
  const group = data.group.find((row) => row.id === match.group_id)!;
  const round = data.round.find((row) => row.id === match.round_id)!;
  return { group: group.number, round: round.number, number: match.number };
}

/** The engine's match at a position of a stage. */
export function matchAt(data: Database, stageId: number, position: Position): Match {
  const group = data.group.find((row) => row.stage_id === stageId && row.number === position.group)!;
  const round = data.round.find((row) => row.group_id === group.id && row.number === position.round)!;
  return data.match.find((row) => row.round_id === round.id && row.number === position.number)!;
}

export const isByeMatch = (match: Match) => match.opponent1 === null || match.opponent2 === null;

/**
 * The bracket for `filled` slots (false = a bye), in slot order: each match's two sides as a first-round slot,
 * the winner or loser of another match (through the engine's byes), or a bye. Found by playing it through.
 */
export async function bracketShape(type: EliminationType, filled: boolean[]): Promise<ShapeMatch[]> {
  const engine = loadEngine(emptyEngine());
  for (let slot = 0; slot < filled.length; slot += 1) await engine.database.insert('participant', { tournament_id: 0, name: `slot ${slot}` });
  await engine.manager.create.stage({
    tournamentId: 0, name: 'shape', type,
    seedingIds: filled.map((isFilled, slot) => (isFilled ? slot : null)),
    settings: eliminationSettings(type, filled.length),
  });
  let data = await engine.manager.export();
  const sides = new Map<number, [ShapeSide | null, ShapeSide | null]>();
  for (const match of data.match) {
    const initial = [match.opponent1, match.opponent2].map((opponent): ShapeSide | null =>
      opponent === null ? { kind: 'bye' } : typeof opponent.id === 'number' ? { kind: 'slot', slot: opponent.id } : null);
    sides.set(match.id as number, [initial[0]!, initial[1]!]);
  }
  const occupants = (rows: Match[]) => new Map(rows.map((match) => [match.id as number, [match.opponent1?.id ?? null, match.opponent2?.id ?? null]]));
  for (;;) {
    const next = data.match.find((match) => match.status === Status.Ready && !isByeMatch(match));
    if (!next) break;
    const before = occupants(data.match);
    await engine.manager.update.match({ id: next.id, opponent1: { score: 1, result: 'win' }, opponent2: { score: 0 } });
    data = await engine.manager.export();
    const winner = next.opponent1!.id;
    const loser = next.opponent2!.id;
    for (const match of data.match) {
      if (match.id === next.id || isByeMatch(match)) continue;
      const known = sides.get(match.id as number)!;
      [match.opponent1!.id, match.opponent2!.id].forEach((id, index) => {
        if (known[index] || id === null || before.get(match.id as number)![index] === id) return;
        if (id === winner || id === loser) known[index] = { kind: id === winner ? 'winner' : 'loser', of: positionOf(data, next) };
      });
    }
  }
  return data.match.map((match) => {
    const [a, b] = sides.get(match.id as number)!;
    return { ...positionOf(data, match), sides: [a ?? { kind: 'bye' }, b ?? { kind: 'bye' }] };
  });
}
