import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/guards.js';
import { verificationLimit } from '../memberships/memberships.router.js';
import { createCheckInsService } from './check-ins.service.js';

export function registerCheckInsRoutes(mount: MountRoute, deps: AppDeps) {
  const routes = api.checkIns;
  const checkIns = createCheckInsService(deps);
  // Reading a card from its QR is limited like the public verification page.
  mount(routes.lookup, ({ query }) => checkIns.lookup(query.code), { before: [verificationLimit()] });
  mount(routes.list, ({ query }) => checkIns.day(query.date));
  mount(routes.create, ({ body }, { req }) => checkIns.create(body, authOf(req).user));
}
