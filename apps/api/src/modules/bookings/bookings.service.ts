// Court booking for members (docs/domain.md#holds): the day's grid, holds that occupy a slot while the
// member pays, Stripe Checkout through the payments module, confirmation on payment, cancellation with
// an automatic refund inside the free-cancellation notice, and holds that lapse on time.
import { type api, type BodyOf, centsToMoney, FULL_DAY_SLOTS, FULL_DAY_START, type QueryOf, SLOT_MINUTES, type TBooking } from '@beach/contracts';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { Booking, Transaction, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatEuros } from '../../lib/format.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { COUPON_MESSAGES, couponDiscountCents, couponProblem, redeemCoupon } from '../coupons/coupon-rules.js';
import { inSeason, seasonOf, seasonOpening } from '../memberships/membership-terms.js';
import type { Checkouts } from '../payments/checkout.js';
import { requireStripe } from '../payments/checkout.js';
import type { PaymentTarget } from '../payments/payments.service.js';
import { returnCarnetUse } from '../carnets/carnet-uses.js';
import { CARD_REST_REASON, createCreditLedger, LAPSED_HOLD_REASON } from '../credit/credit-ledger.js';
import { createShareReturns, organiserShareCents, playingIn } from '../booking-players/booking-shares.js';
import { readSettings } from '../settings/settings.service.js';
import { assertCertificateForBooking } from '../certificates/certificate-status.js';
import { dayAvailability } from './availability.js';
import {
  bookingWire,
  createWaitlistNotifier,
  isLiveHold,
  LIVE,
  LIVE_HOLD,
  PAID_WITH_DETAILS,
  paymentOf,
  priceSlots,
  releaseCouponsOf,
  reserveSlot,
  SLOT_MESSAGES,
  takeCourtTurn,
  timeOf,
  UNDER_OVERLAP_CONSTRAINT,
  whatOf,
  whenOf,
  type WireBookingRow,
} from './booking-terms.js';
import { applyBookingCoupon } from './booking-coupon-rules.js';
import { reminderEmail } from './bookings.emails.js';
import { bookingsCalendar } from './calendar.js';

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
  lateCancel: (hours: number) => `La cancellazione gratuita è possibile fino a ${hours} ore prima dell’inizio: contatta la segreteria.`,
  notCancellable: 'Questa prenotazione non si può annullare.',
  noCredit: 'Non hai credito da usare per questa prenotazione.',
} as const;

type Routes = typeof api.bookings;
type BookingRow = WireBookingRow & { transactions: Transaction[] };

const WITH_DETAILS = { court: true, transactions: { orderBy: { createdAt: 'desc' } }, membershipCoupon: { select: { code: true } }, bookingCoupon: { select: { code: true } }, ...PAID_WITH_DETAILS } as const;

/** A member's booking on the wire; it can be cancelled for free until the notice before it starts. */
function toBookingDto(booking: BookingRow, now: Date, freeCancellationHours: number): TBooking {
  const payment = paymentOf(booking.transactions);
  const holdLive = isLiveHold(booking, now);
  const beforeNotice = booking.startsAt.getTime() - now.getTime() >= freeCancellationHours * 3_600_000;
  return {
    ...bookingWire(booking, now),
    full_day: timeOf(booking.startsAt) === FULL_DAY_START && booking.endsAt.getTime() - booking.startsAt.getTime() === FULL_DAY_SLOTS * SLOT_MINUTES * 60_000,
    original_price: centsToMoney(booking.priceCents + booking.discountCents),
    hold_expires_at: holdLive ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
    payment_status: payment?.status ?? null,
    can_pay: holdLive,
    can_cancel: holdLive || (booking.status === 'confirmed' && beforeNotice && booking.startsAt > now),
  };
}

