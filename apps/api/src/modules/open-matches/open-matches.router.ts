import { api } from '@beach/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import type { MountRoute } from '../../lib/http.js';
import { i18nFor, languageOf } from '../../lib/i18n.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { authOf } from '../auth/index.js';
import { registerAutomaticMatchesRoutes } from './automatic-matches.router.js';
import { matchImage } from './match-image.js';
import { matchPreview } from './match-preview.js';
import type { OpenMatchesService } from './open-matches.service.js';

export function registerOpenMatchesRoutes(mount: MountRoute, matches: OpenMatchesService, { db, config }: { db: Db; config: Config }) {
  registerAutomaticMatchesRoutes(mount, matches.automatic);
  const routes = api.openMatches;
  // Hundreds of matches: their views are typed by the contract, and open-matches.test.ts parses the list through it.
  mount(routes.list, ({ query }, { req }) => matches.list(authOf(req).user, query), { typedAnswer: true });
  mount(routes.show, ({ params }, { req }) => matches.show(authOf(req).user, params.id));
  mount(routes.open, ({ body }, { req }) => matches.open(authOf(req).user, body));
  mount(routes.join, ({ params, body }, { req }) => matches.join(authOf(req).user, params.id, body));
  mount(routes.ask, ({ params }, { req }) => matches.ask(authOf(req).user, params.id));
  mount(routes.answer, ({ params, body }, { req }) => matches.answer(authOf(req).user, params.id, params.requestId, body.accept));
  mount(routes.withdrawRefusal, ({ params, body }, { req }) => matches.withdrawRefusal(authOf(req).user, params.id, params.requestId, body.player_id));
  mount(routes.leave, ({ params }, { req }) => matches.leave(authOf(req).user, params.id));
  // The viewer's language: the link's own (the sharer's), else what the browser or chat app asks for.
  mount(routes.preview, async ({ params, query }, { res }) => {
    const i18n = query.lang ? i18nFor(query.lang) : languageOf(res);
    res.type('html').set('Cache-Control', 'public, max-age=300').send(await matchPreview(db, params.id, i18n, webOriginOf(config)));
  });
  mount(routes.image, async ({ params, query }, { res }) => {
    const i18n = query.lang ? i18nFor(query.lang) : languageOf(res);
    res.type('png').set('Cache-Control', 'public, max-age=300').send(await matchImage(db, params.id, i18n));
  });
  mount(routes.keep, ({ params }, { req }) => matches.keep(authOf(req).user, params.id));
  mount(routes.onBooking, ({ params }, { req }) => matches.onBooking(authOf(req).user, params.id));
  mount(routes.deskDay, ({ query }) => matches.desk.day(query.date));
  mount(routes.walkIn, ({ params, body }, { req }) => matches.desk.walkIn(authOf(req).user, params.id, body));
}
