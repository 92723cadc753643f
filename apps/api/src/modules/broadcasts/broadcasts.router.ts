import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { BroadcastsService } from './broadcasts.service.js';

export function registerBroadcastsRoutes(mount: MountRoute, broadcasts: BroadcastsService) {
  mount(api.broadcasts.countRecipients, ({ body }) => broadcasts.countRecipients(body));
  mount(api.broadcasts.send, ({ body }, { req }) => broadcasts.start(authOf(req).user, body));
  mount(api.broadcasts.progress, ({ params }) => broadcasts.progress(params.id));
}
