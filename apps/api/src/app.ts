// Builds the Express application; server.ts makes it listen. Tests drive the app in-process.
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import type { AppDeps } from './deps.js';
import { errorHandler, notFoundApiRoute } from './lib/errors.js';
import { createRouteMounter } from './lib/http.js';
import { requestLanguage } from './lib/i18n.js';
import { requestLogger } from './lib/logger.js';
import { webOriginScope, webOrigins } from './lib/web-origin.js';
import { apiReferencePage, openApiJson } from './lib/openapi.js';
import { registerAuthRoutes, createAccessGuards } from './modules/auth/index.js';
import { registerCourtsRoutes, registerAdminCourtsRoutes } from './modules/courts/index.js';
import { registerHealthRoutes } from './modules/health/index.js';
import { registerAdminBookingsRoutes, registerBookingsRoutes } from './modules/bookings/index.js';
import { registerBroadcastsRoutes } from './modules/broadcasts/index.js';
import { registerRainChecksRoutes } from './modules/rain-checks/index.js';
import { registerBvuMembersRoutes } from './modules/bvu-members/index.js';
import { registerBankRoutes } from './modules/bank/index.js';
import { registerAnnualAccountsRoutes } from './modules/annual-accounts/index.js';
import { registerYearCloseRoutes } from './modules/year-close/index.js';
import { registerCashBookRoutes } from './modules/cash-book/index.js';
import { registerCouponsRoutes } from './modules/coupons/index.js';
import { registerAdminMembershipsRoutes, registerMembershipsRoutes } from './modules/memberships/index.js';
import { registerUsersRoutes } from './modules/users/index.js';
import { registerAuditLogRoutes, createAuditTrail } from './modules/audit-log/index.js';
import { registerPrivacyRoutes } from './modules/privacy/index.js';
import { registerPaymentsRoutes, STRIPE_WEBHOOK_PATH, stripeWebhook } from './modules/payments/index.js';
import { registerPricesRoutes, registerAdminPriceListRoutes } from './modules/prices/index.js';
import type { Services } from './services.js';
import { registerAdminSetupsRoutes } from './modules/setups/index.js';
import { registerAdminSettingsRoutes } from './modules/settings/index.js';
import { registerAdminBookingCouponsRoutes } from './modules/booking-coupons/index.js';
import { registerFinanceRoutes } from './modules/finance/index.js';
import { registerCheckInsRoutes } from './modules/check-ins/index.js';
import { registerAssociationRoutes } from './modules/association/index.js';
import { registerReceiptsRoutes } from './modules/receipts/index.js';
import { registerMembersRegisterRoutes } from './modules/members-register/index.js';
import { registerCertificatesRoutes } from './modules/certificates/index.js';
import { registerConsentsRoutes } from './modules/consents/index.js';
import { registerCreditRoutes } from './modules/credit/index.js';
import { registerCarnetRoutes } from './modules/carnets/index.js';
import { registerChildrenRoutes } from './modules/children/index.js';
import { registerCourseRoutes } from './modules/courses/index.js';
import { registerEnrolmentsRoutes } from './modules/enrolments/index.js';
import { registerCourseWaitlistRoutes } from './modules/course-waitlist/index.js';
import { registerLevelsRoutes } from './modules/levels/index.js';
import { registerPushRoutes } from './modules/push/index.js';
import { registerCoachingRoutes } from './modules/coaching/index.js';
import { registerPrivateLessonsRoutes } from './modules/private-lessons/index.js';
import { registerMatchResultsRoutes, registerOpenMatchesRoutes } from './modules/open-matches/index.js';
import { registerTournamentDayRoutes, registerTournamentsRoutes } from './modules/tournaments/index.js';
import { registerSchoolReportsRoutes } from './modules/school-reports/index.js';
import { registerBookingPlayersRoutes } from './modules/booking-players/index.js';
import { registerReconciliationRoutes } from './modules/reconciliation/index.js';
import { registerBackupsRoutes } from './modules/backups/index.js';

