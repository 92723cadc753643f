import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type PinoPretty from 'pino-pretty';
import type { Config } from '../config.js';

export type { Logger };

/** What pino-http records of a finished request. */
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

/** One record per finished request; 4xx are warnings, 5xx errors. */
export const requestLogger = (logger: Logger) =>
  pinoHttp({ logger, customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info') });
