// The services shared by the HTTP routes and the job workers, built once per process.
import type { AppDeps } from './deps.js';
import { createAdminBookingsService, createBookingsService, createRecurringBookingsService, createBookingCancellation, createBatchCancellation, lockBooking } from './modules/bookings/index.js';
import { createBroadcastsService } from './modules/broadcasts/index.js';
import { createCertificatesService } from './modules/certificates/index.js';
import { createConsentsService, recordRegistrationConsents } from './modules/consents/index.js';
import { createCreditService } from './modules/credit/index.js';
import { createCarnetsService } from './modules/carnets/index.js';
import { createChildrenService } from './modules/children/index.js';
import { coursesOfSessions, createCoursesService } from './modules/courses/index.js';
import { createEnrolmentsService, lockEnrolment } from './modules/enrolments/index.js';
import { createCourseWaitlistService, createPlaceHandOff } from './modules/course-waitlist/index.js';
import { createCoachingService } from './modules/coaching/index.js';
import { createPrivateLessonsService } from './modules/private-lessons/index.js';
import { createTournamentDayService, createTournamentsService, lockTournamentPlayer } from './modules/tournaments/index.js';
import { createBookingPlayersService, lockShare } from './modules/booking-players/index.js';
import { createBvuMembersService } from './modules/bvu-members/index.js';
import { createBankService } from './modules/bank/index.js';
import { createAnnualAccountsService } from './modules/annual-accounts/index.js';
import { createYearCloseService } from './modules/year-close/index.js';
import { createTillCounts } from './modules/cash-book/index.js';
import { createCouponsService } from './modules/coupons/index.js';
import { createAdminMembershipsService, createMembershipsService, lockMembership } from './modules/memberships/index.js';
import { createCheckouts, createStripeRequests, createPaymentsService, NOTHING_TO_LOCK, type TargetLocks } from './modules/payments/index.js';
import { createReconciliationService } from './modules/reconciliation/index.js';
import { contactsOf, createUsersService } from './modules/users/index.js';
import { createAuditLogService } from './modules/audit-log/index.js';
import { createPrivacyService } from './modules/privacy/index.js';
import { createReceiptsService } from './modules/receipts/index.js';
import { createSchoolReportsService } from './modules/school-reports/index.js';
import { checkedInBookings, createCheckInsService } from './modules/check-ins/index.js';
import { createMembersRegisterService } from './modules/members-register/index.js';
import { createAuthService } from './modules/auth/index.js';
import { createBookingCouponsService } from './modules/booking-coupons/index.js';
import { closuresBetween, courtsInOrder, createAdminCourtsService, createCourtsService } from './modules/courts/index.js';
import { createFinanceStatsService, createExpensesService, createIncomesService, createTransactionsService } from './modules/finance/index.js';
import { createAdminPriceListService, createPricesService } from './modules/prices/index.js';
import { createAdminSettingsService } from './modules/settings/index.js';
import { createSetupsService } from './modules/setups/index.js';
import { createRainChecksService } from './modules/rain-checks/index.js';
import { createLevelsService } from './modules/levels/index.js';
import { createPushService } from './modules/push/index.js';
import { createMatchResults, createOpenMatchesService } from './modules/open-matches/index.js';

/** What a payment buys, locked by its own module (payments/payment-targets.ts). */
export const TARGET_LOCKS: TargetLocks = {
  booking: (tx, id) => lockBooking(tx, id),
  booking_share: lockShare,
  membership: lockMembership,
  enrolment: lockEnrolment,
  tournament_fee: lockTournamentPlayer,
  credit: NOTHING_TO_LOCK,
  carnet: NOTHING_TO_LOCK,
  debt: NOTHING_TO_LOCK,
};

export function createServices(deps: AppDeps) {
  const stripeRequests = createStripeRequests(deps);
  const checkouts = createCheckouts(deps, stripeRequests, TARGET_LOCKS);
  const cancelBooking = createBookingCancellation({ checkouts, stripeRequests });
  const memberships = createMembershipsService(deps, checkouts);
  const bookings = createBookingsService(deps, checkouts, cancelBooking);
  const credit = createCreditService(deps, checkouts, stripeRequests, memberships.activate);
  const carnets = createCarnetsService(deps, checkouts);
  const bookingPlayers = createBookingPlayersService(deps, checkouts);
  const placeHandOff = createPlaceHandOff(deps);
  const enrolments = createEnrolmentsService(deps, checkouts, stripeRequests, placeHandOff);
  const tournaments = createTournamentsService(deps, checkouts, stripeRequests);
  const payments = createPaymentsService(deps, stripeRequests, { membership: memberships.paymentTarget, booking: bookings.paymentTarget, credit: credit.paymentTarget, carnet: carnets.paymentTarget, booking_share: bookingPlayers.paymentTarget, enrolment: enrolments.paymentTarget, tournament_fee: tournaments.paymentTarget, debt: credit.debtPaymentTarget }, checkouts.lockTarget);
  stripeRequests.setHooks({ syncRefunds: payments.syncRefunds, notify: payments.notifyRefund, recoverCheckout: checkouts.recover });
  const adminMemberships = createAdminMembershipsService(deps, memberships, checkouts);
  const adminBookings = createAdminBookingsService(deps, checkouts, cancelBooking, { courtsInOrder, closuresBetween, contactsOf, checkedInBookings, coursesOfSessions });
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
    privacy: createPrivacyService(deps, { enrolmentsOf: enrolments.ofMember }),
    auditLog: createAuditLogService(deps),
    bvuMembers: createBvuMembersService(deps),
    bank: createBankService(deps, { enrolments, memberships, tournaments }),
    annualAccounts: createAnnualAccountsService(deps),
    yearClose: createYearCloseService(deps),
    tillCounts: createTillCounts(deps),
    coupons: createCouponsService(deps),
    bookings,
    adminBookings,
    recurringBookings: createRecurringBookingsService(deps, adminBookings, cancelBooking),
    receipts: createReceiptsService(deps),
    checkIns: createCheckInsService(deps),
    membersRegister: createMembersRegisterService(deps),
    credit,
    carnets,
    children: createChildrenService(deps),
    courses: createCoursesService(deps, enrolments.sessionCancellation, enrolments.courseCancellation),
    bookingPlayers,
    enrolments,
    courseWaitlist: createCourseWaitlistService(deps, enrolments.enrol, placeHandOff),
    rainChecks: createRainChecksService(deps, createBatchCancellation({ checkouts, stripeRequests })),
    coaching: createCoachingService(deps),
    schoolReports: createSchoolReportsService(deps),
    stripeRequests,
    reconciliation: createReconciliationService(deps),
    privateLessons: createPrivateLessonsService(deps),
    tournaments,
    tournamentDay: createTournamentDayService(deps, checkouts, stripeRequests),
    levels: createLevelsService(deps),
    push: createPushService(deps),
    openMatches: createOpenMatchesService(deps, { checkouts, stripeRequests, cancelBooking }),
    matchResults: createMatchResults(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
