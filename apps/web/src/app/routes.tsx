// The route table (every screen, its path and who may open it), rendered by <AppRoutes> inside the browser's router (or the build's
// static one). Every other screen is its own lazily loaded chunk, so visitors of the home page never
// download the back-office; nor its part of the table (./back-office-routes.tsx), nor the coaches' (./coach-routes.tsx). Public and member screens
// are also under /de/ and /en/; the back-office only under / (docs/i18n.md#addresses-and-the-language-of-a-page).
import { LOCALES } from '@beach/i18n';
import { lazy, useEffect } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { apiEvents } from '../lib/api-events';
// The landing page ships with the entry to save a round trip on a slow connection; its data
// sections load after the first paint.
import HomePage from '../features/home/pages/home-page';
import { page } from './lazy-page';
import { RootLayout } from './layout';

const BackOfficeRoutes = lazy(() => import('./back-office-routes'));
const CoachRoutes = lazy(() => import('./coach-routes'));
const MoreRoutes = lazy(() => import('./more-routes'));

/** The same routes under `prefix` (/de, /en): every path prefixed, nested ones too (a nested absolute path must start with its parent's). */
function localizeRoutes(routes: RouteObject[], prefix: string): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    ...(route.path !== undefined && { path: route.path === '*' ? `${prefix}/*` : `${prefix}${route.path}` }),
    ...(route.children && { children: localizeRoutes(route.children, prefix) }),
  })) as RouteObject[];
}

/**
 * What visitors and members open, in each language: the landing screens here, every other one in a table of
 * its own (./more-routes.tsx), fetched when first needed, so the first paint does not carry its dozens of
 * chunk names.
 */
const publicRoutes: RouteObject[] = [
  { path: paths.home, element: <HomePage /> },
  { path: paths.login, ...page(() => import('../features/auth/pages/login-page')) },
  { path: paths.register, ...page(() => import('../features/auth/pages/register-page')) },
  { path: '*', element: <MoreRoutes /> },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: `${paths.admin.dashboard}/*`, element: <BackOfficeRoutes /> },
      { path: `${paths.coach.sessions}/*`, element: <CoachRoutes /> },
      ...LOCALES.flatMap((locale) => localizeRoutes(publicRoutes, locale === 'it' ? '' : `/${locale}`)),
    ],
  },
];

export function AppRoutes() {
  const navigate = useNavigate();
  // An expired session sends the user to /login through the router.
  useEffect(() => {
    apiEvents.navigate = (to) => void navigate(to);
  }, [navigate]);
  return useRoutes(routes);
}
