// Which bookings someone checked in for, for the desk's planner ("presente"): read past Prisma's client
// (readRows), whose CPU per query costs more than PostgreSQL's answer.
import { type Db, Prisma, readRows } from '../../lib/db.js';

/** The bookings among `bookingIds` with at least one entrance recorded for them. */
export async function checkedInBookings(db: Db, bookingIds: number[]): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await readRows<{ bookingId: number }>(
    db,
    Prisma.sql`SELECT DISTINCT booking_id AS "bookingId" FROM check_ins WHERE booking_id = ANY(${bookingIds}::int[])`,
    'checked-in-bookings',
  );
  return new Set(rows.map((row) => row.bookingId));
}
