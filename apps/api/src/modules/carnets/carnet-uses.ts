// Carnet uses (docs/domain.md#carnets), for every module that cancels a booking: a booking paid with a
// use gives it back to its carnet, once, inside the cancelling transaction.
import type { Prisma } from '../../generated/prisma/client.js';

/** Gives back the use that paid this booking, if any (returning twice finds none). Returns whether one was given back. */
export async function returnCarnetUse(tx: Prisma.TransactionClient, bookingId: number): Promise<boolean> {
  const [returned] = await tx.$queryRaw<{ carnetId: number }[]>`
    UPDATE carnet_uses SET returned_at = now() WHERE booking_id = ${bookingId} AND returned_at IS NULL RETURNING carnet_id AS "carnetId"`;
  if (!returned) return false;
  await tx.$executeRaw`UPDATE carnets SET uses_left = uses_left + 1 WHERE id = ${returned.carnetId}`;
  return true;
}
