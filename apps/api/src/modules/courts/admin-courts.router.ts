import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/guards.js';
import { createAdminCourtsService } from './admin-courts.service.js';
import { listCourts } from './courts.service.js';

export function registerAdminCourtsRoutes(mount: MountRoute, { db }: AppDeps) {
  const routes = api.adminCourts;
  const courts = createAdminCourtsService(db);
  mount(routes.list, async () => ({ data: await listCourts(db) }));
  mount(routes.update, ({ params, body }) => courts.update(params.id, body));
  mount(routes.closures, async ({ query }) => ({ data: await courts.closures(query.from) }));
  mount(routes.createClosure, ({ body }, { req }) => courts.createClosure(body, authOf(req).user.id));
  mount(routes.removeClosure, ({ params }) => courts.removeClosure(params.id));
}
