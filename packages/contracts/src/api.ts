// Every route of the API, by resource. The API mounts from here, the OpenAPI document lists these,
// and the web client calls them by name: api.courts.list.
import { authRoutes } from './auth.js';
import { backupsRoutes } from './backups.js';
import { certificatesRoutes } from './certificates.js';
import { consentsRoutes } from './consents.js';
import { carnetRoutes } from './carnets.js';
import { childrenRoutes } from './children.js';
import { courseRoutes } from './courses.js';
import { enrolmentsRoutes } from './enrolments.js';
import { courseWaitlistRoutes } from './course-waitlist.js';
import { levelsRoutes } from './levels.js';
import { pushRoutes } from './push.js';
import { coachingRoutes } from './coaching.js';
import { privateLessonsRoutes } from './private-lessons.js';
import { tournamentsRoutes } from './tournaments.js';
import { openMatchesRoutes } from './open-matches.js';
import { automaticMatchesRoutes } from './automatic-matches.js';
import { openMatchResultsRoutes } from './open-match-results.js';
import { schoolReportsRoutes } from './school-reports.js';
import { bookingPlayersRoutes } from './booking-players.js';
import { creditRoutes } from './credit.js';
import { memberDebtRoutes } from './member-debt.js';
import { bookingsRoutes } from './bookings.js';
import { adminBookingsRoutes } from './admin-bookings.js';
import { bvuMembersRoutes } from './bvu-members.js';
import { bankRoutes } from './bank.js';
import { annualAccountsRoutes } from './annual-accounts.js';
import { yearCloseRoutes } from './year-close.js';
import { cashBookRoutes } from './cash-book.js';
import { couponsRoutes } from './coupons.js';
import { courtsRoutes } from './courts.js';
import { healthRoutes } from './health.js';
import type { RouteDefinition } from './http.js';
import { adminMembershipsRoutes } from './admin-memberships.js';
import { broadcastsRoutes } from './broadcasts.js';
import { membershipsRoutes } from './memberships.js';
import { paymentsRoutes } from './payments.js';
import { pricesRoutes } from './prices.js';
import { usersRoutes } from './users.js';
import { privacyRoutes } from './privacy.js';
import { auditLogRoutes } from './audit-log.js';
import { adminCourtsRoutes } from './admin-courts.js';
import { adminSetupsRoutes } from './setups.js';
import { adminPricingRoutes } from './price-list.js';
import { adminBookingCouponsRoutes } from './booking-coupons.js';
import { expensesRoutes, incomesRoutes, liabilitiesRoutes, transactionsRoutes } from './finance.js';
import { reconciliationRoutes } from './reconciliation.js';
import { checkInsRoutes } from './check-ins.js';
import { associationRoutes } from './association.js';
import { receiptsRoutes } from './receipts.js';
import { membersRegisterRoutes } from './members-register.js';
import { rainChecksRoutes } from './rain-checks.js';

export const api = {
  health: healthRoutes,
  auth: authRoutes,
  courts: courtsRoutes,
  prices: pricesRoutes,
  payments: paymentsRoutes,
  memberships: membershipsRoutes,
  adminMemberships: adminMembershipsRoutes,
  broadcasts: broadcastsRoutes,
  users: usersRoutes,
  privacy: privacyRoutes,
  auditLog: auditLogRoutes,
  bvuMembers: bvuMembersRoutes,
  bank: bankRoutes,
  annualAccounts: annualAccountsRoutes,
  yearClose: yearCloseRoutes,
  cashBook: cashBookRoutes,
  coupons: couponsRoutes,
  bookings: bookingsRoutes,
  adminCourts: adminCourtsRoutes,
  adminSetups: adminSetupsRoutes,
  adminPricing: adminPricingRoutes,
  adminBookingCoupons: adminBookingCouponsRoutes,
  adminBookings: adminBookingsRoutes,
  transactions: transactionsRoutes,
  expenses: expensesRoutes,
  incomes: incomesRoutes,
  liabilities: liabilitiesRoutes,
  reconciliation: reconciliationRoutes,
  backups: backupsRoutes,
  checkIns: checkInsRoutes,
  association: associationRoutes,
  receipts: receiptsRoutes,
  membersRegister: membersRegisterRoutes,
  certificates: certificatesRoutes,
  consents: consentsRoutes,
  credit: creditRoutes,
  memberDebt: memberDebtRoutes,
  carnets: carnetRoutes,
  children: childrenRoutes,
  enrolments: enrolmentsRoutes,
  bookingPlayers: bookingPlayersRoutes,
  rainChecks: rainChecksRoutes,
  courses: courseRoutes,
  coaching: coachingRoutes,
  courseWaitlist: courseWaitlistRoutes,
  schoolReports: schoolReportsRoutes,
  privateLessons: privateLessonsRoutes,
  tournaments: tournamentsRoutes,
  levels: levelsRoutes,
  push: pushRoutes,
  openMatches: openMatchesRoutes,
  automaticMatches: automaticMatchesRoutes,
  openMatchResults: openMatchResultsRoutes,
} satisfies Record<string, Record<string, RouteDefinition>>;

export const allRoutes = (): RouteDefinition[] => Object.values(api).flatMap((group) => Object.values(group));
