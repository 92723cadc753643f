// The tournament's day (docs/tournaments.md#the-draw-and-the-day): seeds, the draw, the schedule and the
// organiser's moves, the scores (tournament-scores.ts), the calls to
// the court, and the club ranking. Every write to a draw holds the tournament's row (FOR UPDATE): load
// the draw, let the engine move it, save it, bump live_version.
import { titleIn } from '@beach/contracts';
import type { Sport, Tournament, TournamentCategory } from '../../generated/prisma/client.js';
import type { AppDeps } from '../../deps.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, invalid } from '../../lib/errors.js';
import { type Message, localizedWhen, withValues } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import { createDraw, type DrawState, matchesOf } from './draw/index.js';
import { sideEntries } from './drawn-view.js';
import { createEntryMoney } from './entry-money.js';
import { matchCallEmail } from './match-calls.emails.js';
import { rankingBoard } from './ranking.js';
import { refreshRankingPoints } from './ranking-points.js';
import { moveMatch, schedule } from './schedule/index.js';
import { currentPlacements, scheduleInputOf, writePlacements } from './tournament-day-plan.js';
import { asJson, bumpLive, drawMatch, lockDrawn, lockTournament, matchRow, stateOf, type Tx } from './tournament-day-rows.js';
import { TOURNAMENT_DAY_MESSAGES as M } from './tournament-day-terms.js';
import { createTournamentScores } from './tournament-scores.js';
import { notifyMember } from '../push/index.js';

