import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { BookingCouponsService } from './booking-coupons.service.js';

export function registerAdminBookingCouponsRoutes(mount: MountRoute, coupons: BookingCouponsService) {
  const routes = api.adminBookingCoupons;
  mount(routes.list, async () => ({ data: await coupons.list() }));
  mount(routes.create, ({ body }) => coupons.create(body));
  mount(routes.update, ({ params, body }) => coupons.update(params.id, body));
  mount(routes.toggle, ({ params, body }) => coupons.setActive(params.id, body.is_active));
  mount(routes.remove, ({ params }) => coupons.remove(params.id));
}
