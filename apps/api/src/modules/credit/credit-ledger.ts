// Writing to the credit ledger (docs/domain.md#credit), for every module that moves a member's credit:
// one movement at a time inside the caller's transaction; the database moves the balance with it and
// refuses an overdraft.
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { conflictOn } from '../../lib/db.js';
import { webOriginOf } from '../../lib/web-origin.js';
import { creditMovementEmail } from './credit.emails.js';

export const INSUFFICIENT_CREDIT = 'Credito insufficiente per questo movimento.';
export const WITH_AUTHOR = { createdBy: { select: { id: true, firstName: true, lastName: true } } } as const;

export type MovementInput = Pick<Prisma.CreditMovementUncheckedCreateInput, 'userId' | 'amountCents' | 'kind' | 'reason' | 'transactionId' | 'bookingId'> & {
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

  return {
    move,

    /**
     * A cancelled booking gives back to credit what credit paid for it (what is still out: returning
     * twice finds nothing left). Returns the cents given back. Call it in the cancelling transaction.
     */
    async returnBookingPayment(tx: Prisma.TransactionClient, booking: { id: number; userId: number | null }, { byMember, createdById = null }: { byMember: boolean; createdById?: number | null }) {
      if (booking.userId === null) return 0;
      const { _sum } = await tx.creditMovement.aggregate({ where: { bookingId: booking.id, userId: booking.userId }, _sum: { amountCents: true } });
      const owed = -(_sum.amountCents ?? 0);
      if (owed <= 0) return 0;
      await move(tx, { userId: booking.userId, amountCents: owed, kind: 'payment', reason: 'Prenotazione annullata: pagamento restituito al credito', bookingId: booking.id, transactionId: null, createdById, byMember });
      return owed;
    },
  };
}

export type CreditLedger = ReturnType<typeof createCreditLedger>;
