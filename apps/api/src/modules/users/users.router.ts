import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { UsersService } from './users.service.js';

export function registerUsersRoutes(mount: MountRoute, users: UsersService) {
  mount(api.users.search, async ({ query }) => ({ data: await users.search(query.q) }));
  mount(api.users.changeRole, ({ params, body }, { req }) => users.changeRole(authOf(req).user, params.id, body.role));
  mount(api.users.list, ({ query }) => users.list(query));
  mount(api.users.show, ({ params }, { req }) => users.show(authOf(req).user, params.id));
  mount(api.users.create, ({ body }) => users.create(body));
  mount(api.users.update, ({ params, body }) => users.update(params.id, body));
  mount(api.users.disable, ({ params }, { req }) => users.disable(authOf(req).user, params.id));
  mount(api.users.enable, ({ params }) => users.enable(params.id));
  mount(api.users.erase, ({ params }, { req }) => users.erase(authOf(req).user, params.id));
}
