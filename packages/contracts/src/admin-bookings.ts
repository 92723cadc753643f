// Booking back-office (docs/domain.md#desk-planner): the day planner and the list, desk bookings and
// payments, moves, cancellations with a refund choice and their restore, and weekly recurring series.
import type { MessageDescriptor } from '@lingui/core';
import { ZIsoDate } from './auth.js';
import { BOOKING_STATUSES, bookingWhereWhenFields, slotChoiceFields, SLOTS, ZSlotStart, withSlotRules } from './bookings.js';
import { COURT_ROWS, ZCourtId } from './courts.js';
import { defineRoute, ZIdParams, zOptionalTextRowId, zRowId } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZEuroInput, ZMoney } from './money.js';
import { pagedListOf, pageQuery } from './paging.js';
import { zInt } from './integers.js';
import * as z from './zod-i18n.js';

const adminBookingMessages = defineMessages({
  deskPaymentMethod: /* i18n */ { id: 'admin_bookings.desk_payment_method', message: 'Scegli come ha pagato.' },
  member: /* i18n */ { id: 'admin_bookings.member', message: 'Socio non valido.' },
  customerNameTooLong: /* i18n */ { id: 'admin_bookings.customer_name_too_long', message: 'Nome troppo lungo (massimo 200 caratteri).' },
  customerPhoneTooLong: /* i18n */ { id: 'admin_bookings.customer_phone_too_long', message: 'Telefono troppo lungo (massimo 30 caratteri).' },
  priceReasonTooLong: /* i18n */ { id: 'admin_bookings.price_reason_too_long', message: 'Motivo troppo lungo (massimo 500 caratteri).' },
  needsCustomer: /* i18n */ { id: 'admin_bookings.needs_customer', message: 'Scegli un socio oppure scrivi il nome del cliente.' },
  needsReason: /* i18n */ { id: 'admin_bookings.needs_reason', message: 'Indica il motivo del prezzo modificato.' },
  payment: /* i18n */ { id: 'admin_bookings.payment', message: 'Pagamento non valido.' },
  paymentChoice: /* i18n */ { id: 'admin_bookings.payment_choice', message: 'Scegli quando si paga.' },
  notesTooLong: /* i18n */ { id: 'admin_bookings.notes_too_long', message: 'Note troppo lunghe (massimo 1000 caratteri).' },
  linkNeedsMember: /* i18n */ { id: 'admin_bookings.link_needs_member', message: 'Il pagamento con link è per i soci registrati: scegli un socio.' },
  weekday: /* i18n */ { id: 'admin_bookings.weekday', message: 'Scegli il giorno della settimana.' },
  endBeforeStart: /* i18n */ { id: 'admin_bookings.end_before_start', message: 'La fine deve essere dopo l’inizio.' },
  validToBeforeValidFrom: /* i18n */ {
    id: 'admin_bookings.valid_to_before_valid_from',
    message: 'La data di fine deve essere uguale o successiva a quella di inizio.',
  },
  seriesTooLong: /* i18n */ { id: 'admin_bookings.series_too_long', message: 'Una serie dura al massimo un anno.' },
});

/** Payments the desk takes in person (an online payment is the member's, through Stripe). */
export const DESK_PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export const ZDeskPaymentMethod = z.enum(DESK_PAYMENT_METHODS, z.because(adminBookingMessages.deskPaymentMethod));
export const DESK_PAYMENT_METHOD_LABELS: Record<(typeof DESK_PAYMENT_METHODS)[number] | 'stripe', string> = {
  cash: 'Contanti',
  card: 'Carta (POS)',
  bank_transfer: 'Bonifico',
  stripe: 'Online (carta)',
};

/** How a booking stands with its money, at a glance on the planner. */
export const PAYMENT_STATES = ['paid', 'unpaid', 'awaiting_online', 'refunded', 'partially_refunded'] as const;
export type TPaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<TPaymentState, string> = {
  paid: 'Pagata',
  unpaid: 'Da pagare',
  awaiting_online: 'Attesa pagamento online',
  refunded: 'Rimborsata',
  partially_refunded: 'Rimborsata in parte',
};

/** At the desk: paid now, paid later (on the day), or by a link the member pays online. */
export const DESK_PAYMENT_CHOICES = ['now', 'later', 'link'] as const;

const optionalText = (max: number, message: MessageDescriptor) =>
  z
    .string()
    .trim()
    .max(max, z.because(message))
    .nullish()
    .transform((value) => value || null);

const ZUserId = zRowId(adminBookingMessages.member).nullish().transform((value) => value ?? null);

