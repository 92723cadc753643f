// Route guards (docs/screens.md#routes-and-guards): login-required routes send a visitor to
// /login?redirect=<intended address>; coach, staff and admin routes send an under-privileged user to /,
// except a coach on a back-office route, told so with a link to their sessions. is_admin passes both.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { CoachNotHere } from '../features/coaching/components/coach-not-here';
import { paths } from '../config/paths';
import { isStaffOrAdmin, useCurrentUser } from '../lib/session';

export type GuardLevel = 'user' | 'coach' | 'staff' | 'admin';

export function loginRedirect(location: { pathname: string; search: string; hash: string }) {
  return `${paths.login}?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}

export function RequireRole({ level }: { level: GuardLevel }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to={loginRedirect(location)} replace />;
  if (level === 'coach' && !(user.role === 'coach' || isStaffOrAdmin(user))) return <Navigate to={paths.home} replace />;
  const refused = (level === 'staff' && !isStaffOrAdmin(user)) || (level === 'admin' && !user.is_admin);
  if (refused && user.role === 'coach') return <CoachNotHere />;
  if (refused) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

