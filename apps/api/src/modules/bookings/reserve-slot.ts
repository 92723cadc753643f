// How a slot is taken and given up, for every writer of a booking (the member, the desk, the weekly
// series, "Sposta", a late payment): the court's turn, a closure in the way, lapsed holds on the slot let
// go of (coupon and money included). A slot that frees is passed on by slot-waitlist.ts.
import type { Booking } from '../../generated/prisma/client.js';
import { conflictOn, type Prisma } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import type { Message } from '../../lib/i18n.js';
import { releaseCoupon } from '../coupons/index.js';
import { writeOff } from '../ledger/index.js';
import { releaseHoldsOf } from '../payments/index.js';
import { releaseBookingCoupon } from './booking-coupon-rules.js';
import { receivablesOf } from './booking-money.js';
import { slotMessages } from './booking-terms.js';

/** A hold or a booking that can no longer be had gives its coupon use back. */
export async function releaseCouponsOf(tx: Prisma.TransactionClient, booking: Pick<Booking, 'membershipCouponId' | 'bookingCouponId'>) {
  if (booking.membershipCouponId) await releaseCoupon(tx, booking.membershipCouponId);
  if (booking.bookingCouponId) await releaseBookingCoupon(tx, booking.bookingCouponId);
}

/**
 * Holds just marked expired let go of what they held: their coupon use comes back, what their checkouts
 * set aside is released and what they owed is written off. Their Checkout Sessions are closed by the
 * minute job (a call to Stripe, after the commit).
 */
export async function letGoOfLapsed(tx: Prisma.TransactionClient, lapsed: Pick<Booking, 'id' | 'membershipCouponId' | 'bookingCouponId'>[]) {
  for (const booking of lapsed) {
    await releaseCouponsOf(tx, booking);
    const open = await tx.transaction.findMany({ where: { bookingId: booking.id, type: 'payment', status: 'pending' }, select: { id: true } });
    await releaseHoldsOf(
      tx,
      open.map((row) => row.id),
    );
    await writeOff(tx, `booking:${booking.id}:lapsed`, await receivablesOf(tx, booking.id), { bookingId: booking.id, description: 'Tempo per pagare scaduto' });
  }
}

/** A closure of the court that overlaps the span, if any. */
async function closureHits(tx: Prisma.TransactionClient, courtId: number, startsAt: Date, endsAt: Date) {
  return (await tx.courtClosure.count({ where: { courtId, startsAt: { lt: endsAt }, endsAt: { gt: startsAt } } })) > 0;
}

/**
 * Writers of bookings on one court take turns on the court's row, until their transaction ends:
 * concurrent writes that collide on the exclusion constraint would otherwise wait on each other's
 * uncommitted rows and deadlock (PostgreSQL finds that only after its one-second deadlock timeout),
 * while in turn the loser meets the winner's committed row at once. NO KEY UPDATE leaves the
 * bookings' foreign-key checks on the court free.
 */
export async function takeCourtTurn(tx: Prisma.TransactionClient, courtId: number) {
  await tx.$queryRaw`SELECT id FROM courts WHERE id = ${courtId} FOR NO KEY UPDATE`;
}

/** The turns of several courts in one statement, taken in id order as one at a time by id would. */
export async function takeCourtTurns(tx: Prisma.TransactionClient, courtIds: number[]) {
  await tx.$queryRaw`SELECT id FROM courts WHERE id = ANY(${courtIds}::int[]) ORDER BY id FOR NO KEY UPDATE`;
}

export type CourtSpan = { courtId: number; startsAt: Date; endsAt: Date };

/**
 * Every writer that puts a booking on a slot goes through here, in its transaction: it takes the
 * court's turn, a closure refuses it (409), holds that lapsed on the slots are expired now (the job only
 * runs once a minute, and the grid and the series preview already show those slots as free), then
 * `write` puts the booking there. Two live bookings of a court never overlap (the database's exclusion
 * constraint `bookings_no_overlap`): the loser of a race gets the 409 `takenMessage`.
 */
export async function reserveSlot<T>(tx: Prisma.TransactionClient, spans: CourtSpan | CourtSpan[], now: Date, write: () => Promise<T>, takenMessage: Message = slotMessages.taken): Promise<T> {
  const all = Array.isArray(spans) ? spans : [spans];
  for (const { courtId, startsAt, endsAt } of all) {
    await takeCourtTurn(tx, courtId);
    if (await closureHits(tx, courtId, startsAt, endsAt)) throw new AppError(409, slotMessages.closed);
    const lapsed = await tx.$queryRaw<Pick<Booking, 'id' | 'membershipCouponId' | 'bookingCouponId'>[]>`
      UPDATE bookings SET status = 'expired', updated_at = now()
      WHERE court_id = ${courtId} AND status = 'pending_payment' AND hold_expires_at <= ${now} AND starts_at < ${endsAt} AND ends_at > ${startsAt}
      RETURNING id, membership_coupon_id AS "membershipCouponId", booking_coupon_id AS "bookingCouponId"`;
    await letGoOfLapsed(tx, lapsed);
  }
  return write().catch(conflictOn('bookings_no_overlap', takenMessage));
}
