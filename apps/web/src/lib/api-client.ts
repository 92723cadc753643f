// The typed client of the web app (docs/screens.md#session-in-the-browser): routes, inputs and responses
// typed by the contracts; on a 401, one refresh-and-retry for remember-me sessions (concurrent refreshes
// collapsed into one, across tabs too), otherwise the session is cleared and the user sent to /login. The
// transport itself (headers, timeouts, errors) is in api-transport.ts. Files (a card's PDF, a CSV upload) go
// through it too.
import { AUTH_MESSAGES, buildPath, type RouteDefinition, type RouteInput } from '@beach/contracts';
import { AUTH_PAGES, paths } from '../config/paths';
import { apiEvents } from './api-events';
import { api, type DefinitionOf, type ResponseOf, type RouteRef } from './api-routes';
import { errorFrom, readResponse, send, transportError, type CallOptions } from './api-transport';
import { session } from './session';

const SESSION_EXPIRED_REDIRECT_MS = 1500;

type InputArg<D extends RouteDefinition> = Partial<RouteInput<D>>;

function buildUrl(route: RouteRef, input: InputArg<RouteDefinition>) {
  const url = buildPath(route.path, input.params as Record<string, string | number> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query as Record<string, unknown> | undefined) ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

const sendCall = (route: RouteRef, input: InputArg<RouteDefinition>, token: string | undefined, options: CallOptions) =>
  send({ method: route.method, url: buildUrl(route, input), token, body: input.body }, options);

let refreshInFlight: Promise<boolean> | null = null;

/** Runs the refresh under a lock shared by every tab of the site, where the browser has one. */
const acrossTabs = async (task: () => Promise<boolean>): Promise<boolean> =>
  typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request('beach-session-refresh', task) : task();

/**
 * Refreshes a remember-me session once, however many requests (and tabs) ask at the same time. The
 * API ends the whole session when a token that was already refreshed is presented again, so a token
 * is refreshed only while it is still the stored one: if another request or tab has replaced
 * `rejectedToken` meanwhile, its successor is simply used.
 */
export function refreshSession(rejectedToken: string): Promise<boolean> {
  refreshInFlight ??= acrossTabs(async () => {
    const current = session.reload();
    if (current && current.token !== rejectedToken) return true;
    if (!current?.remember) return false;
    const response = await sendCall(api.auth.refresh, {}, current.token, {}).catch(() => null);
    if (!response?.ok) return false;
    const refreshed = (await response.json()) as ResponseOf<typeof api.auth.refresh>;
    session.update({ token: refreshed.access_token, user: refreshed.user });
    return true;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function expireSession(quiet: boolean) {
  session.clear();
  if (quiet || AUTH_PAGES.includes(window.location.pathname)) return;
  apiEvents.alert(AUTH_MESSAGES.sessionExpired);
  setTimeout(() => apiEvents.navigate(paths.login), SESSION_EXPIRED_REDIRECT_MS);
}

/** Sends with the session's token; on a 401, refreshes once and retries (see the top of the file). */
async function authorizedSend(route: RouteRef, input: InputArg<RouteDefinition>, options: CallOptions): Promise<Response> {
  const sentToken = session.get()?.token;
  let response = await sendCall(route, input, sentToken, options);

  if (response.status === 401 && sentToken && route !== api.auth.login) {
    const renewed = await refreshSession(sentToken);
    if (renewed && session.get()) response = await sendCall(route, input, session.get()?.token, options);
    if (response.status === 401) expireSession(Boolean(options.quietOnUnauthorized));
  }
  return response;
}

export async function callApi<R extends RouteRef>(route: R, input: InputArg<DefinitionOf<R>> = {}, options: CallOptions = {}): Promise<ResponseOf<R>> {
  return readResponse<ResponseOf<R>>(await authorizedSend(route, input, options));
}

/** Sends a multipart form (a file upload) through the same client: token, refresh-and-retry, errors. */
export async function sendForm<R extends RouteRef>(route: R, form: FormData, input: InputArg<DefinitionOf<R>> = {}, options: CallOptions = {}): Promise<ResponseOf<R>> {
  return readResponse<ResponseOf<R>>(await authorizedSend(route, { ...input, body: form } as InputArg<RouteDefinition>, options));
}

/**
 * Fetches a file through the same client (token, refresh-and-retry, timeout; errors as ApiError)
 * and hands it to the browser to save under `filename`.
 */
export async function downloadFile<R extends RouteRef>(route: R, input: InputArg<DefinitionOf<R>>, filename: string, options: CallOptions = {}): Promise<void> {
  const response = await authorizedSend(route, input, options);
  if (!response.ok) throw await errorFrom(response);
  const blob = await response.blob().catch((error: unknown) => {
    throw transportError(error);
  });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address only after click() has returned: release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
