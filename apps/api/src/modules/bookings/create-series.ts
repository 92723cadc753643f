// A weekly series made at the desk (docs/domain.md#recurring-series): the preview of every date with the
// reason it would be skipped, and creation that books all the free dates in one transaction.
import { centsToMoney } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import { audit, rowOf, rowsOf } from '../../lib/audit.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { postMany } from '../ledger/index.js';
import { reserveSlot, takeCourtTurn } from './reserve-slot.js';
import { chargeEntry } from './booking-money.js';
import { ADMIN_BOOKING_MESSAGES } from './desk-terms.js';
import { occurrencesOf, priceOf, RECURRING_MESSAGES, type SeriesBody, type SeriesDeps, withoutSpan } from './recurring-terms.js';
import type { SeriesView } from './recurring-view.js';

export function createSeriesCreation({ db }: Pick<SeriesDeps, 'db'>, { oneSeries }: Pick<SeriesView, 'oneSeries'>) {
  return {
    async preview(actor: User, body: SeriesBody) {
      const { priceCents } = await priceOf(db, actor, body);
      const occurrences = await occurrencesOf(db, body, new Date());
      const free = occurrences.filter((occurrence) => occurrence.state === 'free').length;
      return { occurrences: occurrences.map(withoutSpan), price: centsToMoney(priceCents), free, skipped: occurrences.length - free };
    },

    /**
     * The series and all its free dates in one transaction. A date booked by someone else between the
     * read and the insert fails the whole transaction (the exclusion constraint): nothing is kept.
     */
    async create(actor: User, body: SeriesBody) {
      const { priceCents, overridden } = await priceOf(db, actor, body);
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
            // The series, then each date it booked: a date's own history starts with its creation.
            await audit(tx, { entity: 'recurring_bookings', id: series!.id, action: 'create', after: await rowOf(tx, 'recurring_bookings', series!.id) });
            const rows = await rowsOf(tx, 'bookings', bookings.map((booking) => booking.id));
            for (const booking of bookings) await audit(tx, { entity: 'bookings', id: booking.id, action: 'create', after: rows.get(booking.id) });
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
  };
}
