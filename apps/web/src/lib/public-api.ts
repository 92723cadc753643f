// Reads of public routes for pages that load without the typed client and its zod schemas (the
// home page): the route comes from `virtual:contracts-data`, the response type from its contract.
import type { api, RouteResponse } from '@beach/contracts';
import { readResponse, send } from './api-transport';

type Api = typeof api;
type AnyRoute = { [G in keyof Api]: Api[G][keyof Api[G]] }[keyof Api];
/** Routes anyone may read with no path parameters. */
type PublicRead = Extract<AnyRoute, { access: 'public'; method: 'get'; params?: undefined }>;

type ResponseAt<P extends PublicRead['path']> = RouteResponse<Extract<PublicRead, { path: P }>>;

export async function getPublic<P extends PublicRead['path']>(route: { method: 'get'; path: P }): Promise<ResponseAt<P>> {
  return readResponse<ResponseAt<P>>(await send({ method: route.method, url: route.path }));
}
