// The bookings' jobs (docs/domain.md#holds): holds that lapse on time let go of what they held, and the
// reminder before play, once.

import type { AppDeps } from '../../deps.js';
import type { Booking } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import type { Checkouts } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { whatOf } from './booking-terms.js';
import { letGoOfLapsed } from './reserve-slot.js';
import { createSlotHandOff } from './slot-waitlist.js';
import { reminderEmail } from './bookings.emails.js';

export function createBookingJobs(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger' | 'stripe'>, checkouts: Checkouts) {
  const { db, jobs, config } = deps;
  const { passSlotOn } = createSlotHandOff(deps);
  /**
   * Job, every minute: holds past their time become expired and let go of what they held (coupon use,
   * credit set aside, what they owed); their Checkout Sessions, and those of holds marked expired when
   * someone else took the slot, are closed. Set-aside money whose time ran out is released.
   */
  async function expireLapsedHolds(now = new Date()) {
    const lapsed = await db.booking.findMany({ where: { status: 'pending_payment', holdExpiresAt: { lte: now } }, select: { id: true, courtId: true, startsAt: true, endsAt: true } });
    for (const { id, ...slot } of lapsed) {
      await db.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<Pick<Booking, 'id' | 'membershipCouponId' | 'bookingCouponId'>[]>`
          UPDATE bookings SET status = 'expired', updated_at = now() WHERE id = ${id} AND status = 'pending_payment'
          RETURNING id, membership_coupon_id AS "membershipCouponId", booking_coupon_id AS "bookingCouponId"`;
        if (!row) return;
        await letGoOfLapsed(tx, [row]);
        await passSlotOn(tx, { id, ...slot });
      }, TRANSACTION_OPTIONS);
    }
    // A session paid in the last second is left to the webhook, which confirms or refunds it.
    const stillOpen = await db.booking.findMany({ where: { status: 'expired', transactions: { some: { type: 'payment', status: 'pending' } } }, select: { id: true } });
    for (const { id } of stillOpen) await db.$transaction((tx) => checkouts.closeIn(tx, 'booking', id), TRANSACTION_OPTIONS);
    await checkouts.voidLapsedHolds(now);
    return lapsed.length;
  }

  /** Job: confirmed bookings starting within the reminder lead get one e-mail (marked in the same statement). */
  async function sendReminders() {
    const { reminderHours } = await readSettings(db);
    return db.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: number }[]>`
        UPDATE bookings SET reminder_sent_at = now()
        WHERE status = 'confirmed' AND reminder_sent_at IS NULL AND user_id IS NOT NULL
          AND starts_at > now() AND starts_at <= now() + make_interval(hours => ${reminderHours})
        RETURNING id`;
      const bookings = await tx.booking.findMany({ where: { id: { in: due.map((row) => row.id) } }, include: { user: true, court: true } });
      for (const booking of bookings) await jobs.send('send-email', reminderEmail(booking.user!, whatOf(booking), `${config.WEB_ORIGIN}/le-mie-prenotazioni`), { tx });
      return bookings.length;
    }, TRANSACTION_OPTIONS);
  }

  return { expireLapsedHolds, sendReminders };
}
