// Finance back-office (docs/domain.md#finance): every payment and refund, expenses and extra
// income with their lists, forms and totals, and the monthly income and expense stats of the
// dashboard chart. Admin only (can_view_transactions). Money travels as euros with two decimals and
// is computed in integer cents; months are Europe/Rome calendar months.
import type { MessageDescriptor } from '@lingui/core';
import { ZIsoDate } from './auth.js';
import { defineRoute, ZIdParams } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { ZMoney, ZPositiveEuroInput } from './money.js';
import { pagedListOf, pageQuery } from './paging.js';
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, ZPaymentKind, ZPaymentMethod, ZPaymentStatus } from './payments.js';
import { ZReceipt } from './receipts.js';
import * as z from './zod-i18n.js';

const financeMessages = defineMessages({
  kind: /* i18n */ { id: 'finance.kind', message: 'Tipo di movimento non valido.' },
  type: /* i18n */ { id: 'finance.type', message: 'Scegli pagamento o rimborso.' },
  categoryTooLong: /* i18n */ { id: 'finance.category_too_long', message: 'La categoria può avere al massimo {max} caratteri.' },
  descriptionTooLong: /* i18n */ { id: 'finance.description_too_long', message: 'La descrizione può avere al massimo {max} caratteri.' },
  supplierTooLong: /* i18n */ { id: 'finance.supplier_too_long', message: 'Il fornitore può avere al massimo {max} caratteri.' },
  date: /* i18n */ { id: 'finance.date', message: 'Inserisci la data.' },
  categoryFilterTooLong: /* i18n */ { id: 'finance.category_filter_too_long', message: 'Categoria troppo lunga.' },
  dateFrom: /* i18n */ { id: 'finance.date_from', message: 'Inserisci la data iniziale.' },
  dateTo: /* i18n */ { id: 'finance.date_to', message: 'Inserisci la data finale.' },
  statsRange: /* i18n */ { id: 'finance.stats_range', message: 'Al massimo {max} mesi.' },
});

export const FINANCE_PER_PAGE = 20;

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  stripe: 'Online (Stripe)',
  cash: 'Contanti',
  card: 'Carta (POS)',
  bank_transfer: 'Bonifico',
};
export const PAYMENT_STATUS_LABELS: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  completed: 'Completato',
  pending: 'In attesa',
  failed: 'Non riuscito',
  abandoned: 'Abbandonato',
  refunded: 'Rimborsato',
  partially_refunded: 'Rimborsato in parte',
};
export const PAYMENT_KIND_LABELS: Record<(typeof PAYMENT_KINDS)[number], string> = { membership: 'Tessera', booking: 'Prenotazione', credit: 'Ricarica credito', carnet: 'Vendita carnet', booking_share: 'Quota di prenotazione', enrolment: 'Iscrizione ai corsi', tournament_fee: 'Quota torneo', debt: 'Saldo del dovuto al centro' };
export const TRANSACTION_TYPES = ['payment', 'refund'] as const;
export const TRANSACTION_TYPE_LABELS: Record<(typeof TRANSACTION_TYPES)[number], string> = { payment: 'Pagamento', refund: 'Rimborso' };

/** An empty filter field of a form means no filter. */
const optionalFilter = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const DATE_ORDER = { ...z.because(validationMessages.dateToBeforeDateFrom), path: ['date_to'] };
const datesInOrder = (query: { date_from?: string | undefined; date_to?: string | undefined }) => !query.date_from || !query.date_to || query.date_from <= query.date_to;

/** Rome calendar days, both included. */
const dateRangeFilter = {
  date_from: optionalFilter(ZIsoDate),
  date_to: optionalFilter(ZIsoDate),
};
const searchFilter = z.string().trim().max(100, z.because(validationMessages.searchTooLong)).optional();

// ---------------------------------------------------------------------------------------------
// Transactions

export const ZTransactionsFilter = z
  .object({
    ...dateRangeFilter,
    kind: optionalFilter(z.enum(PAYMENT_KINDS, z.because(financeMessages.kind))),
    type: optionalFilter(z.enum(TRANSACTION_TYPES, z.because(financeMessages.type))),
    method: optionalFilter(z.enum(PAYMENT_METHODS, z.because(validationMessages.paymentMethod))),
    status: optionalFilter(z.enum(PAYMENT_STATUSES, z.because(validationMessages.status))),
    /** Customer name or e-mail, description, or a Stripe id. */
    search: searchFilter,
  })
  .refine(datesInOrder, DATE_ORDER);
export const ZTransactionsQuery = z.object({ ...pageQuery(FINANCE_PER_PAGE).shape, ...ZTransactionsFilter.shape }).refine(datesInOrder, DATE_ORDER);
export type TTransactionsQuery = z.input<typeof ZTransactionsQuery>;

