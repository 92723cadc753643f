import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { AdminPriceListService } from './admin-price-list.service.js';

export function registerAdminPriceListRoutes(mount: MountRoute, prices: AdminPriceListService) {
  const routes = api.adminPricing;
  mount(routes.priceList, ({ params }) => prices.priceList(params.year));
  mount(routes.savePriceList, ({ params, body }) => prices.save(params.year, body));
  mount(routes.copyPriceList, ({ params }) => prices.copyToNextYear(params.year));
}
