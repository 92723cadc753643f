// Mounts a route from its contract: guards it by the contract's access level, validates params,
// query and body with the contract's schemas, and sends the handler's result through the response
// schema (so nothing outside the contract ever leaves the API).
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Access, ParsedRouteInput, RouteDefinition, RouteResponse } from '@beach/contracts';
import { type FieldErrors, fieldErrorsFromZod, invalid, notFound } from './errors.js';

export interface RouteContext {
  req: Request;
  res: Response;
}

export type RouteHandler<D extends RouteDefinition> = (
  input: ParsedRouteInput<D>,
  context: RouteContext,
) => Promise<RouteResponse<D>> | RouteResponse<D>;

export type AccessGuards = Record<Exclude<Access, 'public'>, RequestHandler>;

export interface MountOptions {
  /** Middleware run after the access guard, before validation and the handler: a rate limit, an upload. */
  before?: RequestHandler[];
}

export type MountRoute = <D extends RouteDefinition>(definition: D, handler: RouteHandler<D>, options?: MountOptions) => void;

export function createRouteMounter(router: Router, guards: AccessGuards): MountRoute {
  return (definition, handler, options = {}) => {
    const path = definition.path.replace(/^\/api/, '');
    const guard: RequestHandler[] = definition.access === 'public' ? [] : [guards[definition.access]];
    router[definition.method](path, ...guard, ...(options.before ?? []), async (req, res) => {
      const input = parseInput(definition, req);
      const result = await handler(input, { req, res });
      if (res.headersSent) return; // the handler streamed a file or answered itself
      res.status(res.statusCode !== 200 ? res.statusCode : (definition.successStatus ?? 200)).json(definition.response.parse(result));
    });
  };
}

function parseInput<D extends RouteDefinition>(definition: D, req: Request): ParsedRouteInput<D> {
  // A malformed path parameter (say /users/abc) names no resource at all.
  const params = definition.params?.safeParse(req.params);
  if (params && !params.success) throw notFound();
  const errors: FieldErrors = {};
  const parsePart = (schema: RouteDefinition['body'], value: unknown) => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    Object.assign(errors, fieldErrorsFromZod(result.error));
    return undefined;
  };
  const input = {
    params: params?.data,
    query: parsePart(definition.query, req.query),
    body: parsePart(definition.body, req.body ?? {}),
  };
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return input as ParsedRouteInput<D>;
}
