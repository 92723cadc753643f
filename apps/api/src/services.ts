// The services shared by the HTTP routes and the job workers, built once per process.
import type { AppDeps } from './deps.js';
import { createMembershipsService } from './modules/memberships/memberships.service.js';
import { createCheckouts } from './modules/payments/checkout.js';
import { createPaymentsService } from './modules/payments/payments.service.js';

export function createServices(deps: AppDeps) {
  const checkouts = createCheckouts(deps);
  const memberships = createMembershipsService(deps, checkouts);
  const payments = createPaymentsService(deps, { membership: memberships.paymentTarget });
  return { memberships, payments };
}

export type Services = ReturnType<typeof createServices>;
