import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { BookingsService } from './bookings.service.js';

export function registerBookingsRoutes(mount: MountRoute, bookings: BookingsService) {
  const routes = api.bookings;
  // Before /:id, which would take "availability", "mine" or "calendar" for an id.
  // The busiest read: the day's grid is read beside the session check.
  mount(routes.availability, ({ query }, { req }) => bookings.availability(authOf(req).user.id, query), { early: (query, userId) => bookings.availability(userId, query) });
  mount(routes.mine, (_input, { req }) => bookings.mine(authOf(req).user));
  mount(routes.waitlist, ({ body }, { req }) => bookings.joinWaitlist(authOf(req).user, body));
  mount(routes.myWaitlist, (_input, { req }) => bookings.myWaitlist(authOf(req).user));
  mount(routes.withdrawWaitlist, ({ params }, { req }) => bookings.withdrawWaitlist(authOf(req).user, params.id));
  mount(routes.calendarFeed, (_input, { req }) => bookings.calendarFeed(authOf(req).user));
  mount(routes.regenerateCalendar, (_input, { req }) => bookings.calendarFeed(authOf(req).user, { regenerate: true }));
  mount(routes.calendarByToken, async ({ params }, { res }) => {
    res.type('text/calendar; charset=utf-8').set('Cache-Control', 'private, max-age=300').send(await bookings.calendarByToken(params.token));
  });
  mount(routes.create, ({ body }, { req }) => bookings.create(authOf(req).user, body));
  mount(routes.show, ({ params }, { req }) => bookings.show(authOf(req).user, params.id));
  mount(routes.ics, async ({ params }, { req, res }) => {
    const { file, filename } = await bookings.ics(authOf(req).user, params.id);
    res.type('text/calendar; charset=utf-8').attachment(filename).send(file);
  });
  mount(routes.checkout, ({ params, body }, { req }) => bookings.checkout(authOf(req).user, params.id, body));
  mount(routes.abandonCheckout, ({ params }, { req }) => bookings.abandonCheckout(authOf(req).user, params.id));
  mount(routes.cancel, ({ params }, { req }) => bookings.cancel(authOf(req).user, params.id));
}
