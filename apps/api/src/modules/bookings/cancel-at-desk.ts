// A booking cancelled at the desk (docs/domain.md#desk-planner), with or without a refund, each part of
// its money going back the way it came; and a cancelled or expired booking restored.
import { randomUUID } from 'node:crypto';
import type { BodyOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { refuseOwnMoney } from '../auth/index.js';
import { isLive } from './booking-terms.js';
import { reserveSlot } from './reserve-slot.js';
import { createSlotHandOff } from './slot-waitlist.js';
import { chargeBooking, moneyOfBookings, NO_MONEY } from './booking-money.js';
import type { CancelBooking } from './cancel-booking.js';
import type { DeskBookingView } from './desk-booking-view.js';
import { ADMIN_BOOKING_MESSAGES, describe, type DeskDeps, lockedWithPayments, type Routes } from './desk-terms.js';

export function createDeskCancellation(deps: DeskDeps, cancelBooking: CancelBooking, { one }: Pick<DeskBookingView, 'one'>) {
  const { db } = deps;
  const { passSlotOn } = createSlotHandOff(deps);
  return {
    /**
     * Cancelled with or without a refund: each part of what was paid goes back the way it came (card
     * payments through Stripe by the job, desk payments from the till at once, credit and carnet uses to
     * where they came from, each player's share alike); what is still owed is written off.
     */
    async cancel(actor: User, id: number, body: BodyOf<Routes['cancel']>) {
      const now = new Date();
      const outcome = await db.$transaction(async (tx) => {
        const booking = await lockedWithPayments(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        // The desk refunds in full whatever the time: one's own booking refunded is an admin's (docs/domain.md#own-money).
        if (body.refund) refuseOwnMoney(actor, [booking.userId]);
        const returned = await cancelBooking(tx, booking, {
          policy: { by: 'desk', refund: body.refund },
          reason: body.reason ?? ADMIN_BOOKING_MESSAGES.defaultReason,
          cancelledById: actor.id,
          now,
          description: describe(booking),
        });
        await passSlotOn(tx, booking);
        return returned;
      }, TRANSACTION_OPTIONS);
      const message =
        outcome.card > 0 ? ADMIN_BOOKING_MESSAGES.cancelledRefundOnline : outcome.till + outcome.credit + outcome.carnetUses > 0 ? ADMIN_BOOKING_MESSAGES.cancelledRefunded : ADMIN_BOOKING_MESSAGES.cancelled;
      return { message, booking: await one(id) };
    },

    /** Back to confirmed when its time is still ahead and free. */
    async restore(id: number) {
      const now = new Date();
      await db.$transaction(async (tx) => {
        const booking = await lockedWithPayments(tx, id);
        if (isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notRestorable);
        if (booking.endsAt <= now) throw new AppError(409, ADMIN_BOOKING_MESSAGES.restorePast);
        const restored = { status: 'confirmed', cancelledAt: null, cancelledById: null, cancellationReason: null, holdExpiresAt: null } as const;
        await auditRow(tx, { entity: 'bookings', id, action: 'restore' }, async () => {
          await reserveSlot(tx, booking, now, () => tx.booking.update({ where: { id }, data: restored }), ADMIN_BOOKING_MESSAGES.restoreTaken);
          // Owed again: the price less what it still has paid (a booking cancelled without a refund keeps its payment).
          const money = (await moneyOfBookings(tx, [id])).get(id) ?? NO_MONEY;
          await chargeBooking(tx, booking, Math.max(0, booking.priceCents - (money.paid - money.returned) - money.owed), `booking:${id}:restored:${randomUUID()}`, { description: 'Prenotazione ripristinata' });
        });
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_BOOKING_MESSAGES.restored, booking: await one(id) };
    },
  };
}
