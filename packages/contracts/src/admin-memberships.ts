// Memberships back-office (docs/screens.md#memberships-screen): the list, its stats,
// the cards waiting for activation, and the admin actions on one card.
import { ZIsoDate, ZRole } from './auth.js';
import { ZLiabilities } from './finance.js';
import { defineRoute, ZIdParams, zRowId } from './http.js';
import { ZFiscalCode, ZMembership, ZMembershipPurchaseBody, ZMembershipQuote, ZMembershipStatus, ZMembershipType } from './memberships.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney, ZPositiveEuroInput } from './money.js';
import { pagedListOf, pageQuery, ZSortOrder } from './paging.js';
import { ZPaymentMethod } from './payments.js';
import * as z from './zod-i18n.js';

const adminMembershipMessages = defineMessages({
  type: /* i18n */ { id: 'admin_memberships.type', message: 'Tipo di tessera non valido.' },
  bvuFilter: /* i18n */ { id: 'admin_memberships.bvu_filter', message: 'Filtro BVU non valido.' },
  paymentId: /* i18n */ { id: 'admin_memberships.payment_id', message: 'Inserisci l’ID del pagamento.' },
  stripePaymentIdFormat: /* i18n */ { id: 'admin_memberships.stripe_payment_id_format', message: 'L’ID del pagamento Stripe inizia con pi_.' },
  stripePaymentId: /* i18n */ { id: 'admin_memberships.stripe_payment_id', message: 'Inserisci l’ID del pagamento Stripe.' },
  holder: /* i18n */ { id: 'admin_memberships.holder', message: 'Tesserato non valido.' },
  holderOrNew: /* i18n */ { id: 'admin_memberships.holder_or_new', message: 'Scegli un tesserato esistente oppure inserisci i dati di un nuovo tesserato.' },
});

/** Memberships page size. */
export const MEMBERSHIPS_PER_PAGE = 15;

/** The holder as the back-office shows it (the card's nested `user`). */
export const ZMembershipHolder = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: ZIsoDate.nullable(),
  role: ZRole,
});

export const ZAdminMembership = ZMembership.extend({ user: ZMembershipHolder, notes: z.string().nullable() });
export type TAdminMembership = z.infer<typeof ZAdminMembership>;

/** What staff see of a card: not its economics, its payment or its file metadata, which are for admins. */
export const ZStaffMembership = ZAdminMembership.omit({ original_price: true, discount_amount: true, price: true, coupon_code: true, payment: true, pdf_path: true, qr_code: true });
export type TStaffMembership = z.infer<typeof ZStaffMembership>;

/** A card in the back-office list and detail: the admin's shape for admins, the staff's for staff. */
export const ZBackOfficeMembership = z.union([ZAdminMembership, ZStaffMembership]);
export type TBackOfficeMembership = z.infer<typeof ZBackOfficeMembership>;
/** Whether the card came with the admin-only fields. */
export const isAdminMembership = (membership: TBackOfficeMembership): membership is TAdminMembership => 'payment' in membership;

/** "All" is sent as an empty value (or not at all). */
const optionalFilter = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const BVU_FILTERS = ['bvu', 'non_bvu'] as const;
export const MEMBERSHIP_SORT_FIELDS = ['created_at', 'membership_number', 'start_date', 'end_date', 'status', 'type'] as const;

export const ZAdminMembershipsQuery = pageQuery(MEMBERSHIPS_PER_PAGE).extend({
  search: z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional(),
  status: optionalFilter(z.enum(ZMembershipStatus.options, z.because(validationMessages.status))),
  type: optionalFilter(z.enum(ZMembershipType.options, z.because(adminMembershipMessages.type))),
  bvu_status: optionalFilter(z.enum(BVU_FILTERS, z.because(adminMembershipMessages.bvuFilter))),
  sort_by: z.enum(MEMBERSHIP_SORT_FIELDS, z.because(validationMessages.sort)).default('created_at'),
  sort_order: ZSortOrder.default('desc'),
});
export type TAdminMembershipsQuery = z.input<typeof ZAdminMembershipsQuery>;

export const ZMembershipStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  by_type: z.object(Object.fromEntries(ZMembershipType.options.map((type) => [type, z.number().int()])) as Record<z.infer<typeof ZMembershipType>, z.ZodNumber>),
  /** All-time figures, net of refunds; null for staff (money is for admins). */
  revenue: z
    .object({
      membership_income: ZMoney,
      booking_income: ZMoney,
      extra_income: ZMoney,
      total_income: ZMoney,
      total_expenses: ZMoney,
    })
    .nullable(),
  /** What the centre owes its members today (money received, not yet earned); null for staff. */
  liabilities: ZLiabilities.nullable(),
});
export type TMembershipStats = z.infer<typeof ZMembershipStats>;

export const ZActivateBody = z.object({ send_email: z.boolean().default(true) });

export const ZLinkStripePaymentBody = z.object({
  stripe_payment_id: z
    .string(z.because(adminMembershipMessages.paymentId))
    .trim()
    .min(1, z.because(adminMembershipMessages.paymentId))
    .regex(/^pi_[A-Za-z0-9_]+$/, z.because(adminMembershipMessages.stripePaymentIdFormat)),
  /** In cents once parsed. */
  amount: ZPositiveEuroInput,
});
export type TLinkStripePaymentBody = z.input<typeof ZLinkStripePaymentBody>;

const name = z.string(z.because(validationMessages.required)).trim().min(1, z.because(validationMessages.required)).max(100);

/** A member who has no account yet: one is created and a set-password e-mail sent. */
export const ZNewHolder = z.object({
  first_name: name,
  last_name: name,
  email: z.string().trim().toLowerCase().pipe(z.email(z.because(validationMessages.email)).max(255)),
  phone: z.string().trim().max(30).nullish().transform((value) => value || null),
  birth_date: ZIsoDate,
});

