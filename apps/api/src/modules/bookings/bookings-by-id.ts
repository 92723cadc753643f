// A few columns of many bookings, for other modules' lists (an open match's day, hour and court): a
// relation their statement joins, so the list is one statement and PostgreSQL, not JS, formats the times.
import { Prisma } from '../../lib/db.js';

/** `inRome`: the day and the wall-clock start and end in Rome (24:00 for an end at midnight), as lib/time.ts gives them. */
export interface BookingTimes {
  inRome: { date: string; start: string; end: string };
}

/**
 * The confirmed bookings still ahead (PostgreSQL's clock, `now()`), as a relation to join (its columns: id, court_id, status,
 * starts_at; starts_ms and ends_ms, the instants in epoch milliseconds, and date, start and end in Rome as
 * text): a list of hundreds of bookings then parses no instant (pg's date parsing costs more CPU than the
 * statement).
 */
export const confirmedAhead = Prisma.sql`(SELECT id, court_id, status, starts_at, (extract(epoch FROM starts_at) * 1000)::float8 AS starts_ms, (extract(epoch FROM ends_at) * 1000)::float8 AS ends_ms,
      to_char(starts_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS date, to_char(starts_at AT TIME ZONE 'Europe/Rome', 'HH24:MI') AS start,
      replace(to_char(ends_at AT TIME ZONE 'Europe/Rome', 'HH24:MI'), '00:00', '24:00') AS "end"
    FROM bookings WHERE status = 'confirmed' AND starts_at > now())`;
