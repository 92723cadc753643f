// Court booking for members (docs/domain.md#holds): the day's grid, holds that occupy a slot while the
// member pays, Stripe Checkout through the payments module, confirmation on payment, cancellation with
// an automatic refund inside the free-cancellation notice, and holds that lapse on time.
import { type api, type BodyOf, centsToMoney, creditTowardsCents, FULL_DAY_SLOTS, FULL_DAY_START, type QueryOf, SLOT_MINUTES, type TBooking } from '@beach/contracts';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { Booking, Prisma, User } from '../../generated/prisma/client.js';
import { accounts, bookingReceivable, openHoldsOf, resolve, voidExpired, discount, payment as paymentEntry, writeOff, takeBackPayment, walletOf } from '../ledger/index.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatEuros } from '../../lib/format.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { COUPON_MESSAGES, couponDiscountCents, couponProblem, redeemCoupon } from '../coupons/index.js';
import { inSeason, seasonOf, seasonOpening } from '../memberships/index.js';
import { CHECKOUT_LIFETIME_SECONDS, type Checkouts, requireStripe, type PaymentTarget } from '../payments/index.js';
import { playingIn } from './booking-shares.js';
import { readSettings } from '../settings/index.js';
import { assertCertificateForBooking } from '../certificates/index.js';
import { dayAvailability } from './availability.js';
import {
  bookingWire,
  createWaitlistNotifier,
  isLive,
  isLiveHold,
  letGoOfLapsed,
  LIVE,
  LIVE_HOLD,
  paymentOf,
  priceSlots,
  reserveSlot,
  SLOT_MESSAGES,
  takeCourtTurn,
  timeOf,
  UNDER_OVERLAP_CONSTRAINT,
  whatOf,
  whenOf,
} from './booking-terms.js';
import { applyBookingCoupon } from './booking-coupon-rules.js';
import { tellBookingPaid } from './booking-paid.js';
import { lockBooking, lockLiveHold } from './booking-lock.js';
import { reminderEmail } from './bookings.emails.js';
import { bookingsCalendar } from './calendar.js';
import { chargeBooking, type BookingMoney, moneyOfBookings, NO_MONEY, organiserDue, receivablesOf, spendCreditOnBooking, splitOwed } from './booking-money.js';
import type { CancelBooking } from './cancel-booking.js';

export const BOOKING_MESSAGES = {
  ...SLOT_MESSAGES,
  held: 'Prenotazione effettuata: completa il pagamento per confermarla.',
  past: 'Non si può prenotare un orario già passato.',
  beyondHorizon: (days: number) => `Si può prenotare al massimo ${days} giorni in anticipo.`,
  outOfSeason: (start: string, end: string) => `${seasonOpening({ start, end })}: scegli un giorno della stagione.`,
  notBookable: 'Questo campo non si prenota online: chiedi in segreteria.',
  limit: (max: number) => `Hai già ${max} prenotazioni future: è il massimo consentito.`,
  liveHold: 'Hai già una prenotazione in attesa di pagamento: completala o annullala prima di prenotarne un’altra.',
  notFound: 'Prenotazione non trovata.',
  notPayable: 'Questa prenotazione non è in attesa di pagamento.',
  holdLapsed: 'Il tempo per pagare è scaduto e l’orario è stato liberato: prenota di nuovo.',
  couponAlready: 'A questa prenotazione è già stato applicato un coupon.',
  cancelled: 'Prenotazione annullata.',
  cancelledRefund: 'Prenotazione annullata: il rimborso è in corso e arriverà sulla stessa carta.',
  cancelledCredit: 'Prenotazione annullata: l’importo è di nuovo nel tuo credito.',
  cancelledCreditAndRefund: 'Prenotazione annullata: la parte pagata con il credito è di nuovo nel tuo credito, il resto arriverà sulla stessa carta.',
  lateCancel: (hours: number) => `La cancellazione gratuita è possibile fino a ${hours} ore prima dell’inizio: contatta la segreteria.`,
  notCancellable: 'Questa prenotazione non si può annullare.',
  noCredit: 'Non hai credito da usare per questa prenotazione.',
  checkoutAbandoned: 'Pagamento annullato: non ti è stato addebitato nulla.',
  checkoutAbandonedCredit: 'Pagamento annullato: non ti è stato addebitato nulla e il credito messo da parte è di nuovo disponibile.',
} as const;

