// A few columns of many bookings at once, for other modules' lists (an open match's day, hour and court):
// read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
import type { Booking } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

/** `inRome`: the day and the wall-clock start and end in Rome (24:00 for an end at midnight), as lib/time.ts gives them. */
export type BookingTimes = Pick<Booking, 'id' | 'courtId' | 'startsAt' | 'endsAt' | 'status'> & { inRome: { date: string; start: string; end: string } };

/**
 * The confirmed bookings among `ids` still ahead of `now`, with their Rome day and times. PostgreSQL gives
 * the wall-clock instants in Rome as timestamp text (ISO, the DateStyle pg's own date parsing needs), cut
 * here: cheaper than its to_char, and than formatting hundreds of instants in JS.
 */
export async function confirmedAheadOf(db: Db, ids: number[], now: Date): Promise<BookingTimes[]> {
  const rows = await readRows<Omit<BookingTimes, 'inRome'> & { startInRome: string; endInRome: string }>(
    db,
    Prisma.sql`SELECT id, court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", status,
        (starts_at AT TIME ZONE 'Europe/Rome')::text AS "startInRome", (ends_at AT TIME ZONE 'Europe/Rome')::time::text AS "endInRome"
      FROM bookings WHERE id = ANY(${ids}::int[]) AND status = 'confirmed' AND starts_at > ${now}`,
    'bookings-confirmed-ahead-of',
  );
  return rows.map((row) => ({
    id: row.id,
    courtId: row.courtId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
    // "2026-06-01 18:30:00" and "20:00:00"; an end at midnight is 24:00 of the booking's day.
    inRome: { date: row.startInRome.slice(0, 10), start: row.startInRome.slice(11, 16), end: row.endInRome === '00:00:00' ? '24:00' : row.endInRome.slice(0, 5) },
  }));
}
