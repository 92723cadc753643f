// Carnets (docs/domain.md#carnets): the admin's products, the desk's sale (a completed payment of kind
// 'carnet', so it gets its receipt) and a booking paid with one use. A use locks the carnet's row and
// needs a use left; its ledger entry counts it down (the database keeps uses_left from the entries, never
// below zero): concurrent payments queue on the carnet's row, so a carnet of 3 uses pays 3 bookings, never 4.
// Each part in its own file; this composes them.
import type { AppDeps } from '../../deps.js';
import { earnExpiredCarnets } from '../ledger/index.js';
import type { Checkouts } from '../payments/index.js';
import { createCarnetDeskSale } from './carnet-desk-sale.js';
import { createCarnetPaymentTarget } from './carnet-payment-target.js';
import { createCarnetProducts } from './carnet-products.js';
import { createMemberCarnets } from './member-carnets.js';
import { createCarnetBookingPayment } from './pay-with-carnet.js';

export function createCarnetsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts) {
  const { db } = deps;
  const products = createCarnetProducts(deps);
  const member = createMemberCarnets(deps, checkouts, products);
  const { sell } = createCarnetDeskSale(deps, products);
  const { payBooking } = createCarnetBookingPayment(deps, checkouts);
  const { paymentTarget } = createCarnetPaymentTarget(member);
  return {
    paymentTarget,

    /** Job (daily): expired carnets earn what they still hold. */
    earnExpired: () => earnExpiredCarnets(db),

    onSale: products.onSale,
    buy: member.buy,
    payWithCredit: member.payWithCredit,
    products: products.products,
    createProduct: products.createProduct,
    updateProduct: products.updateProduct,
    mine: member.mine,
    ofMember: member.ofMember,
    sell,
    payBooking,
  };
}

export type CarnetsService = ReturnType<typeof createCarnetsService>;
