// The route table (every screen, its path and who may open it), rendered by <AppRoutes> inside the browser's router (or the build's
// static one). Every other screen is its own lazily loaded chunk, so visitors of the home page never
// download the back-office; nor its part of the table (./back-office-routes.tsx), nor the coaches' (./coach-routes.tsx). Public and member screens
// are also under /de/ and /en/; the back-office only under / (docs/i18n.md#addresses-and-the-language-of-a-page).
import { LOCALES } from '@beach/i18n';
import { lazy, useEffect, type ComponentType } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { apiEvents } from '../lib/api-events';
// The landing page ships with the entry to save a round trip on a slow connection; its data
// sections load after the first paint.
import HomePage from '../features/home/pages/home-page';
import type * as TournamentScreens from '../features/tournaments/pages/screens';
import { RequireRole } from './guards';
import { page } from './lazy-page';
import { RootLayout } from './layout';

const BackOfficeRoutes = lazy(() => import('./back-office-routes'));
const CoachRoutes = lazy(() => import('./coach-routes'));
// The tournaments' screens share one chunk, named once here to keep the first paint within its budget.
const tournamentPage = (pick: (screens: typeof TournamentScreens) => ComponentType) =>
  page(() => import('../features/tournaments/pages/screens').then((screens) => ({ default: pick(screens) })));

/** The same routes under `prefix` (/de, /en): every path prefixed, nested ones too (a nested absolute path must start with its parent's). */
function localizeRoutes(routes: RouteObject[], prefix: string): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    ...(route.path !== undefined && { path: route.path === '*' ? `${prefix}/*` : `${prefix}${route.path}` }),
    ...(route.children && { children: localizeRoutes(route.children, prefix) }),
  })) as RouteObject[];
}

/** What visitors and members open, in each language. */
const publicRoutes: RouteObject[] = [
  { path: paths.home, element: <HomePage /> },
  { path: paths.login, ...page(() => import('../features/auth/pages/login-page')) },
  { path: paths.register, ...page(() => import('../features/auth/pages/register-page')) },
  { path: paths.forgotPassword, ...page(() => import('../features/auth/pages/forgot-password-page')) },
  { path: paths.resetPassword, ...page(() => import('../features/auth/pages/reset-password-page')) },
  { path: paths.verifyEmailSuccess, ...page(() => import('../features/auth/pages/email-verified-page')) },
  { path: paths.verifyEmailError, ...page(() => import('../features/auth/pages/email-verified-page')) },
  { path: paths.verifyEmail, ...page(() => import('../features/auth/pages/email-verified-page')) },
  { path: paths.verifyMembership, ...page(() => import('../features/memberships/pages/verify-membership-page')) },
  { path: paths.privacyNotice, ...page(() => import('../features/consents/pages/privacy-notice-page')) },
  { path: paths.unsubscribe, ...page(() => import('../features/consents/pages/unsubscribe-page')) },
  { path: paths.school, ...page(() => import('../features/school/pages/school-page')) },
  { path: paths.tournaments, ...tournamentPage((screens) => screens.TournamentsPage) },
  { path: paths.tournament, ...tournamentPage((screens) => screens.TournamentPage) },
  { path: paths.tournamentTv, ...tournamentPage((screens) => screens.TournamentTvPage) },
  { path: paths.ranking, ...tournamentPage((screens) => screens.RankingPage) },
  {
    element: <RequireRole level="user" />,
    children: [
      { path: paths.profile, ...page(() => import('../features/auth/pages/profile-page')) },
      { path: paths.membership, ...page(() => import('../features/memberships/pages/membership-page')) },
      { path: paths.bookings, ...page(() => import('../features/bookings/pages/bookings-page')) },
      { path: paths.myBookings, ...page(() => import('../features/bookings/pages/my-bookings-page')) },
      { path: paths.bookingPayment, ...page(() => import('../features/bookings/pages/booking-payment-page')) },
      { path: paths.bookingShare, ...page(() => import('../features/split-payment/pages/share-page')) },
      { path: paths.privateLessons, ...page(() => import('../features/private-lessons/pages/private-lessons-page')) },
      { path: paths.paymentCompleted, ...page(() => import('../features/payments/pages/payment-completed-page')) },
    ],
  },
  { path: '*', ...page(() => import('./not-found-page')) },
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
