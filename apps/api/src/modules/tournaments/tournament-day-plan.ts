// The scheduler's input from a drawn tournament (its draw, its courts' hours, the organiser's pins and
// the matches played) and the placements written back to tournament_matches.
import type { Prisma, Tournament, TournamentMatch } from '../../generated/prisma/client.js';
import { type DrawState, matchesOf } from './draw/index.js';
import type { Placement, ScheduleInput } from './schedule/index.js';

export type MatchRow = TournamentMatch;

/** Everything the scheduler needs, re-planning from `now` on (nothing new is placed in the past). */
export async function scheduleInputOf(tx: Prisma.TransactionClient, tournament: Pick<Tournament, 'id' | 'matchMinutes' | 'restMinutes'>, state: DrawState, rows: MatchRow[], now: Date): Promise<ScheduleInput> {
  const courts = await tx.tournamentCourt.findMany({ where: { tournamentId: tournament.id }, include: { court: { select: { hasLights: true } } } });
  const rowByKey = new Map(rows.map((row) => [row.key, row]));
  // A bye (or a reset final not needed) is never played: it is neither placed nor waited for.
  const matches = matchesOf(state).filter((match) => match.status !== 'bye' && match.status !== 'not_needed');
  const keys = new Set(matches.map((match) => match.key));
  return {
    matches: matches.map((match, order) => ({
      key: match.key,
      // A King of the Beach final's seats not decided yet stand as negative placeholders, one per seat (the
      // scheduler's rule): the same four finalists play all three, so those matches never overlap.
      participants: match.sides.flatMap((side) => (side.kind === 'entries' ? side.entryIds : side.kind === 'kob_seats' ? side.seats.map((seat) => -seat) : [])),
      feeders: match.feeders.filter((key) => keys.has(key)),
      minutes: tournament.matchMinutes,
      order,
    })),
    courts: courts.map((hours) => ({ courtId: hours.courtId, lit: hours.court.hasLights, from: hours.startsAt, to: hours.endsAt })),
    restMinutes: tournament.restMinutes,
    earliest: now,
    // The organiser's pins, and the matches under way (started by the plan, or called to the court): those stay where they are.
    pinned: rows.flatMap((row) =>
      row.courtId !== null && row.startsAt && !row.playedAt && (row.pinned || row.calledAt !== null || row.startsAt <= now) ? [{ key: row.key, courtId: row.courtId, startsAt: row.startsAt }] : [],
    ),
    played: matches.flatMap((match) => {
      if (match.status !== 'played') return [];
      const row = rowByKey.get(match.key);
      return [{ key: match.key, endedAt: row?.playedAt ?? row?.endsAt ?? now }];
    }),
  };
}

/** The placements the rows hold now (matches not played yet). */
export const currentPlacements = (rows: MatchRow[]): Placement[] =>
  rows.flatMap((row) => (row.courtId !== null && row.startsAt && row.endsAt && !row.playedAt ? [{ key: row.key, courtId: row.courtId, startsAt: row.startsAt, endsAt: row.endsAt }] : []));

/** Writes the plan: each match not played gets its placement, or none; only the rows that change are written. */
export async function writePlacements(tx: Prisma.TransactionClient, rows: MatchRow[], placed: Placement[]) {
  const byKey = new Map(placed.map((placement) => [placement.key, placement]));
  for (const row of rows) {
    if (row.playedAt) continue;
    const placement = byKey.get(row.key);
    const next = { courtId: placement?.courtId ?? null, startsAt: placement?.startsAt ?? null, endsAt: placement?.endsAt ?? null };
    const same = next.courtId === row.courtId && next.startsAt?.getTime() === row.startsAt?.getTime() && next.endsAt?.getTime() === row.endsAt?.getTime();
    if (!same) await tx.tournamentMatch.update({ where: { id: row.id }, data: next });
  }
}