export const ZTransaction = z.object({
  id: z.number().int(),
  kind: ZPaymentKind,
  type: z.enum(TRANSACTION_TYPES),
  /** When the money moved (paid_at), or when the row was made if it never did. */
  date: z.string(),
  /** The member who paid (`id`), or the walk-in a desk booking was made for (no `id`, no e-mail). */
  customer: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  description: z.string().nullable(),
  method: ZPaymentMethod,
  status: ZPaymentStatus,
  /** Positive for both payments and refunds; `type` says which way it went. */
  amount: ZMoney,
  /** The payment intent, or the refund's id for a refund, or the Checkout Session. */
  stripe_id: z.string().nullable(),
  membership: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  booking_id: z.number().int().nullable(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionDetail = ZTransaction.extend({
  stripe_payment_intent_id: z.string().nullable(),
  stripe_checkout_session_id: z.string().nullable(),
  stripe_refund_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  refund_of: ZTransaction.nullable(),
  refunds: z.array(ZTransaction),
  /** Its receipt or refund note, once issued. */
  receipt: ZReceipt.nullable(),
});
export type TTransactionDetail = z.infer<typeof ZTransactionDetail>;

/** Totals of everything the filter selects (every page), counting only money that moved. */
export const ZTransactionTotals = z.object({ payments: ZMoney, refunds: ZMoney, net: ZMoney });
export type TTransactionTotals = z.infer<typeof ZTransactionTotals>;

// ---------------------------------------------------------------------------------------------
// Expenses and extra income

const requiredText = (max: number, tooLong: MessageDescriptor) =>
  z.string(z.because(validationMessages.required)).trim().min(1, z.because(validationMessages.required)).max(max, z.because(tooLong, { max }));
const optionalText = (max: number, tooLong: MessageDescriptor) =>
  z.preprocess((value) => (value === '' ? null : value), z.string().trim().max(max, z.because(tooLong, { max })).nullish().transform((value) => value || null));

const ledgerFields = {
  date: z.string(z.because(financeMessages.date)).pipe(ZIsoDate),
  category: requiredText(100, financeMessages.categoryTooLong),
  description: requiredText(500, financeMessages.descriptionTooLong),
  /** Euros as typed; integer cents once parsed. */
  amount: ZPositiveEuroInput,
  payment_method: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(PAYMENT_METHODS, z.because(validationMessages.paymentMethod))
      .nullish()
      .transform((value) => value ?? null),
  ),
};

export const ZIncomeBody = z.object(ledgerFields);
export type TIncomeBody = z.input<typeof ZIncomeBody>;
export const ZExpenseBody = z.object({ ...ledgerFields, supplier: optionalText(200, financeMessages.supplierTooLong) });
export type TExpenseBody = z.input<typeof ZExpenseBody>;

export const ZIncome = z.object({
  id: z.number().int(),
  date: ZIsoDate,
  category: z.string(),
  description: z.string(),
  amount: ZMoney,
  payment_method: ZPaymentMethod.nullable(),
  created_at: z.string(),
});
export type TIncome = z.infer<typeof ZIncome>;
export const ZExpense = ZIncome.extend({ supplier: z.string().nullable() });
export type TExpense = z.infer<typeof ZExpense>;

export const ZLedgerFilter = z
  .object({
    ...dateRangeFilter,
    category: optionalFilter(z.string().trim().max(100, z.because(financeMessages.categoryFilterTooLong))),
    payment_method: optionalFilter(z.enum(PAYMENT_METHODS, z.because(validationMessages.paymentMethod))),
    /** Description, category or (expenses) supplier. */
    search: searchFilter,
  })
  .refine(datesInOrder, DATE_ORDER);
export const ZLedgerQuery = z.object({ ...pageQuery(FINANCE_PER_PAGE).shape, ...ZLedgerFilter.shape }).refine(datesInOrder, DATE_ORDER);
export type TLedgerQuery = z.input<typeof ZLedgerQuery>;

/** A page, the sum of everything the filter selects, and the categories already used (for the filter and the form). */
const ledgerListOf = <Item extends z.ZodType>(item: Item) => pagedListOf(item).extend({ total_amount: ZMoney, categories: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------
// Stats (the dashboard asks for a six-month range)

/** The longest range the stats answer for, in months. */
export const STATS_MAX_MONTHS = 120;

export const ZStatsQuery = z
  .object({ date_from: z.string(z.because(financeMessages.dateFrom)).pipe(ZIsoDate), date_to: z.string(z.because(financeMessages.dateTo)).pipe(ZIsoDate) })
  .refine(datesInOrder, DATE_ORDER)
  .refine((query) => monthsBetween(query.date_from, query.date_to) <= STATS_MAX_MONTHS, {
  ...z.because(financeMessages.statsRange, { max: STATS_MAX_MONTHS }),
    path: ['date_to'],
  });
export type TStatsQuery = z.input<typeof ZStatsQuery>;

/** Calendar months from the month of `from` to the month of `to`, both included. */
export function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  return (toYear! - fromYear!) * 12 + (toMonth! - fromMonth!) + 1;
}

/** One Rome calendar month; month is 1–12. Every month of the range is listed, empty ones with 0.00. */
export const ZMonthTotal = z.object({ year: z.number().int(), month: z.number().int().min(1).max(12), total: ZMoney });
export type TMonthTotal = z.infer<typeof ZMonthTotal>;
export const ZIncomeStats = z.object({
  /** Membership, booking and school payments net of refunds, plus extra income. */
  by_month: z.array(ZMonthTotal.extend({ membership: ZMoney, booking: ZMoney, extra: ZMoney, school: ZMoney })),
  total: ZMoney,
});
export type TIncomeStats = z.infer<typeof ZIncomeStats>;
export const ZExpenseStats = z.object({ monthly_trend: z.array(ZMonthTotal), total: ZMoney });
export type TExpenseStats = z.infer<typeof ZExpenseStats>;

/**
 * Money received but not yet earned, owed to the members until they use it: the credit not yet
 * spent (top-ups become revenue only when credit pays a booking) and the unused value of the carnets
 * still valid (a sale becomes revenue as its uses pay bookings, or when the carnet expires).
 */
export const ZLiabilities = z.object({ credit: ZMoney, carnets: ZMoney, total: ZMoney });
export type TLiabilities = z.infer<typeof ZLiabilities>;
/** At the end of this Rome day; today's figure (every movement so far) without one. */
export const ZLiabilitiesQuery = z.object({ date: optionalFilter(ZIsoDate) });

// ---------------------------------------------------------------------------------------------


export const transactionsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/transactions',
    summary: 'Pagamenti e rimborsi di tessere e prenotazioni: filtri, pagine e totali del filtro',
    tag: 'finance',
    access: 'admin',
    query: ZTransactionsQuery,
    response: pagedListOf(ZTransaction).extend({ totals: ZTransactionTotals }),
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/transactions/export',
    summary: 'I movimenti filtrati in CSV',
    tag: 'finance',
    access: 'admin',
    query: ZTransactionsFilter,
    response: z.unknown(),
  }),
  show: defineRoute({
    method: 'get',
    path: '/api/admin/transactions/:id',
    summary: 'Un movimento con il pagamento che rimborsa o i suoi rimborsi',
    tag: 'finance',
    access: 'admin',
    params: ZIdParams,
    response: ZTransactionDetail,
  }),
};

