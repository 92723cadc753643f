import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { createPriceListAdminService } from './admin-price-list.service.js';

export function registerAdminPriceListRoutes(mount: MountRoute, { db }: AppDeps) {
  const routes = api.adminPricing;
  const prices = createPriceListAdminService(db);
  mount(routes.priceList, ({ params }) => prices.priceList(params.year));
  mount(routes.savePriceList, ({ params, body }) => prices.save(params.year, body));
  mount(routes.copyPriceList, ({ params }) => prices.copyToNextYear(params.year));
}
