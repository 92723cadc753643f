import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { YearCloseService } from './year-close.service.js';

export function registerYearCloseRoutes(mount: MountRoute, years: YearCloseService) {
  const routes = api.yearClose;
  mount(routes.list, () => years.list());
  mount(routes.close, ({ body }, { req }) => years.close(authOf(req).user.id, body.year));
  mount(routes.reopen, ({ body }, { req }) => years.reopen(authOf(req).user.id, body.year, body.reason));
  mount(routes.correct, ({ body }, { req }) => years.correct(authOf(req).user.id, body.entry_id, body.reason));
}
