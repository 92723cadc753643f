// A match's score (docs/tournaments.md#the-draw-and-the-day): the organiser's, or a player's confirmed by
// the other side. A result moves the draw, drops the proposals it made stale, and finishes the tournament
// (with its ranking points) when every place is known.
import type { TScoreBody } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Tournament } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import type { Message } from '../../lib/i18n.js';
import { checkSets, type DrawMatch, type DrawState, matchesOf, placements, recordResult, type SetScore } from './draw/index.js';
import { sideEntries } from './drawn-view.js';
import { feedLevels } from './level-results.js';
import { writeRankingResults } from './ranking-points.js';
import type { MatchRow } from './tournament-day-plan.js';
import { asJson, bumpLive, drawMatch, lockDrawn, matchRow, stateOf, type Tx } from './tournament-day-rows.js';
import { TOURNAMENT_DAY_MESSAGES as M } from './tournament-day-terms.js';

/** Records a result in the draw and its row; finishes the tournament when every place is known. */
async function recordScore(tx: Tx, tournament: Tournament, row: MatchRow, sets: SetScore[]): Promise<Message> {
  const timeCapped = tournament.timeCapMinutes !== null;
  const check = checkSets(tournament.matchFormat, sets, { timeCapped });
  if (!check.ok) throw invalid({ sets: [check.message] });
  const state = await recordResult(stateOf(tournament), row.key, sets, tournament.matchFormat, { timeCapped });
  await auditRow(tx, { entity: 'tournament_matches', action: 'update', id: row.id }, () =>
    tx.tournamentMatch.update({ where: { id: row.id }, data: { playedAt: new Date(), proposedSets: Prisma.DbNull, proposedByEntryId: null } }));
  await dropStaleProposals(tx, tournament.id, state);
  await unplaceNotNeeded(tx, tournament.id, state);
  await feedLevels(tx, tournament, drawMatch(state, row.key));
  const places = placements(state);
  await bumpLive(tx, tournament.id, { draw: asJson(state), ...(places.length > 0 ? { status: 'finished' } : {}) });
  if (places.length === 0) return M.scoreSaved;
  await writeRankingResults(tx, tournament, places);
  return M.finishedNow;
}

/** A result may re-seed the matches it feeds: a proposal whose proposer no longer plays its match is dropped. */
async function dropStaleProposals(tx: Tx, tournamentId: number, state: DrawState) {
  const proposals = await tx.tournamentMatch.findMany({ where: { tournamentId, playedAt: null, proposedByEntryId: { not: null } }, select: { id: true, key: true, proposedByEntryId: true } });
  const byKey = new Map(matchesOf(state).map((match) => [match.key, match]));
  const stale = proposals.filter((row) => {
    const match = byKey.get(row.key);
    return !match || !sideEntries(match).some((ids) => ids.includes(row.proposedByEntryId!));
  });
  if (stale.length > 0) await tx.tournamentMatch.updateMany({ where: { id: { in: stale.map((row) => row.id) } }, data: { proposedSets: Prisma.DbNull, proposedByEntryId: null } });
}

/** A reset final no longer needed (the unbeaten pair won the grand final) leaves the schedule: its court is free. */
async function unplaceNotNeeded(tx: Tx, tournamentId: number, state: DrawState) {
  const keys = matchesOf(state).filter((match) => match.status === 'not_needed').map((match) => match.key);
  if (keys.length === 0) return;
  await tx.tournamentMatch.updateMany({ where: { tournamentId, key: { in: keys } }, data: { courtId: null, startsAt: null, endsAt: null, calledAt: null, pinned: false } });
}

/** The member's entry in the tournament and the side of the match it plays (null: not theirs). */
async function sideOfMember(tx: Tx, tournamentId: number, userId: number, match: DrawMatch) {
  const player = await tx.tournamentPlayer.findFirst({ where: { tournamentId, userId, withdrawnAt: null }, select: { entryId: true } });
  const side = player ? sideEntries(match).findIndex((ids) => ids.includes(player.entryId)) : -1;
  if (!player || side < 0) throw new AppError(403, M.notYourMatch);
  return { entryId: player.entryId, side };
}

export function createTournamentScores({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** The organiser enters (or corrects, while what it feeds is not played) a match's score. */
    async score(id: number, key: string, body: TScoreBody): Promise<{ message: Message }> {
      return db.$transaction(async (tx) => {
        const tournament = await lockDrawn(tx, id);
        const row = await matchRow(tx, id, key);
        return { message: await recordScore(tx, tournament, row, body.sets) };
      }, TRANSACTION_OPTIONS);
    },

    /** A player of either side proposes the score; it waits for the other side's confirmation. */
    async proposeScore(user: { id: number }, id: number, key: string, body: TScoreBody): Promise<{ message: Message }> {
      await db.$transaction(async (tx) => {
        const tournament = await lockDrawn(tx, id);
        const row = await matchRow(tx, id, key);
        const match = drawMatch(stateOf(tournament), key);
        const { entryId } = await sideOfMember(tx, id, user.id, match);
        if (match.status === 'played') throw new AppError(409, M.played);
        const check = checkSets(tournament.matchFormat, body.sets, { timeCapped: tournament.timeCapMinutes !== null });
        if (!check.ok) throw invalid({ sets: [check.message] });
        await tx.tournamentMatch.update({ where: { id: row.id }, data: { proposedSets: asJson(body.sets), proposedByEntryId: entryId } });
        await bumpLive(tx, id);
      }, TRANSACTION_OPTIONS);
      return { message: M.proposed };
    },

    /** A player of the other side confirms the proposed score: it is recorded as the organiser's would be. */
    async confirmScore(user: { id: number }, id: number, key: string): Promise<{ message: Message }> {
      return db.$transaction(async (tx) => {
        const tournament = await lockDrawn(tx, id);
        const row = await matchRow(tx, id, key);
        const match = drawMatch(stateOf(tournament), key);
        const { side } = await sideOfMember(tx, id, user.id, match);
        if (!row.proposedSets || row.proposedByEntryId === null) throw new AppError(409, M.nothingToConfirm);
        if (sideEntries(match)[side]!.includes(row.proposedByEntryId)) throw new AppError(403, M.otherSideConfirms);
        // The proposer must still play the match, on the other side (a corrected result may have re-seeded it).
        if (!sideEntries(match)[1 - side]!.includes(row.proposedByEntryId)) throw new AppError(409, M.nothingToConfirm);
        await recordScore(tx, tournament, row, row.proposedSets as unknown as SetScore[]);
        return { message: M.confirmed };
      }, TRANSACTION_OPTIONS);
    },
  };
}
