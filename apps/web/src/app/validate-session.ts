import { api } from '../lib/api-routes';
import { callApi } from '../lib/api-client';
import { ApiError } from '../lib/api-transport';
import { session } from '../lib/session';

/**
 * At start-up a stored token is checked against the profile endpoint; a 401 is refreshed
 * when remember-me is on, and a session that still fails is cleared without a redirect.
 */
export async function validateStoredSession() {
  if (!session.get()) return;
  try {
    const user = await callApi(api.auth.profile, {}, { quietOnUnauthorized: true });
    session.update({ user });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) session.clear();
  }
}
