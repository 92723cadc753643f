// A tournament's entries and the club ranking (docs/tournaments.md#ranking): the points an entry brings to
// the seeding, and the points each player earns with the final places.
import type { Tournament } from '../../generated/prisma/client.js';
import { fromIsoDate, todayInRome } from '../../lib/time.js';
import { pointsForPlace, rankingPointsOf } from './ranking.js';
import type { Tx } from './tournament-day-rows.js';

/** Writes each confirmed entry's ranking points: the sum of its players' club ranking. */
export async function refreshRankingPoints(tx: Tx, tournament: Tournament, entryIds: number[]): Promise<Map<number, number>> {
  const players = await tx.tournamentPlayer.findMany({ where: { entryId: { in: entryIds }, withdrawnAt: null }, select: { entryId: true, userId: true } });
  const points = await rankingPointsOf(tx, tournament.sport, tournament.category, players.flatMap((player) => (player.userId === null ? [] : [player.userId])));
  const byEntry = new Map(entryIds.map((id) => [id, 0]));
  for (const player of players) byEntry.set(player.entryId, byEntry.get(player.entryId)! + (player.userId === null ? 0 : (points.get(player.userId) ?? 0)));
  for (const [id, rankingPoints] of byEntry) await tx.tournamentEntry.update({ where: { id }, data: { rankingPoints } });
  return byEntry;
}

/** Each player of the placed entries earns their place's points, once (the tournament is finished once). */
export async function writeRankingResults(tx: Tx, tournament: Tournament, places: { entryId: number; place: number }[]) {
  const players = await tx.tournamentPlayer.findMany({ where: { entryId: { in: places.map((row) => row.entryId) }, withdrawnAt: null, userId: { not: null } }, select: { entryId: true, userId: true } });
  const placeOf = new Map(places.map((row) => [row.entryId, row.place]));
  const earnedOn = fromIsoDate(todayInRome());
  await tx.rankingResult.createMany({
    data: players.map((player) => {
      const place = placeOf.get(player.entryId)!;
      return { tournamentId: tournament.id, userId: player.userId!, sport: tournament.sport, category: tournament.category, place, points: pointsForPlace(place), earnedOn };
    }),
  });
}
