// Builds the Express application; server.ts makes it listen. Tests drive the app in-process.
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import swaggerUi from 'swagger-ui-express';
import type { AppDeps } from './deps.js';
import { errorHandler, notFoundApiRoute } from './lib/errors.js';
import { createRouteMounter } from './lib/http.js';
import { requestLogger } from './lib/logger.js';
import { webOriginScope, webOrigins } from './lib/web-origin.js';
import { buildOpenApiDocument } from './lib/openapi.js';
import { registerAuthRoutes } from './modules/auth/auth.router.js';
import { createAccessGuards } from './modules/auth/guards.js';
import { registerCourtsRoutes } from './modules/courts/courts.router.js';
import { registerHealthRoutes } from './modules/health/health.router.js';
import { registerAdminBookingsRoutes } from './modules/bookings/admin-bookings.router.js';
import { registerBookingsRoutes } from './modules/bookings/bookings.router.js';
import { registerBroadcastsRoutes } from './modules/broadcasts/broadcasts.router.js';
import { registerRainChecksRoutes } from './modules/rain-checks/rain-checks.router.js';
import { registerBvuMembersRoutes } from './modules/bvu-members/bvu-members.router.js';
import { registerCouponsRoutes } from './modules/coupons/coupons.router.js';
import { registerAdminMembershipsRoutes } from './modules/memberships/admin-memberships.router.js';
import { registerMembershipsRoutes } from './modules/memberships/memberships.router.js';
import { registerUsersRoutes } from './modules/users/users.router.js';
import { registerAuditLogRoutes } from './modules/audit-log/audit-log.router.js';
import { createAuditTrail } from './modules/audit-log/audit-trail.js';
import { registerPrivacyRoutes } from './modules/privacy/privacy.router.js';
import { registerPaymentsRoutes, STRIPE_WEBHOOK_PATH, stripeWebhook } from './modules/payments/payments.router.js';
import { registerPricesRoutes } from './modules/prices/prices.router.js';
import type { Services } from './services.js';
import { registerAdminCourtsRoutes } from './modules/courts/admin-courts.router.js';
import { registerAdminSetupsRoutes } from './modules/setups/setups.router.js';
import { registerAdminPriceListRoutes } from './modules/prices/admin-price-list.router.js';
import { registerAdminSettingsRoutes } from './modules/settings/admin-settings.router.js';
import { registerAdminBookingCouponsRoutes } from './modules/booking-coupons/booking-coupons.router.js';
import { registerFinanceRoutes } from './modules/finance/finance.router.js';
import { registerCheckInsRoutes } from './modules/check-ins/check-ins.router.js';
import { registerAssociationRoutes } from './modules/association/association.router.js';
import { registerReceiptsRoutes } from './modules/receipts/receipts.router.js';
import { registerMembersRegisterRoutes } from './modules/members-register/members-register.router.js';
import { registerCertificatesRoutes } from './modules/certificates/certificates.router.js';
import { registerConsentsRoutes } from './modules/consents/consents.router.js';
import { registerCreditRoutes } from './modules/credit/credit.router.js';
import { registerCarnetRoutes } from './modules/carnets/carnets.router.js';
import { registerBookingPlayersRoutes } from './modules/booking-players/booking-players.router.js';
import { registerReconciliationRoutes } from './modules/reconciliation/reconciliation.router.js';
import { registerBackupsRoutes } from './modules/backups/backups.router.js';

export function createApp(deps: AppDeps, services: Services) {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(deps.metrics.requests);
  app.use(requestLogger(logger));

  // The browsable API reference needs its own scripts and styles, so it sits before the strict CSP.
  const openApiDocument = buildOpenApiDocument(config.npm_package_version);
  app.get('/api/docs/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.use('/api/docs', helmet({ contentSecurityPolicy: false }), swaggerUi.serve, swaggerUi.setup(openApiDocument, { customSiteTitle: 'API Adriatica Beach Arena' }));

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
  registerBookingPlayersRoutes(mount, services.bookingPlayers);
  registerRainChecksRoutes(mount, services.rainChecks);
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
