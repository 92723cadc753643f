// The one way the web app calls the API (spec §4, §7): typed by the contracts; bearer token and JSON
// Accept on every call; 15 s timeout (25 s on iOS); credentials and X-Requested-With except on iOS;
// on a 401, one refresh-and-retry for remember-me sessions (concurrent refreshes collapsed into one),
// otherwise the session is cleared and the user sent to /login. Files (a card's PDF) come through it too.
import { api, AUTH_MESSAGES, buildPath, type RouteDefinition, type RouteInput, type RouteResponse, type TApiError } from '@beach/contracts';
import { AUTH_PAGES, paths } from '../config/paths';
import { apiEvents } from './api-events';
import { session } from './session';

const API_BASE = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');
const SESSION_EXPIRED_REDIRECT_MS = 1500;

export const NETWORK_ERROR_MESSAGE = 'Impossibile contattare il server. Controlla la tua connessione e riprova.';
export const TIMEOUT_MESSAGE = 'La richiesta ha impiegato troppo tempo. Riprova.';

export class ApiError extends Error {
  constructor(
    /** 0 when no response arrived (network failure or timeout). */
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly timedOut = false,
  ) {
    super(message);
  }

  /** Field messages joined by line, as the screens show them (spec §5). */
  get details(): string {
    return this.errors ? Object.values(this.errors).flat().join('\n') : this.message;
  }
}

export function isIOS(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

export interface CallOptions {
  /** Startup validation: a failed refresh clears the session without alert or redirect. */
  quietOnUnauthorized?: boolean;
  /** Override of the default timeout in milliseconds (e.g. a long import). */
  timeoutMs?: number;
}

type InputArg<D extends RouteDefinition> = Partial<RouteInput<D>>;

function buildUrl(definition: RouteDefinition, input: InputArg<RouteDefinition>) {
  const url = API_BASE + buildPath(definition.path, input.params as Record<string, string | number> | undefined);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query as Record<string, unknown> | undefined) ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

async function send(definition: RouteDefinition, input: InputArg<RouteDefinition>, token: string | undefined, options: CallOptions) {
  const ios = isIOS();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (!ios) headers['X-Requested-With'] = 'XMLHttpRequest';
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const timeoutMs = options.timeoutMs ?? (ios ? 25_000 : 15_000);
  try {
    return await fetch(buildUrl(definition, input), {
      method: definition.method.toUpperCase(),
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      credentials: ios ? 'omit' : 'include',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw transportError(error);
  }
}

/** No response, or a body cut off: the connection failed or the timeout ran out. */
function transportError(error: unknown): ApiError {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return new ApiError(0, timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, undefined, timedOut);
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<TApiError> | null;
  if (response.status >= 500) console.error(`API ${response.status}`, body);
  return new ApiError(response.status, body?.message ?? `Errore ${response.status}: Si è verificato un errore nel caricamento dei dati.`, body?.errors);
}

let refreshInFlight: Promise<boolean> | null = null;

/** Refreshes a remember-me session once, however many requests ask at the same time. */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const current = session.get();
    if (!current?.remember) return false;
    const response = await send(api.auth.refresh, {}, current.token, {}).catch(() => null);
    if (!response?.ok) return false;
    const refreshed = (await response.json()) as RouteResponse<typeof api.auth.refresh>;
    session.update({ token: refreshed.access_token, user: refreshed.user });
    return true;
  })().finally(() => {
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
async function authorizedSend(definition: RouteDefinition, input: InputArg<RouteDefinition>, options: CallOptions): Promise<Response> {
  const sentToken = session.get()?.token;
  let response = await send(definition, input, sentToken, options);

  if (response.status === 401 && sentToken && definition !== api.auth.login) {
    // Another request may already have refreshed the token while this one was under way.
    const renewed = session.get()?.token !== sentToken || (await refreshSession());
    if (renewed && session.get()) response = await send(definition, input, session.get()?.token, options);
    if (response.status === 401) expireSession(Boolean(options.quietOnUnauthorized));
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

export async function callApi<D extends RouteDefinition>(definition: D, input: InputArg<D> = {}, options: CallOptions = {}): Promise<RouteResponse<D>> {
  const response = await authorizedSend(definition, input, options);
  if (response.status === 204) return undefined as RouteResponse<D>;
  return (await response.json()) as RouteResponse<D>;
}

/**
 * Fetches a file through the same client (token, refresh-and-retry, timeout; errors as ApiError)
 * and hands it to the browser to save under `filename`.
 */
export async function downloadFile<D extends RouteDefinition>(definition: D, input: InputArg<D>, filename: string, options: CallOptions = {}): Promise<void> {
  const response = await authorizedSend(definition, input, options);
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
