// A member's bookings as they read them (docs/domain.md#holds): the wire form with its money, their list,
// one booking, the day's grid, and their calendar (one file, or the secret feed).
import { type api, centsToMoney, defineMessages, FULL_DAY_SLOTS, FULL_DAY_START, italianTexts, type QueryOf, SLOT_MINUTES, type TBooking } from '@beach/contracts';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { Prisma, User } from '../../generated/prisma/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { todayInRome } from '../../lib/time.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { playingIn } from './booking-shares.js';
import { readSettings } from '../settings/index.js';
import { dayAvailability } from './availability.js';
import { bookingWire, isLiveHold, paymentOf, SLOT_MESSAGES, timeOf } from './booking-terms.js';
import { bookingsCalendar } from './calendar.js';
import { type BookingMoney, moneyOfBookings, NO_MONEY } from './booking-money.js';
import { italian, localizedDay, withValues } from '../../lib/i18n.js';

export const bookingMessages = defineMessages({
  held: /* i18n */ { id: 'api.bookings.held', message: 'Prenotazione effettuata: completa il pagamento per confermarla.' },
  past: /* i18n */ { id: 'api.bookings.past', message: 'Non si può prenotare un orario già passato.' },
  beyondHorizon: /* i18n */ { id: 'api.bookings.beyond_horizon', message: 'Si può prenotare al massimo {days} giorni in anticipo.' },
  outOfSeason: /* i18n */ { id: 'api.bookings.out_of_season', message: 'Il centro è aperto dal {start} al {end}: scegli un giorno della stagione.' },
  notBookable: /* i18n */ { id: 'api.bookings.not_bookable', message: 'Questo campo non si prenota online: chiedi in segreteria.' },
  limit: /* i18n */ { id: 'api.bookings.limit', message: 'Hai già {max} prenotazioni future: è il massimo consentito.' },
  liveHold: /* i18n */ {
    id: 'api.bookings.live_hold',
    message: 'Hai già una prenotazione in attesa di pagamento: completala o annullala prima di prenotarne un’altra.',
  },
  notFound: /* i18n */ { id: 'api.bookings.not_found', message: 'Prenotazione non trovata.' },
  notPayable: /* i18n */ { id: 'api.bookings.not_payable', message: 'Questa prenotazione non è in attesa di pagamento.' },
  holdLapsed: /* i18n */ { id: 'api.bookings.hold_lapsed', message: 'Il tempo per pagare è scaduto e l’orario è stato liberato: prenota di nuovo.' },
  couponAlready: /* i18n */ { id: 'api.bookings.coupon_already', message: 'A questa prenotazione è già stato applicato un coupon.' },
  cancelled: /* i18n */ { id: 'api.bookings.cancelled', message: 'Prenotazione annullata.' },
  cancelledRefund: /* i18n */ { id: 'api.bookings.cancelled_refund', message: 'Prenotazione annullata: il rimborso è in corso e arriverà sulla stessa carta.' },
  cancelledCredit: /* i18n */ { id: 'api.bookings.cancelled_credit', message: 'Prenotazione annullata: l’importo è di nuovo nel tuo credito.' },
  cancelledCreditAndRefund: /* i18n */ {
    id: 'api.bookings.cancelled_credit_and_refund',
    message: 'Prenotazione annullata: la parte pagata con il credito è di nuovo nel tuo credito, il resto arriverà sulla stessa carta.',
  },
  lateCancel: /* i18n */ {
    id: 'api.bookings.late_cancel',
    message: 'La cancellazione gratuita è possibile fino a {hours} ore prima dell’inizio: contatta la segreteria.',
  },
  notCancellable: /* i18n */ { id: 'api.bookings.not_cancellable', message: 'Questa prenotazione non si può annullare.' },
  noCredit: /* i18n */ { id: 'api.bookings.no_credit', message: 'Non hai credito da usare per questa prenotazione.' },
  checkoutAbandoned: /* i18n */ { id: 'api.bookings.checkout_abandoned', message: 'Pagamento annullato: non ti è stato addebitato nulla.' },
  courtNotFound: /* i18n */ { id: 'api.bookings.court_not_found', message: 'Campo non trovato.' },
  waitlisted: /* i18n */ {
    id: 'api.bookings.waitlisted',
    message: 'Sei in lista d’attesa per il {court} alle {start}: se si libera, in ordine di iscrizione è tenuto per te e ti scriviamo.',
  },
  waitlistSlotFree: /* i18n */ { id: 'api.bookings.waitlist_slot_free', message: 'Questa fascia è libera: prenotala.' },
  waitlistAlready: /* i18n */ { id: 'api.bookings.waitlist_already', message: 'Sei già in lista d’attesa per questa fascia.' },
  waitlistNotFound: /* i18n */ { id: 'api.bookings.waitlist_not_found', message: 'Non sei in questa lista d’attesa.' },
  waitlistOver: /* i18n */ { id: 'api.bookings.waitlist_over', message: 'Il tuo turno in questa lista d’attesa è già concluso.' },
  waitlistWithdrawn: /* i18n */ { id: 'api.bookings.waitlist_withdrawn', message: 'Sei uscito dalla lista d’attesa.' },
  calendarConfirmedOnly: /* i18n */ { id: 'api.bookings.calendar_confirmed_only', message: 'Solo una prenotazione confermata si aggiunge al calendario.' },
  calendarNotFound: /* i18n */ { id: 'api.bookings.calendar_not_found', message: 'Calendario non trovato: l’indirizzo potrebbe essere stato rigenerato.' },
  checkoutAbandonedCredit: /* i18n */ {
    id: 'api.bookings.checkout_abandoned_credit',
    message: 'Pagamento annullato: non ti è stato addebitato nulla e il credito messo da parte è di nuovo disponibile.',
  },
});
/** The Italian of each, as the tests read it. */
export const BOOKING_MESSAGES = {
  ...SLOT_MESSAGES,
  ...italianTexts(bookingMessages),
  beyondHorizon: (days: number) => italian(withValues(bookingMessages.beyondHorizon, { days })),
  outOfSeason: (start: string, end: string) => italian(withValues(bookingMessages.outOfSeason, { start: localizedDay(start), end: localizedDay(end) })),
  limit: (max: number) => italian(withValues(bookingMessages.limit, { max })),
  lateCancel: (hours: number) => italian(withValues(bookingMessages.lateCancel, { hours })),
};

