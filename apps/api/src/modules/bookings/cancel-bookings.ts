// Cancelling many bookings at once, for the rain check's job (docs/domain.md#rain-check): the same
// cancellation as cancel-booking.ts, each step one statement for the whole batch — the bookings' rows,
// their players, their open checkouts, what is still paid on them, the rain credit given, the credit
// that paid given back, the till's refund notes, what is left owed written off — so a batch costs a few
// round trips instead of some twenty a booking. A carnet use returned, a card refund and the credit of a
// payer who owes the centre go through the single path, one by one. Entries and keys are those it posts.
import type { Booking, Prisma, Transaction } from '../../generated/prisma/client.js';
import { accounts, balancesOf, type Entry, giveBackCredits, giveBackMoneyEntry, postMany, type Settlement, settlementsOn, writeOffEntry } from '../ledger/index.js';
import { type Checkouts, markRefundedAll, type StripeRequests } from '../payments/index.js';
import { type CancelOptions, cancellationContext, cancellationKey, closeCheckoutsOf, destinationOf, giveBack, type PlannedReturn, type Returned, tillRefundEntry, tillRefundOf, writeOffKey } from './cancel-booking.js';
import { receivablesFrom } from './booking-money.js';
import { releaseCouponsOf } from './reserve-slot.js';

/** One booking of the batch and what its till refund note calls it. */
export interface BatchItem {
  booking: Booking;
  description: string;
}

/** The batch's options: those of cancelBooking but the refund note's description, each item's own. */
type BatchOptions = Omit<CancelOptions, 'description'>;

/** What each receivable's settlement paid, split by the booking the receivable belongs to (as settlementsOn on one booking reads it). */
function settlementsByBooking(settlements: Settlement[], bookingOfAccount: Map<string, number>) {
  const byBooking = new Map<number, Settlement[]>();
  for (const settlement of settlements) {
    const parts = new Map<number, Settlement['parts']>();
    for (const part of settlement.parts) {
      const bookingId = bookingOfAccount.get(part.receivable.account.key)!;
      parts.set(bookingId, [...(parts.get(bookingId) ?? []), part]);
    }
    for (const [bookingId, own] of parts) {
      const total = own.reduce((sum, part) => sum + part.cents, 0);
      byBooking.set(bookingId, [...(byBooking.get(bookingId) ?? []), { ...settlement, parts: own, total }]);
    }
  }
  return byBooking;
}

/** A part handed back at the desk: what it gives back, of which payment, its refund note and its entries' context. */
interface TillRefund {
  settlement: Extract<Settlement, { source: 'money' }>;
  payment: Transaction;
  note: ReturnType<typeof tillRefundOf>;
  context: ReturnType<typeof cancellationContext>;
}

/**
 * Parts handed back at the desk as giveBack hands each back: their refund notes written in one statement,
 * their payments marked refunded, their entries posted together.
 */
async function handBackAtTheDesk(tx: Prisma.TransactionClient, refunds: TillRefund[]) {
  if (refunds.length === 0) return;
  const rows = await tx.transaction.createManyAndReturn({ data: refunds.map(({ note }) => note), select: { id: true, refundOfId: true } });
  // Each note's row, matched by the payment it refunds, in the order written.
  const unmatched = [...rows];
  const ids = refunds.map(({ note }) => unmatched.splice(unmatched.findIndex((row) => row.refundOfId === note.refundOfId), 1)[0]!.id);
  await markRefundedAll(tx, [...new Map(refunds.map(({ payment }) => [payment.id, payment])).values()]);
  await postMany(tx, refunds.map(({ settlement, note, context }, index) => tillRefundEntry(ids[index]!, note, settlement, context)));
}

