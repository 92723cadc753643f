import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { CarnetsService } from './carnets.service.js';

export function registerCarnetRoutes(mount: MountRoute, carnets: CarnetsService) {
  const routes = api.carnets;
  mount(routes.products, () => carnets.products());
  mount(routes.createProduct, ({ body }) => carnets.createProduct(body));
  mount(routes.updateProduct, ({ params, body }) => carnets.updateProduct(params.id, body));
  mount(routes.onSale, () => carnets.onSale());
  mount(routes.buy, ({ body }, { req }) => carnets.buy(authOf(req).user, body));
  mount(routes.payWithCredit, ({ body }, { req }) => carnets.payWithCredit(authOf(req).user, body));
  mount(routes.mine, (_input, { req }) => carnets.mine(authOf(req).user));
  mount(routes.payBooking, ({ params }, { req }) => carnets.payBooking(authOf(req).user, params.id));
  mount(routes.ofMember, ({ params }) => carnets.ofMember(params.id));
  mount(routes.sell, ({ params, body }, { req }) => carnets.sell(authOf(req).user, params.id, body));
}
