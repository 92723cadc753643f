// The programme as a board for one day: the tournament's courts as columns, the day's time in rows of
// SLOT_MINUTES from the earliest court's opening to the latest closing, each placed match a block from
// the row of its start spanning its duration.
import type { TAdminTournament, TTournamentMatch } from '@beach/contracts';
import { romeWallOf } from '../rome';

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;

export interface BoardBlock {
  match: TTournamentMatch;
  column: number;
  row: number;
  span: number;
}

export interface Board {
  courts: { id: number; code: string; windows: { from: number; to: number }[] }[];
  /** Each row's start, an ISO instant. */
  times: string[];
  blocks: BoardBlock[];
}

const romeDayOf = (instant: string) => romeWallOf(instant).day;

/** The days the tournament has courts on, in order (Rome). */
export const boardDays = (tournament: Pick<TAdminTournament, 'courts'>) => [...new Set(tournament.courts.map((court) => romeDayOf(court.starts_at)))].sort();

/** Whether a court is open for the tournament at the row starting `at`. */
export const isOpen = (court: Board['courts'][number], at: string) => court.windows.some((window) => Date.parse(at) >= window.from && Date.parse(at) < window.to);

export function boardOf(tournament: Pick<TAdminTournament, 'courts' | 'matches'>, day: string): Board {
  const windows = tournament.courts.filter((court) => romeDayOf(court.starts_at) === day);
  const courts: Board['courts'] = [];
  for (const window of [...windows].sort((a, b) => a.code.localeCompare(b.code, 'it', { numeric: true }))) {
    const span = { from: Date.parse(window.starts_at), to: Date.parse(window.ends_at) };
    const known = courts.find((court) => court.id === window.court_id);
    if (known) known.windows.push(span);
    else courts.push({ id: window.court_id, code: window.code, windows: [span] });
  }
  const placed = tournament.matches.filter((match) => match.court && match.starts_at && romeDayOf(match.starts_at) === day);
  const starts = [...windows.map((window) => Date.parse(window.starts_at)), ...placed.map((match) => Date.parse(match.starts_at!))];
  const ends = [...windows.map((window) => Date.parse(window.ends_at)), ...placed.map((match) => Date.parse(match.ends_at ?? match.starts_at!))];
  if (starts.length === 0) return { courts, times: [], blocks: [] };
  const first = Math.floor(Math.min(...starts) / SLOT_MS) * SLOT_MS;
  const last = Math.max(...ends);
  const times: string[] = [];
  for (let at = first; at < last; at += SLOT_MS) times.push(new Date(at).toISOString());
  const blocks = placed.flatMap((match) => {
    const column = courts.findIndex((court) => court.id === match.court!.id);
    if (column < 0) return [];
    const start = Date.parse(match.starts_at!);
    const end = match.ends_at ? Date.parse(match.ends_at) : start + SLOT_MS;
    return [{ match, column, row: Math.floor((start - first) / SLOT_MS), span: Math.max(1, Math.ceil((end - start) / SLOT_MS)) }];
  });
  return { courts, times, blocks };
}
