// A match as the screens and the scheduler see it, read from the stored draw and the bracket engine's state
// (docs/tournaments.md#draws-and-results).
import { Status } from 'brackets-model';
import { isByeMatch, matchAt } from './engine.js';
import { entriesSide, GRAND_FINAL, RESET_FINAL } from './draw-terms.js';
import type { DrawMatch, DrawSide, DrawState, StoredMatch } from './types.js';

export function entryOfParticipant(state: DrawState) {
  const entries = new Map(Object.entries(state.participants).map(([entryId, participantId]) => [participantId, Number(entryId)]));
  return (participantId: unknown) => entries.get(participantId as number)!;
}

/** A match as the screens and the scheduler see it: who plays it now, and whether it can be played. */
export function viewOf(state: DrawState, match: StoredMatch, entryOf = entryOfParticipant(state)): DrawMatch {
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
  // The reset final's pairs are the grand final's, known before the engine copies them over.
  const undecided = match.key === RESET_FINAL ? viewOf(state, state.matches.find((other) => other.key === GRAND_FINAL)!, entryOf).sides : match.drawnSides;
  const sides = opponents.map((opponent, index) =>
    opponent && typeof opponent.id === 'number' ? entriesSide(entryOf(opponent.id)) : undecided[index]!) as [DrawSide, DrawSide];
  if (isByeMatch(engineMatch)) return { ...base, sides, status: 'bye' };
  if (sets) return { ...base, sides, status: 'played' };
  // The winners' bracket's winner (side a) took the grand final: no reset.
  if (match.key === RESET_FINAL && state.matches.find((other) => other.key === GRAND_FINAL)?.winner === 'a') return { ...base, sides, status: 'not_needed' };
  const ready = engineMatch.status === Status.Ready || engineMatch.status === Status.Running;
  return { ...base, sides, status: ready ? 'ready' : 'waiting' };
}

/** Every match, in a sensible play order (earliest possible first). */
export function matchesOf(state: DrawState): DrawMatch[] {
  const entryOf = entryOfParticipant(state);
  return state.matches.map((match) => viewOf(state, match, entryOf));
}
