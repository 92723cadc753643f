// Weekly series as the desk reads them (docs/domain.md#recurring-series): the list, one series with its
// dates, and how many of them are booked and still to come.
import { centsToMoney, type TRecurringSeries } from '@beach/contracts';
import { Prisma } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/paging.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import type { AdminBookingsService } from './admin-bookings.service.js';
import { RECURRING_MESSAGES, type SeriesDeps } from './recurring-terms.js';

interface SeriesRow {
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
}

const toSeriesDto = (row: SeriesRow): TRecurringSeries => ({
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
});

export function createSeriesView({ db }: Pick<SeriesDeps, 'db'>, adminBookings: Pick<AdminBookingsService, 'load'>) {
  async function loadSeries(ids: number[], now = new Date()): Promise<TRecurringSeries[]> {
    if (ids.length === 0) return [];
    const rows = await db.$queryRaw<SeriesRow[]>`
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
      return row ? [toSeriesDto(row)] : [];
    });
  }

  async function oneSeries(id: number) {
    const [series] = await loadSeries([id]);
    if (!series) throw notFound(RECURRING_MESSAGES.notFound);
    return series;
  }

  return {
    oneSeries,

    async list(query: PageRequest) {
      const [rows, total] = await Promise.all([db.recurringBooking.findMany({ select: { id: true }, orderBy: [{ validTo: 'desc' }, { id: 'desc' }], ...skipTake(query) }), db.recurringBooking.count()]);
      return pagedList(await loadSeries(rows.map((row) => row.id)), total, query);
    },

    async show(id: number) {
      const series = await oneSeries(id);
      const rows = await db.booking.findMany({ where: { recurringBookingId: id }, select: { id: true }, orderBy: { startsAt: 'asc' } });
      return { series, bookings: await adminBookings.load(rows.map((row) => row.id)) };
    },
  };
}

export type SeriesView = ReturnType<typeof createSeriesView>;
