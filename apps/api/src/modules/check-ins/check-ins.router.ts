import { api } from '@beach/contracts';
import type { Db } from '../../lib/db.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import { verificationLimit } from '../memberships/index.js';
import type { CheckInsService } from './check-ins.service.js';

export function registerCheckInsRoutes(mount: MountRoute, checkIns: CheckInsService, db: Db) {
  const routes = api.checkIns;
  // Reading a card from its QR is limited like the public verification page.
  mount(routes.lookup, ({ query }) => checkIns.lookup(query.code), { before: [verificationLimit(db)] });
  mount(routes.list, ({ query }) => checkIns.day(query.date));
  mount(routes.create, ({ body }, { req }) => checkIns.create(body, authOf(req).user));
}
