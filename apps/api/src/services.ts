// The services shared by the HTTP routes and the job workers, built once per process.
import type { AppDeps } from './deps.js';
import { createAdminBookingsService } from './modules/bookings/bookings-admin.service.js';
import { createBookingsService } from './modules/bookings/bookings.service.js';
import { createRecurringBookingsService } from './modules/bookings/recurring.service.js';
import { createBroadcastsService } from './modules/broadcasts/broadcasts.service.js';
import { createCertificatesService } from './modules/certificates/certificates.service.js';
import { createConsentsService } from './modules/consents/consents.service.js';
import { createBvuMembersService } from './modules/bvu-members/bvu-members.service.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { createAdminMembershipsService } from './modules/memberships/memberships-admin.service.js';
import { createMembershipsService } from './modules/memberships/memberships.service.js';
import { createCheckouts } from './modules/payments/checkout.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createAuditLogService } from './modules/audit-log/audit-log.service.js';
import { createPrivacyService } from './modules/privacy/privacy.service.js';

export function createServices(deps: AppDeps) {
  const checkouts = createCheckouts(deps);
  const memberships = createMembershipsService(deps, checkouts);
  const bookings = createBookingsService(deps, checkouts);
  const payments = createPaymentsService(deps, { membership: memberships.paymentTarget, booking: bookings.paymentTarget });
  const adminMemberships = createAdminMembershipsService(deps, memberships, checkouts);
  const adminBookings = createAdminBookingsService(deps, checkouts);
  return {
    memberships,
    payments,
    adminMemberships,
    broadcasts: createBroadcastsService(deps),
    certificates: createCertificatesService(deps),
    consents: createConsentsService(deps),
    users: createUsersService(deps),
    privacy: createPrivacyService(deps),
    auditLog: createAuditLogService(deps),
    bvuMembers: createBvuMembersService(deps),
    coupons: createCouponsService(deps),
    bookings,
    adminBookings,
    recurringBookings: createRecurringBookingsService(deps, adminBookings),
  };
}

export type Services = ReturnType<typeof createServices>;
