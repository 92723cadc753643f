// The back-office's part of the route table (/admin…): staff and admin screens, Italian, under / only.
// A chunk of its own, loaded with the first back-office address: the public pages never download it.
import { useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RequireRole } from './guards';
import { backOfficePage, page } from './lazy-page';

/** A back-office address relative to /admin, where this table is mounted (/admin itself is its index). */
const under = (path: string): Pick<RouteObject, 'path' | 'index'> => {
  const relative = path.slice(paths.admin.dashboard.length + 1);
  return relative ? { path: relative } : { index: true };
};

const backOfficeRoutes: RouteObject[] = [
  {
    element: <RequireRole level="staff" />,
    children: [
      { ...under(paths.admin.dashboard), ...backOfficePage(() => import('../features/dashboard/pages/dashboard-page')) },
      { ...under(paths.admin.users), ...backOfficePage(() => import('../features/users/pages/admin-users-page')) },
      { ...under(paths.admin.memberships), ...backOfficePage(() => import('../features/admin-memberships/pages/admin-memberships-page')) },
      { ...under(paths.admin.bvuMembers), ...backOfficePage(() => import('../features/bvu-members/pages/bvu-members-page')) },
      { ...under(paths.admin.coupons), ...backOfficePage(() => import('../features/coupons/pages/coupons-page')) },
      { ...under(paths.admin.cancelledBookings), ...backOfficePage(() => import('../features/admin-bookings/pages/cancelled-bookings-page')) },
      { ...under(paths.admin.bookings), ...backOfficePage(() => import('../features/admin-bookings/pages/admin-bookings-page')) },
      { ...under(paths.admin.recurringBookings), ...backOfficePage(() => import('../features/admin-bookings/pages/recurring-bookings-page')) },
      { ...under(paths.admin.courses), ...backOfficePage(() => import('../features/courses/pages/admin-courses-page')) },
      { ...under(paths.admin.schoolReport), ...backOfficePage(() => import('../features/school-reports/pages/school-report-page')) },
      { ...under(paths.admin.checkIn), ...backOfficePage(() => import('../features/check-ins/pages/check-in-page')) },
      { ...under(paths.admin.certificates), ...backOfficePage(() => import('../features/certificates/pages/admin-certificates-page')) },
      { ...under(paths.admin.amountsDue), ...backOfficePage(() => import('../features/bank/pages/amounts-due-page')) },
    ],
  },
  {
    element: <RequireRole level="admin" />,
    children: [
      { ...under(paths.admin.membershipEditor), ...backOfficePage(() => import('../features/admin-memberships/pages/membership-editor-page')) },
      { ...under(paths.admin.transactions), ...backOfficePage(() => import('../features/finance/pages/transactions-page')) },
      { ...under(paths.admin.bank), ...backOfficePage(() => import('../features/bank/pages/bank-page')) },
      { ...under(paths.admin.annualAccounts), ...backOfficePage(() => import('../features/annual-accounts/pages/annual-accounts-page')) },
      { ...under(paths.admin.accountsMapping), ...backOfficePage(() => import('../features/annual-accounts/pages/accounts-mapping-page')) },
      { ...under(paths.admin.cashBook), ...backOfficePage(() => import('../features/cash-book/pages/cash-book-page')) },
      { ...under(paths.admin.courts), ...backOfficePage(() => import('../features/courts/pages/admin-courts-page')) },
      { ...under(paths.admin.setups), ...backOfficePage(() => import('../features/setups/pages/admin-setups-page')) },
      { ...under(paths.admin.pricing), ...backOfficePage(() => import('../features/pricing/pages/admin-pricing-page')) },
      { ...under(paths.admin.bookingCoupons), ...backOfficePage(() => import('../features/booking-coupons/pages/admin-booking-coupons-page')) },
      { ...under(paths.admin.carnets), ...backOfficePage(() => import('../features/carnets/pages/admin-carnet-products-page')) },
      { ...under(paths.admin.automaticMatches), ...backOfficePage(() => import('../features/admin-open-matches/pages/automatic-matches-page')) },
      { ...under(paths.admin.expenses), ...backOfficePage(() => import('../features/finance/pages/expenses-page')) },
      { ...under(paths.admin.incomes), ...backOfficePage(() => import('../features/finance/pages/incomes-page')) },
      { ...under(paths.admin.auditLog), ...backOfficePage(() => import('../features/audit-log/pages/audit-log-page')) },
      { ...under(paths.admin.association), ...backOfficePage(() => import('../features/association/pages/association-page')) },
      { ...under(paths.admin.membersRegister), ...backOfficePage(() => import('../features/members-register/pages/members-register-page')) },
      { ...under(paths.admin.tournaments), ...backOfficePage(() => import('../features/admin-tournaments/pages/admin-tournaments-page')) },
      { ...under(paths.admin.tournament), ...backOfficePage(() => import('../features/admin-tournaments/pages/admin-tournament-page')) },
    ],
  },
  { path: '*', ...page(() => import('./not-found-page')) },
];

export default function BackOfficeRoutes() {
  return useRoutes(backOfficeRoutes);
}
