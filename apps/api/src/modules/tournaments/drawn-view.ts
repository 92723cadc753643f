// A drawn tournament as the live page, the TV mode and the organiser's board see it: its matches (who,
// where, when, the result), the pools' tables and the final places, in the contract's shapes.
import type { TTournamentLive } from '@beach/contracts';
import type { Prisma, Tournament } from '../../generated/prisma/client.js';
import { type DrawSide, type DrawState, matchesOf, placements, poolStandings, type SetScore } from './draw/index.js';
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

type LiveMatch = TTournamentLive['matches'][number];
type LiveSide = LiveMatch['sides'][number];

function sideOf(side: DrawSide, names: Map<number, (string | null)[]>): LiveSide {
  if (side.kind === 'entries') {
    // A pair is one entry; a King of the Beach side is two players, each an entry of their own.
    return { entry_id: side.entryIds.length === 1 ? side.entryIds[0]! : null, names: side.entryIds.flatMap((id) => names.get(id) ?? []), placeholder: null };
  }
  const placeholder: LiveSide['placeholder'] =
    side.kind === 'winner' || side.kind === 'loser' ? { kind: side.kind, match_key: side.matchKey }
      : side.kind === 'pool_place' ? { kind: 'pool_place', pool: side.pool, place: side.place }
        : side.kind === 'best' ? { kind: 'best', place: side.place, rank: side.rank }
          : side.kind === 'bye' ? { kind: 'bye' }
            : null;
  return { entry_id: null, names: [], placeholder };
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
