// How every call reaches the API: JSON Accept, the page's language as Accept-Language, bearer token when
// there is one, 15 s timeout (25 s on iOS), credentials and X-Requested-With except on iOS, messages
// in the page's language when no answer comes. No contracts here (types only), so public pages can call the API without zod.
import type { HttpMethod, TApiError } from '@beach/contracts';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { apiLocale } from './i18n';

const API_BASE = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

const NETWORK_ERROR = msg`Impossibile contattare il server. Controlla la tua connessione e riprova.`;
const TIMED_OUT = msg`La richiesta ha impiegato troppo tempo. Riprova.`;

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

  /** Field messages joined by line, as the screens show them. */
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

export interface ApiRequest {
  method: HttpMethod;
  /** Path and query, e.g. /api/prices?year=2026 */
  url: string;
  token?: string;
  body?: unknown;
}

/** For requests whose work grows with the data (an import, verifying the whole books): a busy server may take a minute. */
export const LONG_WORK_TIMEOUT_MS = 120_000;

export async function send({ method, url, token, body }: ApiRequest, options: CallOptions = {}): Promise<Response> {
  const ios = isIOS();
  // Accept-Language is a CORS-safelisted header: a separate API host needs no preflight for it.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': apiLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (!ios) headers['X-Requested-With'] = 'XMLHttpRequest';
  // A form (a file upload) sets its own multipart Content-Type with the boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const timeoutMs = options.timeoutMs ?? (ios ? 25_000 : 15_000);
  try {
    return await fetch(API_BASE + url, {
      method: method.toUpperCase(),
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: ios ? 'omit' : 'include',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw transportError(error);
  }
}

/** No response, or a body cut off: the connection failed or the timeout ran out. */
export function transportError(error: unknown): ApiError {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return new ApiError(0, i18n._(timedOut ? TIMED_OUT : NETWORK_ERROR), undefined, timedOut);
}

/** A failed answer as an ApiError with the API's message and field errors. */
export async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<TApiError> | null;
  const { status } = response;
  if (status >= 500) console.error(`API ${status}`, body);
  return new ApiError(status, body?.message ?? i18n._(msg`Errore ${status}: Si è verificato un errore nel caricamento dei dati.`), body?.errors);
}

/** The body of a success (nothing for a 204), or the API's error as an ApiError. */
export async function readResponse<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFrom(response);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
