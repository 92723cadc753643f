// Booking back-office (docs/domain.md#desk-planner): the day planner and the list, desk bookings for members and
// walk-ins with payment now, later or by link, marking paid, moving with the overlap guarantee,
// cancelling with a refund choice, and restoring.
// Each part in its own file; this composes them.
import type { AppDeps } from '../../deps.js';
import type { Checkouts } from '../payments/index.js';
import { createDeskBooking } from './book-at-desk.js';
import type { CancelBooking } from './cancel-booking.js';
import { createDeskCancellation } from './cancel-at-desk.js';
import { createDeskPayments } from './collect-at-desk.js';
import { createDeskBookingView } from './desk-booking-view.js';
import { createDeskPlanner } from './desk-planner.js';
import { courtOrFail, type DeskReads } from './desk-terms.js';
import { createDeskMove } from './move-booking.js';

export { ADMIN_BOOKING_MESSAGES } from './desk-terms.js';

export function createAdminBookingsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config' | 'stripe'>, checkouts: Checkouts, cancelBooking: CancelBooking, reads: DeskReads) {
  const view = createDeskBookingView(deps, reads);
  return {
    ...createDeskPlanner(deps, view, reads),
    show: view.one,
    ...createDeskBooking(deps, view),
    ...createDeskPayments(deps, checkouts, view),
    ...createDeskMove(deps, view),
    ...createDeskCancellation(deps, cancelBooking, view),
    load: view.load,
    courtOrFail: (courtId: number) => courtOrFail(deps.db, courtId),
  };
}

export type AdminBookingsService = ReturnType<typeof createAdminBookingsService>;
