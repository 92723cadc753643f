// One error type for the whole API and one middleware that turns every failure into the one error
// body: { message, errors? } where errors maps a field to its messages, all in the request's language.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { defineMessages, type TApiError, validationMessages } from '@beach/contracts';
import type { ZodError } from 'zod';
import { italian, languageOf, type Message, render, withValues } from './i18n.js';

/** A field's messages: descriptors, or strings already worded (by the request's error map, or Italian). */
export type FieldErrors = Record<string, Message[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    /** What the answer says, in the request's language; the error's own `message` is its Italian, for the logs. */
    readonly said: Message,
    readonly errors?: FieldErrors,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(italian(said));
  }
}

/** The API's own words: its errors that no module owns. */
export const errorMessages = defineMessages({
  unauthorized: /* i18n */ { id: 'api.unauthorized', message: 'Autenticazione richiesta.' },
  sessionInvalid: /* i18n */ { id: 'api.session_invalid', message: 'Sessione scaduta o non valida.' },
  forbidden: /* i18n */ { id: 'api.forbidden', message: 'Non hai i permessi necessari per accedere a questa risorsa.' },
  notFound: /* i18n */ { id: 'api.not_found', message: 'Risorsa non trovata.' },
  endpointNotFound: /* i18n */ { id: 'api.endpoint_not_found', message: 'Endpoint non trovato: {method} {path}' },
  badJson: /* i18n */ { id: 'api.bad_json', message: 'Il corpo della richiesta non è un JSON valido.' },
  tooLarge: /* i18n */ { id: 'api.too_large', message: 'La richiesta è troppo grande.' },
  badEncoding: /* i18n */ { id: 'api.bad_encoding', message: 'Codifica della richiesta non supportata.' },
  badRequest: /* i18n */ { id: 'api.bad_request', message: 'Richiesta non valida.' },
  databaseUnavailable: /* i18n */ { id: 'api.database_unavailable', message: 'Servizio momentaneamente non disponibile: riprova tra qualche secondo.' },
  internal: /* i18n */ { id: 'api.internal', message: 'Errore interno del server. Riprova più tardi.' },
  yearClosed: /* i18n */ { id: 'api.year_closed', message: 'La data cade in un esercizio chiuso: nessun movimento può esservi registrato. Registra la correzione nell’esercizio aperto, indicando cosa corregge.' },
});

export const INVALID_DATA_MESSAGE = italian(validationMessages.invalidData);
export const DATABASE_UNAVAILABLE_MESSAGE = italian(errorMessages.databaseUnavailable);
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

/**
 * Whether a database error is the violation of the named constraint (unique, check or exclusion): the
 * driver adapter's error carries the constraint's name somewhere in its chain.
 */
export function isConstraintViolation(error: unknown, constraint: string): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown): boolean => {
    if (!value || typeof value !== 'object' || seen.has(value)) return false;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (record.constraint === constraint || (typeof record.message === 'string' && record.message.includes(constraint))) return true;
    return Object.values(record).some(visit) || visit(record.cause);
  };
  return visit(error);
}

export const unauthorized = (message: Message = errorMessages.unauthorized) => new AppError(401, message);
export const forbidden = (message: Message = errorMessages.forbidden) => new AppError(403, message);
export const notFound = (message: Message = errorMessages.notFound) => new AppError(404, message);
/** A validation failure on named fields. */
export const invalid = (errors: FieldErrors, message: Message = validationMessages.invalidData) => new AppError(422, message, errors);

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
  next(notFound(withValues(errorMessages.endpointNotFound, { method: req.method, path: req.path })));
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
    const i18n = languageOf(res);
    const errors =
      appError.errors && Object.fromEntries(Object.entries(appError.errors).map(([field, messages]) => [field, messages.map((message) => render(i18n, message))]));
    const body: TApiError = { message: render(i18n, appError.said), ...(errors ? { errors } : {}) };
    res.status(appError.status).json(body);
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new AppError(400, errorMessages.badJson);
    case 'entity.too.large':
      return new AppError(413, errorMessages.tooLarge);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, errorMessages.badEncoding);
  }
  // A ledger entry dated inside a closed financial year, refused by the database whoever wrote it
  // (docs/annual-accounts.md#closing-the-year).
  if (isConstraintViolation(error, 'ledger_entries_year_closed')) return new AppError(409, errorMessages.yearClosed);
  // A database that is down (restarting, failing over) is a temporary state, not a fault of the API.
  if (isDatabaseUnavailable(error)) return new AppError(503, errorMessages.databaseUnavailable, undefined, { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS });
  if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
    return new AppError(parserError.status, errorMessages.badRequest);
  }
  return new AppError(500, errorMessages.internal);
}
