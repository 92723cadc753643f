// Users in the back-office: the list, a member's page, desk accounts and role changes (docs/domain.md#roles).
import { personFields, roledPersonFields, ZBirthDate, ZEmail, ZIsoDate, ZPersonName, ZPhone, ZRole } from './auth.js';
import { BOOKING_STATUSES } from './bookings.js';
import { defineRoute, ZIdParams } from './http.js';
import { ZMembershipStatus, ZMembershipType } from './memberships.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney } from './money.js';
import { pagedListOf, pageQuery } from './paging.js';
import { ZPaymentMethod, ZPaymentStatus } from './payments.js';
import * as z from './zod-i18n.js';

const userMessages = defineMessages({
  role: /* i18n */ { id: 'users.role', message: 'Ruolo non valido.' },
  residenceTooLong: /* i18n */ { id: 'users.residence_too_long', message: 'La residenza può avere al massimo 300 caratteri.' },
  roleChoice: /* i18n */ { id: 'users.role_choice', message: 'Ruolo non valido: scegli tra utente, staff e admin.' },
  searchTooShort: /* i18n */ { id: 'users.search_too_short', message: 'Scrivi almeno 2 caratteri.' },
});

/** Users list page size (like the memberships list). */
export const USERS_PER_PAGE = 15;

