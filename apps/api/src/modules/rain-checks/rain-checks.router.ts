import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { RainChecksService } from './rain-checks.service.js';

export function registerRainChecksRoutes(mount: MountRoute, rainChecks: RainChecksService) {
  mount(api.rainChecks.preview, ({ body }, { req }) => rainChecks.preview(authOf(req).user, body));
  mount(api.rainChecks.create, ({ body }, { req }) => rainChecks.create(authOf(req).user, body));
  mount(api.rainChecks.list, ({ query }) => rainChecks.list(query));
  mount(api.rainChecks.show, ({ params }) => rainChecks.show(params.id));
}
