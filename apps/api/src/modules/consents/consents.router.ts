import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { ConsentsService } from './consents.service.js';

export function registerConsentsRoutes(mount: MountRoute, consents: ConsentsService) {
  const routes = api.consents;
  mount(routes.mine, (_input, { req }) => consents.mine(authOf(req).user.id));
  mount(routes.update, ({ body }, { req }) => consents.update(authOf(req).user.id, body));
  mount(routes.ofMember, ({ params }) => consents.ofMember(params.id));
  mount(routes.unsubscribeStatus, ({ query }) => consents.unsubscribeStatus(query.token));
  mount(routes.unsubscribe, ({ query }) => consents.unsubscribe(query.token));
}
