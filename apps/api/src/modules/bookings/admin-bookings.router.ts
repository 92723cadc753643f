import { api } from '@beach/contracts';
import { sendCsv } from '../../lib/csv.js';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { AdminBookingsService } from './admin-bookings.service.js';
import type { RecurringBookingsService } from './recurring.service.js';

export function registerAdminBookingsRoutes(mount: MountRoute, bookings: AdminBookingsService, recurring: RecurringBookingsService) {
  const routes = api.adminBookings;
  // Before /:id, which would take "planner", "export" or "cancelled" for an id.
  mount(routes.planner, ({ query }) => bookings.planner(query.date));
  mount(routes.export, async ({ query }, { res }) => {
    sendCsv(res, `prenotazioni-${query.date_from ?? 'tutte'}.csv`, await bookings.exportCsv(query));
  });
  mount(routes.cancelled, ({ query }) => bookings.cancelled(query));
  mount(routes.list, ({ query }) => bookings.list(query));
  mount(routes.create, ({ body }, { req }) => bookings.create(authOf(req).user, body));
  mount(routes.show, ({ params }) => bookings.show(params.id));
  mount(routes.markPaid, ({ params, body }, { req }) => bookings.markPaid(authOf(req).user, params.id, body));
  mount(routes.move, ({ params, body }) => bookings.move(params.id, body));
  mount(routes.cancel, ({ params, body }, { req }) => bookings.cancel(authOf(req).user, params.id, body));
  mount(routes.restore, ({ params }) => bookings.restore(params.id));

  mount(routes.recurringList, ({ query }) => recurring.list(query));
  mount(routes.recurringPreview, ({ body }, { req }) => recurring.preview(authOf(req).user, body));
  mount(routes.recurringCreate, ({ body }, { req }) => recurring.create(authOf(req).user, body));
  mount(routes.recurringShow, ({ params }) => recurring.show(params.id));
  mount(routes.recurringUpdate, ({ params, body }, { req }) => recurring.update(authOf(req).user, params.id, body));
  mount(routes.recurringCancel, ({ params, body }, { req }) => recurring.cancel(authOf(req).user, params.id, body));
}