export function createApp(deps: AppDeps, services: Services) {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(deps.metrics.requests);
  app.use(requestLogger(logger));
  app.use(requestLanguage());

  // The browsable API reference needs its own scripts and styles, so it sits before the strict CSP.
  app.get('/api/docs/openapi.json', openApiJson(config.npm_package_version));
  app.use('/api/docs', helmet({ contentSecurityPolicy: false }), ...apiReferencePage(config.npm_package_version));

  app.use(helmet());
  app.use(cors({ origin: webOrigins(config), credentials: true, maxAge: 600 }));
  // Stripe signs the exact bytes it sends: this route reads the raw body, before the JSON parser.
  app.post(STRIPE_WEBHOOK_PATH, ...stripeWebhook(deps, services.payments));
  app.use(express.json({ limit: '100kb' }));
  app.use(webOriginScope(config));

  const api = express.Router();
  const mount = createRouteMounter(api, createAccessGuards(deps), createAuditTrail(deps));
  registerHealthRoutes(mount, deps);
  registerAuthRoutes(mount, services.auth);
  registerCourtsRoutes(mount, services.courts);
  registerPricesRoutes(mount, services.prices);
  registerPaymentsRoutes(mount, deps, services.payments);
  registerMembershipsRoutes(mount, services.memberships, deps.db);
  registerAdminMembershipsRoutes(mount, services.adminMemberships);
  registerBroadcastsRoutes(mount, services.broadcasts);
  registerUsersRoutes(mount, services.users);
  registerPrivacyRoutes(mount, services.privacy);
  registerAuditLogRoutes(mount, services.auditLog);
  registerBvuMembersRoutes(mount, services.bvuMembers);
  registerBankRoutes(mount, services.bank);
  registerAnnualAccountsRoutes(mount, services.annualAccounts);
  registerYearCloseRoutes(mount, services.yearClose);
  registerCashBookRoutes(mount, deps, services.tillCounts);
  registerCouponsRoutes(mount, services.coupons);
  registerBookingsRoutes(mount, services.bookings);
  registerAdminCourtsRoutes(mount, services.adminCourts, services.courts);
  registerAdminSetupsRoutes(mount, services.adminSetups);
  registerAdminPriceListRoutes(mount, services.adminPriceList);
  registerAdminSettingsRoutes(mount, services.adminSettings);
  registerAdminBookingCouponsRoutes(mount, services.adminBookingCoupons);
  registerAdminBookingsRoutes(mount, services.adminBookings, services.recurringBookings);
  registerFinanceRoutes(mount, services);
  registerReconciliationRoutes(mount, services.reconciliation);
  registerBackupsRoutes(mount, deps);
  registerCheckInsRoutes(mount, services.checkIns, deps.db);
  registerAssociationRoutes(mount, deps);
  registerReceiptsRoutes(mount, services.receipts);
  registerMembersRegisterRoutes(mount, services.membersRegister);
  registerCertificatesRoutes(mount, services.certificates);
  registerConsentsRoutes(mount, services.consents);
  registerCreditRoutes(mount, services.credit);
  registerCarnetRoutes(mount, services.carnets);
  registerChildrenRoutes(mount, services.children);
  registerCourseRoutes(mount, services.courses);
  registerEnrolmentsRoutes(mount, services.enrolments);
  registerCourseWaitlistRoutes(mount, services.courseWaitlist);
  registerBookingPlayersRoutes(mount, services.bookingPlayers);
  registerRainChecksRoutes(mount, services.rainChecks);
  registerCoachingRoutes(mount, services.coaching);
  registerSchoolReportsRoutes(mount, services);
  registerPrivateLessonsRoutes(mount, services.privateLessons);
  registerTournamentsRoutes(mount, services.tournaments);
  registerTournamentDayRoutes(mount, services.tournamentDay, services.tournaments.adminGet);
  registerLevelsRoutes(mount, services.levels);
  registerPushRoutes(mount, services.push);
  registerOpenMatchesRoutes(mount, services.openMatches, deps);
  registerMatchResultsRoutes(mount, services.matchResults);
  app.use('/api', api);

  app.use(notFoundApiRoute);
  app.use(errorHandler());
  return app;
}

/**
 * The worker's own listener (WORKER_PORT): only liveness, readiness and the metrics of its jobs and
 * e-mails, so compose can check it and Prometheus can scrape it.
 */
export function createOperationsApp(deps: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.use(deps.metrics.requests);
  app.use(requestLogger(deps.logger));
  const api = express.Router();
  registerHealthRoutes(createRouteMounter(api, createAccessGuards(deps)), deps);
  app.use('/api', api);
  app.use(notFoundApiRoute);
  app.use(errorHandler());
  return app;
}
