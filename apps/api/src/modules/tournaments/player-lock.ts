// The one lock on a tournament player's part: their row, for the rest of the transaction. Paying the part
// (card, credit, the desk) and everything that settles one of its payment rows take it first
// (payments/payment-targets.ts).
import type { Prisma } from '../../generated/prisma/client.js';

export async function lockTournamentPlayer(tx: Prisma.TransactionClient, id: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM tournament_players WHERE id = ${id} FOR UPDATE`;
}
