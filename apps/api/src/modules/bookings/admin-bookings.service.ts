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
import type { PaymentMethod } from '../../generated/prisma/enums.js';
import { csvMoney, writeCsv } from '../../lib/csv.js';
import { type Db, Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { isAdmin } from '../auth/index.js';
import type { Checkouts } from '../payments/index.js';
import { inSeason, seasonOf, seasonOpening } from '../memberships/index.js';
import { pricesInForce } from '../prices/index.js';
import { moneyAccount, payment as paymentEntry } from '../ledger/index.js';
import { readSettings } from '../settings/index.js';
import { bookingWire, courtPrices, createWaitlistNotifier, isLive, isSettled, liveSql, paymentOf, priceSlots, reserveSlot, SLOT_MESSAGES, touchingSql, whatOf, whenOf } from './booking-terms.js';
import { lockBooking } from './booking-lock.js';
import { type BookingMoney, chargeBooking, MONEY_LATERAL_SQL, moneyOfBookings, NO_MONEY, owedParts, paymentStateOf, STATE_SQL } from './booking-money.js';
import { type CancelBooking, closeCheckoutsOf } from './cancel-booking.js';
import { paymentLinkEmail } from './bookings.emails.js';

type DeskMethod = Exclude<PaymentMethod, 'stripe'>;

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
} as const;
type AdminBookingRow = Prisma.BookingGetPayload<{ include: typeof ADMIN_DETAILS }>;

/** The planner's bookings, each marked when someone checked in for it ("presente" on the planner). */
async function withCheckIns<B extends { id: number }>(db: Db, bookings: B[]): Promise<(B & { checked_in: boolean })[]> {
  const ids = bookings.map((booking) => booking.id);
  const rows = ids.length === 0 ? [] : await db.checkIn.findMany({ where: { bookingId: { in: ids } }, select: { bookingId: true }, distinct: ['bookingId'] });
  const present = new Set(rows.map((row) => row.bookingId));
  return bookings.map((booking) => ({ ...booking, checked_in: present.has(booking.id) }));
}

const fullName = (person: { firstName: string; lastName: string } | null) => (person ? `${person.firstName} ${person.lastName}` : null);

/** A booking as the desk sees it: the customer, the money and the history. */
function toAdminBookingDto(row: AdminBookingRow, money: BookingMoney, now: Date): TAdminBooking {
  const payment = paymentOf(row.transactions);
  return {
    ...bookingWire(row, now, money),
    customer: {
      user_id: row.userId,
      name: row.user ? `${row.user.firstName} ${row.user.lastName}` : (row.customerName ?? '—'),
      email: row.user?.email ?? null,
      phone: row.customerPhone ?? row.user?.phone ?? null,
    },
    price_override_reason: row.priceOverrideReason,
    payment_state: paymentStateOf(money, row),
    payment_method: payment && isSettled(payment) ? payment.method : null,
    paid: centsToMoney(money.paid),
    refunded: centsToMoney(money.returned),
    owed: centsToMoney(money.owed),
    notes: row.notes,
    recurring_booking_id: row.recurringBookingId,
    created_by: fullName(row.createdBy),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancelled_by: fullName(row.cancelledBy),
    cancellation_reason: row.cancellationReason,
  };
}

