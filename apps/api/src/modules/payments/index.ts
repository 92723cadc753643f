// The payments module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { CHECKOUT_LIFETIME_SECONDS, createCheckouts, releaseHoldsOf } from './checkout.js';
export type { Checkouts } from './checkout.js';
export { checkoutItems } from './checkout-items.js';
export type { EnrolmentPart } from './checkout-items.js';
export { SETTLED_STATUSES, shownStatus, shownStatusWhere } from './payment-status.js';
export { STRIPE_WEBHOOK_PATH, registerPaymentsRoutes, stripeWebhook } from './payments.router.js';
export { createPaymentsService } from './payments.service.js';
export { NOTHING_TO_LOCK } from './payment-targets.js';
export type { PaymentTarget, TargetLocks } from './payment-targets.js';
export { requireStripe } from './stripe-client.js';
export { markRefunded, markRefundedAll, refundOf } from './refund-rows.js';
export { disputeHolds, refundsDueOf } from './refund-due.js';
export { createStripeRequests } from './stripe-requests.js';
export type { RefundReason, StripeRequests } from './stripe-requests.js';
