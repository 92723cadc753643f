import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { MatchResults } from './match-results.js';

export function registerMatchResultsRoutes(mount: MountRoute, results: MatchResults) {
  const routes = api.openMatchResults;
  mount(routes.show, ({ params }, { req }) => results.show(authOf(req).user, params.id));
  mount(routes.propose, ({ params, body }, { req }) => results.propose(authOf(req).user, params.id, body));
  mount(routes.confirm, ({ params }, { req }) => results.confirm(authOf(req).user, params.id));
}