export function createBookingsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'stripe' | 'logger' | 'config'>, checkouts: Checkouts) {
  const { db, jobs, config } = deps;
  const notifyWaitlist = createWaitlistNotifier(deps);
  const creditLedger = createCreditLedger(deps);
  const returnShares = createShareReturns(deps);

  async function ownBooking(userId: number, id: number): Promise<BookingRow> {
    const booking = await db.booking.findFirst({ where: { id, userId }, include: WITH_DETAILS });
    if (!booking) throw notFound(BOOKING_MESSAGES.notFound);
    return booking;
  }

  const feedUrl = (token: string) => `${webOriginOf(config)}/api/bookings/calendar/${token}.ics`;

  const couponRefused = (problem: string) => new AppError(422, problem, { coupon_code: [problem] });

  /** A booking coupon, or a membership coupon valid for bookings too; its use counted once. */
  async function applyCoupon(booking: BookingRow, code: string, now: Date) {
    const today = todayInRome(now);
    await db.$transaction(async (tx) => {
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
    }, TRANSACTION_OPTIONS);
  }

  const paymentTarget: PaymentTarget = {
    /**
     * A paid hold is confirmed. A payment that arrives after the hold lapsed still gets the slot if
     * nobody took it meanwhile; otherwise the payments module refunds it.
     */
    async confirm(tx, bookingId, payment) {
      const [booking] = await tx.$queryRaw<{ status: Booking['status']; courtId: number; startsAt: Date; endsAt: Date; priceCents: number; userId: number | null }[]>`
        SELECT status, court_id AS "courtId", starts_at AS "startsAt", ends_at AS "endsAt", price_cents AS "priceCents", user_id AS "userId" FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
      if (!booking) return false;
      // Credit pays what the card did not of the organiser's due (their share, with other players): set aside
      // when the checkout opened, taken again if it went back meanwhile.
      const creditPaid = async () => {
        if (booking.userId === null) return true;
        const dueCents = await organiserShareCents(tx, { id: bookingId, priceCents: booking.priceCents });
        return creditLedger.holdForBooking(tx, { id: bookingId, userId: booking.userId }, Math.max(0, dueCents - payment.amountCents), CARD_REST_REASON);
      };
      if (booking.status === 'pending_payment') {
        if (!(await creditPaid())) return false;
        await tx.booking.update({ where: { id: bookingId }, data: { status: 'confirmed', holdExpiresAt: null } });
        return true;
      }
      if (booking.status !== 'expired') return false;
      await takeCourtTurn(tx, booking.courtId);
      const clash = await tx.booking.findFirst({
        where: { courtId: booking.courtId, id: { not: bookingId }, startsAt: { lt: booking.endsAt }, endsAt: { gt: booking.startsAt }, ...UNDER_OVERLAP_CONSTRAINT },
        select: { id: true },
      });
      if (clash || !(await creditPaid())) return false;
      await tx.booking.update({ where: { id: bookingId }, data: { status: 'confirmed', holdExpiresAt: null } });
      return true;
    },

    /** A checkout that ended unpaid gives back the credit set aside for its rest (a new checkout sets it aside anew). */
    async checkoutExpired(tx, bookingId) {
      const [booking] = await tx.$queryRaw<Pick<Booking, 'status' | 'userId'>[]>`SELECT status, user_id AS "userId" FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
      if (booking?.userId && booking.status !== 'confirmed') await creditLedger.holdForBooking(tx, { id: bookingId, userId: booking.userId }, 0, LAPSED_HOLD_REASON);
    },
  };

  return {
    paymentTarget,

    availability: (viewer: User, query: QueryOf<Routes['availability']>) => dayAvailability(db, viewer.id, query, new Date()),

    /**
     * A hold on the slots. The member's row is locked so their own limits hold under
     * concurrent requests; two members racing for one slot are separated by the exclusion constraint.
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
        return reserveSlot(tx, { courtId: court.id, startsAt, endsAt }, now, () =>
          tx.booking.create({
            data: { courtId: court.id, userId: user.id, createdById: user.id, startsAt, endsAt, priceCents, status: 'pending_payment', holdExpiresAt: new Date(now.getTime() + settings.paymentHoldMinutes * 60_000) },
            include: WITH_DETAILS,
          }),
        );
      }, TRANSACTION_OPTIONS);
      return { message: BOOKING_MESSAGES.held, booking: toBookingDto(booking, now, settings.freeCancellationHours) };
    },

    async mine(user: User) {
      const now = new Date();
      const { freeCancellationHours } = await readSettings(db);
      const rows = await db.booking.findMany({ where: { userId: user.id }, include: WITH_DETAILS, orderBy: { startsAt: 'asc' } });
      const bookings = rows.map((row) => toBookingDto(row, now, freeCancellationHours));
      return { upcoming: bookings.filter((row) => new Date(row.ends_at) > now), past: bookings.filter((row) => new Date(row.ends_at) <= now).reverse() };
    },

    async show(user: User, id: number) {
      const { freeCancellationHours } = await readSettings(db);
      return toBookingDto(await ownBooking(user.id, id), new Date(), freeCancellationHours);
    },

    /** Opens Stripe Checkout for a live hold; a coupon (applicable to bookings) is counted once. */
    async checkout(user: User, id: number, body: BodyOf<Routes['checkout']>) {
      const booking = await ownBooking(user.id, id);
      const now = new Date();
      if (booking.status !== 'pending_payment') throw new AppError(409, BOOKING_MESSAGES.notPayable);
      if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw new AppError(409, BOOKING_MESSAGES.holdLapsed);
      const applied = booking.bookingCoupon?.code ?? booking.membershipCoupon?.code ?? null;
      if (body.coupon_code && applied && applied !== body.coupon_code) throw new AppError(409, BOOKING_MESSAGES.couponAlready);
      if (body.coupon_code && !applied) await applyCoupon(booking, body.coupon_code, now);
      const current = await ownBooking(user.id, id);
      const dto = toBookingDto(current, now, (await readSettings(db)).freeCancellationHours);
      // With other players the organiser pays their own share; the others pay theirs.
      const dueCents = await organiserShareCents(db, current);
      // Credit first, on what is due after the coupon; every checkout sets the credit aside anew (none: given back).
      const creditCents = body.use_credit ? await creditLedger.creditTowards(db, { id, userId: user.id }, dueCents) : 0;
      if (body.use_credit && creditCents === 0) throw new AppError(409, BOOKING_MESSAGES.noCredit);
      const checkoutUrl = await checkouts.open({
        kind: 'booking',
        targetId: id,
        customer: { id: user.id, email: user.email },
        amountCents: dueCents - creditCents,
        itemName: `Campo ${current.court.code} · ${whenOf(current)}${creditCents > 0 ? ` (${formatEuros(creditCents)} pagati con il credito)` : ''}`,
        cancelPath: `/prenotazioni/pagamento/${id}`,
        inTransaction: (tx) => creditLedger.holdForCheckout(tx, { id, userId: user.id }, creditCents),
      });
      return { checkout_url: checkoutUrl, booking: dto };
    },

    /**
     * A live hold is released at once. A paid booking is cancelled for free until the notice before
     * it starts, and its payment refunded in full by a job queued in the same transaction.
     */
    async cancel(user: User, id: number) {
      const booking = await ownBooking(user.id, id);
      const now = new Date();
      const { freeCancellationHours } = await readSettings(db);
      const dto = toBookingDto(booking, now, freeCancellationHours);
      if (booking.status === 'confirmed' && !dto.can_cancel && booking.startsAt > now) throw new AppError(409, BOOKING_MESSAGES.lateCancel(freeCancellationHours));
      if (!dto.can_cancel) throw new AppError(409, BOOKING_MESSAGES.notCancellable);
      if (booking.status === 'pending_payment') await checkouts.closeOpenSessions('booking', id);
      const payment = paymentOf(booking.transactions);
      const refund = booking.status === 'confirmed' && payment?.status === 'completed' && payment.method === 'stripe';
      await db.$transaction(async (tx) => {
        const cancelled = await tx.booking.updateMany({
          where: { id, status: booking.status },
          data: { status: 'cancelled', cancelledAt: now, cancellationReason: 'Annullata dal socio', holdExpiresAt: null },
        });
        if (cancelled.count === 0) throw new AppError(409, BOOKING_MESSAGES.notCancellable);
        if (booking.status === 'pending_payment') await releaseCouponsOf(tx, booking);
        if (refund) await jobs.send('refund-payment', { paymentId: payment.id, reason: 'cancelled' }, { tx });
        // Confirmed: what credit paid; a hold: the credit set aside for the card's rest.
        await creditLedger.returnBookingPayment(tx, booking, { byMember: true });
        if (booking.status === 'confirmed') await returnCarnetUse(tx, id);
        if (booking.status === 'confirmed') await returnShares(tx, id);
        await notifyWaitlist(tx, booking);
      }, TRANSACTION_OPTIONS);
      return { message: refund ? BOOKING_MESSAGES.cancelledRefund : BOOKING_MESSAGES.cancelled, booking: toBookingDto(await ownBooking(user.id, id), now, freeCancellationHours) };
    },

    /** Job, every minute: holds past their time become expired, their Checkout closed, coupons and set-aside credit given back. */
    async expireLapsedHolds() {
      const lapsed = await db.booking.findMany({ where: { status: 'pending_payment', holdExpiresAt: { lte: new Date() } }, select: { id: true, courtId: true, startsAt: true, endsAt: true } });
      for (const { id, ...slot } of lapsed) {
        // A session paid in the last second is left to the webhook, which confirms or refunds it.
        await checkouts.closeOpenSessions('booking', id).catch((error: unknown) => deps.logger.warn({ err: error, bookingId: id }, 'Sessione di pagamento non chiusa'));
        await db.$transaction(async (tx) => {
          const [row] = await tx.$queryRaw<Pick<Booking, 'membershipCouponId' | 'bookingCouponId'>[]>`
            UPDATE bookings SET status = 'expired', updated_at = now() WHERE id = ${id} AND status = 'pending_payment'
            RETURNING membership_coupon_id AS "membershipCouponId", booking_coupon_id AS "bookingCouponId"`;
          if (!row) return;
          await releaseCouponsOf(tx, row);
          await notifyWaitlist(tx, slot);
        }, TRANSACTION_OPTIONS);
      }
      await creditLedger.returnLapsedHolds(db);
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
