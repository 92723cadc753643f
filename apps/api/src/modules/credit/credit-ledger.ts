// Writing to the credit ledger (docs/domain.md#credit), for every module that moves a member's credit:
// one movement at a time inside the caller's transaction; the database moves the balance with it and
// refuses an overdraft.
import { creditTowardsCents } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Booking, Prisma } from '../../generated/prisma/client.js';
import { conflictOn, TRANSACTION_OPTIONS } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { isLiveHold } from '../bookings/booking-terms.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { creditMovementEmail } from './credit.emails.js';

export const INSUFFICIENT_CREDIT = 'Credito insufficiente per questo movimento.';
export const LAPSED_HOLD_REASON = 'Pagamento non completato: credito restituito';
export const CARD_REST_REASON = 'Pagamento prenotazione: il resto con carta';
export const HOLD_GONE = 'La prenotazione non è più in attesa di pagamento.';
export const WITH_AUTHOR = { createdBy: { select: { id: true, firstName: true, lastName: true } } } as const;

export type MovementInput = Pick<Prisma.CreditMovementUncheckedCreateInput, 'userId' | 'amountCents' | 'kind' | 'reason' | 'transactionId' | 'bookingId' | 'membershipId'> & {
  /** The staff member who made it; null when the member did (or the system on the member's behalf). */
  createdById: number | null;
  /** Whether the member made it themselves: otherwise they are e-mailed about it. */
  byMember: boolean;
};

export const balanceOf = async (tx: Prisma.TransactionClient, userId: number) => (await tx.creditBalance.findUnique({ where: { userId } }))?.balanceCents ?? 0;

