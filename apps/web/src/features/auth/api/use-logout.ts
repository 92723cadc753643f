import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';

/** Marks the navigation to /login made by a logout (the session is cleared once it has arrived). */
export const LOGGING_OUT_STATE = { loggingOut: true } as const;

/**
 * Ends the session on the server, goes to /login and clears everything stored (spec §4). Clearing
 * only after arriving keeps the guard of the page being left from redirecting to /login?redirect=.
 */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    const [{ logoutOnServer }, { queryClient }] = await Promise.all([import('./auth'), import('../../../lib/query')]);
    await logoutOnServer();
    await navigate(paths.login, { state: LOGGING_OUT_STATE });
    session.clear();
    queryClient.clear();
  };
}
