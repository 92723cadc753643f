// A drawn tournament as the live page, the TV mode and the organiser's board see it: its matches (who,
// where, when, the result), the pools' tables and the final places, in the contract's shapes; and a
// member's entries' next match ("Tocca a voi: campo C3 alle 16:30").
import type { TMyEntry, TTournamentLive } from '@beach/contracts';
import type { Prisma, Tournament, TournamentEntry } from '../../generated/prisma/client.js';
import { type DrawMatch, type DrawSide, type DrawState, matchesOf, placements, poolStandings, type SetScore } from './draw/index.js';
import { publicName } from './tournament-terms.js';

/** Each entry's players' names (a pair's two, a King of the Beach player's one), by entry id. */
export async function entryNamesOf(tx: Prisma.TransactionClient, tournamentId: number): Promise<Map<number, (string | null)[]>> {
  const players = await tx.tournamentPlayer.findMany({
    where: { tournamentId, withdrawnAt: null },
    select: { entryId: true, user: { select: { firstName: true, lastName: true } } },
    orderBy: { id: 'asc' },
  });
  const names = new Map<number, (string | null)[]>();
  for (const player of players) {
    names.set(player.entryId, [...(names.get(player.entryId) ?? []), publicName(player)]);
  }
  return names;
}

/** The entry ids on side a (0) and side b (1) of a match, once known (a pair's one, a King of the Beach side's two). */
export const sideEntries = (match: DrawMatch) => match.sides.map((side) => (side.kind === 'entries' ? side.entryIds : []));

type LiveMatch = TTournamentLive['matches'][number];
type LiveSide = LiveMatch['sides'][number];

function sideOf(side: DrawSide, names: Map<number, (string | null)[]>): LiveSide {
  if (side.kind === 'entries') {
    // A pair is one entry; a King of the Beach side is two players, each an entry of their own.
    return { entry_id: side.entryIds.length === 1 ? side.entryIds[0]! : null, names: side.entryIds.flatMap((id) => names.get(id) ?? []), placeholder: null };
  }
  return { entry_id: null, names: [], placeholder: placeholderOf(side) };
}

/** What decides a side not known yet ("1ª girone A", "Vincente Q1", a King of the Beach final's seats). */
function placeholderOf(side: Exclude<DrawSide, { kind: 'entries' }>): NonNullable<LiveSide['placeholder']> {
  switch (side.kind) {
    case 'winner':
    case 'loser': return { kind: side.kind, match_key: side.matchKey };
    case 'pool_place': return { kind: 'pool_place', pool: side.pool, place: side.place };
    case 'best': return { kind: 'best', place: side.place, rank: side.rank };
    case 'kob_seats': return { kind: 'kob_seats', seats: side.seats };
    case 'bye': return { kind: 'bye' };
  }
}

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** The drawn parts of the live view: matches with their courts and times, pools' tables, final places. */
export async function drawnView(tx: Prisma.TransactionClient, tournament: Pick<Tournament, 'id' | 'draw'>): Promise<Pick<TTournamentLive, 'matches' | 'pools' | 'placements'>> {
  const state = tournament.draw as unknown as DrawState;
  const [names, rows] = await Promise.all([
    entryNamesOf(tx, tournament.id),
    tx.tournamentMatch.findMany({ where: { tournamentId: tournament.id }, include: { court: { select: { id: true, code: true } } } }),
  ]);
  const rowByKey = new Map(rows.map((row) => [row.key, row]));
  const matches = matchesOf(state).map((match): LiveMatch => {
    const row = rowByKey.get(match.key);
    return {
      key: match.key, phase: match.phase, pool: match.pool, round: match.round, rounds_in_phase: match.roundsInPhase,
      sides: [sideOf(match.sides[0], names), sideOf(match.sides[1], names)],
      status: match.status, sets: match.sets, winner: match.winner,
      court: row?.court ?? null,
      starts_at: isoOrNull(row?.startsAt ?? null), ends_at: isoOrNull(row?.endsAt ?? null), called_at: isoOrNull(row?.calledAt ?? null),
      proposed_sets: (row?.proposedSets as SetScore[] | null | undefined) ?? null,
    };
  });
  const pools = poolStandings(state).map((pool) => ({
    pool: pool.pool,
    complete: pool.complete,
    rows: pool.rows.map((row) => ({
      entry_id: row.entryId, names: names.get(row.entryId) ?? [], played: row.played, won: row.won, lost: row.lost,
      sets_won: row.setsWon, sets_lost: row.setsLost, points_won: row.pointsWon, points_lost: row.pointsLost, rank: row.rank,
    })),
  }));
  const places = placements(state).map((row) => ({ entry_id: row.entryId, place: row.place, names: names.get(row.entryId) ?? [] }));
  return { matches, pools, placements: places };
}

type NextMatch = NonNullable<TMyEntry['next_match']>;
type EntryInDraw = Pick<TournamentEntry, 'id' | 'status'> & { tournament: Pick<Tournament, 'id' | 'status' | 'draw'> };

/**
 * Each entry's next match, by entry id: in a tournament being played, the earliest placed match not played
 * with the entry on one side (a King of the Beach player's entry among its side's two), called or not.
 * Entries with none are left out. One read of the placed matches for all the entries' tournaments.
 */
export async function nextMatchesOf(tx: Prisma.TransactionClient, entries: EntryInDraw[]): Promise<Map<number, NextMatch>> {
  const playing = entries.filter((entry) => entry.status === 'confirmed' && entry.tournament.status === 'drawn' && entry.tournament.draw !== null);
  const next = new Map<number, NextMatch>();
  if (playing.length === 0) return next;
  const tournaments = new Map(playing.map((entry) => [entry.tournament.id, entry.tournament]));
  const rows = await tx.tournamentMatch.findMany({
    where: { tournamentId: { in: [...tournaments.keys()] }, courtId: { not: null }, startsAt: { not: null } },
    select: { tournamentId: true, key: true, startsAt: true, calledAt: true, court: { select: { code: true } } },
    orderBy: [{ startsAt: 'asc' }, { courtId: 'asc' }],
  });
  const drawMatches = new Map([...tournaments.values()].map((tournament) => [tournament.id, new Map(matchesOf(tournament.draw as unknown as DrawState).map((match) => [match.key, match]))]));
  const mine = new Set(playing.map((entry) => entry.id));
  for (const row of rows) {
    const match = drawMatches.get(row.tournamentId)!.get(row.key);
    if (!match || match.status === 'played' || match.status === 'bye' || match.status === 'not_needed') continue;
    for (const entryId of sideEntries(match).flat()) {
      if (mine.has(entryId) && !next.has(entryId)) next.set(entryId, { key: row.key, court: row.court?.code ?? null, starts_at: row.startsAt!.toISOString(), called: row.calledAt !== null });
    }
  }
  return next;
}
