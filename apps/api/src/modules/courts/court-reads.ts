// The courts and their closures as other modules' screens read them (the desk's planner and booking lists):
// read past Prisma's client (readRows), whose CPU per query costs more than PostgreSQL's answer for these rows.
import type { Court, CourtClosure } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

export type CourtOnMap = Pick<Court, 'id' | 'code' | 'name' | 'row' | 'purpose' | 'hasLights' | 'isBookable'>;
export type ClosureSpan = Pick<CourtClosure, 'id' | 'courtId' | 'startsAt' | 'endsAt' | 'reason' | 'courseSessionId'>;

/** Every court (a few dozen), in the map's order: by row, then by place within the row. */
export function courtsInOrder(db: Db): Promise<CourtOnMap[]> {
  return readRows<CourtOnMap>(
    db,
    Prisma.sql`SELECT id, code, name, "row", purpose, has_lights AS "hasLights", is_bookable AS "isBookable" FROM courts ORDER BY "row", position`,
    'courts-in-order',
  );
}

/** The closures of every court overlapping [from, to), by their start. */
export function closuresBetween(db: Db, from: Date, to: Date): Promise<ClosureSpan[]> {
  return readRows<ClosureSpan>(
    db,
    Prisma.sql`SELECT id, court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", reason, course_session_id AS "courseSessionId"
      FROM court_closures WHERE starts_at < ${to} AND ends_at > ${from} ORDER BY starts_at`,
  );
}
