// Court booking for members (docs/domain.md#holds): the day's grid, holds that occupy a slot while the
// member pays, Stripe Checkout through the payments module, confirmation on payment, cancellation with
// an automatic refund inside the free-cancellation notice, and holds that lapse on time. Each part in
// its own file; this composes them.
import type { AppDeps } from '../../deps.js';
import { debtWarningOf } from '../ledger/index.js';
import type { Checkouts } from '../payments/index.js';
import { createBookingJobs } from './booking-jobs.js';
import { createBookingReads } from './booking-view.js';
import type { CancelBooking } from './cancel-booking.js';
import { createMemberCancellation } from './cancel-my-booking.js';
import { createBookingHolds } from './hold-booking.js';
import { createMySlotWaitlist } from './my-slot-waitlist.js';
import { createBookingPayments } from './pay-booking.js';

export { BOOKING_MESSAGES } from './booking-view.js';

export function createBookingsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'stripe' | 'logger' | 'config'>, checkouts: Checkouts, cancelBooking: CancelBooking) {
  const reads = createBookingReads(deps);
  const { ownBooking: _own, dtoOf: _dto, ...views } = reads;
  const cancellation = createMemberCancellation(deps, checkouts, cancelBooking, reads);
  const holds = createBookingHolds(deps, reads);
  return {
    ...views,
    ...holds,
    /** A new booking warns while the member owes the centre (docs/domain.md#credit). */
    create: async (...args: Parameters<typeof holds.create>) => ({ ...(await holds.create(...args)), debt: await debtWarningOf(deps.db, args[0].id) }),
    ...createBookingPayments(deps, checkouts, reads),
    ...cancellation,
    ...createMySlotWaitlist(deps, cancellation.cancel),
    ...createBookingJobs(deps, checkouts),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
