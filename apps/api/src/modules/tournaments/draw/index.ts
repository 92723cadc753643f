// The tournaments' draw engine: pure, no database; the state is JSON the caller stores (docs/tournaments.md#draws-and-results).
export { createDraw } from './create-draw.js';
export { KOB_ROTATION } from './draw-terms.js';
export { matchesOf } from './match-view.js';
export { placements } from './placements.js';
export { poolStandings } from './pool-tables.js';
export { recordResult } from './results.js';
export { checkSets, type SetsCheck } from './match-format.js';
export { DRAW_MESSAGES, DrawError } from './messages.js';
export type {
  DrawEntry, DrawMatch, DrawOptions, DrawPhase, DrawSide, DrawState, MatchFormat, SetScore, Side, StandingRow, TournamentFormat,
} from './types.js';
