// A member's level in one sport as other modules read it (docs/levels.md#the-scale): 0–7, or null when the
// member has none yet (no questionnaire, no result).
import type { Prisma, Sport } from '../../generated/prisma/client.js';
import { levelOf } from './rating-scale.js';

export async function levelInSport(tx: Prisma.TransactionClient, userId: number, sport: Sport): Promise<number | null> {
  const row = await tx.memberLevel.findUnique({ where: { userId_sport: { userId, sport } }, select: { mu: true } });
  return row ? levelOf(row.mu) : null;
}
