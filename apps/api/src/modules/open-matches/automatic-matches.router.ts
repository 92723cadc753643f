import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { AutomaticMatches } from './automatic-matches.js';

/** Mounted before the match routes: `/api/open-matches/automatic` is not a match's id. */
export function registerAutomaticMatchesRoutes(mount: MountRoute, automatic: AutomaticMatches) {
  const routes = api.automaticMatches;
  mount(routes.slots, ({ query }, { req }) => automatic.slots(authOf(req).user, query));
  mount(routes.join, ({ body }, { req }) => automatic.join(authOf(req).user, body));
  mount(routes.rules, () => automatic.rules.list());
  mount(routes.createRule, ({ body }) => automatic.rules.create(body));
  mount(routes.updateRule, ({ params, body }) => automatic.rules.update(params.id, body));
  mount(routes.deleteRule, ({ params }) => automatic.rules.remove(params.id));
}
