// Money collected at the desk (docs/domain.md#desk-planner): what a booking still owes, the organiser's
// part and the players' shares, taken by one payment; and a booking marked paid.
import type { BodyOf } from '@beach/contracts';
import type { User } from '../../generated/prisma/client.js';
import type { PaymentMethod } from '../../generated/prisma/enums.js';
import { auditRow } from '../../lib/audit.js';
import { type Prisma, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { refuseOwnMoney } from '../auth/index.js';
import type { Checkouts } from '../payments/index.js';
import { moneyAccount, payment as paymentEntry } from '../ledger/index.js';
import { isLive } from './booking-terms.js';
import { owedParts } from './booking-money.js';
import { closeCheckoutsOf } from './cancel-booking.js';
import { confirmBooking } from './confirm-booking.js';
import type { DeskBookingView } from './desk-booking-view.js';
import { ADMIN_BOOKING_MESSAGES, describe, type DeskDeps, lockedWithPayments, type Routes } from './desk-terms.js';

type DeskMethod = Exclude<PaymentMethod, 'stripe'>;

/**
 * What the booking still owes, collected at the desk by one payment (its receipt follows): the
 * organiser's part and the players' shares, each paid for its player. Returns the cents collected.
 * A staff member's own part or share is collected by an admin (docs/domain.md#own-money).
 */
export async function collect(
  tx: Prisma.TransactionClient,
  booking: { id: number; userId: number | null; court: { code: string }; startsAt: Date; endsAt: Date },
  method: DeskMethod,
  now: Date,
  actor: Pick<User, 'id' | 'role'>,
) {
  const parts = await owedParts(tx, booking.id);
  const cents = parts.reduce((sum, part) => sum + part.cents, 0);
  if (cents === 0) return 0;
  const shareIds = parts.flatMap((part) => (part.receivable.account.kind === 'share_receivable' ? [part.receivable.account.booking_player_id!] : []));
  const players = await tx.bookingPlayer.findMany({ where: { id: { in: shareIds } }, select: { userId: true } });
  const organiserOwes = parts.some((part) => part.receivable.account.kind === 'booking_receivable');
  refuseOwnMoney(actor, [organiserOwes ? booking.userId : null, ...players.map((player) => player.userId)]);
  const payment = await tx.transaction.create({
    data: { kind: 'booking', type: 'payment', bookingId: booking.id, userId: booking.userId, amountCents: cents, method, status: 'completed', paidAt: now, description: describe(booking) },
  });
  await paymentEntry(tx, `payment:${payment.id}`, moneyAccount(method), parts, { bookingId: booking.id, userId: booking.userId, transactionId: payment.id, createdById: actor.id, description: describe(booking) });
  if (shareIds.length > 0) await tx.bookingPlayer.updateMany({ where: { id: { in: shareIds } }, data: { status: 'paid', transactionId: payment.id } });
  return cents;
}

export function createDeskPayments(deps: Pick<DeskDeps, 'db' | 'jobs' | 'config'>, checkouts: Checkouts, { one }: Pick<DeskBookingView, 'one'>) {
  const { db } = deps;
  return {
    /**
     * Paid at the desk: what the booking still owes — the organiser's part and every player's share not
     * paid yet, each paid for its player — is one payment, and the booking is confirmed. Checkouts still
     * open are closed first (one already paid stops this: 409).
     */
    async markPaid(actor: User, id: number, { method }: BodyOf<Routes['markPaid']>) {
      const now = new Date();
      await checkouts.refuseIfPaid('booking', id);
      await db.$transaction(async (tx) => {
        const booking = await lockedWithPayments(tx, id);
        if (!isLive(booking, now)) throw new AppError(409, ADMIN_BOOKING_MESSAGES.notLive);
        await auditRow(tx, { entity: 'bookings', id, action: 'mark-paid' }, async () => {
          await closeCheckoutsOf(tx, checkouts, id);
          const collected = await collect(tx, booking, method, now, actor);
          if (collected === 0 && booking.status === 'confirmed') throw new AppError(409, ADMIN_BOOKING_MESSAGES.alreadyPaid);
          await confirmBooking(tx, deps, id, 'desk');
        });
      }, TRANSACTION_OPTIONS);
      return { message: ADMIN_BOOKING_MESSAGES.paid, booking: await one(id) };
    },
  };
}
