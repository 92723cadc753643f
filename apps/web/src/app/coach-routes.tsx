// The coaches' part of the route table (/allenatore…): Italian, under / only, for coaches, staff and
// admins. A chunk of its own like the back-office's, so the public pages never download its table.
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RequireRole } from './guards';
import { backOfficePage, page } from './lazy-page';

/** A coach's address relative to /allenatore, where this table is mounted (/allenatore itself is its index). */
const under = (path: string): Pick<RouteObject, 'path' | 'index'> => {
  const relative = path.slice(paths.coach.sessions.length + 1);
  return relative ? { path: relative } : { index: true };
};

const coachRoutes: RouteObject[] = [
  {
    element: <RequireRole level="coach" />,
    children: [
      { ...under(paths.coach.sessions), ...backOfficePage(() => import('../features/coaching/pages/coach-sessions-page')) },
      { ...under(paths.coach.session), ...backOfficePage(() => import('../features/coaching/pages/coach-session-page')) },
    ],
  },
  { path: '*', ...page(() => import('./not-found-page')) },
];

export default function CoachRoutes() {
  return useRoutes(coachRoutes);
}
