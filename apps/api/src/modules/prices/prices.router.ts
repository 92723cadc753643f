import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { priceListInForce } from './prices.service.js';

export function registerPricesRoutes(mount: MountRoute, { db }: AppDeps) {
  mount(api.prices.current, ({ query }) => priceListInForce(db, query.year));
}
