// Entrances read back: the desk's Rome day with its counts, and a member's own for their data export.
import { COURT_ROWS, type TCheckInsDay, type TMyDataExport } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../lib/db.js';
import { todayInRome } from '../../lib/time.js';
import { CHECK_IN_DETAILS, type CourtRow, romeDay, toCheckInDto } from './check-in-terms.js';

/** A member's own entrances, for their data export. */
export async function checkInsOfMember(db: Db, userId: number): Promise<TMyDataExport['check_ins']> {
  const rows = await db.checkIn.findMany({ where: { userId }, include: { membership: { select: { membershipNumber: true } } }, orderBy: { checkedInAt: 'asc' } });
  return rows.map((row) => ({ checked_in_at: row.checkedInAt.toISOString(), membership_number: row.membership?.membershipNumber ?? null, court_row: row.courtRow, booking_id: row.bookingId }));
}

export function createCheckInsDay({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** The Rome day's entrances, latest first, with their counts. */
    async day(date: string | undefined): Promise<TCheckInsDay> {
      const day = date ?? todayInRome();
      const rows = await db.checkIn.findMany({ where: { checkedInAt: romeDay(day) }, include: CHECK_IN_DETAILS, orderBy: [{ checkedInAt: 'desc' }, { id: 'desc' }] });
      const byRow = Object.fromEntries(COURT_ROWS.map((row) => [row, 0])) as Record<CourtRow, number>;
      for (const row of rows) byRow[row.courtRow as CourtRow] += 1;
      const withBooking = rows.filter((row) => row.bookingId !== null).length;
      return {
        date: day,
        data: rows.map(toCheckInDto),
        counts: { total: rows.length, with_booking: withBooking, walk_in: rows.length - withBooking, by_row: byRow },
      };
    },
  };
}
