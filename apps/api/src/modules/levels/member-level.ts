// A member's level in one sport as other modules read it (docs/levels.md#the-scale): 0–7, or null when the
// member has none yet (no questionnaire, no result).
import type { Prisma, Sport } from '../../generated/prisma/client.js';
import { levelOf } from './rating-scale.js';

export async function levelInSport(tx: Prisma.TransactionClient, userId: number, sport: Sport): Promise<number | null> {
  const row = await tx.memberLevel.findUnique({ where: { userId_sport: { userId, sport } }, select: { mu: true } });
  return row ? levelOf(row.mu) : null;
}

/** Many members' levels at once (a list of matches): `${userId}:${sport}` → 0–7; a member with none is absent. */
export async function levelsInSports(tx: Prisma.TransactionClient, userIds: number[], sports: Sport[]): Promise<Map<string, number>> {
  if (userIds.length === 0 || sports.length === 0) return new Map();
  const rows = await tx.memberLevel.findMany({ where: { userId: { in: [...new Set(userIds)] }, sport: { in: [...new Set(sports)] } }, select: { userId: true, sport: true, mu: true } });
  return new Map(rows.map((row) => [`${row.userId}:${row.sport}`, levelOf(row.mu)]));
}