type Routes = typeof api.bookings;
const WITH_DETAILS = {
  court: true,
  transactions: { orderBy: { createdAt: 'desc' } },
  membershipCoupon: { select: { code: true } },
  bookingCoupon: { select: { code: true } },
  rainCheck: { select: { status: true, outcome: true } },
  _count: { select: { players: { where: { status: { not: 'dropped' } } } } },
} as const satisfies Prisma.BookingInclude;
type BookingRow = Prisma.BookingGetPayload<{ include: typeof WITH_DETAILS }>;

/** A member's booking on the wire; it can be cancelled for free until the notice before it starts. */
function toBookingDto(booking: BookingRow, money: BookingMoney, now: Date, freeCancellationHours: number): TBooking {
  const payment = paymentOf(booking.transactions);
  const holdLive = isLiveHold(booking, now);
  const beforeNotice = booking.startsAt.getTime() - now.getTime() >= freeCancellationHours * 3_600_000;
  return {
    ...bookingWire(booking, now, money),
    full_day: timeOf(booking.startsAt) === FULL_DAY_START && booking.endsAt.getTime() - booking.startsAt.getTime() === FULL_DAY_SLOTS * SLOT_MINUTES * 60_000,
    original_price: centsToMoney(booking.priceCents + booking.discountCents),
    hold_expires_at: holdLive ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
    payment_status: payment?.status ?? null,
    can_pay: holdLive,
    can_cancel: holdLive || (booking.status === 'confirmed' && beforeNotice && booking.startsAt > now),
    has_players: booking._count.players > 0,
    rain_check: booking.status === 'cancelled' && booking.rainCheck?.status === 'done' ? { outcome: booking.rainCheck.outcome ?? 'none', returned: centsToMoney(money.returned) } : null,
  };
}

