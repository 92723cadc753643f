// The one lock on a membership card: its row, for the rest of the transaction. Paying it (card, credit,
// the desk) and everything that settles one of its payment rows take it first (payments/payment-targets.ts).
import type { Prisma } from '../../generated/prisma/client.js';

/** Locks the card's row and reads what a payment checks; undefined when there is none. */
export async function lockMembership(tx: Prisma.TransactionClient, id: number): Promise<{ status: string; userId: number } | undefined> {
  const [card] = await tx.$queryRaw<{ status: string; userId: number }[]>`SELECT status, user_id AS "userId" FROM memberships WHERE id = ${id} FOR UPDATE`;
  return card;
}
