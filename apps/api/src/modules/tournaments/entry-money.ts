// Each player's part of an entry on the ledger (docs/tournaments.md#registration-and-money): charged to
// their own receivable when the entry takes a place, and everything they paid given back in full when the
// entry is withdrawn or the tournament cancelled — a card payment to the card (Stripe asked after the
// commit), credit to the credit, desk money into their refundable credit — what is left owed written off.
import type { Prisma, TournamentPlayer } from '../../generated/prisma/client.js';
import { accounts, charge, giveBackCredit, giveBackMoney, owedBy, settlementsOn, tournamentReceivable, writeOff } from '../ledger/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';

type Player = Pick<TournamentPlayer, 'id' | 'userId' | 'feeCents'>;

/** The statuses of an entry still in the tournament. */
const LIVE = ['pending', 'confirmed', 'waiting'] as const;

/** The players' fees owed from now (an entry taking its place); nothing for a free tournament. */
export async function chargePlayers(tx: Prisma.TransactionClient, tournament: { name: string }, players: Player[]) {
  for (const player of players) {
    if (player.feeCents > 0) await charge(tx, `tournament-player:${player.id}:charge`, tournamentReceivable(player.id), player.feeCents, { userId: player.userId, tournamentPlayerId: player.id, description: `Quota torneo: ${tournament.name}` });
  }
}

/** What each player still owes, by player id, read from the ledger. */
export async function owedByPlayer(sql: Prisma.TransactionClient, playerIds: number[]): Promise<Map<number, number>> {
  const owed = await owedBy(sql, playerIds.map((id) => accounts.tournamentPlayer(id)));
  return new Map(playerIds.map((id) => [id, owed.get(accounts.tournamentPlayer(id).key) ?? 0]));
}

export function createEntryMoney(checkouts: Checkouts, stripeRequests: StripeRequests) {
  /** Everything the player still has paid, back to where it came from; then what they owe is written off. */
  async function giveBackPart(tx: Prisma.TransactionClient, player: Player, actorId: number | null, description: string) {
    const context = { tournamentPlayerId: player.id, userId: player.userId, createdById: actorId, description };
    await checkouts.closeIn(tx, 'tournament_fee', player.id);
    for (const settlement of await settlementsOn(tx, [accounts.tournamentPlayer(player.id)])) {
      if (settlement.source === 'credit') await giveBackCredit(tx, settlement, context);
      else if (settlement.source === 'money') {
        const payment = await tx.transaction.findUniqueOrThrow({ where: { id: settlement.transactionId } });
        const key = `tournament-player:${player.id}:return:${payment.id}`;
        if (payment.method === 'stripe') {
          // Stripe is asked only for money this entry set aside (the pattern of the course's cancellation).
          const posted = await giveBackMoney(tx, key, settlement, accounts.refundPayable(payment.id), 'refund', context);
          if (posted?.created) await stripeRequests.requestRefund(tx, payment, settlement.total, { reason: 'cancelled' });
        } else if (player.userId !== null) {
          await giveBackMoney(tx, key, settlement, accounts.funded(player.userId, payment.id), 'refund', context);
        }
      }
    }
    await writeOff(tx, `tournament-player:${player.id}:write-off`, [accounts.tournamentPlayer(player.id)], context);
  }

  /**
   * Withdraws the entry if it is still live and its status is one of `statuses` (rows locked here):
   * each player's part given back, the entry and its players withdrawn. Returns whether it held a place
   * (pending or confirmed), or null when it was not withdrawn (withdrawn already, or another status).
   * The players' rows are locked before the entry's, ascending: the order a payment takes (its player,
   * then the entry it confirms), so a withdrawal and a payment never wait on each other in a circle.
   */
  async function withdrawEntry(tx: Prisma.TransactionClient, entryId: number, actorId: number | null, description: string, statuses: readonly string[] = LIVE): Promise<boolean | null> {
    await tx.$queryRaw`SELECT id FROM tournament_players WHERE entry_id = ${entryId} ORDER BY id FOR UPDATE`;
    const [entry] = await tx.$queryRaw<{ status: string }[]>`SELECT status::text AS status FROM tournament_entries WHERE id = ${entryId} FOR UPDATE`;
    if (!entry || !statuses.includes(entry.status)) return null;
    const players = await tx.tournamentPlayer.findMany({ where: { entryId }, orderBy: { id: 'asc' } });
    for (const player of players) await giveBackPart(tx, player, actorId, description);
    const now = new Date();
    await tx.tournamentEntry.update({ where: { id: entryId }, data: { status: 'withdrawn', withdrawnAt: now, offeredUntil: null } });
    await tx.tournamentPlayer.updateMany({ where: { entryId, withdrawnAt: null }, data: { withdrawnAt: now } });
    return entry.status !== 'waiting';
  }

  return { withdrawEntry };
}

export type EntryMoney = ReturnType<typeof createEntryMoney>;