export function createAdminBookingsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, cancelBooking: CancelBooking) {
  const { db, jobs, config } = deps;
  const notifyWaitlist = createWaitlistNotifier(deps);

  /** The bookings with these ids as DTOs, in the ids' order. */
  async function load(ids: number[]): Promise<TAdminBooking[]> {
    const now = new Date();
    const [rows, money] = await Promise.all([db.booking.findMany({ where: { id: { in: ids } }, include: ADMIN_DETAILS }), moneyOfBookings(db, ids)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toAdminBookingDto(row, money.get(id) ?? NO_MONEY, now)] : [];
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
      SELECT b.id, (count(*) OVER ())::int AS total
      FROM bookings b LEFT JOIN users u ON u.id = b.user_id
      ${payment ? Prisma.sql`${MONEY_LATERAL_SQL}` : Prisma.empty}
      ${where} ${payment ? Prisma.sql`${conditions.length > 0 ? Prisma.sql`AND` : Prisma.sql`WHERE`} ${STATE_SQL} = ${payment}` : Prisma.empty}
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
  async function lockedWithPayments(tx: Prisma.TransactionClient, id: number) {
    await lockBooking(tx, id);
    const booking = await tx.booking.findUnique({ where: { id }, include: { court: true, user: true, transactions: { orderBy: { createdAt: 'desc' } } } });
    if (!booking) throw notFound(ADMIN_BOOKING_MESSAGES.notFound);
    return booking;
  }

  const describe = (booking: { court: { code: string }; startsAt: Date; endsAt: Date }) => `Prenotazione campo ${booking.court.code} · ${whenOf(booking)}`;

  /**
   * What the booking still owes, collected at the desk by one payment (its receipt follows): the
   * organiser's part and the players' shares, each paid for its player. Returns the cents collected.
   */
  async function collect(tx: Prisma.TransactionClient, booking: { id: number; userId: number | null; court: { code: string }; startsAt: Date; endsAt: Date }, method: DeskMethod, now: Date, actorId: number) {
    const parts = await owedParts(tx, booking.id);
    const cents = parts.reduce((sum, part) => sum + part.cents, 0);
    if (cents === 0) return 0;
    const payment = await tx.transaction.create({
      data: { kind: 'booking', type: 'payment', bookingId: booking.id, userId: booking.userId, amountCents: cents, method, status: 'completed', paidAt: now, description: describe(booking) },
    });
    await paymentEntry(tx, `payment:${payment.id}`, moneyAccount(method), parts, { bookingId: booking.id, userId: booking.userId, transactionId: payment.id, createdById: actorId, description: describe(booking) });
    const shareIds = parts.flatMap((part) => (part.receivable.account.kind === 'share_receivable' ? [part.receivable.account.booking_player_id!] : []));
    if (shareIds.length > 0) await tx.bookingPlayer.updateMany({ where: { id: { in: shareIds }, paidAt: null }, data: { status: 'paid', paidWith: 'desk', paidAt: now, transactionId: payment.id } });
    return cents;
  }

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
        await chargeBooking(tx, created, priceCents, undefined, { createdById: actor.id });
        if (body.payment === 'now') await collect(tx, created, body.method!, now, actor.id);
        if (body.payment === 'link' && member) {
          await jobs.send('send-email', paymentLinkEmail(member, { ...whatOf(created), price: formatEuros(priceCents) }, `${config.WEB_ORIGIN}/prenotazioni/pagamento/${created.id}`), { tx });
        }
        return created;
      }, TRANSACTION_OPTIONS);
      const message = body.payment === 'now' ? ADMIN_BOOKING_MESSAGES.createdPaid : body.payment === 'link' ? ADMIN_BOOKING_MESSAGES.createdLink : ADMIN_BOOKING_MESSAGES.created;
      return { message, booking: await one(booking.id), payment_url: body.payment === 'link' ? `${config.WEB_ORIGIN}/prenotazioni/pagamento/${booking.id}` : null };
    },

    /**
     * Paid at the desk: what the booking still owes — the organiser's part and every player's share not
     * paid yet, each paid for its player — is one payment, and the booking is confirmed. Checkouts still
     * open are closed first (one already paid stops this: 409).
     */
    async markPaid(actor: User, id: number, { method }: BodyOf<Routes['markPaid']>) {
      const now = new Date();
      await checkouts.refuseIfPaid('booking', id);
      await db.$transaction(async (tx) => {
        const booking = await lockedWithPayments(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        await closeCheckoutsOf(tx, checkouts, id);
        const collected = await collect(tx, booking, method, now, actor.id);
        if (collected === 0 && booking.status === 'confirmed') throw new AppError(409, ADMIN_BOOKING_MESSAGES.alreadyPaid);
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
        const booking = await lockedWithPayments(tx, id);
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
     * Cancelled with or without a refund: each part of what was paid goes back the way it came (card
     * payments through Stripe by the job, desk payments from the till at once, credit and carnet uses to
     * where they came from, each player's share alike); what is still owed is written off.
     */
    async cancel(actor: User, id: number, body: BodyOf<Routes['cancel']>) {
      const now = new Date();
      const outcome = await db.$transaction(async (tx) => {
        const booking = await lockedWithPayments(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        const returned = await cancelBooking(tx, booking, {
          policy: { by: 'desk', refund: body.refund },
          reason: body.reason ?? ADMIN_BOOKING_MESSAGES.defaultReason,
          cancelledById: actor.id,
          now,
          description: describe(booking),
        });
        await notifyWaitlist(tx, booking);
        return returned;
      }, TRANSACTION_OPTIONS);
      const message =
        outcome.card > 0 ? ADMIN_BOOKING_MESSAGES.cancelledRefundOnline : outcome.till + outcome.credit + outcome.carnetUses > 0 ? ADMIN_BOOKING_MESSAGES.cancelledRefunded : ADMIN_BOOKING_MESSAGES.cancelled;
      return { message, booking: await one(id) };
    },

    /** Back to confirmed when its time is still ahead and free. */
    async restore(id: number) {
      const now = new Date();
      await db.$transaction(async (tx) => {
        const booking = await lockedWithPayments(tx, id);
        if (isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notRestorable);
        if (booking.endsAt <= now) throw new AppError(409, ADMIN_BOOKING_MESSAGES.restorePast);
        const restored = { status: 'confirmed', cancelledAt: null, cancelledById: null, cancellationReason: null, holdExpiresAt: null } as const;
        await reserveSlot(tx, booking, now, () => tx.booking.update({ where: { id }, data: restored }), ADMIN_BOOKING_MESSAGES.restoreTaken);
        // Owed again: the price less what it still has paid (a booking cancelled without a refund keeps its payment).
        const money = (await moneyOfBookings(tx, [id])).get(id) ?? NO_MONEY;
        await chargeBooking(tx, booking, Math.max(0, booking.priceCents - (money.paid - money.returned) - money.owed), `booking:${id}:restored:${now.getTime()}`, { description: 'Prenotazione ripristinata' });
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_BOOKING_MESSAGES.restored, booking: await one(id) };
    },

    load,
    courtOrFail,
  };
}

export type AdminBookingsService = ReturnType<typeof createAdminBookingsService>;
