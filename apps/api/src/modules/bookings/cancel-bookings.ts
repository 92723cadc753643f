// Cancelling many bookings at once, for the rain check's job (docs/domain.md#rain-check): the same
// cancellation as cancel-booking.ts, each step one statement for the whole batch — the bookings' rows,
// their players, their open checkouts, what is still paid on them, the rain credit given, what is left
// owed written off — so a batch costs a few round trips instead of some twenty a booking. Parts given
// back another way (a till refund, credit or a carnet use returned, a card refund) go through the single
// path's giveBack, one by one. Entries and keys are those the single path posts.
import type { Booking, Prisma } from '../../generated/prisma/client.js';
import { accounts, balancesOf, type Entry, giveBackMoneyEntry, postMany, type Settlement, settlementsOn, writeOffEntry } from '../ledger/index.js';
import type { Checkouts, StripeRequests } from '../payments/index.js';
import { type CancelOptions, cancellationContext, cancellationKey, closeCheckoutsOf, destinationOf, giveBack, type PlannedReturn, type Returned, writeOffKey } from './cancel-booking.js';
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
    const oneByOne: { item: BatchItem; part: PlannedReturn }[] = [];
    for (const item of items) {
      const planned = (settlements.get(item.booking.id) ?? []).map((settlement): PlannedReturn => {
        const payment = settlement.source === 'money' ? payments.find((row) => row.id === settlement.transactionId) : undefined;
        return { settlement, payment, destination: destinationOf(settlement, payment, options.policy) };
      });
      const returned: Returned = { card: 0, till: 0, credit: 0, carnetUses: 0, planned };
      results.set(item.booking.id, returned);
      for (const part of planned) {
        if (part.destination === 'rain_credit' && part.settlement.source === 'money' && part.payment) {
          rainCredits.push(giveBackMoneyEntry(cancellationKey(item.booking.id, part.payment.id), part.settlement, accounts.promo(part.payment.userId!), 'rain_credit', { ...cancellationContext(item.booking.id, options), userId: part.payment.userId }));
          returned.credit += part.settlement.total;
        } else oneByOne.push({ item, part });
      }
    }
    // Rain credit is promotional: it settles no debt, so posting it before the other parts changes nothing they read.
    await postMany(tx, rainCredits);
    for (const { item, part } of oneByOne) await giveBack(stripeRequests, tx, item.booking, part, { ...options, description: item.description }, results.get(item.booking.id)!);
    const balances = await balancesOf(tx, [...bookingOfAccount.keys()], { lock: true });
    await postMany(tx, ids.map((id) => writeOffEntry(writeOffKey(id), receivables.get(id)!, balances, { bookingId: id, createdById: options.cancelledById, description: options.reason })));
    return results;
  };
}

export type CancelBookings = ReturnType<typeof createBatchCancellation>;
