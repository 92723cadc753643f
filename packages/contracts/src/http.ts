// The shape every route is described with. The API mounts, validates and guards routes from these
// definitions; the web's typed client calls them; the OpenAPI document is generated from them.
import type { MessageDescriptor } from '@lingui/core';
import { validationMessages } from './messages.js';
import * as z from './zod-i18n.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route; enforced by the API from the definition itself. */
/** `coach`: a coach, the staff or an admin (docs/school.md#coaches). */
export type Access = 'public' | 'user' | 'coach' | 'staff' | 'admin';

export interface RouteDefinition {
  method: HttpMethod;
  /** Express-style path, e.g. /api/courts/:id */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** HTTP status of a success; 200 unless given. */
  successStatus?: number;
  /**
   * How the audit log records a successful back-office write (every non-GET staff or admin route):
   * with the values before and after unless told. 'skip' for a POST that only computes (a quote);
   * 'without-values' where the values are personal data the write removes (an erasure).
   */
  audit?: 'skip' | 'without-values';
}

export const defineRoute = <const D extends RouteDefinition>(definition: D): D => definition;

// Every row id is a PostgreSQL `integer`: 1 to 2,147,483,647. An id a caller sends is bounded here, so a
// larger one is refused like any id that names nothing, instead of reaching the database and failing there.
export const MAX_ROW_ID = 2_147_483_647;

/** An id in a JSON body. */
export const zRowId = (message: MessageDescriptor = validationMessages.id) =>
  z.number(z.because(message)).int(z.because(message)).positive(z.because(message)).max(MAX_ROW_ID, z.because(message));

/** An id in a path or a query string (text); an empty query field means none. */
export const zTextRowId = (message: MessageDescriptor = validationMessages.id) =>
  z.coerce.number(z.because(message)).int(z.because(message)).positive(z.because(message)).max(MAX_ROW_ID, z.because(message));
export const zOptionalTextRowId = (message: MessageDescriptor = validationMessages.id) =>
  z.preprocess((value) => (value === '' ? undefined : value), zTextRowId(message).optional());

/** The `:id` of a resource's path (a malformed or out-of-range one answers 404). */
export const ZIdParams = z.object({ id: zTextRowId() });

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends. */
export interface RouteInput<D extends RouteDefinition> {
  params: InputOf<D['params']>;
  query: InputOf<D['query']>;
  body: InputOf<D['body']>;
}
/** What a handler receives after validation. */
export interface ParsedRouteInput<D extends RouteDefinition> {
  params: OutputOf<D['params']>;
  query: OutputOf<D['query']>;
  body: OutputOf<D['body']>;
}
export type RouteResponse<D extends RouteDefinition> = z.output<D['response']>;
/** The validated body, query and params a route's handler gets: services type their input with these. */
export type BodyOf<D extends RouteDefinition> = ParsedRouteInput<D>['body'];
export type QueryOf<D extends RouteDefinition> = ParsedRouteInput<D>['query'];

/** Error body of every failed call, in the request's language: `errors` maps a field to its messages. */
export const ZApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Builds a concrete path from an Express-style one: /api/x/:id + {id: 3} → /api/x/3 */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
