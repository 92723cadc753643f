import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { TournamentsService } from './tournaments.service.js';

export function registerTournamentsRoutes(mount: MountRoute, tournaments: TournamentsService) {
  const routes = api.tournaments;
  mount(routes.list, ({ query }) => tournaments.list(query));
  mount(routes.live, ({ params }) => tournaments.live(params.id));
  mount(routes.register, ({ params, body }, { req }) => tournaments.register(authOf(req).user, params.id, body));
  mount(routes.mine, (_input, { req }) => tournaments.mine(authOf(req).user));
  mount(routes.checkout, ({ params }, { req }) => tournaments.checkout(authOf(req).user, params.id));
  mount(routes.payWithCredit, ({ params }, { req }) => tournaments.payWithCredit(authOf(req).user, params.id));
  mount(routes.withdraw, ({ params }, { req }) => tournaments.withdraw(authOf(req).user, params.id));
  mount(routes.partnerPosts, ({ params }, { req }) => tournaments.partnerPosts(authOf(req).user, params.id));
  mount(routes.postPartner, ({ params, body }, { req }) => tournaments.postPartner(authOf(req).user, params.id, body));
  mount(routes.answerPartner, ({ params, body }, { req }) => tournaments.answerPartner(authOf(req).user, params.id, body));
  mount(routes.acceptPartner, ({ params }, { req }) => tournaments.acceptPartner(authOf(req).user, params.id));
  mount(routes.closePartnerPost, ({ params }, { req }) => tournaments.closePartnerPost(authOf(req).user, params.id));
  mount(routes.adminList, () => tournaments.adminList());
  mount(routes.adminGet, ({ params }) => tournaments.adminGet(params.id));
  mount(routes.create, ({ body }, { req }) => tournaments.create(authOf(req).user, body));
  mount(routes.update, ({ params, body }, { req }) => tournaments.update(authOf(req).user, params.id, body));
  mount(routes.publish, ({ params }) => tournaments.publish(params.id));
  mount(routes.cancel, ({ params }, { req }) => tournaments.cancel(authOf(req).user, params.id));
  mount(routes.collectPlayer, ({ params, body }, { req }) => tournaments.collectPlayer(authOf(req).user, params.id, body));
  mount(routes.collectEntry, ({ params, body }, { req }) => tournaments.collectEntry(authOf(req).user, params.id, body));
  mount(routes.withdrawEntry, ({ params }, { req }) => tournaments.withdrawEntry(authOf(req).user, params.id));
}
