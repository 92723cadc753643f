// Every address of the web app (docs/screens.md#routes-and-guards), in one place.
export const paths = {
  home: '/',
  howItWorks: '/#how-it-works',
  pricing: '/#pricing',
  courtsMap: '/#courts-map',
  login: '/login',
  register: '/registrazione',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email/:id/:token',
  verifyEmailSuccess: '/verify-email/success',
  verifyEmailError: '/verify-email/error',
  membership: '/tesseramento',
  profile: '/profilo',
  /** The member's credit on their profile, where a debt is paid (its heading's id). */
  profileCredit: '/profilo#credit-title',
  bookings: '/prenotazioni',
  myBookings: '/le-mie-prenotazioni',
  bookingPayment: '/prenotazioni/pagamento/:bookingId',
  /** A player's share of a split booking, linked from the invitation e-mail. */
  bookingShare: '/quote/:shareId',
  paymentCompleted: '/pagamento-completato',
  /** Members: open matches to join, and one match (its address is the link to share; docs/open-matches.md). */
  openMatches: '/partite',
  openMatch: '/partite/:matchId',
  /** Public: the school's courses open to enrolment. */
  school: '/scuola',
  /** Members: the coaches' open private lessons, to book (docs/school.md#private-lessons). */
  privateLessons: '/lezioni-private',
  /** Public: the tournaments, one live page each, its TV mode for the bar's screen, the club ranking (docs/tournaments.md). */
  tournaments: '/tornei',
  tournament: '/tornei/:id',
  tournamentTv: '/tornei/:id/tv',
  ranking: '/classifica',
  /** Members: the club's ranking by level of a sport (docs/levels.md#ranking). */
  levelRanking: '/classifica-livelli',
  /** Public: what the QR code on a membership card opens. */
  verifyMembership: '/verifica-tessera/:token',
  /** Public: the privacy notice accepted at registration. */
  privacyNotice: '/informativa-privacy',
  /** Public: a newsletter's unsubscribe link. */
  unsubscribe: '/disiscrizione',
  /** A coach's sessions (Italian only, like the back-office; docs/school.md#coaches). */
  coach: {
    sessions: '/allenatore',
    session: '/allenatore/lezioni/:id',
  },
  admin: {
    dashboard: '/admin',
    users: '/admin/users',
    memberships: '/admin/memberships',
    bvuMembers: '/admin/bvu-members',
    coupons: '/admin/coupons',
    cancelledBookings: '/admin/prenotazioni-cancellate',
    bookings: '/admin/prenotazioni',
    recurringBookings: '/admin/prenotazioni-ricorrenti',
    checkIn: '/admin/check-in',
    membershipEditor: '/admin/membership-editor',
    transactions: '/admin/transactions',
    courts: '/admin/campi',
    setups: '/admin/allestimenti',
    pricing: '/admin/listino-prezzi',
    bookingCoupons: '/admin/coupon-prenotazioni',
    carnets: '/admin/carnet',
    courses: '/admin/corsi',
    schoolReport: '/admin/scuola/report',
    expenses: '/admin/spese',
    incomes: '/admin/incassi',
    bank: '/admin/banca',
    annualAccounts: '/admin/rendiconto',
    accountsMapping: '/admin/rendiconto/voci',
    cashBook: '/admin/prima-nota',
    auditLog: '/admin/registro-attivita',
    association: '/admin/associazione',
    membersRegister: '/admin/libro-soci',
    certificates: '/admin/certificati',
    tournaments: '/admin/tornei',
    tournament: '/admin/tornei/:id',
    amountsDue: '/admin/users/:id/da-pagare',
    automaticMatches: '/admin/partite-automatiche',
  },
} as const;

/** Pages where an expired session does not announce itself (the user is already signing in). */
export const AUTH_PAGES: readonly string[] = [paths.login, paths.register, paths.forgotPassword, paths.resetPassword];

/** The redirect query when it is an address of this app. */
export function safeRedirect(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
}

/** Where to go after login: the redirect query when it is an address of this app, else `fallback`. */
export const safeRedirectTarget = (search: string, fallback: string = paths.home): string => safeRedirect(search) ?? fallback;

/** Where a user lands after signing in without a redirect: staff and admins at the desk, coaches on their sessions, members on their page. */
export const landingOf = (user: { is_admin: boolean; role: string }) =>
  user.is_admin || user.role === 'staff' ? paths.admin.dashboard : user.role === 'coach' ? paths.coach.sessions : paths.profile;

/** A sign-in page's address that keeps where to go afterwards and the address to fill in (an invitation's). */
export function authLink(page: string, redirect: string | null, email?: string | null): string {
  const query = new URLSearchParams();
  if (redirect && redirect !== paths.home) query.set('redirect', redirect);
  if (email) query.set('email', email);
  const text = query.toString();
  return text ? `${page}?${text}` : page;
}

/** The invited address a share's link carries (/quote/12?email=…), for the registration form. */
export const invitedEmailOf = (target: string | null): string | null => (target ? new URLSearchParams(target.split('?')[1] ?? '').get('email') : null);
