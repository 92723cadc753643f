// Booking back-office (docs/domain.md#desk-planner): the day planner and the list, desk bookings for members and
// walk-ins with payment now, later or by link, marking paid, moving with the overlap guarantee,
// cancelling with a refund choice, and restoring.
import {
  type api,
  type BodyOf,
  centsToMoney,
  moneyToCents,
  PAYMENT_STATE_LABELS,
  BOOKING_STATUS_LABELS,
  DESK_PAYMENT_METHOD_LABELS,
  SLOT_MINUTES,
  type QueryOf,
  SLOTS,
  type TAdminBooking,
  type TPaymentState,
  type TPlanner,
} from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { csvMoney, writeCsv } from '../../lib/csv.js';
import { Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { isAdmin } from '../auth/guards.js';
import { withCheckIns } from '../check-ins/check-ins.service.js';
import type { Checkouts } from '../payments/checkout.js';
import { inSeason, seasonOf, seasonOpening } from '../memberships/membership-terms.js';
import { pricesInForce } from '../prices/prices.service.js';
import { returnCarnetUse } from '../carnets/carnet-uses.js';
import { createCreditLedger } from '../credit/credit-ledger.js';
import { createShareReturns, paidSharesSql } from '../booking-players/booking-shares.js';
import { readSettings } from '../settings/settings.service.js';
import { bookingWire, courtPrices, createWaitlistNotifier, isLive, isSettled, liveSql, PAID_OTHERWISE_SQL, PAID_WITH_DETAILS, paymentOf, priceSlots, releaseCouponsOf, reserveSlot, SLOT_MESSAGES, touchingSql, whatOf, whenOf } from './booking-terms.js';
import { paymentLinkEmail } from './bookings.emails.js';

export const ADMIN_BOOKING_MESSAGES = {
  ...SLOT_MESSAGES,
  notFound: 'Prenotazione non trovata.',
  created: 'Prenotazione registrata.',
  createdPaid: 'Prenotazione registrata e pagata.',
  createdLink: 'Prenotazione registrata: il link per pagare è stato inviato al socio.',
  userNotFound: 'Socio non trovato.',
  courtNotFound: 'Campo non trovato.',
  freeUse: 'I campi di libera utenza non si prenotano: sono liberi per tutti.',
  over: 'Quell’orario è già finito.',
  outOfSeason: (start: string, end: string) => `${seasonOpening({ start, end })}.`,
  priceAdminOnly: 'Solo un amministratore può cambiare il prezzo.',
  alreadyPaid: 'Questa prenotazione è già pagata.',
  notLive: 'Questa prenotazione è annullata o scaduta.',
  paid: 'Pagamento registrato.',
  moved: 'Prenotazione spostata.',
  beyondMidnight: 'Le fasce scelte vanno oltre la mezzanotte.',
  cancelled: 'Prenotazione annullata.',
  cancelledRefunded: 'Prenotazione annullata e rimborsata.',
  cancelledRefundOnline: 'Prenotazione annullata: il rimborso online è in corso.',
  defaultReason: 'Annullata dalla segreteria',
  notRestorable: 'Solo una prenotazione annullata o scaduta si può ripristinare.',
  restoreTaken: 'L’orario nel frattempo è stato prenotato: la prenotazione non si può ripristinare.',
  restorePast: 'La prenotazione è già passata: non si può ripristinare.',
  restored: 'Prenotazione ripristinata.',
} as const;

type Routes = typeof api.adminBookings;
type ListFilter = QueryOf<Routes['export']>;

const ADMIN_DETAILS = {
  court: true,
  user: true,
  createdBy: { select: { firstName: true, lastName: true } },
  cancelledBy: { select: { firstName: true, lastName: true } },
  transactions: { orderBy: { createdAt: 'desc' } },
  bookingCoupon: { select: { code: true } },
  membershipCoupon: { select: { code: true } },
  ...PAID_WITH_DETAILS,
} as const;
type AdminBookingRow = Prisma.BookingGetPayload<{ include: typeof ADMIN_DETAILS }>;

const fullName = (person: { firstName: string; lastName: string } | null) => (person ? `${person.firstName} ${person.lastName}` : null);

/**
 * A booking's money at a glance, in one SQL expression so the list's filter and every row agree:
 * what was paid (settled payments, and the other players' shares while it stands) and given back
 * (completed refunds) against the price.
 */
const MONEY_SQL = Prisma.sql`
  SELECT b.id,
    (COALESCE(SUM(t.amount_cents) FILTER (WHERE t.type = 'payment' AND t.status NOT IN ('pending', 'failed')), 0)
      + ${paidSharesSql} + ${PAID_OTHERWISE_SQL})::int AS paid,
    COALESCE(SUM(t.amount_cents) FILTER (WHERE t.type = 'refund' AND t.status = 'completed'), 0)::int AS refunded,
    b.price_cents, b.status
  FROM bookings b LEFT JOIN transactions t ON t.booking_id = b.id`;
const STATE_SQL = Prisma.sql`CASE
    WHEN m.refunded > 0 AND m.refunded >= m.paid THEN 'refunded'
    WHEN m.refunded > 0 THEN 'partially_refunded'
    WHEN m.paid >= m.price_cents THEN 'paid'
    WHEN m.status = 'pending_payment' THEN 'awaiting_online'
    ELSE 'unpaid' END`;

type Money = { id: number; paid: number; refunded: number; state: TPaymentState };

/** A booking as the desk sees it: the customer, the money and the history. */
function toAdminBookingDto(row: AdminBookingRow, money: Money, now: Date): TAdminBooking {
  const payment = paymentOf(row.transactions);
  return {
    ...bookingWire(row, now),
    customer: {
      user_id: row.userId,
      name: row.user ? `${row.user.firstName} ${row.user.lastName}` : (row.customerName ?? '—'),
      email: row.user?.email ?? null,
      phone: row.customerPhone ?? row.user?.phone ?? null,
    },
    price_override_reason: row.priceOverrideReason,
    payment_state: money.state,
    payment_method: payment && isSettled(payment) ? payment.method : null,
    paid: centsToMoney(money.paid),
    refunded: centsToMoney(money.refunded),
    notes: row.notes,
    recurring_booking_id: row.recurringBookingId,
    created_by: fullName(row.createdBy),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancelled_by: fullName(row.cancelledBy),
    cancellation_reason: row.cancellationReason,
  };
}

export function createAdminBookingsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts) {
  const { db, jobs, config } = deps;
  const notifyWaitlist = createWaitlistNotifier(deps);
  const creditLedger = createCreditLedger(deps);
  const returnShares = createShareReturns(deps);

  async function moneyOf(ids: number[]): Promise<Map<number, Money>> {
    if (ids.length === 0) return new Map();
    const rows = await db.$queryRaw<Money[]>`
      SELECT m.id, m.paid, m.refunded, ${STATE_SQL} AS state
      FROM (${MONEY_SQL} WHERE b.id IN (${Prisma.join(ids)}) GROUP BY b.id) m`;
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The bookings with these ids as DTOs, in the ids' order. */
  async function load(ids: number[]): Promise<TAdminBooking[]> {
    const now = new Date();
    const [rows, money] = await Promise.all([db.booking.findMany({ where: { id: { in: ids } }, include: ADMIN_DETAILS }), moneyOf(ids)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toAdminBookingDto(row, money.get(id)!, now)] : [];
    });
  }

  async function one(id: number): Promise<TAdminBooking> {
    const [booking] = await load([id]);
    if (!booking) throw notFound(ADMIN_BOOKING_MESSAGES.notFound);
    return booking;
  }

  /** The filter as SQL conditions on bookings b and their holder u. */
  function conditionsOf(filter: Partial<ListFilter>): Prisma.Sql[] {
    const conditions: Prisma.Sql[] = [];
    if (filter.date_from) conditions.push(Prisma.sql`b.starts_at >= ${instantInRome(filter.date_from, '00:00')}`);
    if (filter.date_to) conditions.push(Prisma.sql`b.starts_at < ${instantInRome(addDays(filter.date_to, 1), '00:00')}`);
    if (filter.court_id) conditions.push(Prisma.sql`b.court_id = ${filter.court_id}`);
    if (filter.status) conditions.push(Prisma.sql`b.status = ${filter.status}::booking_status`);
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(Prisma.sql`(b.customer_name ILIKE ${pattern} OR b.customer_phone ILIKE ${pattern} OR u.email ILIKE ${pattern}
        OR (u.first_name || ' ' || u.last_name) ILIKE ${pattern} OR (u.last_name || ' ' || u.first_name) ILIKE ${pattern})`);
    }
    return conditions;
  }

  /** One page of booking ids (or all of them) matching the conditions and the payment state. */
  async function idsWhere(conditions: Prisma.Sql[], payment: TPaymentState | undefined, order: Prisma.Sql, page?: { skip: number; take: number }) {
    const where = conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
    const limit = page ? Prisma.sql`LIMIT ${page.take} OFFSET ${page.skip}` : Prisma.empty;
    const rows = await db.$queryRaw<{ id: number; total: number }[]>`
      SELECT m.id, (count(*) OVER ())::int AS total FROM (
        ${MONEY_SQL} LEFT JOIN users u ON u.id = b.user_id ${where} GROUP BY b.id
      ) m JOIN bookings b ON b.id = m.id
      ${payment ? Prisma.sql`WHERE ${STATE_SQL} = ${payment}` : Prisma.empty}
      ORDER BY ${order} ${limit}`;
    return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  }

  /** A court the desk may book: any but the free-use ones ("libera utenza"), which nobody books. */
  async function courtOrFail(courtId: number) {
    const court = await db.court.findUnique({ where: { id: courtId } });
    if (!court) throw new AppError(422, ADMIN_BOOKING_MESSAGES.courtNotFound, { court_id: [ADMIN_BOOKING_MESSAGES.courtNotFound] });
    if (court.purpose === 'free_use') throw new AppError(422, ADMIN_BOOKING_MESSAGES.freeUse, { court_id: [ADMIN_BOOKING_MESSAGES.freeUse] });
    return court;
  }

  async function requireInSeason(date: string) {
    const season = seasonOf(Number(date.slice(0, 4)), await readSettings(db));
    if (!inSeason(date, season)) throw new AppError(422, ADMIN_BOOKING_MESSAGES.outOfSeason(season.start, season.end));
  }

  /** Locks the booking's row for the rest of the transaction and reads it with its payments. */
  async function lockBooking(tx: Prisma.TransactionClient, id: number) {
    await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${id} FOR UPDATE`;
    const booking = await tx.booking.findUnique({ where: { id }, include: { court: true, user: true, transactions: { orderBy: { createdAt: 'desc' } } } });
    if (!booking) throw notFound(ADMIN_BOOKING_MESSAGES.notFound);
    return booking;
  }

  const describe = (booking: { court: { code: string }; startsAt: Date; endsAt: Date }) => `Prenotazione campo ${booking.court.code} · ${whenOf(booking)}`;

  return {
    async planner(date: string): Promise<TPlanner> {
      const dayStart = instantInRome(date, '00:00');
      const dayEnd = instantInRome(addDays(date, 1), '00:00');
      const now = new Date();
      const [courts, live, closures, prices] = await Promise.all([
        db.court.findMany({ where: { purpose: { not: 'free_use' } }, orderBy: [{ row: 'asc' }, { position: 'asc' }] }),
        // The ranges' overlap reads the day through the no-overlap constraint's index (a plain comparison scans every earlier booking).
        db.$queryRaw<{ id: number }[]>`SELECT id FROM bookings WHERE ${touchingSql(dayStart, dayEnd)} AND ${liveSql(now)} ORDER BY starts_at`,
        db.courtClosure.findMany({ where: { startsAt: { lt: dayEnd }, endsAt: { gt: dayStart } }, orderBy: { startsAt: 'asc' } }),
        pricesInForce(db, Number(date.slice(0, 4))),
      ]);
      return {
        date,
        today: todayInRome(now),
        slots: SLOTS.map(({ start, end, band }) => ({ start, end, band })),
        courts: courts.map((court) => ({ id: court.id, code: court.code, name: court.name, row: court.row as TPlanner['courts'][number]['row'], has_lights: court.hasLights, is_bookable: court.isBookable })),
        bookings: await withCheckIns(db, await load(live.map((row) => row.id))),
        closures: closures.map((closure) => ({ id: closure.id, court_id: closure.courtId, starts_at: closure.startsAt.toISOString(), ends_at: closure.endsAt.toISOString(), reason: closure.reason })),
        prices: courtPrices(prices),
      };
    },

    async list(query: QueryOf<Routes['list']>) {
      const { ids, total } = await idsWhere(conditionsOf(query), query.payment, Prisma.sql`b.starts_at, b.court_id, b.id`, skipTake(query));
      return pagedList(await load(ids), total, query);
    },

    /** The filtered bookings as CSV. */
    async exportCsv(filter: ListFilter) {
      const { ids } = await idsWhere(conditionsOf(filter), filter.payment, Prisma.sql`b.starts_at, b.court_id, b.id`);
      const rows: TAdminBooking[] = [];
      for (let index = 0; index < ids.length; index += 1000) rows.push(...(await load(ids.slice(index, index + 1000))));
      const euros = (money: string) => csvMoney(moneyToCents(money));
      return writeCsv(
        ['Data', 'Inizio', 'Fine', 'Campo', 'Cliente', 'E-mail', 'Telefono', 'Stato', 'Pagamento', 'Metodo', 'Prezzo', 'Pagato', 'Rimborsato', 'Note'],
        rows.map((row) => [
          formatItalianDate(row.date),
          row.start,
          row.end,
          row.court.name,
          row.customer.name,
          row.customer.email,
          row.customer.phone,
          BOOKING_STATUS_LABELS[row.status],
          PAYMENT_STATE_LABELS[row.payment_state],
          row.payment_method ? DESK_PAYMENT_METHOD_LABELS[row.payment_method] : null,
          euros(row.price),
          euros(row.paid),
          euros(row.refunded),
          row.notes,
        ]),
      );
    },

    async cancelled(query: QueryOf<Routes['cancelled']>) {
      const conditions = conditionsOf({ ...query, status: undefined });
      conditions.push(query.status ? Prisma.sql`b.status = ${query.status}::booking_status` : Prisma.sql`b.status IN ('cancelled', 'expired')`);
      const { ids, total } = await idsWhere(conditions, undefined, Prisma.sql`COALESCE(b.cancelled_at, b.updated_at) DESC, b.id DESC`, skipTake(query));
      return pagedList(await load(ids), total, query);
    },

    show: one,

    /**
     * A booking made at the desk: the list price (or an admin's with a reason), then paid now,
     * later on the day, or by a link the member pays online (the slot stays theirs meanwhile).
     */
    async create(actor: User, body: BodyOf<Routes['create']>) {
      const now = new Date();
      if (body.price !== null && !isAdmin(actor)) throw new AppError(403, ADMIN_BOOKING_MESSAGES.priceAdminOnly);
      const court = await courtOrFail(body.court_id);
      const member = body.user_id ? await db.user.findUnique({ where: { id: body.user_id } }) : null;
      if (body.user_id && !member) throw new AppError(422, ADMIN_BOOKING_MESSAGES.userNotFound, { user_id: [ADMIN_BOOKING_MESSAGES.userNotFound] });
      await requireInSeason(body.date);
      const { startsAt, endsAt, priceCents: listPrice } = await priceSlots(db, court, body);
      if (endsAt <= now) throw new AppError(422, ADMIN_BOOKING_MESSAGES.over);
      const priceCents = body.price ?? listPrice;
      const booking = await db.$transaction(async (tx) => {
        const created = await reserveSlot(tx, { courtId: court.id, startsAt, endsAt }, now, () =>
          tx.booking.create({
            data: {
              courtId: court.id,
              userId: member?.id ?? null,
              customerName: member ? null : body.customer_name,
              customerPhone: body.customer_phone,
              createdById: actor.id,
              startsAt,
              endsAt,
              priceCents,
              priceOverrideReason: body.price !== null && body.price !== listPrice ? body.price_reason : null,
              notes: body.notes,
              status: body.payment === 'link' ? 'pending_payment' : 'confirmed',
            },
            include: { court: true },
          }),
        );
        if (body.payment === 'now') {
          await tx.transaction.create({
            data: { kind: 'booking', type: 'payment', bookingId: created.id, userId: member?.id ?? null, amountCents: priceCents, method: body.method!, status: 'completed', paidAt: now, description: describe(created) },
          });
        }
        if (body.payment === 'link' && member) {
          await jobs.send('send-email', paymentLinkEmail(member, { ...whatOf(created), price: formatEuros(priceCents) }, `${config.WEB_ORIGIN}/prenotazioni/pagamento/${created.id}`), { tx });
        }
        return created;
      }, TRANSACTION_OPTIONS);
      const message = body.payment === 'now' ? ADMIN_BOOKING_MESSAGES.createdPaid : body.payment === 'link' ? ADMIN_BOOKING_MESSAGES.createdLink : ADMIN_BOOKING_MESSAGES.created;
      return { message, booking: await one(booking.id), payment_url: body.payment === 'link' ? `${config.WEB_ORIGIN}/prenotazioni/pagamento/${booking.id}` : null };
    },

    /** Paid at the desk: what is still due is recorded as a payment and the booking confirmed. */
    async markPaid(id: number, { method }: BodyOf<Routes['markPaid']>) {
      const now = new Date();
      await checkouts.closeOpenSessions('booking', id);
      await db.$transaction(async (tx) => {
        const booking = await lockBooking(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        // The desk collects the whole price: credit set aside for a card's rest goes back first.
        if (booking.status === 'pending_payment' && booking.userId !== null) await creditLedger.holdForBooking(tx, { id, userId: booking.userId }, 0, 'Pagata in segreteria: credito restituito');
        const [money] = await tx.$queryRaw<{ paid: number }[]>`${MONEY_SQL} WHERE b.id = ${id} GROUP BY b.id`;
        const due = booking.priceCents - (money?.paid ?? 0);
        if (due <= 0 && booking.status === 'confirmed') throw new AppError(409, ADMIN_BOOKING_MESSAGES.alreadyPaid);
        if (due > 0) {
          await tx.transaction.create({
            data: { kind: 'booking', type: 'payment', bookingId: id, userId: booking.userId, amountCents: due, method, status: 'completed', paidAt: now, description: describe(booking) },
          });
        }
        await tx.booking.update({ where: { id }, data: { status: 'confirmed', holdExpiresAt: null } });
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_BOOKING_MESSAGES.paid, booking: await one(id) };
    },

    /** Same length on another court or at another time; the exclusion constraint keeps it free. */
    async move(id: number, body: BodyOf<Routes['move']>) {
      const now = new Date();
      const court = await courtOrFail(body.court_id);
      await requireInSeason(body.date);
      await db.$transaction(async (tx) => {
        const booking = await lockBooking(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        const slots = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / (SLOT_MINUTES * 60_000));
        const startIndex = SLOTS.findIndex((slot) => slot.start === body.start);
        if (startIndex + slots > SLOTS.length) throw new AppError(422, ADMIN_BOOKING_MESSAGES.beyondMidnight, { start: [ADMIN_BOOKING_MESSAGES.beyondMidnight] });
        const { startsAt, endsAt } = await priceSlots(db, court, { date: body.date, start: body.start, slots, full_day: false, equipment: false });
        if (endsAt <= now) throw new AppError(422, ADMIN_BOOKING_MESSAGES.over);
        await reserveSlot(tx, { courtId: court.id, startsAt, endsAt }, now, () => tx.booking.update({ where: { id }, data: { courtId: court.id, startsAt, endsAt, reminderSentAt: null } }));
        await notifyWaitlist(tx, booking);
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_BOOKING_MESSAGES.moved, booking: await one(id) };
    },

    /**
     * Cancelled with or without a refund: an online payment is refunded through Stripe by the job, a
     * desk payment is recorded as given back at once.
     */
    async cancel(actor: User, id: number, body: BodyOf<Routes['cancel']>) {
      const now = new Date();
      await checkouts.closeOpenSessions('booking', id);
      const outcome = await db.$transaction(async (tx) => {
        const booking = await lockBooking(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        await tx.booking.update({
          where: { id },
          data: { status: 'cancelled', cancelledAt: now, cancelledById: actor.id, cancellationReason: body.reason ?? ADMIN_BOOKING_MESSAGES.defaultReason, holdExpiresAt: null },
        });
        if (booking.status === 'pending_payment') await releaseCouponsOf(tx, booking);
        await notifyWaitlist(tx, booking);
        // A hold gives back the credit set aside for the card's rest, refund or not: nothing was bought.
        if (booking.status === 'pending_payment') await creditLedger.returnBookingPayment(tx, booking, { byMember: false, createdById: actor.id });
        if (!body.refund) return 'none';
        // A hold's credit went back just above; a confirmed booking's comes back here.
        const credited = booking.status === 'pending_payment' ? 0 : await creditLedger.returnBookingPayment(tx, booking, { byMember: false, createdById: actor.id });
        const useReturned = await returnCarnetUse(tx, id);
        await returnShares(tx, id);
        const settled = booking.transactions.filter((row) => row.type === 'payment' && row.status === 'completed');
        let online = false;
        for (const payment of settled) {
          if (payment.method === 'stripe') {
            online = true;
            await jobs.send('refund-payment', { paymentId: payment.id, reason: 'cancelled' }, { tx });
            continue;
          }
          await tx.transaction.create({
            data: { kind: 'booking', type: 'refund', refundOfId: payment.id, bookingId: id, userId: payment.userId, amountCents: payment.amountCents, method: payment.method, status: 'completed', paidAt: now, description: `Rimborso: ${payment.description ?? describe(booking)}` },
          });
          await tx.transaction.update({ where: { id: payment.id }, data: { status: 'refunded' } });
        }
        return settled.length === 0 && credited === 0 && !useReturned ? 'none' : online ? 'online' : 'desk';
      }, TRANSACTION_OPTIONS);
      const message = outcome === 'online' ? ADMIN_BOOKING_MESSAGES.cancelledRefundOnline : outcome === 'desk' ? ADMIN_BOOKING_MESSAGES.cancelledRefunded : ADMIN_BOOKING_MESSAGES.cancelled;
      return { message, booking: await one(id) };
    },

    /** Back to confirmed when its time is still ahead and free. */
    async restore(id: number) {
      const now = new Date();
      await db.$transaction(async (tx) => {
        const booking = await lockBooking(tx, id);
        if (isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notRestorable);
        if (booking.endsAt <= now) throw new AppError(409, ADMIN_BOOKING_MESSAGES.restorePast);
        const restored = { status: 'confirmed', cancelledAt: null, cancelledById: null, cancellationReason: null, holdExpiresAt: null } as const;
        await reserveSlot(tx, booking, now, () => tx.booking.update({ where: { id }, data: restored }), ADMIN_BOOKING_MESSAGES.restoreTaken);
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_BOOKING_MESSAGES.restored, booking: await one(id) };
    },

    load,
    courtOrFail,
  };
}

export type AdminBookingsService = ReturnType<typeof createAdminBookingsService>;
