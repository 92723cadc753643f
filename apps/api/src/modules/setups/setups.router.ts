import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { createSetupsService } from './setups.service.js';

export function registerAdminSetupsRoutes(mount: MountRoute, { db }: AppDeps) {
  const routes = api.adminSetups;
  const setups = createSetupsService(db);
  mount(routes.list, async () => ({ data: await setups.list() }));
  mount(routes.create, ({ body }) => setups.create(body));
  mount(routes.update, ({ params, body }) => setups.update(params.id, body));
  mount(routes.remove, ({ params }) => setups.remove(params.id));
  mount(routes.assignments, async () => ({ data: await setups.assignments() }));
  mount(routes.assign, ({ body }) => setups.assign(body));
  mount(routes.unassign, ({ params }) => setups.unassign(params.id));
}
