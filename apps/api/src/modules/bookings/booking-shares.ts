// The shares of a split booking as the other modules need them (docs/domain.md#split-payment): whose
// calendar a booking belongs to. What each share owes and pays is in the ledger (bookings/booking-money.ts).
import type { Prisma } from '../../lib/db.js';

/** The bookings a member plays in without having booked them (a player not dropped out). */
export const playingIn = (userId: number): Prisma.BookingWhereInput => ({ players: { some: { userId, status: { not: 'dropped' } } } });
