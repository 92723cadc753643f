import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/guards.js';
import type { BookingsService } from './bookings.service.js';

export function registerBookingsRoutes(mount: MountRoute, bookings: BookingsService) {
  mount(api.bookings.availability, ({ query }, { req }) => bookings.availability(authOf(req).user, query));
}
