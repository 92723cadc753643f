// The draw's names and small helpers, shared by its creation, its views and its results
// (docs/tournaments.md#draws-and-results).
import type { DrawPhase, DrawSide } from './types.js';

/** King of the Beach: each player of a pool of four (in seed order) partners each other exactly once. */
export const KOB_ROTATION: [[number, number], [number, number]][] = [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]];
export const KOB_FINAL_POOL = 'Finale';
export const BRACKET_STAGE = 'bracket';
/** Double elimination: the grand final, and its reset when the losers' bracket's winner wins it. */
export const GRAND_FINAL = 'F-1';
export const RESET_FINAL = 'F-2';
export const KNOCKOUT_STAGE = 'knockout';
export const poolStage = (pool: string) => `pool:${pool}`;
export const PHASE_ORDER: DrawPhase[] = ['pool', 'kob_pool', 'knockout', 'losers', 'third_place', 'final', 'kob_final'];

export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
export const entriesSide = (...entryIds: number[]): DrawSide => ({ kind: 'entries', entryIds });
