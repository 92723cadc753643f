// A few columns of many bookings at once, for other modules' lists (an open match's day, hour and court):
// read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
import type { Booking } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

/** `inRome`: the day and the wall-clock start and end in Rome (24:00 for an end at midnight), as lib/time.ts gives them. */
export type BookingTimes = Pick<Booking, 'id' | 'courtId' | 'startsAt' | 'endsAt' | 'status'> & { inRome: { date: string; start: string; end: string } };

/**
 * The confirmed bookings among `ids` still ahead of `now`; PostgreSQL gives their Rome day and times as
 * text, cheaper than formatting hundreds of instants in JS.
 */
export function confirmedAheadOf(db: Db, ids: number[], now: Date): Promise<BookingTimes[]> {
  return readRows<BookingTimes>(
    db,
    Prisma.sql`SELECT id, court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", status,
        json_build_object('date', to_char(starts_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD'), 'start', to_char(starts_at AT TIME ZONE 'Europe/Rome', 'HH24:MI'),
          'end', replace(to_char(ends_at AT TIME ZONE 'Europe/Rome', 'HH24:MI'), '00:00', '24:00')) AS "inRome"
      FROM bookings WHERE id = ANY(${ids}::int[]) AND status = 'confirmed' AND starts_at > ${now}`,
    'bookings-confirmed-ahead-of',
  );
}
