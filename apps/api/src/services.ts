// The services shared by the HTTP routes and the job workers, built once per process.
import type { AppDeps } from './deps.js';
import { createAdminBookingsService } from './modules/bookings/admin-bookings.service.js';
import { createBookingsService } from './modules/bookings/bookings.service.js';
import { createRecurringBookingsService } from './modules/bookings/recurring.service.js';
import { createBroadcastsService } from './modules/broadcasts/broadcasts.service.js';
import { createCertificatesService } from './modules/certificates/certificates.service.js';
import { createConsentsService, recordRegistrationConsents } from './modules/consents/consents.service.js';
import { createCreditService } from './modules/credit/credit.service.js';
import { createCarnetsService } from './modules/carnets/carnets.service.js';
import { createBookingPlayersService } from './modules/booking-players/booking-players.service.js';
import { createBvuMembersService } from './modules/bvu-members/bvu-members.service.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { createAdminMembershipsService } from './modules/memberships/admin-memberships.service.js';
import { createMembershipsService } from './modules/memberships/memberships.service.js';
import { createCheckouts } from './modules/payments/checkout.js';
import { createStripeRequests } from './modules/payments/stripe-requests.js';
import { createBookingCancellation } from './modules/bookings/cancel-booking.js';
import { createReconciliationService } from './modules/reconciliation/reconciliation.service.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createAuditLogService } from './modules/audit-log/audit-log.service.js';
import { createPrivacyService } from './modules/privacy/privacy.service.js';
import { createReceiptsService } from './modules/receipts/receipts.service.js';
import { createCheckInsService } from './modules/check-ins/check-ins.service.js';
import { createMembersRegisterService } from './modules/members-register/members-register.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createBookingCouponsService } from './modules/booking-coupons/booking-coupons.service.js';
import { createAdminCourtsService } from './modules/courts/admin-courts.service.js';
import { createCourtsService } from './modules/courts/courts.service.js';
import { createFinanceStatsService } from './modules/finance/finance-stats.service.js';
import { createExpensesService, createIncomesService } from './modules/finance/ledger.service.js';
import { createTransactionsService } from './modules/finance/transactions.service.js';
import { createAdminPriceListService } from './modules/prices/admin-price-list.service.js';
import { createPricesService } from './modules/prices/prices.service.js';
import { createAdminSettingsService } from './modules/settings/admin-settings.service.js';
import { createSetupsService } from './modules/setups/setups.service.js';
import { createRainChecksService } from './modules/rain-checks/rain-checks.service.js';

export function createServices(deps: AppDeps) {
  const stripeRequests = createStripeRequests(deps);
  const checkouts = createCheckouts(deps, stripeRequests);
  const cancelBooking = createBookingCancellation({ checkouts, stripeRequests });
  const memberships = createMembershipsService(deps, checkouts);
  const bookings = createBookingsService(deps, checkouts, cancelBooking);
  const credit = createCreditService(deps, checkouts, stripeRequests, memberships.activate);
  const carnets = createCarnetsService(deps, checkouts);
  const bookingPlayers = createBookingPlayersService(deps, checkouts);
  const payments = createPaymentsService(deps, stripeRequests, { membership: memberships.paymentTarget, booking: bookings.paymentTarget, credit: credit.paymentTarget, carnet: carnets.paymentTarget, booking_share: bookingPlayers.paymentTarget });
  stripeRequests.setHooks({ syncRefunds: payments.syncRefunds, notify: payments.notifyRefund, recoverCheckout: checkouts.recover });
  const adminMemberships = createAdminMembershipsService(deps, memberships, checkouts);
  const adminBookings = createAdminBookingsService(deps, checkouts, cancelBooking);
  const auth = createAuthService(deps, recordRegistrationConsents);
  return {
    auth,
    courts: createCourtsService(deps),
    prices: createPricesService(deps),
    adminCourts: createAdminCourtsService(deps),
    adminSetups: createSetupsService(deps),
    adminPriceList: createAdminPriceListService(deps),
    adminSettings: createAdminSettingsService(deps),
    adminBookingCoupons: createBookingCouponsService(deps),
    transactions: createTransactionsService(deps),
    expenses: createExpensesService(deps),
    incomes: createIncomesService(deps),
    financeStats: createFinanceStatsService(deps),
    memberships,
    payments,
    adminMemberships,
    broadcasts: createBroadcastsService(deps),
    certificates: createCertificatesService(deps),
    consents: createConsentsService(deps),
    users: createUsersService(deps, auth),
    privacy: createPrivacyService(deps),
    auditLog: createAuditLogService(deps),
    bvuMembers: createBvuMembersService(deps),
    coupons: createCouponsService(deps),
    bookings,
    adminBookings,
    recurringBookings: createRecurringBookingsService(deps, adminBookings, cancelBooking),
    receipts: createReceiptsService(deps),
    checkIns: createCheckInsService(deps),
    membersRegister: createMembersRegisterService(deps),
    credit,
    carnets,
    bookingPlayers,
    rainChecks: createRainChecksService(deps, cancelBooking),
    stripeRequests,
    reconciliation: createReconciliationService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
