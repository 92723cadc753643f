// The routes the web calls, by resource and name as in the contracts' `api` (api.bookings.mine), each only its
// method and path: the client needs no more (api-client.ts), and taking the contracts' `api` would make every
// page evaluate every resource's zod schemas (docs/testing.md#session-14-the-contracts-a-page-loads). A screen
// imports from @beach/contracts only what it uses itself (a form's schema, labels), and loads only those.
import type { RouteResponse } from '@beach/contracts';
import type { RouteRef } from 'virtual:contracts-data';

export { routes as api, type RouteRef } from 'virtual:contracts-data';

/** The definition a route was taken from; of a union of routes (`open ? api.x.open : api.x.close`), the union of theirs. */
export type DefinitionOf<R extends RouteRef> = R extends RouteRef<infer D> ? D : never;
/** The answer of a route, as `RouteResponse` of its definition. */
export type ResponseOf<R extends RouteRef> = RouteResponse<DefinitionOf<R>>;
