// Paying a booking with a carnet (docs/domain.md#carnets): one use of the member's covering carnet pays
// a live hold — the organiser's share, or the whole court — and confirms it.
import type { AppDeps } from '../../deps.js';
import type { Booking, CarnetProduct, User } from '../../generated/prisma/client.js';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError, notFound } from '../../lib/errors.js';
import { fromIsoDate, todayInRome } from '../../lib/time.js';
import { bandOf, bookingMessages, confirmBooking, lockLiveHold, owedParts, closeCheckoutsOf } from '../bookings/index.js';
import { spendUse } from '../ledger/index.js';
import type { Checkouts } from '../payments/index.js';
import { carnetMessages, toCarnetDto } from './carnet-terms.js';

/** Whether the carnet's product covers this booking: its band (or any) and its courts (or all). */
const covers = (product: CarnetProduct, booking: Pick<Booking, 'courtId' | 'startsAt' | 'endsAt'>) =>
  (product.band === 'any' || product.band === bandOf(booking)) && (product.courtIds.length === 0 || product.courtIds.includes(booking.courtId));

export function createCarnetBookingPayment(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts) {
  const { db } = deps;
  return {
    /**
     * A live hold paid with one use of the member's covering carnet that expires first: the organiser's
     * share, or every share still owed when the carnet covers the whole court. The use, its entry and the
     * confirmation commit together; the booking's row lock stops paying it twice.
     */
    async payBooking(user: User, bookingId: number) {
      const booking = await db.booking.findUnique({ where: { id: bookingId }, select: { userId: true } });
      if (!booking || booking.userId !== user.id) throw notFound(bookingMessages.notFound);
      // A card checkout already paid stops this (409); one still open is closed with the payment.
      await checkouts.refuseIfPaid('booking', bookingId);
      const today = todayInRome();
      const carnet = await db.$transaction(async (tx) => {
        const held = await lockLiveHold(tx, bookingId, carnetMessages.notPayable);
        // Usable: the booking's day (Rome) within the carnet's validity; a hold is never for a past day.
        const bookingDay = fromIsoDate(todayInRome(held.startsAt));
        const usable = await tx.carnet.findMany({
          where: { userId: user.id, usesLeft: { gt: 0 }, validFrom: { lte: bookingDay }, validUntil: { gte: bookingDay } },
          include: { product: true },
          orderBy: [{ validUntil: 'asc' }, { id: 'asc' }],
        });
        if (usable.length === 0) throw new AppError(409, carnetMessages.noneUsable);
        const chosen = usable.find((row) => covers(row.product, held));
        if (!chosen) throw new AppError(422, carnetMessages.notCovered);
        // Credit set aside for a card's rest is released: the use pays instead.
        await closeCheckoutsOf(tx, checkouts, bookingId);
        const owed = await owedParts(tx, bookingId);
        const parts = chosen.product.covers === 'court' ? owed : owed.filter((part) => part.receivable.account.kind === 'booking_receivable');
        if (!(await spendUse(tx, chosen, { id: bookingId }, parts))) throw new AppError(409, carnetMessages.usedUp);
        const shareIds = parts.flatMap((part) => (part.receivable.account.kind === 'share_receivable' ? [part.receivable.account.booking_player_id!] : []));
        if (shareIds.length > 0) await tx.bookingPlayer.updateMany({ where: { id: { in: shareIds } }, data: { status: 'paid' } });
        await confirmBooking(tx, deps, bookingId, 'carnet');
        return tx.carnet.findUniqueOrThrow({ where: { id: chosen.id }, include: { product: true } });
      }, TRANSACTION_OPTIONS);
      const message = carnet.product.covers === 'court' ? carnetMessages.bookingPaidCourt : carnetMessages.bookingPaid;
      return { message, carnet: toCarnetDto(carnet, today) };
    },
  };
}
