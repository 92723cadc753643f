import { api, type TAdminTournament } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { TournamentDayService } from './tournament-day.service.js';

/** The organiser's view of a tournament (the registration side's adminGet): every admin answer carries it. */
export type AdminTournamentView = (id: number) => Promise<TAdminTournament>;

export function registerTournamentDayRoutes(mount: MountRoute, day: TournamentDayService, adminView: AdminTournamentView) {
  const routes = api.tournaments;
  const withView = async <T extends object>(id: number, answer: T) => ({ ...answer, tournament: await adminView(id) });
  mount(routes.seeds, async ({ params, body }) => withView(params.id, await day.seeds(params.id, body.entry_ids)));
  mount(routes.draw, async ({ params }) => withView(params.id, await day.draw(params.id)));
  mount(routes.schedule, async ({ params }) => withView(params.id, await day.schedule(params.id)));
  mount(routes.moveMatch, async ({ params, body }) => withView(params.id, await day.moveMatch(params.id, params.key, body)));
  mount(routes.score, async ({ params, body }) => withView(params.id, await day.score(params.id, params.key, body)));
  mount(routes.call, async ({ params }) => withView(params.id, await day.call(params.id, params.key)));
  mount(routes.proposeScore, ({ params, body }, { req }) => day.proposeScore(authOf(req).user, params.id, params.key, body));
  mount(routes.confirmScore, ({ params }, { req }) => day.confirmScore(authOf(req).user, params.id, params.key));
  mount(routes.ranking, ({ query }) => day.ranking(query));
}
