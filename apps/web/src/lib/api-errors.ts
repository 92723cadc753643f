// How a failed back-office call becomes a message on screen (docs/screens.md#messages): the server's own
// words when it explained a refusal, otherwise the screen's fallback.
import { ApiError } from './api-transport';

/**
 * The server's own words for a refusal it explained (a 4xx with a message; field messages joined
 * by line), or null when there was no usable answer (no connection, a server error).
 */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.details : null;
}

/** A 403: the session lacks the right (e.g. demoted while the screen was open). */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
