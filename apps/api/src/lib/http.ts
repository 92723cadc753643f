// Mounts a route from its contract: guards it by the contract's access level, validates params,
// query and body with the contract's schemas, and sends the handler's result through the response
// schema (so nothing outside the contract ever leaves the API).
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { type Access, type ParsedRouteInput, type RouteDefinition, type RouteResponse, z } from '@beach/contracts';
import { type FieldErrors, fieldErrorsFromZod, invalid, notFound } from './errors.js';
import { languageOf, sayMessage, type Unsaid } from './i18n.js';

export interface RouteContext {
  req: Request;
  res: Response;
}

/** A handler's answer; its `message` may be a descriptor, worded in the request's language when sent. */
export type RouteHandler<D extends RouteDefinition> = (
  input: ParsedRouteInput<D>,
  context: RouteContext,
) => Promise<Unsaid<RouteResponse<D>>> | Unsaid<RouteResponse<D>>;

export type AccessGuards = Record<Exclude<Access, 'public'>, RequestHandler>;

export interface MountOptions<D extends RouteDefinition = RouteDefinition> {
  /** Middleware run after the access guard, before validation and the handler: a rate limit, an upload. */
  before?: RequestHandler[];
  /**
   * The answer of a signed-in read, started by the access guard beside its session check, for the user its
   * verified token names: one round trip instead of two on the busiest reads. It stands for the handler
   * once the guard let the request through; a refused request drops it unsent. Only a read, since it runs
   * before the session is known to be live.
   */
  early?: (query: ParsedRouteInput<D>['query'], userId: number) => Promise<Unsaid<RouteResponse<D>>>;
  /**
   * The answer is sent as the handler typed it, not parsed again through the response schema: only for a
   * long list whose parse costs more than its read and whose schema adds nothing to its type (no refinement,
   * no transform, no default; object literals, so no extra keys). A test holds its answers to the schema.
   */
  typedAnswer?: true;
}

export type MountRoute = <D extends RouteDefinition>(definition: D, handler: RouteHandler<D>, options?: MountOptions<D>) => void;

/** Where the mounter leaves a route's early read for the guard to start (startEarlyRead), and the guard its start. */
const EARLY_START = 'earlyReadStart';
const EARLY_READ = 'earlyRead';

/** An early read under way, with the query it was started for (already parsed: the handler's input reuses it). */
interface EarlyRead<D extends RouteDefinition = RouteDefinition> {
  query: ParsedRouteInput<D>['query'];
  answer: Promise<Unsaid<RouteResponse<D>>>;
}

/** Called by the access guard once the token is verified, before the session check: starts the route's early read. */
export function startEarlyRead(res: Response, userId: number) {
  (res.locals[EARLY_START] as ((userId: number) => void) | undefined)?.(userId);
}

/** A back-office write on its way through the mounter. */
export interface AuditedWrite {
  definition: RouteDefinition;
  req: Request;
  input: ParsedRouteInput<RouteDefinition>;
}

/**
 * The audit log's hook into the mounter (lib/audit.ts): `begin` takes who asks and through which route;
 * the handler runs `during` the audited write, whose use cases record what they change with
 * `audit(tx, …)`; `finish`, once the write succeeded, checks that it named something.
 */
export interface AuditTrail {
  begin(write: AuditedWrite): Promise<AuditedRun>;
}

export interface AuditedRun {
  during<T>(work: () => Promise<T>): Promise<T>;
  finish(): Promise<void>;
}

/** Every write of the back-office (a non-GET coach, staff or admin route) is audited, unless its contract opts out. */
const isAuditedWrite = (definition: RouteDefinition) =>
  definition.method !== 'get' && (definition.access === 'coach' || definition.access === 'staff' || definition.access === 'admin') && definition.audit !== 'skip';

const isSuccess = (status: number) => status >= 200 && status < 300;

