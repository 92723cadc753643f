// The back office's list of courses (docs/school.md#the-list): by default the ones neither cancelled nor
// over, the next lesson first; searched by name, level or coach; paged by the database.
import { romeToday, type QueryOf } from '@beach/contracts';
import { type Db, Prisma } from '../../lib/db.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import type { Routes } from './course-states.js';
import { COURSE_INCLUDE, courseOnWire } from './course-view.js';

type ListQuery = QueryOf<Routes['list']>;

function whereOf(query: ListQuery, today: string, coachIds: number[]): Prisma.Sql {
  const conditions = [
    query.state === 'current' && Prisma.sql`c.cancelled_at IS NULL AND c.ends_on >= ${today}::date`,
    query.state === 'past' && Prisma.sql`c.cancelled_at IS NULL AND c.ends_on < ${today}::date`,
    query.state === 'cancelled' && Prisma.sql`c.cancelled_at IS NOT NULL`,
    query.offer && Prisma.sql`c.offer = ${query.offer}::course_offer`,
  ].filter((condition) => condition !== false && condition !== undefined);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(Prisma.sql`(c.name ILIKE ${pattern} OR c.level ILIKE ${pattern} OR c.coach_id = ANY(${coachIds}::int[]))`);
  }
  return conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

/** The coaches the search names: every word in their first or last name ("Marco Ro" finds Marco Rossi). */
async function coachesNamed(db: Db, search: string | undefined): Promise<number[]> {
  const words = search?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return [];
  const named = (word: string) => ({ OR: [{ firstName: { contains: word, mode: 'insensitive' as const } }, { lastName: { contains: word, mode: 'insensitive' as const } }] });
  const coaches = await db.user.findMany({ where: { AND: words.map(named) }, select: { id: true } });
  return coaches.map((coach) => coach.id);
}

export async function listCourses(db: Db, query: ListQuery, now = new Date()) {
  const where = whereOf(query, romeToday(now), await coachesNamed(db, query.search));
  const { skip, take } = skipTake(query);
  const [[count], ids] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM courses c ${where}`,
    // The next lesson not cancelled first; the courses with none (over, cancelled) after, the latest first.
    db.$queryRaw<{ id: number }[]>`
      SELECT c.id FROM courses c
      LEFT JOIN LATERAL (SELECT min(s.starts_at) AS next_at FROM course_sessions s WHERE s.course_id = c.id AND s.cancelled_at IS NULL AND s.starts_at > ${now}) n ON true
      ${where}
      ORDER BY n.next_at ASC NULLS LAST, c.ends_on DESC, c.id DESC
      LIMIT ${take} OFFSET ${skip}`,
  ]);
  const rows = await db.course.findMany({ where: { id: { in: ids.map((row) => row.id) } }, include: COURSE_INCLUDE });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return pagedList(ids.map((row) => courseOnWire(byId.get(row.id)!)), count!.total, query);
}
