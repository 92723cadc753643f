// The booking-coupons module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAdminBookingCouponsRoutes } from './booking-coupons.router.js';
export { createBookingCouponsService } from './booking-coupons.service.js';
export { bookingCouponCodesOf } from './booking-coupon-codes.js';
