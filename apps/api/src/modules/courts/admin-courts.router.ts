import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { AdminCourtsService } from './admin-courts.service.js';
import type { CourtsService } from './courts.service.js';

export function registerAdminCourtsRoutes(mount: MountRoute, courts: AdminCourtsService, allCourts: CourtsService) {
  const routes = api.adminCourts;
  mount(routes.list, () => allCourts.list());
  mount(routes.update, ({ params, body }) => courts.update(params.id, body));
  mount(routes.closures, async ({ query }) => ({ data: await courts.closures(query.from) }));
  mount(routes.createClosure, ({ body }, { req }) => courts.createClosure(body, authOf(req).user.id));
  mount(routes.removeClosure, ({ params }) => courts.removeClosure(params.id));
}
