// A member's level in one sport as other modules read it (docs/levels.md#the-scale): 0–7, or null when the
// member has none yet (no questionnaire, no result).
import type { MemberLevel, Sport } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';
import { levelOf } from './rating-scale.js';

export async function levelInSport(tx: Prisma.TransactionClient, userId: number, sport: Sport): Promise<number | null> {
  const row = await tx.memberLevel.findUnique({ where: { userId_sport: { userId, sport } }, select: { mu: true } });
  return row ? levelOf(row.mu) : null;
}

/**
 * Many members' levels at once (a list of matches): sport → member → 0–7; a member with none is absent.
 * Read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
 */
export async function levelsInSports(db: Db, userIds: number[], sports: Sport[]): Promise<Map<Sport, Map<number, number>>> {
  if (userIds.length === 0 || sports.length === 0) return new Map();
  const rows = await readRows<Pick<MemberLevel, 'userId' | 'sport' | 'mu'>>(
    db,
    Prisma.sql`SELECT user_id AS "userId", sport, mu FROM member_levels WHERE user_id = ANY(${[...new Set(userIds)]}::int[]) AND sport::text = ANY(${[...new Set(sports)]}::text[])`,
    'levels-in-sports',
  );
  const levels = new Map<Sport, Map<number, number>>();
  for (const row of rows) {
    const ofSport = levels.get(row.sport) ?? levels.set(row.sport, new Map()).get(row.sport)!;
    ofSport.set(row.userId, levelOf(row.mu));
  }
  return levels;
}
