// A player's place given up (docs/open-matches.md#filling-rules): until the cut-off their part goes back at
// once; after it their place is offered to other members, and their part goes back only when a member took
// the place and paid. Either way the part is returned where it was paid from (card to the card after the
// commit, credit to the credit it came from), under ledger keys that name the part: once, however often asked.
import type { BookingPlayer, OpenMatch, Prisma } from '../../generated/prisma/client.js';
import { accounts, giveBackCredit, giveBackMoney, settlementsOn, writeOff } from '../ledger/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';

export type ReturnParts = { checkouts: Checkouts; stripeRequests: StripeRequests };

/** The player's part back where it was paid from, their row dropped: the place is no longer theirs. */
export async function returnPart(tx: Prisma.TransactionClient, { checkouts, stripeRequests }: ReturnParts, match: Pick<OpenMatch, 'id' | 'bookingId'>, player: BookingPlayer, description: string) {
  await checkouts.closeIn(tx, 'booking_share', player.id);
  const share = accounts.share(player.id, match.bookingId);
  const context = { bookingId: match.bookingId, bookingPlayerId: player.id, userId: player.userId, description };
  for (const settlement of await settlementsOn(tx, [share])) {
    if (settlement.source === 'credit') await giveBackCredit(tx, settlement, context);
    if (settlement.source !== 'money') continue;
    const payment = await tx.transaction.findUniqueOrThrow({ where: { id: settlement.transactionId } });
    // Keyed by the part and its payment: a player who leaves is dropped, so this runs once per part.
    const posted = await giveBackMoney(tx, `open-match-part:${match.id}:${player.id}:leave:${payment.id}`, settlement, accounts.refundPayable(payment.id), 'refund', { ...context, transactionId: payment.id });
    if (posted?.created) await stripeRequests.requestRefund(tx, payment, settlement.total, { reason: 'cancelled' });
  }
  await writeOff(tx, `open-match-part:${match.id}:${player.id}:left`, [share], context);
  await tx.bookingPlayer.update({ where: { id: player.id }, data: { status: 'dropped' } });
  if (player.userId !== null) await tx.openMatchRequest.updateMany({ where: { matchId: match.id, userId: player.userId }, data: { state: 'withdrawn' } });
}

/**
 * The places offered and not yet settled, and the first of them still free to take: nobody took it, or
 * the member who did never paid in time (their row is no longer among the players in).
 */
export async function offersOf(tx: Prisma.TransactionClient, matchId: number, joined: Pick<BookingPlayer, 'id'>[]) {
  const offers = await tx.openMatchOffer.findMany({ where: { matchId, settledAt: null }, orderBy: { id: 'asc' } });
  const inIds = new Set(joined.map((player) => player.id));
  return { offers, free: offers.find((offer) => offer.replacementId === null || !inIds.has(offer.replacementId)) ?? null };
}

/** Every offered place whose taker has paid: the leaver's part goes back and the offer is settled. Under the booking's lock. */
export async function settleOffers(tx: Prisma.TransactionClient, parts: ReturnParts, match: Pick<OpenMatch, 'id' | 'bookingId'>, now: Date) {
  const taken = await tx.openMatchOffer.findMany({ where: { matchId: match.id, settledAt: null, replacement: { paidAt: { not: null } } }, include: { leaver: true }, orderBy: { id: 'asc' } });
  for (const offer of taken) {
    await returnPart(tx, parts, match, offer.leaver, 'Quota restituita: posto preso da un altro giocatore');
    await tx.openMatchOffer.update({ where: { id: offer.id }, data: { settledAt: now } });
  }
  return taken.length;
}
