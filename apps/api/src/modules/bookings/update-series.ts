// A weekly series edited at the desk (docs/domain.md#recurring-series): its customer, price and notes,
// and those of its dates still to come, each date repriced in the ledger.
import type { BodyOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { audit, auditRow, rowsOf } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isAdmin } from '../auth/index.js';
import { reprice } from './booking-money.js';
import { ADMIN_BOOKING_MESSAGES } from './desk-terms.js';
import { RECURRING_MESSAGES, type Routes, type SeriesDeps } from './recurring-terms.js';
import type { SeriesView } from './recurring-view.js';

export function createSeriesUpdate({ db }: Pick<SeriesDeps, 'db'>, { oneSeries }: Pick<SeriesView, 'oneSeries'>) {
  return {
    /** The customer, price and notes of the series and of its dates still to come. */
    async update(actor: User, id: number, body: BodyOf<Routes['recurringUpdate']>) {
      if (body.price !== null && !isAdmin(actor)) throw new AppError(403, ADMIN_BOOKING_MESSAGES.priceAdminOnly);
      const member = body.user_id ? await db.user.findUnique({ where: { id: body.user_id } }) : null;
      if (body.user_id && !member) throw new AppError(422, ADMIN_BOOKING_MESSAGES.userNotFound, { user_id: [ADMIN_BOOKING_MESSAGES.userNotFound] });
      const customer = { userId: member?.id ?? null, customerName: member ? null : body.customer_name, customerPhone: body.customer_phone, notes: body.notes };
      const price = body.price === null ? {} : { priceCents: body.price };
      const updated = await db.$transaction(async (tx) => {
        await auditRow(tx, { entity: 'recurring_bookings', id, action: 'update' }, async () => {
          const found = await tx.recurringBooking.updateMany({ where: { id }, data: { ...customer, ...price } });
          if (found.count === 0) throw notFound(RECURRING_MESSAGES.notFound);
        });
        const where = { recurringBookingId: id, startsAt: { gt: new Date() }, status: 'confirmed' } as const;
        const before = await rowsOf(tx, 'bookings', (await tx.booking.findMany({ where, select: { id: true } })).map((booking) => booking.id));
        const future = await tx.booking.updateManyAndReturn({ where, data: { ...customer, ...price, ...(body.price === null ? {} : { priceOverrideReason: body.price_reason }) } });
        // A new price changes what each date owes (never below what a date has paid already).
        if (body.price !== null) for (const booking of future) await reprice(tx, booking, body.price, actor.id);
        // Each date changed is recorded under its own booking too.
        const after = await rowsOf(tx, 'bookings', future.map((booking) => booking.id));
        for (const booking of future) await audit(tx, { entity: 'bookings', id: booking.id, action: 'update', before: before.get(booking.id) ?? null, after: after.get(booking.id) });
        return future.length;
      }, TRANSACTION_OPTIONS);
      return { message: RECURRING_MESSAGES.updated(updated), series: await oneSeries(id) };
    },
  };
}
