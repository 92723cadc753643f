import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { CouponsService } from './coupons.service.js';

export function registerCouponsRoutes(mount: MountRoute, coupons: CouponsService) {
  const routes = api.coupons;
  mount(routes.list, ({ query }) => coupons.list(query));
  mount(routes.create, ({ body }) => coupons.create(body));
  mount(routes.update, ({ params, body }) => coupons.update(params.id, body));
}
