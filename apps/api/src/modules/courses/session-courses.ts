// The course of each session, for other modules' screens (the desk's planner names the course holding a
// closed court): read past Prisma's client (readRows), whose CPU per query costs more than PostgreSQL's answer.
import { type Db, Prisma, readRows } from '../../lib/db.js';

/** session id → its course's id, for the sessions among `sessionIds` that exist. */
export async function coursesOfSessions(db: Db, sessionIds: number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await readRows<{ id: number; courseId: number }>(
    db,
    Prisma.sql`SELECT id, course_id AS "courseId" FROM course_sessions WHERE id = ANY(${[...new Set(sessionIds)]}::int[])`,
    'courses-of-sessions',
  );
  return new Map(rows.map((row) => [row.id, row.courseId]));
}
