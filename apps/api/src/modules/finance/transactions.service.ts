// Every payment and refund of memberships and bookings (docs/domain.md#finance): filtered list with the
// totals of the whole filter, one movement with its refunds, and the same filter as CSV.
import { type api, centsToMoney, PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type QueryOf, TRANSACTION_TYPE_LABELS, type TTransaction, type TTransactionDetail } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { csvMoney, writeCsv } from '../../lib/csv.js';
import type { Prisma } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { receiptOfTransaction } from '../receipts/index.js';
import { instantInRome } from '../../lib/time.js';
import { SETTLED_STATUSES, shownStatus, shownStatusWhere } from '../payments/index.js';

type Filter = QueryOf<typeof api.transactions.export>;
type ListQuery = QueryOf<typeof api.transactions.list>;

export const TRANSACTION_MESSAGES = { notFound: 'Movimento non trovato.' } as const;

const WITH_PARTIES = {
  user: true,
  membership: { select: { id: true, membershipNumber: true } },
  booking: { select: { customerName: true, customerPhone: true } },
} as const;
type Row = Prisma.TransactionGetPayload<{ include: typeof WITH_PARTIES }>;


/** Each word of the search must match the customer (member or walk-in), the description, the card number or a Stripe id. */
const wordMatches = (word: string): Prisma.TransactionWhereInput => {
  const contains = { contains: word, mode: 'insensitive' } as const;
  return {
    OR: [
      { description: contains },
      { stripePaymentIntentId: contains },
      { stripeCheckoutSessionId: contains },
      { stripeRefundId: contains },
      { user: { OR: [{ firstName: contains }, { lastName: contains }, { email: contains }, { phone: contains }] } },
      { booking: { OR: [{ customerName: contains }, { customerPhone: contains }] } },
      { membership: { membershipNumber: contains } },
    ],
  };
};

function transactionsWhere(filter: Filter): Prisma.TransactionWhereInput {
  const conditions: Prisma.TransactionWhereInput[] = [];
  // The day a movement belongs to: when it was paid, or made if it never was (moved_at).
  if (filter.date_from) conditions.push({ movedAt: { gte: instantInRome(filter.date_from, '00:00') } });
  if (filter.date_to) conditions.push({ movedAt: { lt: instantInRome(filter.date_to, '24:00') } });
  if (filter.kind) conditions.push({ kind: filter.kind });
  if (filter.type) conditions.push({ type: filter.type });
  if (filter.method) conditions.push({ method: filter.method });
  if (filter.status) conditions.push(shownStatusWhere(filter.status));
  for (const word of filter.search?.split(/\s+/).filter(Boolean) ?? []) conditions.push(wordMatches(word));
  return { AND: conditions };
}

/** Newest first by when the money moved, a payment never made by when it was tried: the order of the dates shown. */
const ORDER = [{ movedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.TransactionOrderByWithRelationInput[];

/** The member who paid, else the walk-in of the desk booking the money is for. */
function customerOf({ user, booking }: Row): TTransaction['customer'] {
  if (user) return { id: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email, phone: user.phone };
  if (booking?.customerName) return { id: null, name: booking.customerName, email: null, phone: booking.customerPhone };
  return null;
}

const toTransactionDto = (row: Row): TTransaction => ({
  id: row.id,
  kind: row.kind,
  type: row.type,
  date: (row.paidAt ?? row.createdAt).toISOString(),
  customer: customerOf(row),
  description: row.description,
  method: row.method,
  status: shownStatus(row),
  amount: centsToMoney(row.amountCents),
  stripe_id: row.stripeRefundId ?? row.stripePaymentIntentId ?? row.stripeCheckoutSessionId,
  membership: row.membership ? { id: row.membership.id, number: row.membership.membershipNumber } : null,
  booking_id: row.bookingId,
});

const romeDateTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function createTransactionsService({ db }: Pick<AppDeps, 'db'>) {
  /** Money that moved (the totals count nothing pending or failed), as the stats count it. */
  async function totals(where: Prisma.TransactionWhereInput) {
    const sums = await db.transaction.groupBy({ by: ['type'], where: { AND: [where, { status: { in: [...SETTLED_STATUSES] } }] }, _sum: { amountCents: true } });
    const sumOf = (type: 'payment' | 'refund') => sums.find((row) => row.type === type)?._sum.amountCents ?? 0;
    return { payments: centsToMoney(sumOf('payment')), refunds: centsToMoney(sumOf('refund')), net: centsToMoney(sumOf('payment') - sumOf('refund')) };
  }

  return {
    async list(query: ListQuery) {
      const where = transactionsWhere(query);
      const [total, rows, sums] = await Promise.all([
        db.transaction.count({ where }),
        db.transaction.findMany({ where, include: WITH_PARTIES, orderBy: ORDER, ...skipTake(query) }),
        totals(where),
      ]);
      return { ...pagedList(rows.map(toTransactionDto), total, query), totals: sums };
    },

    async show(id: number): Promise<TTransactionDetail> {
      const row = await db.transaction.findUnique({ where: { id }, include: { ...WITH_PARTIES, refundOf: { include: WITH_PARTIES }, refunds: { include: WITH_PARTIES, orderBy: { id: 'asc' } } } });
      if (!row) throw notFound(TRANSACTION_MESSAGES.notFound);
      return {
        ...toTransactionDto(row),
        stripe_payment_intent_id: row.stripePaymentIntentId,
        stripe_checkout_session_id: row.stripeCheckoutSessionId,
        stripe_refund_id: row.stripeRefundId,
        paid_at: row.paidAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
        refund_of: row.refundOf ? toTransactionDto(row.refundOf) : null,
        refunds: row.refunds.map(toTransactionDto),
        receipt: await receiptOfTransaction(db, row.id),
      };
    },

    /** The filter as CSV; refunds are negative amounts. */
    async exportCsv(filter: Filter) {
      const rows = await db.transaction.findMany({ where: transactionsWhere(filter), include: WITH_PARTIES, orderBy: ORDER });
      return writeCsv(
        ['Data', 'Movimento', 'Per', 'Cliente', 'E-mail', 'Telefono', 'Descrizione', 'Metodo', 'Stato', 'Importo', 'ID Stripe'],
        rows.map((row) => {
          const dto = toTransactionDto(row);
          return [
            romeDateTime.format(row.paidAt ?? row.createdAt).replace(',', ''),
            TRANSACTION_TYPE_LABELS[row.type],
            PAYMENT_KIND_LABELS[row.kind],
            dto.customer?.name ?? null,
            dto.customer?.email ?? null,
            dto.customer?.phone ?? null,
            row.description,
            PAYMENT_METHOD_LABELS[row.method],
            PAYMENT_STATUS_LABELS[dto.status],
            csvMoney(row.type === 'refund' ? -row.amountCents : row.amountCents),
            dto.stripe_id,
          ];
        }),
      );
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
