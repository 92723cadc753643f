// The one lock on a player's share of a booking: its booking held (shared, so shares of one booking are
// paid side by side while a cancellation waits for them: bookings/booking-lock.ts), then the share's row.
// Paying a share and everything that settles one of its payment rows take it (payments/payment-targets.ts).
import type { Prisma } from '../../generated/prisma/client.js';
import { lockBooking } from '../bookings/index.js';

export async function lockShare(tx: Prisma.TransactionClient, id: number): Promise<void> {
  const [share] = await tx.$queryRaw<{ bookingId: number }[]>`SELECT booking_id AS "bookingId" FROM booking_players WHERE id = ${id}`;
  if (share) await lockBooking(tx, share.bookingId, { share: true });
  await tx.$queryRaw`SELECT id FROM booking_players WHERE id = ${id} FOR UPDATE`;
}
