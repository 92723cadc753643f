import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { AdminMembershipsService } from './admin-memberships.service.js';

export function registerAdminMembershipsRoutes(mount: MountRoute, admin: AdminMembershipsService) {
  const routes = api.adminMemberships;
  mount(routes.list, ({ query }, { req }) => admin.list(authOf(req).user, query));
  // Before /:id, which would take "stats" for an id.
  mount(routes.stats, (_input, { req }) => admin.stats(authOf(req).user));
  mount(routes.orphaned, () => admin.orphaned());
  mount(routes.quote, ({ body }) => admin.quote(body));
  mount(routes.create, ({ body }) => admin.createAtDesk(body));
  mount(routes.show, ({ params }, { req }) => admin.show(authOf(req).user, params.id));
  mount(routes.update, ({ params, body }) => admin.update(params.id, body));
  mount(routes.pdf, async ({ params }, { res }) => {
    const { file, filename } = await admin.pdf(params.id);
    res.type('application/pdf').attachment(filename).set('Cache-Control', 'private, no-store').send(file);
  });
  mount(routes.activate, ({ params, body }) => admin.activate(params.id, body.send_email));
  mount(routes.remove, ({ params }) => admin.remove(params.id));
  mount(routes.linkStripePayment, ({ params, body }) => admin.linkStripePayment(params.id, body));
}