const customerFields = {
  user_id: ZUserId,
  customer_name: optionalText(200, adminBookingMessages.customerNameTooLong),
  customer_phone: optionalText(30, adminBookingMessages.customerPhoneTooLong),
};
const priceOverrideFields = {
  /** Admins only: a price other than the list's, in euros, with its reason. */
  price: ZEuroInput.nullish().transform((value) => value ?? null),
  price_reason: optionalText(500, adminBookingMessages.priceReasonTooLong),
};

const needsCustomer = { ...z.because(adminBookingMessages.needsCustomer), path: ['customer_name'] };
const needsReason = { ...z.because(adminBookingMessages.needsReason), path: ['price_reason'] };

export const ZAdminBooking = z.object({
  ...bookingWhereWhenFields,
  customer: z.object({ user_id: z.number().int().nullable(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  price: ZMoney,
  discount: ZMoney,
  coupon_code: z.string().nullable(),
  price_override_reason: z.string().nullable(),
  payment_state: z.enum(PAYMENT_STATES),
  payment_method: z.enum(['stripe', ...DESK_PAYMENT_METHODS]).nullable(),
  /** What was paid (the players' shares included) and what was given back, net of nothing. */
  paid: ZMoney,
  refunded: ZMoney,
  /** Still owed, by the organiser and the players together: what the desk collects with "Segna pagata". */
  owed: ZMoney,
  notes: z.string().nullable(),
  recurring_booking_id: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
});
export type TAdminBooking = z.infer<typeof ZAdminBooking>;

export const ZPlanner = z.object({
  date: ZIsoDate,
  today: ZIsoDate,
  slots: z.array(z.object({ start: z.string(), end: z.string(), band: z.enum(['day', 'evening']) })),
  courts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), row: z.enum(COURT_ROWS).nullable(), has_lights: z.boolean(), is_bookable: z.boolean() })),
  /** Live bookings of the day (confirmed, or awaiting payment); checked_in once a card was read at the desk for it. */
  bookings: z.array(ZAdminBooking.extend({ checked_in: z.boolean() })),
  closures: z.array(
    z.object({
      id: z.number().int(), court_id: z.number().int(), starts_at: z.string(), ends_at: z.string(), reason: z.string().nullable(),
      /** The course (or camp week) whose session holds the court, if any. */
      course_id: z.number().int().nullable(),
    }),
  ),
  prices: z.object({ day_slot: ZMoney.nullable(), evening_slot: ZMoney.nullable(), full_day: ZMoney.nullable(), full_day_equipment: ZMoney.nullable() }),
});
export type TPlanner = z.infer<typeof ZPlanner>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const ZOptionalDate = z.preprocess(emptyToUndefined, ZIsoDate.optional());

export const ZAdminBookingsFilter = z.object({
  date_from: ZOptionalDate,
  date_to: ZOptionalDate,
  court_id: zOptionalTextRowId(validationMessages.court),
  status: z.preprocess(emptyToUndefined, z.enum(BOOKING_STATUSES, z.because(validationMessages.status)).optional()),
  payment: z.preprocess(emptyToUndefined, z.enum(PAYMENT_STATES, z.because(adminBookingMessages.payment)).optional()),
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional()),
});
export const ZAdminBookingsQuery = pageQuery(25).extend(ZAdminBookingsFilter.shape);
export type TAdminBookingsQuery = z.input<typeof ZAdminBookingsQuery>;

export const ZAdminCreateBookingBody = withSlotRules(
  z.object({
    ...slotChoiceFields,
    ...customerFields,
    ...priceOverrideFields,
    payment: z.enum(DESK_PAYMENT_CHOICES, z.because(adminBookingMessages.paymentChoice)),
    method: ZDeskPaymentMethod.nullish().transform((value) => value ?? null),
    notes: optionalText(1000, adminBookingMessages.notesTooLong),
  }),
)
  .refine((body) => body.user_id !== null || body.customer_name !== null, needsCustomer)
  .refine((body) => body.payment !== 'now' || body.method !== null, { ...z.because(adminBookingMessages.deskPaymentMethod), path: ['method'] })
  .refine((body) => body.payment !== 'link' || body.user_id !== null, { ...z.because(adminBookingMessages.linkNeedsMember), path: ['payment'] })
  .refine((body) => body.price === null || body.price_reason !== null, needsReason);
export type TAdminCreateBookingBody = z.input<typeof ZAdminCreateBookingBody>;

export const ZMarkPaidBody = z.object({ method: ZDeskPaymentMethod });
export type TMarkPaidBody = z.input<typeof ZMarkPaidBody>;

/** Same length, another court or time. */
export const ZMoveBookingBody = z.object({ court_id: ZCourtId, date: ZIsoDate, start: ZSlotStart });
export type TMoveBookingBody = z.input<typeof ZMoveBookingBody>;

