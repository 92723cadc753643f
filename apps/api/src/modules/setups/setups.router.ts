import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { SetupsService } from './setups.service.js';

export function registerAdminSetupsRoutes(mount: MountRoute, setups: SetupsService) {
  const routes = api.adminSetups;
  mount(routes.list, async () => ({ data: await setups.list() }));
  mount(routes.create, ({ body }) => setups.create(body));
  mount(routes.update, ({ params, body }) => setups.update(params.id, body));
  mount(routes.remove, ({ params }) => setups.remove(params.id));
  mount(routes.assignments, async () => ({ data: await setups.assignments() }));
  mount(routes.assign, ({ body }) => setups.assign(body));
  mount(routes.unassign, ({ params }) => setups.unassign(params.id));
}
