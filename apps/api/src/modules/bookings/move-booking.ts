// A booking moved at the desk (docs/domain.md#desk-planner): same length on another court or at another
// time, the exclusion constraint keeping it free; the waiting list of the freed slot is told.
import { type BodyOf, SLOT_MINUTES, SLOTS } from '@beach/contracts';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { isLive, priceSlots } from './booking-terms.js';
import { reserveSlot } from './reserve-slot.js';
import { createSlotHandOff } from './slot-waitlist.js';
import type { DeskBookingView } from './desk-booking-view.js';
import { ADMIN_BOOKING_MESSAGES, courtOrFail, type DeskDeps, lockedWithPayments, requireInSeason, type Routes } from './desk-terms.js';

export function createDeskMove(deps: DeskDeps, { one }: Pick<DeskBookingView, 'one'>) {
  const { db } = deps;
  const { passSlotOn } = createSlotHandOff(deps);
  return {
    /** Same length on another court or at another time; the exclusion constraint keeps it free. */
    async move(id: number, body: BodyOf<Routes['move']>) {
      const now = new Date();
      // A private lesson is the coach's published slot (set once, at booking): moving it would leave the slot behind.
      if ((await db.booking.findUnique({ where: { id }, select: { lessonSlotId: true } }))?.lessonSlotId) throw new AppError(409, ADMIN_BOOKING_MESSAGES.lessonNotMovable);
      const court = await courtOrFail(db, body.court_id);
      await requireInSeason(db, body.date);
      await db.$transaction(async (tx) => {
        const booking = await lockedWithPayments(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        const slots = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / (SLOT_MINUTES * 60_000));
        const startIndex = SLOTS.findIndex((slot) => slot.start === body.start);
        if (startIndex + slots > SLOTS.length) throw new AppError(422, ADMIN_BOOKING_MESSAGES.beyondMidnight, { start: [ADMIN_BOOKING_MESSAGES.beyondMidnight] });
        const { startsAt, endsAt } = await priceSlots(db, court, { date: body.date, start: body.start, slots, full_day: false, equipment: false });
        if (endsAt <= now) throw new AppError(422, ADMIN_BOOKING_MESSAGES.over);
        await auditRow(tx, { entity: 'bookings', id, action: 'move' }, () =>
          reserveSlot(tx, { courtId: court.id, startsAt, endsAt }, now, () => tx.booking.update({ where: { id }, data: { courtId: court.id, startsAt, endsAt, reminderSentAt: null } })),
        );
        await passSlotOn(tx, booking);
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_BOOKING_MESSAGES.moved, booking: await one(id) };
    },
  };
}
