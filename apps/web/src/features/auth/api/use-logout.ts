import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';

/** Marks the navigation to /login made by a logout (the session is cleared once it has arrived). */
export const LOGGING_OUT_STATE = { loggingOut: true } as const;

/**
 * Goes to /login and forgets the stored session. The move is on screen first, so the guard of the
 * page being left never sees a logged-out user (it would redirect to /login?redirect=).
 */
export function useLeaveToLogin() {
  const navigate = useNavigate();
  return () => {
    flushSync(() => void navigate(paths.login, { state: LOGGING_OUT_STATE }));
    session.clear();
  };
}

/** Ends the session on the server, goes to /login and clears everything stored on this device. */
export function useLogout() {
  const leave = useLeaveToLogin();
  return async () => {
    const [{ logoutOnServer }, { queryClient }] = await Promise.all([import('./auth'), import('../../../lib/query')]);
    await logoutOnServer();
    leave();
    queryClient.clear();
  };
}
