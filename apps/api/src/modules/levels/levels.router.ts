import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { LevelsService } from './levels.service.js';

export function registerLevelsRoutes(mount: MountRoute, levels: LevelsService) {
  const routes = api.levels;
  mount(routes.mine, (_input, { req }) => levels.mine(authOf(req).user));
  mount(routes.questionnaire, ({ body }, { req }) => levels.questionnaire(authOf(req).user, body));
  mount(routes.ranking, ({ query }, { req }) => levels.ranking(authOf(req).user, query.sport));
  mount(routes.ofMember, ({ params }) => levels.ofMember(params.id));
  mount(routes.correct, ({ params, body }, { req }) => levels.correct(authOf(req).user, params.id, params.sport, body.level));
}
