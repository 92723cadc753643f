// Weekly recurring series (docs/domain.md#recurring-series): a preview of every date with the reason it would be skipped,
// creation that books all the free dates in one transaction (all or nothing), editing the future
// dates, and cancelling from a day on.
import { type api, type BodyOf, centsToMoney, SLOTS, type TOccurrence, type TRecurringSeries } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { User } from '../../generated/prisma/client.js';
import { Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { formatItalianDate } from '../../lib/format.js';
import type { PageRequest } from '../../lib/paging.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../../lib/time.js';
import { isAdmin } from '../auth/index.js';
import { inSeason, seasonOf } from '../memberships/index.js';
import { readSettings } from '../settings/index.js';
import { ADMIN_BOOKING_MESSAGES, type AdminBookingsService } from './admin-bookings.service.js';
import { postMany } from '../ledger/index.js';
import { createWaitlistNotifier, LIVE, priceSlots, reserveSlot, takeCourtTurn } from './booking-terms.js';
import { lockBooking } from './booking-lock.js';
import { chargeEntry, reprice } from './booking-money.js';
import type { CancelBooking } from './cancel-booking.js';

export const RECURRING_MESSAGES = {
  notFound: 'Serie non trovata.',
  raced: 'Nel frattempo una data della serie è stata prenotata: rifai l’anteprima.',
  nothingFree: 'Nessuna data della serie è libera: non è stato prenotato nulla.',
  created: (count: number, skipped: number) => `Serie creata: ${count} ${count === 1 ? 'data prenotata' : 'date prenotate'}${skipped > 0 ? `, ${skipped} ${skipped === 1 ? 'saltata' : 'saltate'}` : ''}.`,
  updated: (count: number) => `Serie aggiornata, con ${count} ${count === 1 ? 'data futura' : 'date future'}.`,
  cancelled: (count: number) => `${count} ${count === 1 ? 'data annullata' : 'date annullate'}.`,
  reasons: {
    past: 'Data già passata',
    out_of_season: 'Fuori stagione',
    closed: 'Campo chiuso',
    taken: 'Già prenotato',
  },
} as const;

type Routes = typeof api.adminBookings;
type SeriesBody = BodyOf<Routes['recurringCreate']>;
type Span = { startsAt: Date; endsAt: Date };

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar day. */
const isoWeekday = (date: string) => fromIsoDate(date).getUTCDay() || 7;

/** Every date of the series with its instants. */
export function seriesDates(body: Pick<SeriesBody, 'weekday' | 'valid_from' | 'valid_to' | 'start' | 'end'>) {
  const dates: { date: string; startsAt: Date; endsAt: Date }[] = [];
  let date = addDays(body.valid_from, (body.weekday - isoWeekday(body.valid_from) + 7) % 7);
  for (; date <= body.valid_to; date = addDays(date, 7)) dates.push({ date, startsAt: instantInRome(date, body.start), endsAt: instantInRome(date, body.end) });
  return dates;
}

const overlaps = (a: Span, b: Span) => a.startsAt < b.endsAt && a.endsAt > b.startsAt;

export function createRecurringBookingsService(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, adminBookings: AdminBookingsService, cancelBooking: CancelBooking) {
  const { db } = deps;
  const notifyWaitlist = createWaitlistNotifier(deps);

  /** Each date, free or with why it is skipped, read through `client` (a transaction when creating). */
  async function occurrencesOf(client: Prisma.TransactionClient, body: SeriesBody, now: Date): Promise<(TOccurrence & Span)[]> {
    const dates = seriesDates(body);
    if (dates.length === 0) return [];
    const from = dates[0]!.startsAt;
    const to = dates[dates.length - 1]!.endsAt;
    const [settings, closures, bookings] = await Promise.all([
      readSettings(client),
      client.courtClosure.findMany({ where: { courtId: body.court_id, startsAt: { lt: to }, endsAt: { gt: from } } }),
      client.booking.findMany({ where: { courtId: body.court_id, startsAt: { lt: to }, endsAt: { gt: from }, ...LIVE(now) }, select: { startsAt: true, endsAt: true } }),
    ]);
    return dates.map((occurrence) => {
      const season = seasonOf(Number(occurrence.date.slice(0, 4)), settings);
      const state: TOccurrence['state'] =
        occurrence.startsAt <= now
          ? 'past'
          : !inSeason(occurrence.date, season)
            ? 'out_of_season'
            : closures.some((closure) => overlaps(closure, occurrence))
              ? 'closed'
              : bookings.some((booking) => overlaps(booking, occurrence))
                ? 'taken'
                : 'free';
      return { ...occurrence, state, reason: state === 'free' ? null : RECURRING_MESSAGES.reasons[state] };
    });
  }

  /** The price of one date: the list's for its slots (and lights), or an admin's. */
  async function priceOf(actor: User, body: Pick<SeriesBody, 'court_id' | 'valid_from' | 'start' | 'end' | 'price'>) {
    if (body.price !== null && !isAdmin(actor)) throw new AppError(403, ADMIN_BOOKING_MESSAGES.priceAdminOnly);
    const court = await adminBookings.courtOrFail(body.court_id);
    const startIndex = SLOTS.findIndex((slot) => slot.start === body.start);
    const slots = SLOTS.findIndex((slot) => slot.end === body.end) - startIndex + 1;
    const listed = await priceSlots(db, court, { date: body.valid_from, start: body.start, slots, full_day: false, equipment: false });
    return { priceCents: body.price ?? listed.priceCents, overridden: body.price !== null && body.price !== listed.priceCents };
  }

  async function loadSeries(ids: number[], now = new Date()): Promise<TRecurringSeries[]> {
    if (ids.length === 0) return [];
    const rows = await db.$queryRaw<
      {
        id: number;
        courtId: number;
        code: string;
        courtName: string;
        weekday: number;
        start: string;
        end: string;
        validFrom: Date;
        validTo: Date;
        userId: number | null;
        memberName: string | null;
        customerName: string | null;
        customerPhone: string | null;
        priceCents: number;
        notes: string | null;
        createdAt: Date;
        upcoming: number;
        booked: number;
      }[]
    >`
      SELECT r.id, c.id AS "courtId", c.code, c.name AS "courtName", r.weekday, to_char(r.start_time, 'HH24:MI') AS start, to_char(r.end_time, 'HH24:MI') AS "end",
        r.valid_from AS "validFrom", r.valid_to AS "validTo", r.user_id AS "userId", u.first_name || ' ' || u.last_name AS "memberName",
        r.customer_name AS "customerName", r.customer_phone AS "customerPhone", r.price_cents AS "priceCents", r.notes, r.created_at AS "createdAt",
        (SELECT count(*)::int FROM bookings b WHERE b.recurring_booking_id = r.id AND b.status = 'confirmed' AND b.starts_at > ${now}) AS upcoming,
        (SELECT count(*)::int FROM bookings b WHERE b.recurring_booking_id = r.id AND b.status = 'confirmed') AS booked
      FROM recurring_bookings r JOIN courts c ON c.id = r.court_id LEFT JOIN users u ON u.id = r.user_id
      WHERE r.id IN (${Prisma.join(ids)})`;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          court: { id: row.courtId, code: row.code, name: row.courtName },
          weekday: row.weekday,
          start: row.start,
          end: row.end === '00:00' ? '24:00' : row.end,
          valid_from: row.validFrom.toISOString().slice(0, 10),
          valid_to: row.validTo.toISOString().slice(0, 10),
          customer: { user_id: row.userId, name: row.memberName ?? row.customerName ?? '—', phone: row.customerPhone },
          price: centsToMoney(row.priceCents),
          notes: row.notes,
          upcoming: row.upcoming,
          booked: row.booked,
          created_at: row.createdAt.toISOString(),
        },
      ];
    });
  }

  async function oneSeries(id: number) {
    const [series] = await loadSeries([id]);
    if (!series) throw notFound(RECURRING_MESSAGES.notFound);
    return series;
  }

  const withoutSpan = ({ date, state, reason }: TOccurrence): TOccurrence => ({ date, state, reason });

  return {
    async list(query: PageRequest) {
      const [rows, total] = await Promise.all([db.recurringBooking.findMany({ select: { id: true }, orderBy: [{ validTo: 'desc' }, { id: 'desc' }], ...skipTake(query) }), db.recurringBooking.count()]);
      return pagedList(await loadSeries(rows.map((row) => row.id)), total, query);
    },

    async preview(actor: User, body: SeriesBody) {
      const { priceCents } = await priceOf(actor, body);
      const occurrences = await occurrencesOf(db, body, new Date());
      const free = occurrences.filter((occurrence) => occurrence.state === 'free').length;
      return { occurrences: occurrences.map(withoutSpan), price: centsToMoney(priceCents), free, skipped: occurrences.length - free };
    },

    /**
     * The series and all its free dates in one transaction. A date booked by someone else between the
     * read and the insert fails the whole transaction (the exclusion constraint): nothing is kept.
     */
    async create(actor: User, body: SeriesBody) {
      const { priceCents, overridden } = await priceOf(actor, body);
      const now = new Date();
      const member = body.user_id ? await db.user.findUnique({ where: { id: body.user_id } }) : null;
      if (body.user_id && !member) throw new AppError(422, ADMIN_BOOKING_MESSAGES.userNotFound, { user_id: [ADMIN_BOOKING_MESSAGES.userNotFound] });
      const { id, occurrences } = await db.$transaction(async (tx) => {
        // Two series on one court queue here, before reading which dates are free (reserveSlot takes the
        // same turn again); a member's booking meets the exclusion constraint.
        await takeCourtTurn(tx, body.court_id);
        const occurrences = await occurrencesOf(tx, body, now);
        const free = occurrences.filter((occurrence) => occurrence.state === 'free');
        if (free.length === 0) throw new AppError(409, RECURRING_MESSAGES.nothingFree);
        const spans = free.map((occurrence) => ({ courtId: body.court_id, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt }));
        const id = await reserveSlot(
          tx,
          spans,
          now,
          async () => {
            const [series] = await tx.$queryRaw<{ id: number }[]>`
              INSERT INTO recurring_bookings (court_id, user_id, customer_name, customer_phone, weekday, start_time, end_time, valid_from, valid_to, price_cents, notes, created_by_id)
              VALUES (${body.court_id}, ${member?.id ?? null}, ${member ? null : body.customer_name}, ${body.customer_phone}, ${body.weekday}, ${body.start}::time, ${body.end}::time,
                      ${body.valid_from}::date, ${body.valid_to}::date, ${priceCents}, ${body.notes}, ${actor.id})
              RETURNING id`;
            const bookings = await tx.booking.createManyAndReturn({
              select: { id: true, userId: true },
              data: spans.map((span) => ({
                ...span,
                userId: member?.id ?? null,
                customerName: member ? null : body.customer_name,
                customerPhone: body.customer_phone,
                priceCents,
                priceOverrideReason: overridden ? body.price_reason : null,
                notes: body.notes,
                status: 'confirmed' as const,
                recurringBookingId: series!.id,
                createdById: actor.id,
              })),
            });
            await postMany(
              tx,
              bookings.map((booking) => chargeEntry(booking, priceCents, { createdById: actor.id })),
            );
            return series!.id;
          },
          RECURRING_MESSAGES.raced,
        );
        return { id, occurrences };
      }, TRANSACTION_OPTIONS);
      const skipped = occurrences.filter((occurrence) => occurrence.state !== 'free').map(withoutSpan);
      const created = occurrences.length - skipped.length;
      return { message: RECURRING_MESSAGES.created(created, skipped.length), series: await oneSeries(id), created, skipped };
    },

    async show(id: number) {
      const series = await oneSeries(id);
      const rows = await db.booking.findMany({ where: { recurringBookingId: id }, select: { id: true }, orderBy: { startsAt: 'asc' } });
      return { series, bookings: await adminBookings.load(rows.map((row) => row.id)) };
    },

    /** The customer, price and notes of the series and of its dates still to come. */
    async update(actor: User, id: number, body: BodyOf<Routes['recurringUpdate']>) {
      if (body.price !== null && !isAdmin(actor)) throw new AppError(403, ADMIN_BOOKING_MESSAGES.priceAdminOnly);
      const member = body.user_id ? await db.user.findUnique({ where: { id: body.user_id } }) : null;
      if (body.user_id && !member) throw new AppError(422, ADMIN_BOOKING_MESSAGES.userNotFound, { user_id: [ADMIN_BOOKING_MESSAGES.userNotFound] });
      const customer = { userId: member?.id ?? null, customerName: member ? null : body.customer_name, customerPhone: body.customer_phone, notes: body.notes };
      const price = body.price === null ? {} : { priceCents: body.price };
      const updated = await db.$transaction(async (tx) => {
        const found = await tx.recurringBooking.updateMany({ where: { id }, data: { ...customer, ...price } });
        if (found.count === 0) throw notFound(RECURRING_MESSAGES.notFound);
        const future = await tx.booking.updateManyAndReturn({
          where: { recurringBookingId: id, startsAt: { gt: new Date() }, status: 'confirmed' },
          data: { ...customer, ...price, ...(body.price === null ? {} : { priceOverrideReason: body.price_reason }) },
        });
        // A new price changes what each date owes (never below what a date has paid already).
        if (body.price !== null) for (const booking of future) await reprice(tx, booking, body.price, actor.id);
        return future.length;
      }, TRANSACTION_OPTIONS);
      return { message: RECURRING_MESSAGES.updated(updated), series: await oneSeries(id) };
    },

    /** Cancels the dates from `from_date` on, telling whoever waits for those slots (one date: cancel that booking instead). */
    async cancel(actor: User, id: number, { from_date }: BodyOf<Routes['recurringCancel']>) {
      const series = await oneSeries(id);
      const from = new Date(Math.max(instantInRome(from_date, '00:00').getTime(), Date.now()));
      const cancelled = await db.$transaction(async (tx) => {
        const rows = await tx.booking.findMany({ where: { recurringBookingId: id, startsAt: { gte: from }, status: 'confirmed' }, include: { court: true }, orderBy: { id: 'asc' } });
        const now = new Date();
        let cancelled = 0;
        for (const row of rows) {
          // A date cancelled meanwhile (the desk, a rain check) is left as it is.
          if ((await lockBooking(tx, row.id))?.status !== 'confirmed') continue;
          cancelled++;
          // Nothing is given back: what a date paid the desk settles; what it owes is written off.
          await cancelBooking(tx, row, { policy: { by: 'desk', refund: false }, reason: `Serie annullata dal ${formatItalianDate(todayInRome(from))}`, cancelledById: actor.id, now, description: `Prenotazione campo ${row.court.code}` });
          await notifyWaitlist(tx, row);
        }
        if (from_date > series.valid_from) await tx.recurringBooking.update({ where: { id }, data: { validTo: fromIsoDate(addDays(from_date, -1) < series.valid_to ? addDays(from_date, -1) : series.valid_to) } });
        return cancelled;
      }, TRANSACTION_OPTIONS);
      return { message: RECURRING_MESSAGES.cancelled(cancelled), series: await oneSeries(id), cancelled };
    },
  };
}

export type RecurringBookingsService = ReturnType<typeof createRecurringBookingsService>;