export function createTournamentDayService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, stripeRequests: StripeRequests) {
  const { db } = deps;
  const money = createEntryMoney(checkouts, stripeRequests);
  const scores = createTournamentScores(deps);

  /**
   * At the draw, the entries not confirmed (still owing a part, or waiting) are withdrawn as a withdrawal
   * does — each paid part given back, their places off the counter; one confirmed meanwhile (a payment
   * waited for on its player's lock) stays.
   */
  async function withdrawUnconfirmed(tx: Tx, id: number) {
    const stragglers = await tx.tournamentEntry.findMany({ where: { tournamentId: id, status: { in: ['pending', 'waiting'] } }, select: { id: true }, orderBy: { id: 'asc' } });
    let freed = 0;
    for (const entry of stragglers) {
      if (await money.withdrawEntry(tx, entry.id, null, 'Iscrizione non confermata al sorteggio: restituita la quota', ['pending', 'waiting'])) freed += 1;
    }
    if (freed > 0) await tx.$executeRaw`UPDATE tournaments SET entries_taken = entries_taken - ${freed}, updated_at = now() WHERE id = ${id}`;
  }

  /** Places every match not played nor pinned again; the unplaced keys. */
  async function plan(tx: Tx, tournament: Tournament, state: DrawState) {
    const rows = await tx.tournamentMatch.findMany({ where: { tournamentId: tournament.id } });
    const result = schedule(await scheduleInputOf(tx, tournament, state, rows, new Date()));
    await writePlacements(tx, rows, result.placed);
    return result;
  }

  return {
    /** The organiser's order of the seeds, before the draw: every confirmed entry exactly once. */
    async seeds(id: number, entryIds: number[]): Promise<{ message: Message }> {
      await db.$transaction(async (tx) => {
        const tournament = await lockTournament(tx, id);
        if (tournament.status !== 'draft' && tournament.status !== 'published') throw new AppError(409, M.seedsAfterDraw);
        const confirmed = await tx.tournamentEntry.findMany({ where: { tournamentId: id, status: 'confirmed' }, select: { id: true } });
        const given = new Set(entryIds);
        if (given.size !== entryIds.length || given.size !== confirmed.length || confirmed.some((entry) => !given.has(entry.id))) {
          throw invalid({ entry_ids: [M.seedsAllOnce] });
        }
        await refreshRankingPoints(tx, tournament, entryIds);
        for (const [index, entryId] of entryIds.entries()) {
          await auditRow(tx, { entity: 'tournament_entries', action: 'update', id: entryId }, () => tx.tournamentEntry.update({ where: { id: entryId }, data: { seed: index + 1 } }));
        }
      }, TRANSACTION_OPTIONS);
      return { message: M.seedsSaved };
    },

    /** Draws pools and brackets with the confirmed entries, after the registration closed (the others withdrawn), and schedules them at once. */
    async draw(id: number): Promise<{ message: Message; unplaced: string[] }> {
      // Stripe is asked about the open checkouts of the entries not confirmed before the transaction (a session paid meanwhile refuses).
      const owing = await db.tournamentPlayer.findMany({ where: { tournamentId: id, withdrawnAt: null, entry: { status: { in: ['pending', 'waiting'] } } }, select: { id: true } });
      for (const player of owing) await checkouts.refuseIfPaid('tournament_fee', player.id);
      return db.$transaction(async (tx) => {
        const tournament = await lockTournament(tx, id);
        if (tournament.status !== 'published') throw new AppError(409, M.notDrawable);
        if (new Date() < tournament.registrationClosesAt) {
          throw new AppError(409, withValues(M.registrationOpen, { closes: localizedWhen({ startsAt: tournament.registrationClosesAt, endsAt: tournament.registrationClosesAt }) }));
        }
        await withdrawUnconfirmed(tx, id);
        const confirmed = await tx.tournamentEntry.findMany({ where: { tournamentId: id, status: 'confirmed' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
        const least = tournament.format === 'king_of_the_beach' ? 4 : 2;
        if (confirmed.length < least) throw new AppError(409, withValues(M.tooFewEntries, { count: least }));
        const points = await refreshRankingPoints(tx, tournament, confirmed.map((entry) => entry.id));
        // The organiser's order stands when it still names exactly the confirmed entries; else the ranking's (ties: who registered first).
        const seeded = [...confirmed].sort((x, y) => (x.seed ?? 0) - (y.seed ?? 0));
        const keepsOrganiser = seeded.every((entry, index) => entry.seed === index + 1);
        const order = keepsOrganiser ? seeded : [...confirmed].sort((x, y) => points.get(y.id)! - points.get(x.id)!);
        for (const [index, entry] of order.entries()) await tx.tournamentEntry.update({ where: { id: entry.id }, data: { seed: index + 1 } });
        const state = await createDraw(tournament.format, order.map((entry, index) => ({ id: entry.id, seed: index + 1 })), { poolSize: tournament.poolSize === 3 ? 3 : 4 });
        const drawn = await auditRow(tx, { entity: 'tournaments', action: 'update', id }, () => bumpLive(tx, id, { draw: asJson(state), status: 'drawn' }));
        await tx.tournamentMatch.createMany({ data: matchesOf(state).map((match) => ({ tournamentId: id, key: match.key })) });
        const { placed, unplaced } = await plan(tx, drawn, state);
        const values = { placed: placed.length, unplaced: unplaced.length };
        return { message: withValues(unplaced.length > 0 ? M.drawnUnplaced : M.drawn, values), unplaced };
      }, TRANSACTION_OPTIONS);
    },

    /** Places again every match not played (the pinned ones stay). */
    async schedule(id: number): Promise<{ message: Message; unplaced: string[] }> {
      return db.$transaction(async (tx) => {
        const tournament = await lockDrawn(tx, id);
        const { placed, unplaced } = await plan(tx, tournament, stateOf(tournament));
        await auditRow(tx, { entity: 'tournaments', action: 'update', id }, () => bumpLive(tx, id));
        const values = { placed: placed.length, unplaced: unplaced.length };
        return { message: withValues(unplaced.length > 0 ? M.scheduledUnplaced : M.scheduled, values), unplaced };
      }, TRANSACTION_OPTIONS);
    },

    /** The organiser puts a match on a court at a time: pinned there, the rest re-planned; refused when it breaks a rule. */
    async moveMatch(id: number, key: string, to: { court_id: number; starts_at: string }) {
      return db.$transaction(async (tx) => {
        const tournament = await lockDrawn(tx, id);
        const row = await matchRow(tx, id, key);
        if (row.playedAt) throw new AppError(409, M.played);
        const rows = await tx.tournamentMatch.findMany({ where: { tournamentId: id } });
        const input = await scheduleInputOf(tx, tournament, stateOf(tournament), rows, new Date());
        const result = moveMatch(input, currentPlacements(rows), { key, courtId: to.court_id, startsAt: new Date(to.starts_at) });
        const codes = new Map((await tx.court.findMany({ select: { id: true, code: true } })).map((court) => [court.id, court.code]));
        if (result.conflicts.length > 0) {
          // The scheduler names courts by id: the organiser knows them by code.
          const reason = result.conflicts[0]!.replace(/campo (\d+)/g, (_, courtId: string) => `campo ${codes.get(Number(courtId)) ?? courtId}`);
          throw new AppError(409, withValues(M.moveBreaksRule, { reason }));
        }
        await auditRow(tx, { entity: 'tournament_matches', action: 'move', id: row.id }, () => tx.tournamentMatch.update({ where: { id: row.id }, data: { pinned: true } }));
        await writePlacements(tx, rows, result.placed);
        await bumpLive(tx, id);
        const shifted = result.shifted.map((change) => ({
          key: change.key,
          from: change.from?.startsAt.toISOString() ?? null,
          to: change.to?.startsAt.toISOString() ?? null,
          court_from: change.from ? (codes.get(change.from.courtId) ?? null) : null,
          court_to: change.to ? (codes.get(change.to.courtId) ?? null) : null,
        }));
        return { message: M.moved, shifted };
      }, TRANSACTION_OPTIONS);
    },

    ...scores,

    /** Calls both sides to the court: called_at, and an e-mail to each player in their language. */
    async call(id: number, key: string): Promise<{ message: Message }> {
      await db.$transaction(async (tx) => {
        const tournament = await lockDrawn(tx, id);
        const row = await matchRow(tx, id, key);
        const match = drawMatch(stateOf(tournament), key);
        if (match.status === 'played') throw new AppError(409, M.played);
        if (row.courtId === null || !row.startsAt) throw new AppError(409, M.notPlaced);
        const entryIds = sideEntries(match);
        if (entryIds.some((ids) => ids.length === 0)) throw new AppError(409, M.sidesUnknown);
        await auditRow(tx, { entity: 'tournament_matches', action: 'update', id: row.id }, () => tx.tournamentMatch.update({ where: { id: row.id }, data: { calledAt: new Date() } }));
        await bumpLive(tx, id);
        const court = await tx.court.findUniqueOrThrow({ where: { id: row.courtId }, select: { code: true } });
        const players = await tx.tournamentPlayer.findMany({
          where: { entryId: { in: entryIds.flat() }, withdrawnAt: null, userId: { not: null }, user: { erasedAt: null } },
          select: { user: { select: { id: true, email: true, firstName: true, locale: true } } },
        });
        const url = `${webOriginOf(deps.config)}/tornei/${id}`;
        for (const { user } of players) {
          await notifyMember(deps.jobs, tx, { userId: user!.id, kind: 'tournament_call', email: matchCallEmail(user!, { tournament: titleIn(user!.locale, tournament), court: court.code, startsAt: row.startsAt }, url) });
        }
      }, TRANSACTION_OPTIONS);
      return { message: M.called };
    },

    /** The club ranking of a sport and category. */
    async ranking({ sport, category }: { sport: Sport; category: TournamentCategory }) {
      const rows = await rankingBoard(db, { sport, category });
      return { data: rows.map(({ rank, user_id, name, points, tournaments }) => ({ rank, user_id, name, points, tournaments })) };
    },
  };
}

export type TournamentDayService = ReturnType<typeof createTournamentDayService>;
