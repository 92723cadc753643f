// The public and member screens other than the landing ones (./routes.tsx), in a chunk of their own. Mounted
// under each language's `*` (/, /de, /en): react-router matches these paths against what follows the
// language's prefix, so one table serves the three.
import type { ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import type * as TournamentScreens from '../features/tournaments/pages/screens';
import { RequireRole } from './guards';
import { page } from './lazy-page';

// The tournaments' screens share one chunk.
const tournamentPage = (pick: (screens: typeof TournamentScreens) => ComponentType) =>
  page(() => import('../features/tournaments/pages/screens').then((screens) => ({ default: pick(screens) })));

const moreRoutes: RouteObject[] = [
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
      { path: paths.levelRanking, ...page(() => import('../features/levels/pages/level-ranking-page')) },
      { path: paths.privateLessons, ...page(() => import('../features/private-lessons/pages/private-lessons-page')) },
      { path: paths.openMatches, ...page(() => import('../features/open-matches/pages/open-matches-page')) },
      { path: paths.openMatch, ...page(() => import('../features/open-matches/pages/open-match-page')) },
      { path: paths.paymentCompleted, ...page(() => import('../features/payments/pages/payment-completed-page')) },
    ],
  },
  { path: '*', ...page(() => import('./not-found-page')) },
];

export default function MoreRoutes() {
  return useRoutes(moreRoutes);
}
