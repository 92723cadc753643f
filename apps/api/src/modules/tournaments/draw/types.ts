// The draw's shapes, as the API, the scheduler and the web see them (docs/tournaments.md#draws-and-results).
import type { Database } from 'brackets-model';

export type TournamentFormat = 'pools_knockout' | 'single_elimination' | 'double_elimination' | 'round_robin' | 'king_of_the_beach';
export type MatchFormat = 'best_of_three_21' | 'one_set_21' | 'beach_tennis_set_6';
export interface SetScore { a: number; b: number }
export type Side = 'a' | 'b';

/** A pair (or, for King of the Beach, a player) with its seed: 1 the strongest. */
export interface DrawEntry { id: number; seed: number }
/** Pools of 4 (default) or 3: pools_knockout; King of the Beach always plays pools of 4. */
export interface DrawOptions { poolSize?: 3 | 4 }

export type DrawSide =
  | { kind: 'entries'; entryIds: number[] } // known: one pair id, or two player ids (KOB)
  | { kind: 'winner' | 'loser'; matchKey: string } // decided by a match
  | { kind: 'pool_place'; pool: string; place: number } // decided by a pool's standings
  | { kind: 'best'; place: number; rank: number } // e.g. the 2nd best third (FIVB)
  | { kind: 'kob_seats'; seats: [number, number] } // KOB final: two of its four qualifiers, 1 the best ranked
  | { kind: 'bye' };

export type DrawPhase = 'pool' | 'knockout' | 'losers' | 'final' | 'third_place' | 'kob_pool' | 'kob_final';

export interface DrawMatch {
  key: string;
  phase: DrawPhase;
  pool: string | null;
  round: number;
  roundsInPhase: number;
  sides: [DrawSide, DrawSide];
  feeders: string[];
  /** not_needed: the reset final when the winners' bracket's winner won the grand final. */
  status: 'waiting' | 'ready' | 'played' | 'bye' | 'not_needed';
  sets: SetScore[] | null;
  winner: Side | null;
}

export interface StandingRow {
  entryId: number;
  played: number;
  won: number;
  lost: number;
  setsWon: number;
  setsLost: number;
  pointsWon: number;
  pointsLost: number;
  rank: number;
}

/** Where a match lives in brackets-manager: its stage (our name) and its group, round and number there. */
export interface EngineLocation { stage: string; group: number; round: number; number: number }

/** A match as stored in the state: what was drawn, plus its result. */
export interface StoredMatch {
  key: string;
  phase: DrawPhase;
  pool: string | null;
  round: number;
  roundsInPhase: number;
  drawnSides: [DrawSide, DrawSide];
  feeders: string[];
  /** Null for King of the Beach (our own code plays it). */
  engine: EngineLocation | null;
  sets: SetScore[] | null;
  winner: Side | null;
  /** KOB: the two players of each side once known (pool matches from the draw on, the final once the pools end). */
  teams: [number[], number[]] | null;
}

export interface DrawPool { name: string; entryIds: number[] }

/** The whole draw, JSON as it is stored in the tournament's row. */
export interface DrawState {
  version: 1;
  format: TournamentFormat;
  entries: DrawEntry[];
  pools: DrawPool[];
  /** brackets-manager's in-memory database, exported. */
  engine: Database;
  /** Our entry id → the engine's participant id. */
  participants: Record<string, number>;
  /** Our stage name ('pool:A', 'knockout', 'bracket') → the engine's stage id, once created. */
  stages: Record<string, number>;
  /** pools_knockout: the knockout's first-round slots as drawn; the entry in each once the pools end. */
  knockoutSlots: DrawSide[];
  knockoutEntries: (number | null)[] | null;
  /** KOB: the final's four qualifiers once the pools end, best ranked first. */
  kobFinalists: number[] | null;
  matches: StoredMatch[];
}
