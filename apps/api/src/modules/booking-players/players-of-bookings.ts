// The players of many bookings at once, for other modules' lists (the players of every open match listed):
// read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
import type { BookingPlayer } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

export type PlayerOfBooking = Pick<BookingPlayer, 'id' | 'bookingId' | 'userId' | 'guestName' | 'paidAt' | 'createdAt'>;

/** Every player of these bookings not dropped, in the order they were added. */
export function playersOfBookings(db: Db, bookingIds: number[]): Promise<PlayerOfBooking[]> {
  return readRows<PlayerOfBooking>(
    db,
    Prisma.sql`SELECT id, booking_id AS "bookingId", user_id AS "userId", guest_name AS "guestName", paid_at AS "paidAt", created_at AS "createdAt"
      FROM booking_players WHERE booking_id = ANY(${bookingIds}::int[]) AND status <> 'dropped' ORDER BY id`,
    'players-of-bookings',
  );
}
