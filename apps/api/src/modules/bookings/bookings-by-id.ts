// A few columns of many bookings at once, for other modules' lists (an open match's day, hour and court):
// read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
import type { Booking } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

export type BookingTimes = Pick<Booking, 'id' | 'courtId' | 'startsAt' | 'endsAt' | 'status'>;

/** The confirmed bookings among `ids` still ahead of `now`. */
export function confirmedAheadOf(db: Db, ids: number[], now: Date): Promise<BookingTimes[]> {
  return readRows<BookingTimes>(
    db,
    Prisma.sql`SELECT id, court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", status FROM bookings
      WHERE id = ANY(${ids}::int[]) AND status = 'confirmed' AND starts_at > ${now}`,
  );
}
