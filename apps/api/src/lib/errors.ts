// One error type for the whole API and one middleware that turns every failure into the spec's
// error body: { message, errors? } where errors maps a field to its Italian messages.
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
  if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
    return new AppError(parserError.status, 'Richiesta non valida.');
  }
  return new AppError(500, 'Errore interno del server. Riprova più tardi.');
}
