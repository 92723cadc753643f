import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import { cashBook } from './cash-book.js';
import type { TillCounts } from './till-count.js';

export function registerCashBookRoutes(mount: MountRoute, { db }: Pick<AppDeps, 'db'>, tillCounts: TillCounts) {
  const routes = api.cashBook;
  mount(routes.book, ({ query }) => cashBook(db, query.from, query.to));
  mount(routes.tillDay, () => tillCounts.today());
  mount(routes.countTill, ({ body }, { req }) => tillCounts.count(authOf(req).user.id, body));
}
