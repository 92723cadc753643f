// The booking-players module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerBookingPlayersRoutes } from './booking-players.router.js';
export { createBookingPlayersService } from './booking-players.service.js';
export { lockShare } from './share-lock.js';
export { playersOfBookings } from './players-of-bookings.js';
export type { PlayerOfBooking } from './players-of-bookings.js';
