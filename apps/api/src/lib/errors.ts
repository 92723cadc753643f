// One error type for the whole API and one middleware that turns every failure into the one error
// body: { message, errors? } where errors maps a field to its Italian messages.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { TApiError } from '@beach/contracts';
import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const INVALID_DATA_MESSAGE = 'I dati inviati non sono validi.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'Servizio momentaneamente non disponibile: riprova tra qualche secondo.';
/** Seconds a client is asked to wait while the database is unreachable (it usually restarts in seconds). */
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** Prisma's codes for a database it cannot reach, a connection lost or refused, a pool exhausted. */
const PRISMA_UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** The driver adapter's error kinds for the same. */
const ADAPTER_UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Socket errors, and PostgreSQL's: connection exceptions (08…), shutdown or start-up (57P01–57P03), too many connections. */
const isUnavailableCode = (code: string) => ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].includes(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
/**
 * node-postgres's own messages when a connection drops or the pool cannot get one, and Prisma's when a
 * transaction waited its `maxWait` for a pooled connection (every one busy: the API is overloaded).
 */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Unable to start a transaction in the given time/i;

/** Whether an error (anywhere in its chain) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown): boolean => {
    if (!value || typeof value !== 'object' || seen.has(value)) return false;
    seen.add(value);
    const record = value as Record<string, unknown>;
    for (const code of [record.code, record.originalCode]) if (typeof code === 'string' && (PRISMA_UNAVAILABLE_CODES.has(code) || isUnavailableCode(code))) return true;
    if (typeof record.kind === 'string' && ADAPTER_UNAVAILABLE_KINDS.has(record.kind)) return true;
    if (typeof record.message === 'string' && UNAVAILABLE_MESSAGES.test(record.message)) return true;
    return visit(record.cause) || visit(record.meta) || visit(record.driverAdapterError);
  };
  return visit(error);
}

export const unauthorized = (message = 'Autenticazione richiesta.') => new AppError(401, message);
export const forbidden = (message = 'Non hai i permessi necessari per accedere a questa risorsa.') => new AppError(403, message);
export const notFound = (message = 'Risorsa non trovata.') => new AppError(404, message);
/** A validation failure on named fields. */
export const invalid = (errors: FieldErrors, message = INVALID_DATA_MESSAGE) => new AppError(422, message, errors);

type Issue = ZodError['issues'][number];

/** A union that matched no alternative speaks through its last one (contracts put the full form last). */
const unwrapUnions = (issues: Issue[]): Issue[] =>
  issues.flatMap((issue) => {
    const alternatives = issue.code === 'invalid_union' ? issue.errors : [];
    const last = alternatives[alternatives.length - 1];
    return last && last.length > 0 ? unwrapUnions(last.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }))) : [issue];
  });

export function fieldErrorsFromZod(error: ZodError, prefix?: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of unwrapUnions(error.issues)) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export const notFoundApiRoute: RequestHandler = (req, _res, next) => {
  next(notFound(`Endpoint non trovato: ${req.method} ${req.path}`));
};

/** Errors thrown by express.json() carry a `type`. */
interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

export function errorHandler(): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const appError = toAppError(error);
    // The request log (lib/logger.ts) records the cause of a 5xx with its request, stack included.
    if (appError.status >= 500) res.err = error instanceof Error ? error : new Error(String(error));
    // A failure answers JSON, never cached, whatever a file route had already set for its file.
    for (const header of ['Content-Type', 'Content-Disposition']) res.removeHeader(header);
    res.set('Cache-Control', 'no-store');
    if (appError.headers) res.set(appError.headers);
    const body: TApiError = { message: appError.message, ...(appError.errors ? { errors: appError.errors } : {}) };
    res.status(appError.status).json(body);
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new AppError(400, 'Il corpo della richiesta non è un JSON valido.');
    case 'entity.too.large':
      return new AppError(413, 'La richiesta è troppo grande.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'Codifica della richiesta non supportata.');
  }
  // A database that is down (restarting, failing over) is a temporary state, not a fault of the API.
  if (isDatabaseUnavailable(error)) return new AppError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS });
  if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
    return new AppError(parserError.status, 'Richiesta non valida.');
  }
  return new AppError(500, 'Errore interno del server. Riprova più tardi.');
}
