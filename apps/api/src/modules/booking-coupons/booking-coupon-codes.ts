// The codes of booking coupons, many at once, for other modules' lists (the desk's bookings): read past
// Prisma's client (readRows), whose CPU per query costs more than PostgreSQL's answer.
import { type Db, Prisma, readRows } from '../../lib/db.js';

/** id → the coupon's code, for the coupons among `ids` that exist. */
export async function bookingCouponCodesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await readRows<{ id: number; code: string }>(db, Prisma.sql`SELECT id, code FROM booking_coupons WHERE id = ANY(${ids}::int[])`, 'booking-coupon-codes');
  return new Map(rows.map((row) => [row.id, row.code]));
}
