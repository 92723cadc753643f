import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { OpenMatchesService } from './open-matches.service.js';

export function registerOpenMatchesRoutes(mount: MountRoute, matches: OpenMatchesService) {
  const routes = api.openMatches;
  mount(routes.list, ({ query }, { req }) => matches.list(authOf(req).user, query));
  mount(routes.show, ({ params }, { req }) => matches.show(authOf(req).user, params.id));
  mount(routes.open, ({ body }, { req }) => matches.open(authOf(req).user, body));
  mount(routes.join, ({ params, body }, { req }) => matches.join(authOf(req).user, params.id, body));
  mount(routes.ask, ({ params }, { req }) => matches.ask(authOf(req).user, params.id));
  mount(routes.answer, ({ params, body }, { req }) => matches.answer(authOf(req).user, params.id, params.requestId, body.accept));
  mount(routes.withdrawRefusal, ({ params, body }, { req }) => matches.withdrawRefusal(authOf(req).user, params.id, params.requestId, body.player_id));
  mount(routes.leave, ({ params }, { req }) => matches.leave(authOf(req).user, params.id));
  mount(routes.keep, ({ params }, { req }) => matches.keep(authOf(req).user, params.id));
}
