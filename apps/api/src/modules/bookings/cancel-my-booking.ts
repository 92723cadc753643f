// The member cancels (docs/domain.md#cancellations-and-refunds): a live hold at once, a paid booking for
// free until the notice before it starts, each part of its money going back the way it came.

import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { withValues } from '../../lib/i18n.js';
import type { Checkouts } from '../payments/index.js';
import { readSettings } from '../settings/index.js';
import { whenOf } from './booking-terms.js';
import { createSlotHandOff } from './slot-waitlist.js';
import { lockBooking } from './booking-lock.js';
import type { CancelBooking } from './cancel-booking.js';
import { bookingMessages } from './booking-view.js';
import type { BookingReads } from './booking-view.js';

export function createMemberCancellation(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'logger' | 'stripe'>, checkouts: Checkouts, cancelBooking: CancelBooking, { ownBooking, dtoOf }: BookingReads) {
  const { db } = deps;
  const { passSlotOn } = createSlotHandOff(deps);
  /**
   * A live hold is released at once. A paid booking is cancelled for free until the notice before
   * it starts: card payments refunded by the job, credit and carnet uses returned, each player's share
   * the way it was paid.
   */
  async function cancel(user: User, id: number) {
    const booking = await ownBooking(user.id, id);
    const now = new Date();
    const { freeCancellationHours } = await readSettings(db);
    const dto = await dtoOf(booking, now, freeCancellationHours);
    if (booking.status === 'confirmed' && !dto.can_cancel && booking.startsAt > now) throw new AppError(409, withValues(bookingMessages.lateCancel, { hours: freeCancellationHours }));
    if (!dto.can_cancel) throw new AppError(409, bookingMessages.notCancellable);
    if (booking.status === 'pending_payment') await checkouts.refuseIfPaid('booking', id);
    const returned = await db.$transaction(async (tx) => {
      if ((await lockBooking(tx, id))?.status !== booking.status) throw new AppError(409, bookingMessages.notCancellable);
      const outcome = await cancelBooking(tx, booking, { policy: { by: 'member' }, reason: 'Annullata dal socio', cancelledById: null, now, refundReason: 'cancelled', description: whenOf(booking) });
      await passSlotOn(tx, booking);
      return outcome;
    }, TRANSACTION_OPTIONS);
    return {
      message:
        returned.card > 0
          ? returned.credit > 0
            ? bookingMessages.cancelledCreditAndRefund
            : bookingMessages.cancelledRefund
          : returned.credit > 0
            ? bookingMessages.cancelledCredit
            : bookingMessages.cancelled,
      booking: await dtoOf(await ownBooking(user.id, id), now, freeCancellationHours),
    };
  }

  return { cancel };
}
