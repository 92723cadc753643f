import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/guards.js';
import type { BookingsService } from './bookings.service.js';

export function registerBookingsRoutes(mount: MountRoute, bookings: BookingsService) {
  const routes = api.bookings;
  // Before /:id, which would take "availability" or "mine" for an id.
  mount(routes.availability, ({ query }, { req }) => bookings.availability(authOf(req).user, query));
  mount(routes.mine, (_input, { req }) => bookings.mine(authOf(req).user));
  mount(routes.create, ({ body }, { req }) => bookings.create(authOf(req).user, body));
  mount(routes.show, ({ params }, { req }) => bookings.show(authOf(req).user, params.id));
  mount(routes.checkout, ({ params, body }, { req }) => bookings.checkout(authOf(req).user, params.id, body));
  mount(routes.cancel, ({ params }, { req }) => bookings.cancel(authOf(req).user, params.id));
}
