import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';

/** Ends the session on the server, clears everything stored and goes to /login (spec §4). */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    const [{ logoutOnServer }, { queryClient }] = await Promise.all([import('./auth'), import('../../../lib/query')]);
    await logoutOnServer();
    session.clear();
    queryClient.clear();
    navigate(paths.login);
  };
}
