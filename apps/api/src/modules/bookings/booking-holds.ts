// When a booking holds its slot (docs/domain.md#holds). Apart from booking-terms so that the coupon rules,
// which count live bookings, need nothing else of it.
import type { Booking } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';

// A booking holds its slot while it is confirmed, or awaiting payment with a hold that has not lapsed
// (a hold with no end — the desk's payment link — lasts until paid or cancelled). A lapsed hold stops
// holding at once, before the minute job marks it expired. The same rule in its three forms, for
// Prisma, SQL and rows in memory (booking-terms.test.ts checks that they agree):
export type HoldFields = Pick<Booking, 'status' | 'holdExpiresAt'>;
export const isLiveHold = (booking: HoldFields, now: Date) => booking.status === 'pending_payment' && (booking.holdExpiresAt === null || booking.holdExpiresAt > now);
export const isLive = (booking: HoldFields, now: Date) => booking.status === 'confirmed' || isLiveHold(booking, now);
export const LIVE_HOLD = (now: Date): Prisma.BookingWhereInput => ({ status: 'pending_payment', OR: [{ holdExpiresAt: null }, { holdExpiresAt: { gt: now } }] });
export const LIVE = (now: Date): Prisma.BookingWhereInput => ({ OR: [{ status: 'confirmed' }, LIVE_HOLD(now)] });
/** On the columns of `bookings` (unqualified: use it where they are unambiguous). */
export const liveSql = (now: Date) => Prisma.sql`(status = 'confirmed' OR (status = 'pending_payment' AND (hold_expires_at IS NULL OR hold_expires_at > ${now})))`;