export type Routes = typeof api.bookings;
export const WITH_DETAILS = {
  court: true,
  transactions: { orderBy: { createdAt: 'desc' } },
  membershipCoupon: { select: { code: true } },
  bookingCoupon: { select: { code: true } },
  rainCheck: { select: { status: true, outcome: true } },
  _count: { select: { players: { where: { status: { not: 'dropped' } } } } },
} as const satisfies Prisma.BookingInclude;
export type BookingRow = Prisma.BookingGetPayload<{ include: typeof WITH_DETAILS }>;

/** A member's booking on the wire; it can be cancelled for free until the notice before it starts. */
export function toBookingDto(booking: BookingRow, money: BookingMoney, now: Date, freeCancellationHours: number): TBooking {
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

export function createBookingReads({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  async function ownBooking(userId: number, id: number): Promise<BookingRow> {
    const booking = await db.booking.findFirst({ where: { id, userId }, include: WITH_DETAILS });
    if (!booking) throw notFound(bookingMessages.notFound);
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

  const availability = (viewerId: number, query: QueryOf<Routes['availability']>) => dayAvailability(db, viewerId, query, new Date());

  async function mine(user: User) {
    const now = new Date();
    const { freeCancellationHours } = await readSettings(db);
    const rows = await db.booking.findMany({ where: { userId: user.id }, include: WITH_DETAILS, orderBy: { startsAt: 'asc' } });
    const bookings = await dtosOf(rows, now, freeCancellationHours);
    // A hold that lapsed is no longer coming up, whatever its date: it goes with the past ones.
    const upcoming = (row: TBooking) => new Date(row.ends_at) > now && row.status !== 'expired';
    return { upcoming: bookings.filter(upcoming), past: bookings.filter((row) => !upcoming(row)).reverse() };
  }

  async function show(user: User, id: number) {
    const { freeCancellationHours } = await readSettings(db);
    return dtoOf(await ownBooking(user.id, id), new Date(), freeCancellationHours);
  }

  /** One booking as an .ics file. */
  async function ics(user: User, id: number) {
    const booking = await ownBooking(user.id, id);
    if (booking.status !== 'confirmed') throw new AppError(409, bookingMessages.calendarConfirmedOnly);
    const file = bookingsCalendar(user, [booking], config.WEB_ORIGIN).toString();
    return { file, filename: `prenotazione-${booking.court.code}-${todayInRome(booking.startsAt)}.ics` };
  }

  /** The member's feed address, made on first use. */
  async function calendarFeed(user: User, { regenerate = false } = {}) {
    let token = regenerate ? null : (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { calendarToken: true } })).calendarToken;
    if (!token) {
      token = randomBytes(24).toString('base64url');
      await db.user.update({ where: { id: user.id }, data: { calendarToken: token } });
    }
    return { url: feedUrl(token) };
  }

  /** The feed behind the secret address: only the confirmed bookings that member booked or plays in. */
  async function calendarByToken(token: string) {
    const user = await db.user.findUnique({ where: { calendarToken: token } });
    if (!user) throw notFound(bookingMessages.calendarNotFound);
    const bookings = await db.booking.findMany({ where: { OR: [{ userId: user.id }, playingIn(user.id)], status: 'confirmed' }, include: { court: true }, orderBy: { startsAt: 'asc' } });
    return bookingsCalendar(user, bookings, config.WEB_ORIGIN, { feed: true }).toString();
  }

  return { ownBooking, dtoOf, availability, mine, show, ics, calendarFeed, calendarByToken };
}

export type BookingReads = ReturnType<typeof createBookingReads>;
