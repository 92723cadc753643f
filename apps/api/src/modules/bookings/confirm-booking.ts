// Confirming a paid hold (docs/domain.md#holds): the one use case every way of paying ends with — the
// card's webhook, credit alone, a carnet, the desk — in the transaction that posted the money, under the
// booking's lock (booking-lock.ts), once what it owed is settled.
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { tellBookingPaid } from './booking-paid.js';

/** How the organiser's part was paid: online ways are told to the member by e-mail. */
export type BookingPaidWith = 'card' | 'credit' | 'credit_card' | 'carnet' | 'desk';

export async function confirmBooking(tx: Prisma.TransactionClient, deps: Pick<AppDeps, 'jobs' | 'config'>, bookingId: number, paidWith: BookingPaidWith) {
  await tx.booking.update({ where: { id: bookingId }, data: { status: 'confirmed', holdExpiresAt: null } });
  // A waiting list's offer paid, any way and even late if nobody took the slot meanwhile, is booked.
  await tx.bookingWaitlist.updateMany({ where: { bookingId, status: { in: ['offered', 'lapsed'] } }, data: { status: 'booked', lapsedReason: null } });
  switch (paidWith) {
    case 'card':
    case 'credit':
    case 'credit_card':
      await tellBookingPaid(tx, deps, bookingId, paidWith);
      return;
    case 'carnet':
    case 'desk':
      return;
    default:
      return paidWith satisfies never;
  }
}