export function createBatchCancellation({ checkouts, stripeRequests }: { checkouts: Checkouts; stripeRequests: StripeRequests }) {
  /**
   * Cancels these bookings as cancelBooking cancels each (the caller locked their rows and checked each
   * may be cancelled), with the same options but each its own description. Records no audit rows: only
   * for the rain check's job, which has no back-office scope. Returns what each gave back, by booking.
   */
  return async function cancelBookings(tx: Prisma.TransactionClient, items: BatchItem[], options: BatchOptions): Promise<Map<number, Returned>> {
    if (items.length === 0) return new Map();
    const ids = items.map(({ booking }) => booking.id);
    await tx.booking.updateMany({
      where: { id: { in: ids } },
      data: { status: 'cancelled', cancelledAt: options.now, cancelledById: options.cancelledById, cancellationReason: options.reason, holdExpiresAt: null },
    });
    for (const { booking } of items) if (booking.status === 'pending_payment') await releaseCouponsOf(tx, booking);
    const players = await tx.bookingPlayer.findMany({ where: { bookingId: { in: ids } }, select: { id: true, bookingId: true }, orderBy: { id: 'asc' } });
    // Checkouts are opened under the booking's lock (a share's too), which we hold: those open now are all there are.
    const open = await tx.transaction.findMany({
      where: { type: 'payment', status: 'pending', method: 'stripe', OR: [{ kind: 'booking', bookingId: { in: ids } }, { kind: 'booking_share', bookingPlayerId: { in: players.map((player) => player.id) } }] },
      select: { bookingId: true, bookingPlayerId: true },
    });
    const withCheckouts = new Set(open.map((row) => row.bookingId ?? players.find((player) => player.id === row.bookingPlayerId)?.bookingId));
    for (const id of ids) if (withCheckouts.has(id)) await closeCheckoutsOf(tx, checkouts, id);

    const receivables = new Map(ids.map((id) => [id, receivablesFrom(id, players.filter((player) => player.bookingId === id))]));
    const bookingOfAccount = new Map([...receivables].flatMap(([id, refs]) => refs.map((ref) => [ref.key, id] as const)));
    const settlements = settlementsByBooking(await settlementsOn(tx, [...receivables.values()].flat()), bookingOfAccount);
    const paymentIds = [...settlements.values()].flat().flatMap((settlement) => (settlement.source === 'money' ? [settlement.transactionId] : []));
    const payments = paymentIds.length > 0 ? await tx.transaction.findMany({ where: { id: { in: paymentIds } } }) : [];

    const results = new Map<number, Returned>();
    const rainCredits: Entry[] = [];
    const creditReturns: Parameters<typeof giveBackCredits>[1] = [];
    const tillRefunds: TillRefund[] = [];
    const oneByOne: { item: BatchItem; part: PlannedReturn }[] = [];
    for (const item of items) {
      const planned = (settlements.get(item.booking.id) ?? []).map((settlement): PlannedReturn => {
        const payment = settlement.source === 'money' ? payments.find((row) => row.id === settlement.transactionId) : undefined;
        return { settlement, payment, destination: destinationOf(settlement, payment, options.policy) };
      });
      const returned: Returned = { card: 0, till: 0, credit: 0, carnetUses: 0, planned };
      results.set(item.booking.id, returned);
      for (const part of planned) {
        const { settlement, payment, destination } = part;
        if (settlement.source === 'money' && payment && destination === 'rain_credit') {
          rainCredits.push(giveBackMoneyEntry(cancellationKey(item.booking.id, payment.id), settlement, accounts.promo(payment.userId!), 'rain_credit', { ...cancellationContext(item.booking.id, options), userId: payment.userId }));
          returned.credit += settlement.total;
        } else if (settlement.source === 'money' && payment && destination === 'till') {
          tillRefunds.push({ settlement, payment, note: tillRefundOf(payment, settlement.total, { ...options, description: item.description }), context: cancellationContext(item.booking.id, options) });
          returned.till += settlement.total;
        } else if (settlement.source === 'credit' && destination !== 'keep') {
          creditReturns.push({ settlement, context: cancellationContext(item.booking.id, options) });
          returned.credit += settlement.total;
        } else oneByOne.push({ item, part });
      }
    }
    // Rain credit is promotional: it settles no debt, so posting it before the other parts changes nothing they read.
    await postMany(tx, rainCredits);
    await giveBackCredits(tx, creditReturns);
    await handBackAtTheDesk(tx, tillRefunds);
    for (const { item, part } of oneByOne) await giveBack(stripeRequests, tx, item.booking, part, { ...options, description: item.description }, results.get(item.booking.id)!);
    const balances = await balancesOf(tx, [...bookingOfAccount.keys()], { lock: true });
    await postMany(tx, ids.map((id) => writeOffEntry(writeOffKey(id), receivables.get(id)!, balances, { bookingId: id, createdById: options.cancelledById, description: options.reason })));
    return results;
  };
}

export type CancelBookings = ReturnType<typeof createBatchCancellation>;
