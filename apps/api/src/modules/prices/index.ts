// The prices module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAdminPriceListRoutes } from './admin-price-list.router.js';
export { createAdminPriceListService } from './admin-price-list.service.js';
export { registerPricesRoutes } from './prices.router.js';
export { createPricesService, priceTableOf, pricesInForce, pricesInForceSql } from './prices.service.js';
export type { PriceTable } from './prices.service.js';
