// Types of the module made by vite-plugins/contracts-data.ts: the contracts' own.
declare module 'virtual:contracts-data' {
  import type { api, RouteDefinition } from '@beach/contracts';

  /** Only the type holds it: the definition a route was taken from. */
  const definition: unique symbol;
  /**
   * A route as the browser holds it: its method and path, typed by its whole definition, so the typed client
   * reads the route's input and answer from the contracts without their schemas (src/lib/api-routes.ts).
   */
  export type RouteRef<D extends RouteDefinition = RouteDefinition> = Pick<D, 'method' | 'path'> & { readonly [definition]: D };

  type Api = typeof api;
  /** Every route's method and path, by resource and name as in `api`. */
  export const routes: { [G in keyof Api]: { [R in keyof Api[G]]: Api[G][R] extends RouteDefinition ? RouteRef<Api[G][R]> : never } };
  export { BOOKING_COUPON_BAND_LABELS, COURT_PURPOSE_INFO, COURT_PURPOSES, PRICE_INFO } from '@beach/contracts';
}