export function createBookingsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'stripe' | 'logger' | 'config'>, checkouts: Checkouts, cancelBooking: CancelBooking) {
  const { db, jobs, config } = deps;
  const notifyWaitlist = createWaitlistNotifier(deps);

  async function ownBooking(userId: number, id: number): Promise<BookingRow> {
    const booking = await db.booking.findFirst({ where: { id, userId }, include: WITH_DETAILS });
    if (!booking) throw notFound(BOOKING_MESSAGES.notFound);
    return booking;
  }

  /** Bookings as DTOs with their money, read in one query. */
  async function dtosOf(rows: BookingRow[], now: Date, freeCancellationHours: number) {
    const money = await moneyOfBookings(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toBookingDto(row, money.get(row.id) ?? NO_MONEY, now, freeCancellationHours));
  }
  const dtoOf = async (row: BookingRow, now: Date, freeCancellationHours: number) => (await dtosOf([row], now, freeCancellationHours))[0]!;

  const feedUrl = (token: string) => `${webOriginOf(config)}/api/bookings/calendar/${token}.ics`;

  const couponRefused = (problem: string) => new AppError(422, problem, { coupon_code: [problem] });

  /**
   * A booking coupon, or a membership coupon valid for bookings too; its use counted once, its discount
   * taken off what the booking owes and the players' shares split again.
   */
  async function applyCoupon(booking: BookingRow, code: string, now: Date) {
    const today = todayInRome(now);
    await db.$transaction(async (tx) => {
      await lockBooking(tx, booking.id);
      // A checkout still open was opened for the price before the coupon: it is closed.
      await checkouts.closeIn(tx, 'booking', booking.id);
      const bookingCoupon = await applyBookingCoupon(tx, booking, code, today, now);
      if (bookingCoupon && 'problem' in bookingCoupon) throw couponRefused(bookingCoupon.problem);
      let applied: { bookingCouponId?: number; membershipCouponId?: number; discountCents: number };
      if (bookingCoupon) {
        applied = { bookingCouponId: bookingCoupon.couponId, discountCents: bookingCoupon.discountCents };
      } else {
        const coupon = await tx.membershipCoupon.findUnique({ where: { code } });
        const problem = couponProblem(coupon, today, 'booking');
        if (problem || !coupon) throw couponRefused(problem ?? COUPON_MESSAGES.unknown);
        if (!(await redeemCoupon(tx, coupon.id, today))) throw couponRefused(COUPON_MESSAGES.usedUp);
        applied = { membershipCouponId: coupon.id, discountCents: couponDiscountCents(coupon, booking.priceCents) };
      }
      const { discountCents, ...coupon } = applied;
      const updated = await tx.booking.updateMany({
        where: { id: booking.id, status: 'pending_payment', membershipCouponId: null, bookingCouponId: null },
        data: { ...coupon, discountCents, priceCents: booking.priceCents - discountCents },
      });
      if (updated.count === 0) throw new AppError(409, BOOKING_MESSAGES.couponAlready);
      await discount(tx, `booking:${booking.id}:coupon`, bookingReceivable(booking.id), discountCents, { bookingId: booking.id, userId: booking.userId, description: 'Sconto coupon' });
      await splitOwed(tx, booking.id, `booking:${booking.id}:coupon:split`);
    }, TRANSACTION_OPTIONS);
  }

  /** Whether the booking's slot can still be had by it: a hold, or a lapsed one nobody took meanwhile (then confirmed anew). */
  async function slotStillOurs(tx: Prisma.TransactionClient, booking: Pick<Booking, 'id' | 'status' | 'courtId' | 'startsAt' | 'endsAt'>) {
    if (booking.status === 'pending_payment') return true;
    if (booking.status !== 'expired') return false;
    await takeCourtTurn(tx, booking.courtId);
    const clash = await tx.booking.findFirst({
      where: { courtId: booking.courtId, id: { not: booking.id }, startsAt: { lt: booking.endsAt }, endsAt: { gt: booking.startsAt }, ...UNDER_OVERLAP_CONSTRAINT },
      select: { id: true },
    });
    return clash === null;
  }

  const paymentTarget: PaymentTarget = {
    /**
     * A paid hold is confirmed: the card pays what the organiser owes, with the credit set aside for the
     * rest posted (or spent again, if it was released meanwhile). A payment that arrives after the hold
     * lapsed still gets the slot if nobody took it meanwhile (what it owed is billed again); otherwise —
     * or if the credit is no longer there — the payments module refunds it.
     */
    async confirm(tx, bookingId, payment) {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || booking.userId === null || !(await slotStillOurs(tx, booking))) return false;
      if (booking.status === 'expired') {
        // Lapsed and written off: owed again, split again among the players.
        await chargeBooking(tx, booking, booking.priceCents, `booking:${bookingId}:recharge:${payment.id}`);
        await splitOwed(tx, bookingId, `booking:${bookingId}:recharge:${payment.id}:split`);
      }
      const holds = await openHoldsOf(tx, [payment.id]);
      // What the card and the credit still set aside leave owed: credit released meanwhile is spent again if it is still there.
      const creditAgain = (await organiserDue(tx, bookingId, { lock: true })) - payment.amountCents;
      if (creditAgain < 0 || (creditAgain > 0 && (await walletOf(tx, booking.userId, { lock: true })).available < creditAgain)) {
        // Not had after all: a lapsed booking billed again above owes nothing again, as when it lapsed.
        if (booking.status === 'expired') {
          await writeOff(tx, `booking:${bookingId}:recharge:${payment.id}:write-off`, await receivablesOf(tx, bookingId), { bookingId, description: 'Tempo per pagare scaduto' });
        }
        return false;
      }
      await resolve(tx, holds, 'post');
      await spendCreditOnBooking(tx, { id: bookingId, userId: booking.userId }, creditAgain, { key: `payment:${payment.id}:credit-again` });
      await paymentEntry(tx, `payment:${payment.id}`, accounts.stripe, [{ receivable: bookingReceivable(bookingId), cents: payment.amountCents }], {
        bookingId,
        userId: booking.userId,
        transactionId: payment.id,
        description: payment.description,
      });
      await tx.booking.update({ where: { id: bookingId }, data: { status: 'confirmed', holdExpiresAt: null } });
      await tellBookingPaid(tx, deps, bookingId, holds.length > 0 || creditAgain > 0 ? 'credit_card' : 'card');
      return true;
    },

    /** Money of the booking's payment taken back on Stripe's side: owed again while the booking stands (the desk sees it). */
    async takenBack(tx, bookingId, payment, { cents, from, context }) {
      const booking = await lockBooking(tx, bookingId);
      const stands = booking !== undefined && isLive(booking, new Date());
      await takeBackPayment(tx, { paymentId: payment.id, receivables: [accounts.booking(bookingId)], cents, from, stands, userId: payment.userId, context: { ...context, bookingId } });
    },
  };

  return {
    paymentTarget,

    availability: (viewer: User, query: QueryOf<Routes['availability']>) => dayAvailability(db, viewer.id, query, new Date()),

    /**
     * A hold on the slots, its price owed from now. The member's row is locked so their own limits hold
     * under concurrent requests; two members racing for one slot are separated by the exclusion constraint.
     */
    async create(user: User, body: BodyOf<Routes['create']>) {
      requireStripe(deps.stripe); // a hold nobody can pay would only block the slot
      const now = new Date();
      const settings = await readSettings(db);
      const court = await db.court.findUnique({ where: { id: body.court_id } });
      if (!court) throw new AppError(422, 'Campo non trovato.', { court_id: ['Campo non trovato.'] });
      if (!court.isBookable) throw new AppError(422, BOOKING_MESSAGES.notBookable);
      const today = todayInRome(now);
      const season = seasonOf(Number(body.date.slice(0, 4)), settings);
      if (!inSeason(body.date, season)) throw new AppError(422, BOOKING_MESSAGES.outOfSeason(season.start, season.end));
      if (body.date > addDays(today, settings.bookingHorizonDays)) throw new AppError(422, BOOKING_MESSAGES.beyondHorizon(settings.bookingHorizonDays));
      const { startsAt, endsAt, priceCents } = await priceSlots(db, court, body);
      if (startsAt <= now) throw new AppError(422, BOOKING_MESSAGES.past);
      await assertCertificateForBooking(db, settings, user.id, body.date);

      const booking = await db.$transaction(async (tx) => {
        // NO KEY UPDATE: the member's own holds queue here, other rows' foreign keys to the member do not.
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`;
        if (await tx.booking.count({ where: { userId: user.id, ...LIVE_HOLD(now) } })) throw new AppError(409, BOOKING_MESSAGES.liveHold);
        const future = await tx.booking.count({ where: { userId: user.id, endsAt: { gt: now }, ...LIVE(now) } });
        if (future >= settings.maxFutureBookings) throw new AppError(409, BOOKING_MESSAGES.limit(settings.maxFutureBookings));
        const created = await reserveSlot(tx, { courtId: court.id, startsAt, endsAt }, now, () =>
          tx.booking.create({
            data: { courtId: court.id, userId: user.id, createdById: user.id, startsAt, endsAt, priceCents, status: 'pending_payment', holdExpiresAt: new Date(now.getTime() + settings.paymentHoldMinutes * 60_000) },
            include: WITH_DETAILS,
          }),
        );
        await chargeBooking(tx, created, priceCents);
        return created;
      }, TRANSACTION_OPTIONS);
      return { message: BOOKING_MESSAGES.held, booking: await dtoOf(booking, now, settings.freeCancellationHours) };
    },

    async mine(user: User) {
      const now = new Date();
      const { freeCancellationHours } = await readSettings(db);
      const rows = await db.booking.findMany({ where: { userId: user.id }, include: WITH_DETAILS, orderBy: { startsAt: 'asc' } });
      const bookings = await dtosOf(rows, now, freeCancellationHours);
      // A hold that lapsed is no longer coming up, whatever its date: it goes with the past ones.
      const upcoming = (row: TBooking) => new Date(row.ends_at) > now && row.status !== 'expired';
      return { upcoming: bookings.filter(upcoming), past: bookings.filter((row) => !upcoming(row)).reverse() };
    },

    async show(user: User, id: number) {
      const { freeCancellationHours } = await readSettings(db);
      return dtoOf(await ownBooking(user.id, id), new Date(), freeCancellationHours);
    },

    /**
     * Opens Stripe Checkout for what the organiser owes of a live hold; a coupon (applicable to bookings)
     * is counted once. With `use_credit`, the credit pays all it can but Stripe's least charge, set aside
     * until the card pays the rest.
     */
    async checkout(user: User, id: number, body: BodyOf<Routes['checkout']>) {
      const booking = await ownBooking(user.id, id);
      const now = new Date();
      if (booking.status !== 'pending_payment') throw new AppError(409, BOOKING_MESSAGES.notPayable);
      if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw new AppError(409, BOOKING_MESSAGES.holdLapsed);
      const applied = booking.bookingCoupon?.code ?? booking.membershipCoupon?.code ?? null;
      if (body.coupon_code && applied && applied !== body.coupon_code) throw new AppError(409, BOOKING_MESSAGES.couponAlready);
      // A coupon changes what is owed: not once a checkout has paid it (opening one checks that too).
      const applying = Boolean(body.coupon_code) && !applied;
      if (applying) {
        await checkouts.refuseIfPaid('booking', id);
        await applyCoupon(booking, body.coupon_code!, now);
      }
      const current = applying ? await ownBooking(user.id, id) : booking;
      const dto = await dtoOf(current, now, (await readSettings(db)).freeCancellationHours);
      const checkoutUrl = await checkouts.open({
        kind: 'booking',
        targetId: id,
        customer: { id: user.id, email: user.email },
        // Decided in the transaction that opens it (the credit read under its lock); this is replaced there.
        amountCents: 0,
        itemName: `Campo ${current.court.code} · ${whenOf(current)}`,
        cancelPath: `/prenotazioni/pagamento/${id}?pagamento=annullato`,
        async inTransaction(tx, payment) {
          await lockLiveHold(tx, id, BOOKING_MESSAGES.holdLapsed);
          // With other players the organiser pays their own share; the others pay theirs.
          const due = await organiserDue(tx, id, { lock: true });
          const creditCents = body.use_credit ? creditTowardsCents((await walletOf(tx, user.id, { lock: true })).available, due) : 0;
          if (body.use_credit && creditCents === 0) throw new AppError(409, BOOKING_MESSAGES.noCredit);
          if (creditCents > 0) {
            await spendCreditOnBooking(tx, { id, userId: user.id }, creditCents, {
              key: `payment:${payment.id}:credit`,
              // Set aside as long as the Checkout can be paid.
              pending: { expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_SECONDS * 1000), transactionId: payment.id },
              context: { description: 'Pagamento prenotazione: il resto con carta' },
            });
          }
          const cardCents = due - creditCents;
          const itemName = `Campo ${current.court.code} · ${whenOf(current)}${creditCents > 0 ? ` (${formatEuros(creditCents)} pagati con il credito)` : ''}`;
          await tx.transaction.update({ where: { id: payment.id }, data: { amountCents: cardCents, description: itemName } });
          return { amountCents: cardCents, itemName };
        },
      });
      return { checkout_url: checkoutUrl, booking: dto };
    },

    /**
     * Back from Stripe's page without paying ("Annulla"): the checkout is closed and the credit it set
     * aside is free again at once (one already paid stops this: 409). The hold stays, to pay another way.
     */
    async abandonCheckout(user: User, id: number) {
      await ownBooking(user.id, id);
      const released = await checkouts.closeOpenSessions('booking', id);
      const { freeCancellationHours } = await readSettings(db);
      return { message: released > 0 ? BOOKING_MESSAGES.checkoutAbandonedCredit : BOOKING_MESSAGES.checkoutAbandoned, booking: await dtoOf(await ownBooking(user.id, id), new Date(), freeCancellationHours) };
    },

    /**
     * A live hold is released at once. A paid booking is cancelled for free until the notice before
     * it starts: card payments refunded by the job, credit and carnet uses returned, each player's share
     * the way it was paid.
     */
    async cancel(user: User, id: number) {
      const booking = await ownBooking(user.id, id);
      const now = new Date();
      const { freeCancellationHours } = await readSettings(db);
      const dto = await dtoOf(booking, now, freeCancellationHours);
      if (booking.status === 'confirmed' && !dto.can_cancel && booking.startsAt > now) throw new AppError(409, BOOKING_MESSAGES.lateCancel(freeCancellationHours));
      if (!dto.can_cancel) throw new AppError(409, BOOKING_MESSAGES.notCancellable);
      if (booking.status === 'pending_payment') await checkouts.refuseIfPaid('booking', id);
      const returned = await db.$transaction(async (tx) => {
        if ((await lockBooking(tx, id))?.status !== booking.status) throw new AppError(409, BOOKING_MESSAGES.notCancellable);
        const outcome = await cancelBooking(tx, booking, { policy: { by: 'member' }, reason: 'Annullata dal socio', cancelledById: null, now, refundReason: 'cancelled', description: whenOf(booking) });
        await notifyWaitlist(tx, booking);
        return outcome;
      }, TRANSACTION_OPTIONS);
      return {
        message:
          returned.card > 0
            ? returned.credit > 0
              ? BOOKING_MESSAGES.cancelledCreditAndRefund
              : BOOKING_MESSAGES.cancelledRefund
            : returned.credit > 0
              ? BOOKING_MESSAGES.cancelledCredit
              : BOOKING_MESSAGES.cancelled,
        booking: await dtoOf(await ownBooking(user.id, id), now, freeCancellationHours),
      };
    },

    /**
     * Job, every minute: holds past their time become expired and let go of what they held (coupon use,
     * credit set aside, what they owed); their Checkout Sessions, and those of holds marked expired when
     * someone else took the slot, are closed. Set-aside money whose time ran out is released.
     */
    async expireLapsedHolds() {
      const lapsed = await db.booking.findMany({ where: { status: 'pending_payment', holdExpiresAt: { lte: new Date() } }, select: { id: true, courtId: true, startsAt: true, endsAt: true } });
      for (const { id, ...slot } of lapsed) {
        await db.$transaction(async (tx) => {
          const [row] = await tx.$queryRaw<Pick<Booking, 'id' | 'membershipCouponId' | 'bookingCouponId'>[]>`
            UPDATE bookings SET status = 'expired', updated_at = now() WHERE id = ${id} AND status = 'pending_payment'
            RETURNING id, membership_coupon_id AS "membershipCouponId", booking_coupon_id AS "bookingCouponId"`;
          if (!row) return;
          await letGoOfLapsed(tx, [row]);
          await notifyWaitlist(tx, slot);
        }, TRANSACTION_OPTIONS);
      }
      // A session paid in the last second is left to the webhook, which confirms or refunds it.
      const stillOpen = await db.$queryRaw<{ id: number }[]>`
        SELECT DISTINCT b.id FROM bookings b JOIN transactions t ON t.booking_id = b.id
        WHERE b.status = 'expired' AND t.type = 'payment' AND t.status = 'pending'`;
      for (const { id } of stillOpen) await db.$transaction((tx) => checkouts.closeIn(tx, 'booking', id), TRANSACTION_OPTIONS);
      await voidExpired(db);
      return lapsed.length;
    },

    /** Job: confirmed bookings starting within the reminder lead get one e-mail (marked in the same statement). */
    async sendReminders() {
      const { reminderHours } = await readSettings(db);
      return db.$transaction(async (tx) => {
        const due = await tx.$queryRaw<{ id: number }[]>`
          UPDATE bookings SET reminder_sent_at = now()
          WHERE status = 'confirmed' AND reminder_sent_at IS NULL AND user_id IS NOT NULL
            AND starts_at > now() AND starts_at <= now() + make_interval(hours => ${reminderHours})
          RETURNING id`;
        const bookings = await tx.booking.findMany({ where: { id: { in: due.map((row) => row.id) } }, include: { user: true, court: true } });
        for (const booking of bookings) await jobs.send('send-email', reminderEmail(booking.user!, whatOf(booking), `${config.WEB_ORIGIN}/le-mie-prenotazioni`), { tx });
        return bookings.length;
      }, TRANSACTION_OPTIONS);
    },

    /** "Avvisami se si libera" on a taken slot. */
    async joinWaitlist(user: User, body: BodyOf<Routes['waitlist']>) {
      const court = await db.court.findUnique({ where: { id: body.court_id } });
      if (!court?.isBookable) throw new AppError(422, BOOKING_MESSAGES.notBookable);
      const { startsAt, endsAt } = await priceSlots(db, court, { ...body, slots: 1, full_day: false, equipment: false });
      if (startsAt <= new Date()) throw new AppError(422, BOOKING_MESSAGES.past);
      await db.bookingWaitlist.upsert({
        where: { userId_courtId_startsAt: { userId: user.id, courtId: court.id, startsAt } },
        create: { userId: user.id, courtId: court.id, startsAt, endsAt },
        update: { notifiedAt: null },
      });
      return { message: `Ti avviseremo per e-mail se il ${court.name} si libera alle ${body.start}.` };
    },

    /** One booking as an .ics file. */
    async ics(user: User, id: number) {
      const booking = await ownBooking(user.id, id);
      if (booking.status !== 'confirmed') throw new AppError(409, 'Solo una prenotazione confermata si aggiunge al calendario.');
      return { file: bookingsCalendar('Adriatica Beach Arena', [booking], config.WEB_ORIGIN).toString(), filename: `prenotazione-${booking.court.code}-${todayInRome(booking.startsAt)}.ics` };
    },

    /** The member's feed address, made on first use. */
    async calendarFeed(user: User, { regenerate = false } = {}) {
      let token = regenerate ? null : (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { calendarToken: true } })).calendarToken;
      if (!token) {
        token = randomBytes(24).toString('base64url');
        await db.user.update({ where: { id: user.id }, data: { calendarToken: token } });
      }
      return { url: feedUrl(token) };
    },

    /** The feed behind the secret address: only the confirmed bookings that member booked or plays in. */
    async calendarByToken(token: string) {
      const user = await db.user.findUnique({ where: { calendarToken: token } });
      if (!user) throw notFound('Calendario non trovato: l’indirizzo potrebbe essere stato rigenerato.');
      const bookings = await db.booking.findMany({ where: { OR: [{ userId: user.id }, playingIn(user.id)], status: 'confirmed' }, include: { court: true }, orderBy: { startsAt: 'asc' } });
      return bookingsCalendar(`Prenotazioni di ${user.firstName} - Adriatica Beach Arena`, bookings, config.WEB_ORIGIN).toString();
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
