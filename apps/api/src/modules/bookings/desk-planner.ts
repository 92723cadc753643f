// The desk's reads (docs/domain.md#desk-planner): the day planner, the list of bookings with its filters,
// the same list as CSV, and the cancelled and expired bookings.
import {
  BOOKING_STATUS_LABELS,
  DESK_PAYMENT_METHOD_LABELS,
  moneyToCents,
  PAYMENT_STATE_LABELS,
  type QueryOf,
  SLOTS,
  type TAdminBooking,
  type TPaymentState,
  type TPlanner,
} from '@beach/contracts';
import { csvMoney, writeCsv } from '../../lib/csv.js';
import { Prisma } from '../../lib/db.js';
import { formatItalianDate } from '../../lib/format.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { pricesInForce } from '../prices/index.js';
import { courtPrices, liveSql, touchingSql } from './booking-terms.js';
import { MONEY_LATERAL_SQL, STATE_SQL } from './booking-money.js';
import type { DeskBookingView } from './desk-booking-view.js';
import type { DeskDeps, DeskReads, Routes } from './desk-terms.js';

type ListFilter = QueryOf<Routes['export']>;

export function createDeskPlanner(
  { db }: Pick<DeskDeps, 'db'>,
  { load, rowsWhere, toDtos }: Pick<DeskBookingView, 'load' | 'rowsWhere' | 'toDtos'>,
  { courtsInOrder, closuresBetween, checkedInBookings, coursesOfSessions }: Pick<DeskReads, 'courtsInOrder' | 'closuresBetween' | 'checkedInBookings' | 'coursesOfSessions'>,
) {
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

  return {
    async planner(date: string): Promise<TPlanner> {
      const dayStart = instantInRome(date, '00:00');
      const dayEnd = instantInRome(addDays(date, 1), '00:00');
      const now = new Date();
      // Two round trips: the day's bookings beside every court, the closures and the prices; then what the
      // bookings show (their money, people, payments) beside who checked in and the closures' courses.
      const [everyCourt, live, closures, prices] = await Promise.all([
        courtsInOrder(db),
        // The ranges' overlap reads the day through the no-overlap constraint's index (a plain comparison scans every earlier booking).
        rowsWhere(Prisma.sql`${touchingSql(dayStart, dayEnd)} AND ${liveSql(now)}`, Prisma.sql`ORDER BY starts_at, id`),
        closuresBetween(db, dayStart, dayEnd),
        pricesInForce(db, Number(date.slice(0, 4))),
      ]);
      const sessionIds = closures.flatMap((closure) => (closure.courseSessionId === null ? [] : [closure.courseSessionId]));
      const [bookings, present, courseOf] = await Promise.all([
        toDtos(live, everyCourt),
        checkedInBookings(db, live.map((row) => row.id)),
        coursesOfSessions(db, sessionIds),
      ]);
      // The free-use courts ("libera utenza") are nobody's to book: not on the planner.
      const courts = everyCourt.filter((court) => court.purpose !== 'free_use');
      return {
        date,
        today: todayInRome(now),
        slots: SLOTS.map(({ start, end, band }) => ({ start, end, band })),
        courts: courts.map((court) => ({ id: court.id, code: court.code, name: court.name, row: court.row as TPlanner['courts'][number]['row'], has_lights: court.hasLights, is_bookable: court.isBookable })),
        bookings: bookings.map((booking) => Object.assign(booking, { checked_in: present.has(booking.id) })),
        closures: closures.map((closure) => ({
          id: closure.id,
          court_id: closure.courtId,
          starts_at: closure.startsAt.toISOString(),
          ends_at: closure.endsAt.toISOString(),
          reason: closure.reason,
          course_id: closure.courseSessionId === null ? null : (courseOf.get(closure.courseSessionId) ?? null),
        })),
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
  };
}