export const expensesRoutes = {
  stats: defineRoute({
    method: 'get',
    path: '/api/admin/expenses/stats',
    summary: 'Spese per mese (Europe/Rome) nell’intervallo',
    tag: 'finance',
    access: 'admin',
    query: ZStatsQuery,
    response: ZExpenseStats,
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/admin/expenses',
    summary: 'Spese: filtri, pagine e totale del filtro',
    tag: 'finance',
    access: 'admin',
    query: ZLedgerQuery,
    response: ledgerListOf(ZExpense),
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/expenses',
    summary: 'Registra una spesa',
    tag: 'finance',
    access: 'admin',
    body: ZExpenseBody,
    response: z.object({ message: z.string(), expense: ZExpense }),
    successStatus: 201,
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/admin/expenses/:id',
    summary: 'Modifica una spesa',
    tag: 'finance',
    access: 'admin',
    params: ZIdParams,
    body: ZExpenseBody,
    response: z.object({ message: z.string(), expense: ZExpense }),
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/admin/expenses/:id',
    summary: 'Elimina una spesa',
    tag: 'finance',
    access: 'admin',
    params: ZIdParams,
    response: z.object({ message: z.string() }),
  }),
};

export const liabilitiesRoutes = {
  show: defineRoute({
    method: 'get',
    path: '/api/admin/liabilities',
    summary: 'Incassi non ancora guadagnati: il credito dei soci da usare, a fine giornata (Europe/Rome) o ad oggi',
    tag: 'finance',
    access: 'admin',
    query: ZLiabilitiesQuery,
    response: ZLiabilities,
  }),
};

export const incomesRoutes = {
  stats: defineRoute({
    method: 'get',
    path: '/api/admin/incomes/stats',
    summary: 'Incassi per mese (Europe/Rome): tessere e prenotazioni al netto dei rimborsi, più gli incassi extra',
    tag: 'finance',
    access: 'admin',
    query: ZStatsQuery,
    response: ZIncomeStats,
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/admin/incomes',
    summary: 'Incassi extra: filtri, pagine e totale del filtro',
    tag: 'finance',
    access: 'admin',
    query: ZLedgerQuery,
    response: ledgerListOf(ZIncome),
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/incomes',
    summary: 'Registra un incasso extra',
    tag: 'finance',
    access: 'admin',
    body: ZIncomeBody,
    response: z.object({ message: z.string(), income: ZIncome }),
    successStatus: 201,
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/admin/incomes/:id',
    summary: 'Modifica un incasso extra',
    tag: 'finance',
    access: 'admin',
    params: ZIdParams,
    body: ZIncomeBody,
    response: z.object({ message: z.string(), income: ZIncome }),
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/admin/incomes/:id',
    summary: 'Elimina un incasso extra',
    tag: 'finance',
    access: 'admin',
    params: ZIdParams,
    response: z.object({ message: z.string() }),
  }),
};
