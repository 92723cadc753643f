import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/guards.js';
import type { UsersService } from './users.service.js';

export function registerUsersRoutes(mount: MountRoute, users: UsersService) {
  mount(api.users.search, async ({ query }) => ({ data: await users.search(query.q) }));
  mount(api.users.changeRole, ({ params, body }, { req }) => users.changeRole(authOf(req).user, params.id, body.role));
}
