// A player added after the organiser has paid (docs/domain.md#split-payment): what the organiser and the
// players who have not paid yet owe is split again with the newcomer, in equal whole cents, the
// organiser's part never growing; what the organiser paid beyond their new part goes back into their own
// credit at once — money paid by card or at the desk as credit from that payment (refundable the way it
// came), credit as the credit it was — and the newcomer owes it. Should the newcomer not pay by the
// deadline, it passes back to the organiser as any unpaid share does.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors.js';
import { accounts, bookingReceivable, post, reverse, type Sql, owedBy, giveBackMoney, settlementsOn, settleDebt } from '../ledger/index.js';
import type { Checkouts } from '../payments/index.js';
import { spendCreditOnBooking, splitShares } from '../bookings/index.js';

const PAID_WITH_CARNET = /* i18n */ {
  id: 'api.booking_players.paid_with_carnet',
  message: 'La tua parte è pagata con un ingresso del carnet: i giocatori si aggiungono prima di pagare.',
};

/** Gives back `cents` of what the organiser paid on the booking into their own credit; the booking's receivable owes it again. */
async function returnToOrganiser(tx: Sql, booking: { id: number; userId: number }, cents: number) {
  const settlements = await settlementsOn(tx, [accounts.booking(booking.id)]);
  if (settlements.some((settlement) => settlement.source === 'carnet')) throw new AppError(409, PAID_WITH_CARNET);
  const context = { bookingId: booking.id, userId: booking.userId, description: 'Parte restituita sul credito: un giocatore si è aggiunto' };
  let left = cents;
  // Money first (card, desk): so much of the payment goes back into credit whose origin is that payment.
  for (const settlement of settlements) {
    if (left === 0 || settlement.source !== 'money') continue;
    const taken = Math.min(left, settlement.total);
    const parts = [{ receivable: bookingReceivable(booking.id), cents: taken }];
    await giveBackMoney(tx, `booking:${booking.id}:joined:${settlement.transactionId}:${randomUUID()}`, { ...settlement, parts, total: taken }, accounts.funded(booking.userId, settlement.transactionId), 'refund', context);
    left -= taken;
  }
  // Then credit: the payment reversed whole and what still stands spent again, before any debt is
  // settled from the credit (once, below), so what it paid is always there to spend again.
  for (const settlement of settlements) {
    if (left === 0 || settlement.source !== 'credit') continue;
    const taken = Math.min(left, settlement.total);
    await reverse(tx, settlement.entryId, { ...context, key: `credit-return:${settlement.entryId}`, kind: 'credit_return' });
    const again = await spendCreditOnBooking(tx, booking, settlement.total - taken, { key: `booking:${booking.id}:joined:credit:${settlement.entryId}`, context });
    if (again === 'insufficient') throw new Error(`Credit given back to member ${booking.userId} no longer covers what it paid`);
    left -= taken;
  }
  await settleDebt(tx, booking.userId, `booking:${booking.id}:joined:${randomUUID()}:debt`, { bookingId: booking.id });
}

/**
 * Splits again, for `newcomer` (just added), what the organiser paid and what the players who have not
 * paid still owe; their open checkouts (for the old amounts) are closed.
 */
export async function joinAfterPayment(tx: Prisma.TransactionClient, checkouts: Checkouts, booking: { id: number; userId: number }, newcomer: number) {
  await tx.$queryRaw`SELECT id FROM booking_players WHERE booking_id = ${booking.id} ORDER BY id FOR UPDATE`;
  const unpaid = await tx.bookingPlayer.findMany({ where: { bookingId: booking.id, id: { not: newcomer }, status: 'invited', paidAt: null }, orderBy: { id: 'asc' } });
  const organiser = accounts.booking(booking.id);
  const theirs = unpaid.map((player) => accounts.share(player.id, booking.id));
  const owed = await owedBy(tx, theirs, { lock: true });
  // What the organiser paid of their part: the settlements still standing on their receivable.
  const organiserPaid = (await settlementsOn(tx, [organiser])).reduce((sum, settlement) => sum + settlement.total, 0);
  const pool = organiserPaid + theirs.reduce((sum, account) => sum + (owed.get(account.key) ?? 0), 0);
  const [equal] = splitShares(pool, theirs.length + 2);
  const mine = Math.min(organiserPaid, equal!);
  const [first, ...rest] = splitShares(pool - mine, theirs.length + 1);
  const targets = [...rest, first!];
  const given = organiserPaid - mine;
  if (given > 0) await returnToOrganiser(tx, booking, given);
  const newcomerAccount = accounts.share(newcomer, booking.id);
  const legs = [
    { account: organiser, amount: -given },
    ...theirs.map((account, index) => ({ account, amount: targets[index]! - (owed.get(account.key) ?? 0) })),
    { account: newcomerAccount, amount: targets.at(-1)! },
  ].filter((leg) => leg.amount !== 0);
  await post(tx, { key: `player:${newcomer}:joined`, kind: 'split', bookingId: booking.id, description: 'Quote dei giocatori', legs });
  for (const player of unpaid) await checkouts.closeIn(tx, 'booking_share', player.id);
}