/** How a card made at the desk was paid; an online payment is named by its Stripe id. */
export const ZDeskPayment = z
  .object({
    method: ZPaymentMethod,
    stripe_payment_id: z.string().trim().regex(/^pi_[A-Za-z0-9_]+$/, z.because(adminMembershipMessages.stripePaymentIdFormat)).nullish(),
  })
  .refine((payment) => payment.method !== 'stripe' || !!payment.stripe_payment_id, {
  ...z.because(adminMembershipMessages.stripePaymentId),
    path: ['stripe_payment_id'],
  });

/** Card made at the desk: for an existing member (user_id) or a new one (new_user). */
export const ZDeskMembershipBody = ZMembershipPurchaseBody.extend({
  user_id: zRowId(adminMembershipMessages.holder).nullish(),
  new_user: ZNewHolder.nullish(),
  payment: ZDeskPayment,
  notes: z.string().trim().max(1000).nullish(),
}).refine((body) => !!body.user_id !== !!body.new_user, { ...z.because(adminMembershipMessages.holderOrNew), path: ['user_id'] });
export type TDeskMembershipBody = z.input<typeof ZDeskMembershipBody>;

/** Corrections to an existing card; the validity must stay a real range. */
export const ZMembershipEditBody = z
  .object({
    type: ZMembershipType,
    start_date: ZIsoDate,
    end_date: ZIsoDate,
    fiscal_code: ZFiscalCode,
    has_insurance: z.boolean().nullable(),
    notes: z.string().trim().max(1000).nullish().transform((value) => value || null),
  })
  .refine((body) => body.end_date >= body.start_date, { ...z.because(validationMessages.endBeforeStart), path: ['end_date'] });
export type TMembershipEditBody = z.input<typeof ZMembershipEditBody>;

const ZMessage = z.object({ message: z.string() });

export const adminMembershipsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/memberships',
    summary: 'Elenco delle tessere con titolare e pagamento: ricerca, filtri, ordinamento, pagine',
    tag: 'admin-memberships',
    access: 'staff',
    query: ZAdminMembershipsQuery,
    response: pagedListOf(ZBackOfficeMembership),
  }),
  stats: defineRoute({
    method: 'get',
    path: '/api/admin/memberships/stats',
    summary: 'Tessere per stato e tipo; incassi e spese (solo gli importi per gli amministratori)',
    tag: 'admin-memberships',
    access: 'staff',
    response: ZMembershipStats,
  }),
  orphaned: defineRoute({
    method: 'get',
    path: '/api/admin/orphaned-memberships',
    summary: 'Tessere in attesa senza un pagamento completato, da attivare o collegare a un pagamento',
    tag: 'admin-memberships',
    access: 'admin',
    response: z.object({ memberships: z.array(ZAdminMembership) }),
  }),
  show: defineRoute({
    method: 'get',
    path: '/api/admin/memberships/:id',
    summary: 'Una tessera con titolare e pagamento',
    tag: 'admin-memberships',
    access: 'staff',
    params: ZIdParams,
    response: ZBackOfficeMembership,
  }),
  quote: defineRoute({
    method: 'post',
    path: '/api/admin/memberships/quote',
    summary: 'Preventivo di una tessera fatta in segreteria (stesse regole e prezzi dell’acquisto online)',
    tag: 'admin-memberships',
    access: 'admin',
    audit: 'skip',
    body: ZDeskMembershipBody,
    response: ZMembershipQuote,
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/memberships',
    summary: 'Crea in segreteria una tessera già pagata e attiva (per un tesserato esistente o nuovo)',
    tag: 'admin-memberships',
    access: 'admin',
    body: ZDeskMembershipBody,
    response: z.object({ message: z.string(), membership: ZAdminMembership }),
    successStatus: 201,
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/admin/memberships/:id',
    summary: 'Corregge tipo, date, codice fiscale, assicurazione e note di una tessera',
    tag: 'admin-memberships',
    access: 'admin',
    params: ZIdParams,
    body: ZMembershipEditBody,
    response: z.object({ message: z.string(), membership: ZAdminMembership }),
  }),
  pdf: defineRoute({
    method: 'get',
    path: '/api/admin/memberships/:id/download-pdf',
    summary: 'PDF di una tessera attiva o scaduta (tessera-{numero}.pdf)',
    tag: 'admin-memberships',
    access: 'staff',
    params: ZIdParams,
    response: z.unknown(),
  }),
  activate: defineRoute({
    method: 'post',
    path: '/api/admin/memberships/:id/activate',
    summary: 'Attiva una tessera in attesa; con send_email il tesserato riceve il PDF',
    tag: 'admin-memberships',
    access: 'admin',
    params: ZIdParams,
    body: ZActivateBody,
    response: z.object({ message: z.string(), membership: ZAdminMembership }),
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/admin/memberships/:id',
    summary: 'Elimina una tessera (irreversibile); i pagamenti restano nei conti, quelli online in corso vengono chiusi',
    tag: 'admin-memberships',
    access: 'admin',
    params: ZIdParams,
    response: ZMessage,
  }),
  linkStripePayment: defineRoute({
    method: 'post',
    path: '/api/admin/memberships/:id/link-stripe-payment',
    summary: 'Collega a una tessera in attesa un pagamento Stripe riuscito (stesso importo, in euro) e la attiva',
    tag: 'admin-memberships',
    access: 'admin',
    params: ZIdParams,
    body: ZLinkStripePaymentBody,
    response: z.object({ message: z.string(), membership: ZAdminMembership }),
  }),
};
