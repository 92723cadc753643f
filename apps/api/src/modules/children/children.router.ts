import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { ChildrenService } from './children.service.js';

export function registerChildrenRoutes(mount: MountRoute, children: ChildrenService) {
  const routes = api.children;
  mount(routes.mine, (_input, { req }) => children.mine(authOf(req).user.id));
  mount(routes.create, ({ body }, { req }) => children.create(authOf(req).user.id, body));
  mount(routes.update, ({ params, body }, { req }) => children.update(authOf(req).user.id, params.id, body));
  mount(routes.remove, ({ params }, { req }) => children.remove(authOf(req).user.id, params.id));
  mount(routes.statementYears, ({ params }, { req }) => children.statement.years(authOf(req).user.id, params.id));
  mount(routes.statement, async ({ params, query }, { req, res }) => {
    const { file, filename } = await children.statement.pdf(authOf(req).user.id, params.id, query.year);
    res.type('application/pdf').attachment(filename).set('Cache-Control', 'private, no-store').send(file);
  });
  mount(routes.ofMember, ({ params }) => children.ofMember(params.id));
}
