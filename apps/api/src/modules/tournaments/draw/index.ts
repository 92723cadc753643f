// The tournaments' draw engine: pure, no database; the state is JSON the caller stores (docs/tournaments.md#draws-and-results).
export { createDraw, KOB_ROTATION, matchesOf, placements, poolStandings, recordResult } from './draw.js';
export { checkSets, type SetsCheck } from './match-format.js';
export { DRAW_MESSAGES, DrawError } from './messages.js';
export type {
  DrawEntry, DrawMatch, DrawOptions, DrawPhase, DrawSide, DrawState, MatchFormat, SetScore, Side, StandingRow, TournamentFormat,
} from './types.js';