/** A user as the back-office lists it. */
export const ZAdminUser = z.object({
  ...roledPersonFields,
  /** Address, postcode and town, for the members' register. */
  residence: z.string().nullable(),
  email_verified: z.boolean(),
  /** Disabled by the desk or erased: login is refused. */
  disabled_at: z.iso.datetime().nullable(),
  /** Personal data anonymised on request (GDPR). */
  erased_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** "All" is sent as an empty value (or not at all). */
const optionalRole = z.preprocess((value) => (value === '' ? undefined : value), z.enum(ZRole.options, z.because(userMessages.role)).optional());

export const ZAdminUsersQuery = pageQuery(USERS_PER_PAGE).extend({
  search: z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional(),
  role: optionalRole,
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;

/** The member's cards, bookings and payments, as their page and their data export show them. */
export const ZUserMembershipSummary = z.object({
  id: z.number().int(),
  membership_number: z.string(),
  type: ZMembershipType,
  status: ZMembershipStatus,
  start_date: ZIsoDate,
  end_date: ZIsoDate,
  is_bvu_member: z.boolean(),
  bvu_card_code: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  has_insurance: z.boolean().nullable(),
  price: ZMoney,
  coupon_code: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export const ZUserBookingSummary = z.object({
  id: z.number().int(),
  court_name: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  status: z.enum(BOOKING_STATUSES),
  price: ZMoney,
  discount: ZMoney,
  coupon_code: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** Still to collect, from the ledger (the planner's "Ancora da incassare"): the organiser's and the players' shares. */
  owed: ZMoney,
});
/**
 * What the member owes the centre, from the ledger, as the desk collects it (docs/screens.md, the member's
 * page): their shares in others' bookings, their enrolments (their children's included) and their debt;
 * `total` adds these to what their own bookings still owe.
 */
export const ZMemberOwed = z.object({
  total: ZMoney,
  shares: z.array(z.object({ id: z.number().int(), booking_id: z.number().int(), court_name: z.string(), starts_at: z.iso.datetime(), organiser: z.string(), owed: ZMoney })),
  enrolments: z.array(z.object({ id: z.number().int(), course_name: z.string(), participant: z.string(), owed: ZMoney })),
  debt: ZMoney,
});
export type TMemberOwed = z.infer<typeof ZMemberOwed>;
export const ZUserPaymentSummary = z.object({
  id: z.number().int(),
  kind: z.string(),
  type: z.enum(['payment', 'refund']),
  amount: ZMoney,
  method: ZPaymentMethod,
  status: ZPaymentStatus,
  description: z.string().nullable(),
  membership_id: z.number().int().nullable(),
  booking_id: z.number().int().nullable(),
  paid_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});

export const ZAdminUserDetail = z.object({
  user: ZAdminUser,
  memberships: z.array(ZUserMembershipSummary),
  bookings: z.array(ZUserBookingSummary),
  payments: z.array(ZUserPaymentSummary),
  owed: ZMemberOwed,
});
/** What staff see of a member: not the cards' economics nor the payments, which are for admins. */
export const ZStaffUserDetail = ZAdminUserDetail.omit({ memberships: true, payments: true }).extend({
  memberships: z.array(ZUserMembershipSummary.omit({ price: true, coupon_code: true })),
});
/** The member's page: the admin's shape for admins, the staff's for staff. */
export const ZBackOfficeUserDetail = z.union([ZAdminUserDetail, ZStaffUserDetail]);
export type TBackOfficeUserDetail = z.infer<typeof ZBackOfficeUserDetail>;
/** Whether the member's page came with the admin-only fields. */
export const isAdminUserDetail = (detail: TBackOfficeUserDetail): detail is z.infer<typeof ZAdminUserDetail> => 'payments' in detail;

/** What the desk types for an account: the member chooses the password from the e-mail link. */
export const ZAdminUserBody = z.object({
  first_name: ZPersonName,
  last_name: ZPersonName,
  email: ZEmail,
  phone: z.preprocess((value) => (value === '' ? null : value), ZPhone.nullable()),
  birth_date: z.preprocess((value) => (value === '' ? null : value), ZBirthDate.nullable()),
  residence: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(300, z.because(userMessages.residenceTooLong)).nullable().default(null),
  ),
});
export type TAdminUserBody = z.input<typeof ZAdminUserBody>;
export const ZAdminUserCreateBody = ZAdminUserBody.extend({ role: z.enum(ZRole.options, z.because(userMessages.roleChoice)).default('user') });
export type TAdminUserCreateBody = z.input<typeof ZAdminUserCreateBody>;

const ZUserChange = z.object({ message: z.string(), user: ZAdminUser });

export const ZMemberSearchResult = z.object({
  ...personFields,
  /** From the member's latest card, to fill the desk form. */
  fiscal_code: z.string().nullable(),
  /** The latest card's number: with the e-mail and the birth date, it tells homonyms apart at the desk. */
  membership_number: z.string().nullable(),
});
export type TMemberSearchResult = z.infer<typeof ZMemberSearchResult>;

export const usersRoutes = {
  search: defineRoute({
    method: 'get',
    path: '/api/admin/users/search',
    summary: 'Cerca un tesserato per nome, e-mail o codice fiscale (al massimo 10 risultati), per la segreteria',
    tag: 'users',
    access: 'staff',
    query: z.object({ q: z.string().trim().min(2, z.because(userMessages.searchTooShort)).max(100) }),
    response: z.object({ data: z.array(ZMemberSearchResult) }),
  }),
  changeRole: defineRoute({
    method: 'put',
    path: '/api/admin/users/:id/role',
    summary: 'Cambia il ruolo di un altro utente (mai il proprio; l’ultimo amministratore resta tale)',
    tag: 'users',
    access: 'admin',
    params: ZIdParams,
    body: z.object({ role: z.enum(ZRole.options, z.because(userMessages.roleChoice)) }),
    response: z.object({ message: z.string(), user: z.object({ id: z.number().int(), role: ZRole }) }),
  }),
  list: defineRoute({
    method: 'get', path: '/api/admin/users', tag: 'users', access: 'staff',
    summary: 'Utenti, con ricerca per nome o e-mail e filtro per ruolo (per_page=1 per il solo totale)',
    query: ZAdminUsersQuery, response: pagedListOf(ZAdminUser),
  }),
  show: defineRoute({
    method: 'get', path: '/api/admin/users/:id', tag: 'users', access: 'staff',
    summary: 'Scheda di un utente: profilo, tessere, prenotazioni e pagamenti',
    params: ZIdParams, response: ZBackOfficeUserDetail,
  }),
  create: defineRoute({
    method: 'post', path: '/api/admin/users', tag: 'users', access: 'admin', successStatus: 201,
    summary: 'Crea un account in segreteria; l’utente sceglie la password dal link ricevuto per e-mail',
    body: ZAdminUserCreateBody, response: ZUserChange,
  }),
  update: defineRoute({
    method: 'put', path: '/api/admin/users/:id', tag: 'users', access: 'admin',
    summary: 'Modifica i dati di un utente', params: ZIdParams, body: ZAdminUserBody, response: ZUserChange,
  }),
  disable: defineRoute({
    method: 'post', path: '/api/admin/users/:id/disable', tag: 'users', access: 'admin',
    summary: 'Disattiva un account (mai il proprio): chiude le sue sessioni e ne rifiuta l’accesso',
    params: ZIdParams, response: ZUserChange,
  }),
  enable: defineRoute({
    method: 'post', path: '/api/admin/users/:id/enable', tag: 'users', access: 'admin',
    summary: 'Riattiva un account disattivato', params: ZIdParams, response: ZUserChange,
  }),
  erase: defineRoute({
    method: 'post', path: '/api/admin/users/:id/erase', tag: 'users', access: 'admin', audit: 'without-values',
    summary: 'Cancella su richiesta i dati personali di un utente (GDPR): anonimizza l’account, conserva i dati contabili',
    params: ZIdParams, response: ZUserChange,
  }),
};
