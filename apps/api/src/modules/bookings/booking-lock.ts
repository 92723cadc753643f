// The one way a write takes a booking (docs/domain.md#holds): its row locked for the rest of the
// transaction and read under that lock, so what the write checks (a live hold, a status) is still true
// when it commits. Every writer of a booking's money or players goes through here: a cancellation
// waits for a payment and a payment for a cancellation, never both at once.
import type { Booking, Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors.js';
import type { Message } from '../../lib/i18n.js';
import { isLiveHold } from './booking-terms.js';

export type LockedBooking = Pick<Booking, 'id' | 'status' | 'userId' | 'courtId' | 'startsAt' | 'endsAt' | 'priceCents' | 'holdExpiresAt'>;

/**
 * Locks the booking's row and reads it; undefined when there is none. `share` lets writers that only
 * need the booking to stand (money into a share) run side by side, while a cancellation waits for them.
 */
export async function lockBooking(tx: Prisma.TransactionClient, id: number, { share = false } = {}): Promise<LockedBooking | undefined> {
  const rows = share
    ? await tx.$queryRaw<LockedBooking[]>`
        SELECT id, status, user_id AS "userId", court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", price_cents AS "priceCents", hold_expires_at AS "holdExpiresAt"
        FROM bookings WHERE id = ${id} FOR SHARE`
    : await tx.$queryRaw<LockedBooking[]>`
        SELECT id, status, user_id AS "userId", court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", price_cents AS "priceCents", hold_expires_at AS "holdExpiresAt"
        FROM bookings WHERE id = ${id} FOR UPDATE`;
  return rows[0];
}

/** Locks these bookings' rows (in the order of their ids, as every batch does) and reads them. */
export async function lockBookings(tx: Prisma.TransactionClient, ids: number[]): Promise<LockedBooking[]> {
  return tx.$queryRaw<LockedBooking[]>`
    SELECT id, status, user_id AS "userId", court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", price_cents AS "priceCents", hold_expires_at AS "holdExpiresAt"
    FROM bookings WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`;
}

/** The booking locked, refused with `refusal` (409) unless it is a hold still live now. */
export async function lockLiveHold(tx: Prisma.TransactionClient, id: number, refusal: Message): Promise<LockedBooking> {
  const booking = await lockBooking(tx, id);
  if (!booking || !isLiveHold(booking, new Date())) throw new AppError(409, refusal);
  return booking;
}
