// The route table (every screen, its path and who may open it), rendered by <AppRoutes> inside the browser's router (or the build's
// static one). Every other screen is its own lazily loaded chunk, so visitors of the home page never
// download the back-office.
import { lazy, useEffect, type ComponentType } from 'react';
import { useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { apiEvents } from '../lib/api-events';
// The landing page ships with the entry to save a round trip on a slow connection; its data
// sections load after the first paint.
import HomePage from '../features/home/pages/home-page';
import { RequireRole } from './guards';
import { RootLayout } from './layout';

type PageModule = { default: ComponentType };
/** A lazily loaded screen, inside the data (TanStack Query) provider. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'element'> {
  const Page = lazy(async () => {
    const [{ default: Screen }, { QueryProvider }] = await Promise.all([load(), import('../lib/query')]);
    return { default: () => <QueryProvider><Screen /></QueryProvider> };
  });
  return { element: <Page /> };
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
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
      {
        element: <RequireRole level="user" />,
        children: [
          { path: paths.profile, ...page(() => import('../features/auth/pages/profile-page')) },
          { path: paths.membership, ...page(() => import('../features/memberships/pages/membership-page')) },
          { path: paths.bookings, ...page(() => import('../features/bookings/pages/bookings-page')) },
          { path: paths.myBookings, ...page(() => import('../features/bookings/pages/my-bookings-page')) },
          { path: paths.bookingPayment, ...page(() => import('../features/bookings/pages/booking-payment-page')) },
          { path: paths.bookingShare, ...page(() => import('../features/split-payment/pages/share-page')) },
          { path: paths.paymentCompleted, ...page(() => import('../features/payments/pages/payment-completed-page')) },
        ],
      },
      {
        element: <RequireRole level="staff" />,
        children: [
          { path: paths.admin.dashboard, ...page(() => import('../features/dashboard/pages/dashboard-page')) },
          { path: paths.admin.users, ...page(() => import('../features/users/pages/admin-users-page')) },
          { path: paths.admin.memberships, ...page(() => import('../features/admin-memberships/pages/admin-memberships-page')) },
          { path: paths.admin.bvuMembers, ...page(() => import('../features/bvu-members/pages/bvu-members-page')) },
          { path: paths.admin.coupons, ...page(() => import('../features/coupons/pages/coupons-page')) },
          { path: paths.admin.cancelledBookings, ...page(() => import('../features/admin-bookings/pages/cancelled-bookings-page')) },
          { path: paths.admin.bookings, ...page(() => import('../features/admin-bookings/pages/admin-bookings-page')) },
          { path: paths.admin.recurringBookings, ...page(() => import('../features/admin-bookings/pages/recurring-bookings-page')) },
          { path: paths.admin.checkIn, ...page(() => import('../features/check-ins/pages/check-in-page')) },
          { path: paths.admin.certificates, ...page(() => import('../features/certificates/pages/admin-certificates-page')) },
        ],
      },
      {
        element: <RequireRole level="admin" />,
        children: [
          { path: paths.admin.membershipEditor, ...page(() => import('../features/admin-memberships/pages/membership-editor-page')) },
          { path: paths.admin.transactions, ...page(() => import('../features/finance/pages/transactions-page')) },
          { path: paths.admin.courts, ...page(() => import('../features/courts/pages/admin-courts-page')) },
          { path: paths.admin.setups, ...page(() => import('../features/setups/pages/admin-setups-page')) },
          { path: paths.admin.pricing, ...page(() => import('../features/pricing/pages/admin-pricing-page')) },
          { path: paths.admin.bookingCoupons, ...page(() => import('../features/booking-coupons/pages/admin-booking-coupons-page')) },
          { path: paths.admin.carnets, ...page(() => import('../features/carnets/pages/admin-carnet-products-page')) },
          { path: paths.admin.expenses, ...page(() => import('../features/finance/pages/expenses-page')) },
          { path: paths.admin.incomes, ...page(() => import('../features/finance/pages/incomes-page')) },
          { path: paths.admin.auditLog, ...page(() => import('../features/audit-log/pages/audit-log-page')) },
          { path: paths.admin.association, ...page(() => import('../features/association/pages/association-page')) },
          { path: paths.admin.membersRegister, ...page(() => import('../features/members-register/pages/members-register-page')) },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page')) },
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
