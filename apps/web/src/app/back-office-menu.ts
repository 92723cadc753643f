// The back-office's items of the header for a coach, a staff member or an admin (docs/screens.md#header): the
// desktop bar and the mobile menu both render this one list. Its labels name Italian screens and stay
// Italian whatever the page's language (docs/i18n.md#parts). Loaded with the signed-in header only.
import type { TUser } from '@beach/contracts';
import { paths } from '../config/paths';
import type { MenuGroup, MenuLink } from './menu';


/** The mobile menu's title of the dashboard's link. */
export const BACK_OFFICE_TITLE = 'Amministrazione';

export interface BackOfficeMenu {
  dashboard: MenuLink | null;
  groups: MenuGroup[];
}

export function backOfficeMenu(user: TUser | null): BackOfficeMenu {
  if (!user) return { dashboard: null, groups: [] };
  const { permissions, is_admin: isAdmin } = user;
  const groups: MenuGroup[] = [];
  if (permissions.can_view_admin) {
    const links: MenuLink[] = [
      { label: 'Utenti', to: paths.admin.users },
      { label: 'Tesseramenti', to: paths.admin.memberships },
      { label: 'Certificati medici', to: paths.admin.certificates },
    ];
    if (isAdmin) {
      links.push(
        { label: 'Editor tessere', to: paths.admin.membershipEditor },
        { label: 'Tesserati BVU', to: paths.admin.bvuMembers },
        { label: 'Coupon tessere', to: paths.admin.coupons },
      );
    }
    if (permissions.can_view_transactions) {
      links.push(
        { label: 'Transazioni', to: paths.admin.transactions },
        { label: 'Spese', to: paths.admin.expenses },
        { label: 'Incassi', to: paths.admin.incomes },
        { label: 'Banca', to: paths.admin.bank },
        { label: 'Prima nota', to: paths.admin.cashBook },
      );
    }
    // The year's accounts, for admins (the treasurer is one).
    if (isAdmin) links.push({ label: 'Rendiconto', to: paths.admin.annualAccounts });
    // The audit log, for admins.
    if (isAdmin) links.push({ label: 'Registro attività', to: paths.admin.auditLog });
    if (isAdmin) links.push({ label: 'Libro soci', to: paths.admin.membersRegister }, { label: 'Dati associazione', to: paths.admin.association });
    groups.push({ label: 'Gestione', links });
  }
  if (permissions.can_view_bookings) {
    const links: MenuLink[] = [
      { label: 'Prenotazioni', to: paths.admin.bookings },
      { label: 'Prenotazioni ricorrenti', to: paths.admin.recurringBookings },
      { label: 'Check-in ingressi', to: paths.admin.checkIn },
    ];
    if (isAdmin) {
      links.push(
        { label: 'Campi', to: paths.admin.courts },
        { label: 'Allestimenti', to: paths.admin.setups },
        { label: 'Listino prezzi', to: paths.admin.pricing },
        { label: 'Coupon prenotazioni', to: paths.admin.bookingCoupons },
        { label: 'Carnet', to: paths.admin.carnets },
        // Tournaments hold courts too: the admin organises them.
        { label: 'Tornei', to: paths.admin.tournaments },
        { label: 'Partite automatiche', to: paths.admin.automaticMatches },
      );
    }
    groups.push({ label: 'Prenotazioni', links });
  }
  // The school: its courses for the staff, and the sessions (a coach's own; staff and admins open any coach's from there).
  const sessions: MenuLink = { label: user.role === 'coach' ? 'Le mie lezioni' : 'Lezioni degli allenatori', to: paths.coach.sessions };
  if (permissions.can_view_bookings) groups.push({ label: 'Scuola', links: [{ label: 'Corsi', to: paths.admin.courses }, sessions, { label: 'Report', to: paths.admin.schoolReport }] });
  else if (user.role === 'coach' || permissions.can_view_admin) groups.push({ label: 'Scuola', links: [sessions] });
  return { dashboard: permissions.can_view_admin ? { label: 'Dashboard', to: paths.admin.dashboard } : null, groups };
}