export function createRouteMounter(router: Router, guards: AccessGuards, audit?: AuditTrail): MountRoute {
  const routerOf = routersBySegment(router);
  return (definition, handler, options = {}) => {
    const [segmentRouter, path] = routerOf(definition.path.replace(/^\/api/, ''));
    const guard: RequestHandler[] = definition.access === 'public' ? [] : [guards[definition.access]];
    const trail = audit && isAuditedWrite(definition) ? audit : null;
    // The contract's path names the route in the metrics (bounded, unlike the address asked for),
    // also when the guard or a limit answers first.
    const name: RequestHandler = (_req, res, next) => {
      res.locals.route = definition.path;
      next();
    };
    const early: RequestHandler[] = options.early && definition.method === 'get' && guard.length > 0 ? [earlyReadOf(definition, options.early)] : [];
    segmentRouter[definition.method](path, name, ...early, ...guard, ...(options.before ?? []), async (req, res) => {
      const started = res.locals[EARLY_READ] as EarlyRead<typeof definition> | undefined;
      const input = parseInput(definition, req, res, started);
      const audited = trail ? await trail.begin({ definition, req, input }) : null;
      const run = async () => started?.answer ?? handler(input, { req, res });
      const result = audited ? await audited.during(run) : await run();
      if (res.headersSent) {
        // the handler streamed a file or answered itself
        if (audited && isSuccess(res.statusCode)) await audited.finish();
        return;
      }
      const status = res.statusCode !== 200 ? res.statusCode : (definition.successStatus ?? 200);
      const said = sayMessage(result, res);
      const body = options.typedAnswer ? said : definition.response.parse(said);
      if (audited && isSuccess(status)) await audited.finish();
      res.status(status).json(body);
    });
  };
}

/**
 * The routes of each leading segment of their path (/bookings, /admin, then /admin/bookings, /admin/users…), two
 * levels deep, in a router of their own, mounted where the segment first appears: a request is matched against its
 * segment's routes only, not against every route registered before it (a planner read went past the hundred and
 * more routes of /admin). Each segment keeps its routes' order, and paths of different literal segments never match
 * the same address. A route whose next segment is a parameter (or a pattern) stays in its parent's router, and the
 * literal segments' routes registered after it go into new routers mounted after it: no address changes its route.
 */
const NESTED_LEVELS = 2;
/** A segment that is not literal text: a parameter, a wildcard, an optional part. */
const PATTERN = /[:*{}()]/;

interface SegmentRouter {
  router: Router;
  segments: Map<string, SegmentRouter>;
}

function routersBySegment(router: Router) {
  const root: SegmentRouter = { router, segments: new Map() };
  return (path: string): [Router, string] => {
    let node = root;
    let rest = path;
    for (let level = 0; level < NESTED_LEVELS; level++) {
      const segment = /^\/[^/]+/.exec(rest)?.[0];
      if (!segment) break;
      if (PATTERN.test(segment)) {
        node.segments.clear();
        break;
      }
      let child = node.segments.get(segment);
      if (!child) {
        child = { router: Router(), segments: new Map() };
        node.router.use(segment, child.router);
        node.segments.set(segment, child);
      }
      node = child;
      rest = rest.slice(segment.length) || '/';
    }
    return [node.router, rest];
  };
}

/** The middleware that hands the guard a route's early read, for a query its contract accepts. */
function earlyReadOf<D extends RouteDefinition>(definition: D, read: NonNullable<MountOptions<D>['early']>): RequestHandler {
  return (req, res, next) => {
    res.locals[EARLY_START] = (userId: number) => {
      const query = definition.query ? definition.query.safeParse(req.query) : { success: true as const, data: undefined };
      if (!query.success) return;
      const early: EarlyRead<D> = { query: query.data as ParsedRouteInput<D>['query'], answer: read(query.data as ParsedRouteInput<D>['query'], userId) };
      // Refused by the guard, nobody awaits it: its failure is not an unhandled one.
      early.answer.catch(() => {});
      res.locals[EARLY_READ] = early;
    };
    next();
  };
}

/**
 * The request's params, query and body, their fields' messages in the request's language. The query an early
 * read was started for passed the same schema already: it is not parsed twice.
 */
function parseInput<D extends RouteDefinition>(definition: D, req: Request, res: Response, early?: EarlyRead<D>): ParsedRouteInput<D> {
  // A malformed path parameter (say /users/abc) names no resource at all.
  const params = definition.params?.safeParse(req.params);
  if (params && !params.success) throw notFound();
  const errors: FieldErrors = {};
  const error = z.errorMapFor(languageOf(res));
  const parsePart = (schema: RouteDefinition['body'], value: unknown) => {
    if (!schema) return undefined;
    const result = schema.safeParse(value, { error });
    if (result.success) return result.data;
    Object.assign(errors, fieldErrorsFromZod(result.error));
    return undefined;
  };
  const input = {
    params: params?.data,
    query: early ? early.query : parsePart(definition.query, req.query),
    body: parsePart(definition.body, req.body ?? {}),
  };
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return input as ParsedRouteInput<D>;
}