export const ZAdminCancelBody = z.object({
  reason: optionalText(500, adminBookingMessages.priceReasonTooLong),
  /** Give back what was paid: online payments through Stripe, desk payments as a refund in the books. */
  refund: z.boolean().default(false),
});
export type TAdminCancelBody = z.input<typeof ZAdminCancelBody>;

export const ZCancelledBookingsQuery = pageQuery(25).extend({
  date_from: ZOptionalDate,
  date_to: ZOptionalDate,
  status: z.preprocess(emptyToUndefined, z.enum(['cancelled', 'expired'], z.because(validationMessages.status)).optional()),
  search: ZAdminBookingsFilter.shape.search,
});
export type TCancelledBookingsQuery = z.input<typeof ZCancelledBookingsQuery>;

const ZBookingMessage = z.object({ message: z.string(), booking: ZAdminBooking });

// ---------------------------------------------------------------------------------------------
// Weekly recurring series

export const WEEKDAY_LABELS = ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'] as const;
const SLOT_ENDS = SLOTS.map((slot) => slot.end);

export const ZRecurringBody = z
  .object({
    court_id: ZCourtId,
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: zInt(adminBookingMessages.weekday, { min: 1, max: 7 }),
    start: ZSlotStart,
    end: z.enum(SLOT_ENDS as [string, ...string[]], z.because(validationMessages.slotEnd)),
    valid_from: ZIsoDate,
    valid_to: ZIsoDate,
    ...customerFields,
    ...priceOverrideFields,
    notes: optionalText(1000, adminBookingMessages.notesTooLong),
  })
  .refine((body) => body.end > body.start, { ...z.because(adminBookingMessages.endBeforeStart), path: ['end'] })
  .refine((body) => body.valid_to >= body.valid_from, { ...z.because(adminBookingMessages.validToBeforeValidFrom), path: ['valid_to'] })
  .refine((body) => body.valid_to <= addYear(body.valid_from), { ...z.because(adminBookingMessages.seriesTooLong), path: ['valid_to'] })
  .refine((body) => body.user_id !== null || body.customer_name !== null, needsCustomer)
  .refine((body) => body.price === null || body.price_reason !== null, needsReason);
export type TRecurringBody = z.input<typeof ZRecurringBody>;

