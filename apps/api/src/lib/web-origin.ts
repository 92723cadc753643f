// The web app's address for the return addresses built while answering a member (Stripe's success
// and cancel pages, the calendar feed, a card's verification page). A member may have opened the app
// at another of its addresses (www. or the bare domain): they must come back where their session
// lives, so the request's own origin is used when it is one of the app's (WEB_ORIGIN or
// WEB_ORIGIN_ALIASES). E-mails and printed cards, made outside any request, keep WEB_ORIGIN.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { Config } from '../config.js';

type OriginConfig = Pick<Config, 'WEB_ORIGIN' | 'WEB_ORIGIN_ALIASES'>;

const requestOrigin = new AsyncLocalStorage<string>();

const originOf = (address: string | undefined) => {
  if (!address) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
};

/** Every address the web app is served at; the first is the canonical one. */
export const webOrigins = (config: OriginConfig) => [config.WEB_ORIGIN, ...config.WEB_ORIGIN_ALIASES].map((address) => new URL(address).origin);

/**
 * Remembers, for the rest of the request, which of the app's addresses it came from: the Origin
 * header (sent with writes) or else the Referer's origin (same-origin reads). Mounted after the body
 * parser, so the handlers run inside the scope.
 */
export function webOriginScope(config: OriginConfig): RequestHandler {
  const allowed = new Set(webOrigins(config));
  return (req, _res, next) => {
    const origin = originOf(req.get('origin')) ?? originOf(req.get('referer'));
    if (origin && allowed.has(origin)) requestOrigin.run(origin, next);
    else next();
  };
}

/** The address the member is using, when it is one of the app's; otherwise WEB_ORIGIN. */
export const webOriginOf = (config: Pick<Config, 'WEB_ORIGIN'>) => requestOrigin.getStore() ?? config.WEB_ORIGIN;
