import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Config } from '../config.js';

export type { Logger };

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id (requestId), in its log record and its audit-log entry. */
    id: string;
  }
  interface ServerResponse {
    /** The cause of a 5xx (lib/errors.ts), recorded with its request. */
    err?: Error;
  }
}

/** What the request log records of a finished request. */
interface RequestRecord {
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** Development: a request on one line ("GET /api/courts 200 4ms"); any other message as it is. */
export function developmentMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as RequestRecord;
  return req && res ? `${req.method} ${req.url} ${res.statusCode} ${responseTime}ms` : String(log[messageKey]);
}

function developmentStream(destination: DestinationStream | undefined): DestinationStream {
  // Required here only: pino-pretty is a development dependency.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({
    // The dev script's output goes through turbo, which is not a terminal.
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    // The request's headers and the rest stay in the record (and in production's JSON lines).
    ignore: 'pid,hostname,req,res,responseTime',
    messageFormat: developmentMessage,
    sync: true,
    destination,
  });
}

/**
 * JSON lines for the log collector, except in development, where lines are read by people.
 * `destination` (default: standard output) is for tests.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.password_confirmation'],
  };
  if (config.NODE_ENV === 'development') return pino(options, developmentStream(destination));
  return destination ? pino(options, destination) : pino(options);
}

/** A request id a proxy may pass on: short and plain (it cannot forge log lines, and fits the audit log's column). */
const FORWARDED_REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * The request's id: the proxy's `X-Request-Id` when it sends a plain one, otherwise a new UUID (unique
 * across API processes, unlike a per-process counter). It is sent back in `X-Request-Id`, carried by
 * the request's log record and by its audit-log entry.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const forwarded = req.headers['x-request-id'];
  const id = typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** How a request's record serializes its request, response and error: as pino-http did, pino's standard ones. */
const requestSerializers = { req: pino.stdSerializers.req, res: pino.stdSerializers.res, err: pino.stdSerializers.err };

/**
 * One record per finished request, with its id; 4xx are warnings, 5xx errors. The record is the one pino-http
 * wrote (`req`, `res`, `responseTime`, `err`; "request completed", "aborted" or "errored"), but its request is
 * serialized only when the record is written: pino-http serialized and redacted every request's headers up front,
 * 3 % of a grid read's CPU in a process whose level writes no such record (tests at `error`, benches `silent`).
 */
export function requestLogger(logger: Logger): RequestHandler {
  const requests = logger.child({}, { serializers: requestSerializers });
  return (req, res, next) => {
    const started = Date.now();
    req.id = requestId(req, res);
    const finished = (error?: Error) => {
      res.off('close', finished).off('finish', finished).off('error', finished);
      const failure = error ?? res.err ?? (res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : undefined);
      const level = failure ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!requests.isLevelEnabled(level)) return;
      const record = requests.child({ req });
      const responseTime = Date.now() - started;
      if (failure) record.error({ res, err: failure, responseTime }, 'request errored');
      else record[level]({ res, responseTime }, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
    };
    res.on('close', finished).on('finish', finished).on('error', finished);
    next();
  };
}
