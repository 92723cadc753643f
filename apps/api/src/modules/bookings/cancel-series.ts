// A weekly series cancelled at the desk from a day on (docs/domain.md#recurring-series): its dates from
// then cancelled without a refund, whoever waits for those slots told, and the series shortened.
import type { BodyOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { formatItalianDate } from '../../lib/format.js';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../../lib/time.js';
import { createSlotHandOff } from './slot-waitlist.js';
import { lockBooking } from './booking-lock.js';
import type { CancelBooking } from './cancel-booking.js';
import { RECURRING_MESSAGES, type Routes, type SeriesDeps } from './recurring-terms.js';
import type { SeriesView } from './recurring-view.js';

export function createSeriesCancellation(deps: SeriesDeps, cancelBooking: CancelBooking, { oneSeries }: Pick<SeriesView, 'oneSeries'>) {
  const { db } = deps;
  const { passSlotOn } = createSlotHandOff(deps);
  return {
    /** Cancels the dates from `from_date` on, telling whoever waits for those slots (one date: cancel that booking instead). */
    async cancel(actor: User, id: number, { from_date }: BodyOf<Routes['recurringCancel']>) {
      const series = await oneSeries(id);
      const from = new Date(Math.max(instantInRome(from_date, '00:00').getTime(), Date.now()));
      // Each date cancelled is recorded under its booking (by cancelBooking), the series once, even with no date left to cancel.
      const cancelled = await db.$transaction(
        (tx) =>
          auditRow(tx, { entity: 'recurring_bookings', id, action: 'cancel' }, async () => {
            const rows = await tx.booking.findMany({ where: { recurringBookingId: id, startsAt: { gte: from }, status: 'confirmed' }, include: { court: true }, orderBy: { id: 'asc' } });
            const now = new Date();
            let cancelled = 0;
            for (const row of rows) {
              // A date cancelled meanwhile (the desk, a rain check) is left as it is.
              if ((await lockBooking(tx, row.id))?.status !== 'confirmed') continue;
              cancelled++;
              // Nothing is given back: what a date paid the desk settles; what it owes is written off.
              await cancelBooking(tx, row, { policy: { by: 'desk', refund: false }, reason: `Serie annullata dal ${formatItalianDate(todayInRome(from))}`, cancelledById: actor.id, now, description: `Prenotazione campo ${row.court.code}` });
              await passSlotOn(tx, row);
            }
            if (from_date > series.valid_from) await tx.recurringBooking.update({ where: { id }, data: { validTo: fromIsoDate(addDays(from_date, -1) < series.valid_to ? addDays(from_date, -1) : series.valid_to) } });
            return cancelled;
          }),
        TRANSACTION_OPTIONS,
      );
      return { message: RECURRING_MESSAGES.cancelled(cancelled), series: await oneSeries(id), cancelled };
    },
  };
}
