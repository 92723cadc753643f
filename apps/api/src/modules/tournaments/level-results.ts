// A tournament match's result may move its players' levels (docs/levels.md#tournaments): only when the
// centre's setting says so, once per match (its key), members only (a guest has no level).
import type { Tournament } from '../../generated/prisma/client.js';
import { applyCompetitiveResult } from '../levels/index.js';
import { readSettings } from '../settings/index.js';
import type { DrawMatch } from './draw/index.js';
import { sideEntries } from './drawn-view.js';
import type { Tx } from './tournament-day-rows.js';

export async function feedLevels(tx: Tx, tournament: Pick<Tournament, 'id' | 'sport'>, match: DrawMatch): Promise<void> {
  if (!match.winner || !(await readSettings(tx)).tournamentResultsFeedLevels) return;
  const players = await tx.tournamentPlayer.findMany({ where: { tournamentId: tournament.id, entryId: { in: sideEntries(match).flat() }, withdrawnAt: null, userId: { not: null } }, select: { entryId: true, userId: true } });
  const teams = sideEntries(match).map((entryIds) => players.filter((player) => entryIds.includes(player.entryId)).map((player) => player.userId!)) as [number[], number[]];
  if (teams.some((team) => team.length === 0)) return;
  await applyCompetitiveResult(tx, { sport: tournament.sport, sourceKey: `tournament-match:${tournament.id}:${match.key}`, teams, winner: match.winner === 'a' ? 0 : 1 });
}
