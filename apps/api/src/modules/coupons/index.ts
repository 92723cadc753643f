// The coupons module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { couponDiscountCents, couponMessages, couponProblem, redeemCoupon, releaseCoupon } from './coupon-rules.js';
export { registerCouponsRoutes } from './coupons.router.js';
export { createCouponsService } from './coupons.service.js';
export { couponCodesOf } from './coupon-codes.js';
