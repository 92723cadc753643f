// The bookings module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAdminBookingsRoutes } from './admin-bookings.router.js';
export { createAdminBookingsService } from './admin-bookings.service.js';
export { bandOf } from './booking-coupon-rules.js';
export { lockBooking, lockBookings, lockLiveHold } from './booking-lock.js';
export { moneyOfBooking, moneyOfBookings, organiserDue, owedParts, sharesOf, spendCreditOnBooking, splitOwed } from './booking-money.js';
export type { BookingMoney } from './booking-money.js';
export { tellBookingPaid } from './booking-paid.js';
export { confirmBooking } from './confirm-booking.js';
export { UNDER_OVERLAP_CONSTRAINT, isLive, isLiveHold, liveBookingIdsTouching, liveSql, statusShown, timeOf, touchingSql, whatOf, whenOf } from './booking-terms.js';
export { bookingMessages } from './booking-view.js';
export { holdForMember } from './member-hold.js';
export { registerBookingsRoutes } from './bookings.router.js';
export { createBookingsService } from './bookings.service.js';
export { closeCheckoutsOf, createBookingCancellation, planReturns } from './cancel-booking.js';
export type { CancelBooking, PlannedReturn } from './cancel-booking.js';
export { dayStatement } from './availability.js';
export { createBatchCancellation } from './cancel-bookings.js';
export type { CancelBookings } from './cancel-bookings.js';
export { createRecurringBookingsService } from './recurring.service.js';
export { takeCourtTurn, takeCourtTurns } from './reserve-slot.js';
export { splitShares } from './shares.js';
export { priceSlots } from './booking-terms.js';
export { slotsOf } from './slots.js';
export { confirmedAheadOf } from './bookings-by-id.js';
export type { BookingTimes } from './bookings-by-id.js';
