// Types of the module made by vite-plugins/contracts-data.ts: the contracts' own.
declare module 'virtual:contracts-data' {
  import type { api, RouteDefinition } from '@beach/contracts';

  type Api = typeof api;
  /** Every route's method and path, by resource and name as in `api`. */
  export const routes: { [G in keyof Api]: { [R in keyof Api[G]]: Api[G][R] extends RouteDefinition ? Pick<Api[G][R], 'method' | 'path'> : never } };
  export { BOOKING_COUPON_BAND_LABELS, COURT_PURPOSE_INFO, COURT_PURPOSES, PRICE_INFO } from '@beach/contracts';
}
