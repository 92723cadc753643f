import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { PushService } from './push.service.js';

export function registerPushRoutes(mount: MountRoute, push: PushService) {
  const routes = api.push;
  mount(routes.publicKey, () => push.publicKey());
  mount(routes.subscribe, ({ body }, { req }) => push.subscribe(authOf(req).user, body));
  mount(routes.unsubscribe, ({ body }, { req }) => push.unsubscribe(authOf(req).user, body));
  mount(routes.preferences, (_input, { req }) => push.preferences(authOf(req).user));
  mount(routes.savePreferences, ({ body }, { req }) => push.savePreferences(authOf(req).user, body.data));
}
