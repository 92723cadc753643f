// The scheduler's plain data: the draw's matches, the courts' hours and the organiser's pins in,
// placements out. No database and no draw types here, so the API, the tests and the bench share it.

export interface MatchToPlace {
  key: string;
  /** The entries (pair ids, or player ids for King of the Beach) known to play it; [] when feeders decide them. */
  participants: number[];
  /** Keys of matches that must end (plus the rest) before this one starts: a knockout match after both feeders. */
  feeders: string[];
  /** Expected length in minutes (match format: e.g. 50 for best of three, 25 for one set capped). */
  minutes: number;
  /** The draw's play order (phase/round): lower first when both could go. */
  order: number;
}

/** One court's hours on one day; a court may have several (a tournament over several days). */
export interface CourtHours {
  courtId: number;
  lit: boolean;
  from: Date;
  to: Date;
}

export interface Location {
  latitude: number;
  longitude: number;
}

export interface Pin {
  key: string;
  courtId: number;
  startsAt: Date;
}

export interface ScheduleInput {
  matches: MatchToPlace[];
  courts: CourtHours[];
  /** Minimum rest of a participant between the end of one match and the start of its next. */
  restMinutes: number;
  /** Court turnaround between two matches (default 5). */
  changeoverMinutes?: number;
  /** Start times on a grid of this many minutes (default 5). */
  slotMinutes?: number;
  /** Where sunset is computed for unlit courts (default CENTRE_LOCATION). */
  location?: Location;
  /** Placed by the organiser: kept as given. */
  pinned?: Pin[];
  /** Nothing (but pins) starts before it, e.g. now when re-planning during the day. */
  earliest?: Date;
  /** Already ended: not placed again, but their end counts for rest and feeders. */
  played?: { key: string; endedAt: Date }[];
}

export interface Placement {
  key: string;
  courtId: number;
  startsAt: Date;
  endsAt: Date;
}

export interface ScheduleResult {
  placed: Placement[];
  /** Keys of the matches (not played) that found no room; every match is in exactly one of the two lists. */
  unplaced: string[];
}

export interface MoveResult extends ScheduleResult {
  /** Every match whose placement changed (the moved one included); null when it had none, or has none now. */
  shifted: { key: string; from: Placement | null; to: Placement | null }[];
  /** The rules the plan breaks: only a pin can break one (the organiser's choice is kept and reported). */
  conflicts: string[];
}
