// The players of many bookings at once, for other modules' lists (the players of every open match listed):
// read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
import type { BookingPlayer } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

/**
 * `paid` and `paidOrJoinedSince` decided by PostgreSQL: a list of hundreds of players then parses no
 * instant (pg's date parsing costs more CPU than the statement).
 */
export type PlayerOfBooking = Pick<BookingPlayer, 'id' | 'bookingId' | 'userId' | 'guestName'> & { paid: boolean; paidOrJoinedSince: boolean };

/** Every player of these bookings not dropped, in the order they were added; `since` is the caller's rule for a recent joiner. */
export function playersOfBookings(db: Db, bookingIds: number[], since: Date): Promise<PlayerOfBooking[]> {
  return readRows<PlayerOfBooking>(
    db,
    Prisma.sql`SELECT id, booking_id AS "bookingId", user_id AS "userId", guest_name AS "guestName", paid_at IS NOT NULL AS paid,
        (paid_at IS NOT NULL OR created_at > ${since}) AS "paidOrJoinedSince"
      FROM booking_players WHERE booking_id = ANY(${bookingIds}::int[]) AND status <> 'dropped' ORDER BY id`,
    'players-of-bookings',
  );
}
