// A member's level in one sport as other modules read it (docs/levels.md#the-scale): 0–7, or null when the
// member has none yet (no questionnaire, no result).
import type { Sport } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';
import { levelOf } from './rating-scale.js';

export async function levelInSport(tx: Prisma.TransactionClient, userId: number, sport: Sport): Promise<number | null> {
  const row = await tx.memberLevel.findUnique({ where: { userId_sport: { userId, sport } }, select: { mu: true } });
  return row ? levelOf(row.mu) : null;
}

/**
 * Every member's rating per sport, as a relation other modules' lists join (its columns: user_id, sport, mu):
 * `levelOf` shows a mu on the 0–7 scale.
 */
export const memberMus = Prisma.sql`(SELECT user_id, sport, mu FROM member_levels)`;
