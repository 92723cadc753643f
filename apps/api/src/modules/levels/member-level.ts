// A member's level in one sport as other modules read it (docs/levels.md#the-scale): 0–7, or null when the
// member has none yet (no questionnaire, no result).
import { SPORTS } from '@beach/contracts';
import type { MemberLevel, Sport } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';
import { levelOf } from './rating-scale.js';

export async function levelInSport(tx: Prisma.TransactionClient, userId: number, sport: Sport): Promise<number | null> {
  const row = await tx.memberLevel.findUnique({ where: { userId_sport: { userId, sport } }, select: { mu: true } });
  return row ? levelOf(row.mu) : null;
}

/**
 * Many members' levels at once (a list of matches), each in the sports asked of them (a player's level
 * in their match's sport only): sport → member → 0–7; a member with none is absent.
 * Read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
 */
export async function levelsInSports(db: Db, wanted: Map<Sport, Iterable<number>>): Promise<Map<Sport, Map<number, number>>> {
  // A branch per sport, each sport's members looked up in one pass of the key's index; always every sport, so
  // the statement's text (and its prepared plan) is one.
  const bySport = SPORTS.map((sport) => Prisma.sql`(sport = ${sport}::sport AND user_id = ANY(${[...new Set(wanted.get(sport) ?? [])]}::int[]))`);
  const rows = await readRows<Pick<MemberLevel, 'userId' | 'sport' | 'mu'>>(
    db,
    Prisma.sql`SELECT user_id AS "userId", sport, mu FROM member_levels WHERE ${Prisma.join(bySport, ' OR ')}`,
    'levels-in-sports',
  );
  const levels = new Map<Sport, Map<number, number>>();
  for (const row of rows) {
    const ofSport = levels.get(row.sport) ?? levels.set(row.sport, new Map()).get(row.sport)!;
    ofSport.set(row.userId, levelOf(row.mu));
  }
  return levels;
}
