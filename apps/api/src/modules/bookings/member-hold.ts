// A member's hold on one span of a court at a price (docs/domain.md#holds), shared by the court's own
// booking and a coach's private lesson (docs/school.md#private-lessons): the member's limits, the slot
// reserved and the price owed from now, in the caller's transaction.
import type { Prisma, User } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors.js';
import { type Message, withValues } from '../../lib/i18n.js';
import type { readSettings } from '../settings/index.js';
import { chargeBooking } from './booking-money.js';
import { LIVE, LIVE_HOLD, slotMessages } from './booking-terms.js';
import { bookingMessages, WITH_DETAILS } from './booking-view.js';
import { type CourtSpan, reserveSlot } from './reserve-slot.js';

type Settings = Pick<Awaited<ReturnType<typeof readSettings>>, 'maxFutureBookings' | 'paymentHoldMinutes'>;

/**
 * The member's row is locked so their own limits hold under concurrent requests (one live hold, at most
 * the settings' future bookings); two members racing for one slot are separated by the exclusion
 * constraint (`takenMessage`). A lesson's booking names its slot and is charged as a lesson.
 */
export async function holdForMember(
  tx: Prisma.TransactionClient,
  user: Pick<User, 'id'>,
  span: CourtSpan & { priceCents: number },
  settings: Settings,
  now: Date,
  lesson?: { slotId: number; takenMessage: Message },
) {
  // NO KEY UPDATE: the member's own holds queue here, other rows' foreign keys to the member do not.
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`;
  // A waiting list's offer is held for hours: it does not stop the member from booking meanwhile.
  if (await tx.booking.count({ where: { userId: user.id, waitlistOffer: { is: null }, ...LIVE_HOLD(now) } })) throw new AppError(409, bookingMessages.liveHold);
  const future = await tx.booking.count({ where: { userId: user.id, endsAt: { gt: now }, ...LIVE(now) } });
  if (future >= settings.maxFutureBookings) throw new AppError(409, withValues(bookingMessages.limit, { max: settings.maxFutureBookings }));
  const { courtId, startsAt, endsAt, priceCents } = span;
  const created = await reserveSlot(
    tx,
    { courtId, startsAt, endsAt },
    now,
    () =>
      tx.booking.create({
        data: { courtId, userId: user.id, createdById: user.id, startsAt, endsAt, priceCents, status: 'pending_payment', holdExpiresAt: new Date(now.getTime() + settings.paymentHoldMinutes * 60_000), lessonSlotId: lesson?.slotId ?? null },
        include: WITH_DETAILS,
      }),
    lesson?.takenMessage ?? slotMessages.taken,
  );
  await chargeBooking(tx, created, priceCents, undefined, lesson ? { description: 'Lezione privata' } : {});
  return created;
}