export function createCreditLedger({ jobs, config }: Pick<AppDeps, 'jobs' | 'config'>) {
  /**
   * Writes one movement. The balance row's CHECK refuses an overdraft (a 409 here); concurrent
   * movements of one member queue on that row, so none is lost or doubled.
   */
  async function move(tx: Prisma.TransactionClient, { byMember, ...movement }: MovementInput) {
    const created = await tx.creditMovement
      .create({ data: movement, include: WITH_AUTHOR })
      .catch(conflictOn('credit_balances_not_negative', INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] }));
    const balanceCents = await balanceOf(tx, movement.userId);
    if (!byMember) {
      const user = await tx.user.findUniqueOrThrow({ where: { id: movement.userId } });
      const email = creditMovementEmail(user, { kind: created.kind, amountCents: created.amountCents, reason: created.reason }, balanceCents, `${webOriginOf(config)}/profilo`);
      await jobs.send('send-email', email, { tx });
    }
    return { movement: created, balanceCents };
  }

  /** Credit a booking holds: what its movements took from the member and did not give back. */
  async function heldFor(tx: Prisma.TransactionClient, booking: { id: number; userId: number }) {
    const { _sum } = await tx.creditMovement.aggregate({ where: { bookingId: booking.id, userId: booking.userId }, _sum: { amountCents: true } });
    return -(_sum.amountCents ?? 0);
  }

  /**
   * Brings the credit a booking holds to `cents`: takes the difference from the balance or gives the
   * surplus back, by the member (no e-mail). The caller holds the booking's row lock, so the credit of
   * one booking is never moved twice at once. Returns false, moving nothing, when the balance cannot
   * cover the difference (read under the balance row's lock, so the transaction stays usable).
   */
  async function holdForBooking(tx: Prisma.TransactionClient, booking: { id: number; userId: number }, cents: number, reason: string) {
    const difference = cents - (await heldFor(tx, booking));
    if (difference === 0) return true;
    if (difference > 0) {
      const [row] = await tx.$queryRaw<{ balanceCents: number }[]>`SELECT balance_cents AS "balanceCents" FROM credit_balances WHERE user_id = ${booking.userId} FOR UPDATE`;
      if ((row?.balanceCents ?? 0) < difference) return false;
    }
    await move(tx, { userId: booking.userId, amountCents: -difference, kind: 'payment', reason, bookingId: booking.id, transactionId: null, createdById: null, byMember: true });
    return true;
  }

  return {
    move,
    heldFor,
    holdForBooking,

    /**
     * The credit a member can put towards a booking's price with the card paying the rest (0 when none):
     * the balance and what the booking already holds, read in one statement. Read apart, a checkout of
     * another tab moving credit between the two in the meantime was counted twice (seen as a 409).
     */
    async creditTowards(db: AppDeps['db'], booking: { id: number; userId: number }, priceCents: number) {
      const [{ cents }] = await db.$queryRaw<[{ cents: number }]>`
        SELECT (coalesce((SELECT balance_cents FROM credit_balances WHERE user_id = ${booking.userId}), 0)
              - coalesce((SELECT sum(amount_cents) FROM credit_movements WHERE booking_id = ${booking.id} AND user_id = ${booking.userId}), 0))::int AS cents`;
      return creditTowardsCents(cents, priceCents);
    },

    /**
     * In the transaction that opens a booking's Checkout: sets aside `cents` of credit for the rest the
     * card pays (0 gives back what an earlier attempt set aside), only while the hold is live.
     */
    async holdForCheckout(tx: Prisma.TransactionClient, booking: { id: number; userId: number }, cents: number) {
      const [row] = await tx.$queryRaw<Pick<Booking, 'status' | 'holdExpiresAt'>[]>`
        SELECT status, hold_expires_at AS "holdExpiresAt" FROM bookings WHERE id = ${booking.id} FOR UPDATE`;
      if (!row || !isLiveHold(row, new Date())) throw new AppError(409, HOLD_GONE);
      const reason = cents > 0 ? CARD_REST_REASON : 'Credito restituito: la prenotazione si paga tutta con carta';
      if (!(await holdForBooking(tx, booking, cents, reason))) throw new AppError(409, INSUFFICIENT_CREDIT, { amount: [INSUFFICIENT_CREDIT] });
    },

    /**
     * A cancelled booking gives back to credit what credit paid for it (what is still out: returning
     * twice finds nothing left). Returns the cents given back. Call it in the cancelling transaction.
     */
    async returnBookingPayment(tx: Prisma.TransactionClient, booking: { id: number; userId: number | null }, { byMember, createdById = null }: { byMember: boolean; createdById?: number | null }) {
      if (booking.userId === null) return 0;
      const owed = await heldFor(tx, { id: booking.id, userId: booking.userId });
      if (owed <= 0) return 0;
      await move(tx, { userId: booking.userId, amountCents: owed, kind: 'payment', reason: 'Prenotazione annullata: pagamento restituito al credito', bookingId: booking.id, transactionId: null, createdById, byMember });
      return owed;
    },

    /**
     * Holds that lapsed (by the minute job, or marked expired when someone else took the slot) give back
     * the credit set aside for the card's remainder, once: each under its booking's lock, still expired.
     */
    async returnLapsedHolds(db: AppDeps['db']) {
      const lapsed = await db.$queryRaw<{ id: number; userId: number }[]>`
        SELECT b.id, b.user_id AS "userId" FROM bookings b JOIN credit_movements m ON m.booking_id = b.id AND m.user_id = b.user_id
        WHERE b.status = 'expired' GROUP BY b.id HAVING sum(m.amount_cents) < 0`;
      for (const booking of lapsed) {
        await db.$transaction(async (tx) => {
          const [still] = await tx.$queryRaw<unknown[]>`SELECT id FROM bookings WHERE id = ${booking.id} AND status = 'expired' FOR UPDATE`;
          if (still) await holdForBooking(tx, booking, 0, LAPSED_HOLD_REASON);
        }, TRANSACTION_OPTIONS);
      }
      return lapsed.length;
    },
  };
}

export type CreditLedger = ReturnType<typeof createCreditLedger>;
