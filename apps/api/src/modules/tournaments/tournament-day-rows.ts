// The rows a day's write holds and reads (docs/tournaments.md#the-draw-and-the-day): every write to a draw
// holds the tournament's row (FOR UPDATE), finds its match, and bumps live_version once it saved.
import type { Tournament } from '../../generated/prisma/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Prisma } from '../../lib/db.js';
import { type DrawMatch, type DrawState, matchesOf } from './draw/index.js';
import type { MatchRow } from './tournament-day-plan.js';
import { TOURNAMENT_DAY_MESSAGES as M } from './tournament-day-terms.js';

export type Tx = Prisma.TransactionClient;
export const asJson = (value: unknown) => value as Prisma.InputJsonValue;
export const stateOf = (tournament: Tournament) => tournament.draw as unknown as DrawState;

/** Holds the tournament's row for the rest of the transaction. */
export async function lockTournament(tx: Tx, id: number): Promise<Tournament> {
  const held = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM tournaments WHERE id = ${id} FOR UPDATE`;
  if (held.length === 0) throw notFound(M.notFound);
  return tx.tournament.findUniqueOrThrow({ where: { id } });
}

/** A drawn tournament still being played, held. */
export async function lockDrawn(tx: Tx, id: number): Promise<Tournament> {
  const tournament = await lockTournament(tx, id);
  if (tournament.status === 'finished') throw new AppError(409, M.finished);
  if (tournament.status !== 'drawn' || !tournament.draw) throw new AppError(409, M.notDrawn);
  return tournament;
}

export async function matchRow(tx: Tx, tournamentId: number, key: string): Promise<MatchRow> {
  const row = await tx.tournamentMatch.findUnique({ where: { tournamentId_key: { tournamentId, key } } });
  if (!row) throw notFound(M.matchNotFound);
  return row;
}

export const drawMatch = (state: DrawState, key: string): DrawMatch => {
  const match = matchesOf(state).find((candidate) => candidate.key === key);
  if (!match) throw notFound(M.matchNotFound);
  return match;
};

export const bumpLive = (tx: Tx, id: number, data: Prisma.TournamentUpdateInput = {}) =>
  tx.tournament.update({ where: { id }, data: { ...data, liveVersion: { increment: 1 } } });