function addYear(date: string) {
  return `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
}

export const OCCURRENCE_STATES = ['free', 'taken', 'closed', 'out_of_season', 'past'] as const;
export const ZOccurrence = z.object({
  date: ZIsoDate,
  state: z.enum(OCCURRENCE_STATES),
  /** Why it is skipped, in Italian (null when free). */
  reason: z.string().nullable(),
});
export type TOccurrence = z.infer<typeof ZOccurrence>;

export const ZRecurringPreview = z.object({ occurrences: z.array(ZOccurrence), price: ZMoney, free: z.number().int(), skipped: z.number().int() });
export type TRecurringPreview = z.infer<typeof ZRecurringPreview>;

export const ZRecurringSeries = z.object({
  id: z.number().int(),
  court: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  valid_from: ZIsoDate,
  valid_to: ZIsoDate,
  customer: z.object({ user_id: z.number().int().nullable(), name: z.string(), phone: z.string().nullable() }),
  price: ZMoney,
  notes: z.string().nullable(),
  /** Live occurrences still to come, and all live ones. */
  upcoming: z.number().int(),
  booked: z.number().int(),
  created_at: z.string(),
});
export type TRecurringSeries = z.infer<typeof ZRecurringSeries>;

export const ZRecurringUpdateBody = z
  .object({ ...customerFields, ...priceOverrideFields, notes: optionalText(1000, adminBookingMessages.notesTooLong) })
  .refine((body) => body.user_id !== null || body.customer_name !== null, needsCustomer)
  .refine((body) => body.price === null || body.price_reason !== null, needsReason);
export type TRecurringUpdateBody = z.input<typeof ZRecurringUpdateBody>;

export const ZRecurringCancelBody = z.object({ from_date: ZIsoDate });
export type TRecurringCancelBody = z.input<typeof ZRecurringCancelBody>;

export const adminBookingsRoutes = {
  planner: defineRoute({
    method: 'get',
    path: '/api/admin/bookings/planner',
    summary: 'Planner del giorno: ogni campo prenotabile in segreteria (non quelli di libera utenza) × fascia con le prenotazioni, le chiusure e i prezzi',
    tag: 'admin-bookings',
    access: 'staff',
    query: z.object({ date: ZIsoDate }),
    response: ZPlanner,
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/admin/bookings',
    summary: 'Elenco delle prenotazioni con filtri (date, campo, stato, pagamento, cliente)',
    tag: 'admin-bookings',
    access: 'staff',
    query: ZAdminBookingsQuery,
    response: pagedListOf(ZAdminBooking),
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/bookings/export',
    summary: 'Le prenotazioni filtrate in CSV',
    tag: 'admin-bookings',
    access: 'staff',
    query: ZAdminBookingsFilter,
    response: z.unknown(),
  }),
  cancelled: defineRoute({
    method: 'get',
    path: '/api/admin/bookings/cancelled',
    summary: 'Prenotazioni annullate e scadute: quando, da chi, perché, rimborso',
    tag: 'admin-bookings',
    access: 'staff',
    query: ZCancelledBookingsQuery,
    response: pagedListOf(ZAdminBooking),
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/bookings',
    summary: 'Prenota in segreteria per un socio o un cliente di passaggio, con il pagamento subito, dopo o con link',
    tag: 'admin-bookings',
    access: 'staff',
    body: ZAdminCreateBookingBody,
    response: ZBookingMessage.extend({ payment_url: z.string().nullable() }),
    successStatus: 201,
  }),
  show: defineRoute({ method: 'get', path: '/api/admin/bookings/:id', summary: 'Una prenotazione', tag: 'admin-bookings', access: 'staff', params: ZIdParams, response: ZAdminBooking }),
  markPaid: defineRoute({
    method: 'post',
    path: '/api/admin/bookings/:id/mark-paid',
    summary: 'Segna come pagata in segreteria (contanti, POS, bonifico)',
    tag: 'admin-bookings',
    access: 'staff',
    params: ZIdParams,
    body: ZMarkPaidBody,
    response: ZBookingMessage,
  }),
  move: defineRoute({
    method: 'post',
    path: '/api/admin/bookings/:id/move',
    summary: 'Sposta su un altro campo o orario (stessa durata); 409 se è occupato',
    tag: 'admin-bookings',
    access: 'staff',
    params: ZIdParams,
    body: ZMoveBookingBody,
    response: ZBookingMessage,
  }),
  cancel: defineRoute({
    method: 'post',
    path: '/api/admin/bookings/:id/cancel',
    summary: 'Annulla, con o senza rimborso',
    tag: 'admin-bookings',
    access: 'staff',
    params: ZIdParams,
    body: ZAdminCancelBody,
    response: ZBookingMessage,
  }),
  restore: defineRoute({
    method: 'post',
    path: '/api/admin/bookings/:id/restore',
    summary: 'Ripristina una prenotazione annullata o scaduta se l’orario è ancora libero',
    tag: 'admin-bookings',
    access: 'staff',
    params: ZIdParams,
    response: ZBookingMessage,
  }),
  recurringList: defineRoute({
    method: 'get',
    path: '/api/admin/recurring-bookings',
    summary: 'Serie settimanali',
    tag: 'admin-bookings',
    access: 'staff',
    query: pageQuery(25),
    response: pagedListOf(ZRecurringSeries),
  }),
  recurringPreview: defineRoute({
    method: 'post',
    path: '/api/admin/recurring-bookings/preview',
    summary: 'Anteprima di una serie: ogni data, libera o con il motivo per cui salta',
    tag: 'admin-bookings',
    access: 'staff',
    body: ZRecurringBody,
    response: ZRecurringPreview,
    audit: 'skip',
  }),
  recurringCreate: defineRoute({
    method: 'post',
    path: '/api/admin/recurring-bookings',
    summary: 'Crea la serie: prenota insieme tutte le date libere ed elenca quelle saltate',
    tag: 'admin-bookings',
    access: 'staff',
    body: ZRecurringBody,
    response: z.object({ message: z.string(), series: ZRecurringSeries, created: z.number().int(), skipped: z.array(ZOccurrence) }),
    successStatus: 201,
  }),
  recurringShow: defineRoute({
    method: 'get',
    path: '/api/admin/recurring-bookings/:id',
    summary: 'Una serie con tutte le sue date',
    tag: 'admin-bookings',
    access: 'staff',
    params: ZIdParams,
    response: z.object({ series: ZRecurringSeries, bookings: z.array(ZAdminBooking) }),
  }),
  recurringUpdate: defineRoute({
    method: 'put',
    path: '/api/admin/recurring-bookings/:id',
    summary: 'Modifica cliente, prezzo e note della serie e delle sue date future',
    tag: 'admin-bookings',
    access: 'staff',
    params: ZIdParams,
    body: ZRecurringUpdateBody,
    response: z.object({ message: z.string(), series: ZRecurringSeries }),
  }),
  recurringCancel: defineRoute({
    method: 'post',
    path: '/api/admin/recurring-bookings/:id/cancel',
    summary: 'Annulla le date della serie da un giorno in poi',
    tag: 'admin-bookings',
    access: 'staff',
    params: ZIdParams,
    body: ZRecurringCancelBody,
    response: z.object({ message: z.string(), series: ZRecurringSeries, cancelled: z.number().int() }),
  }),
};
