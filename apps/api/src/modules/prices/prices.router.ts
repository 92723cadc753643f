import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { PricesService } from './prices.service.js';

export function registerPricesRoutes(mount: MountRoute, prices: PricesService) {
  mount(api.prices.current, ({ query }) => prices.current(query.year));
}
