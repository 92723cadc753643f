// Cancelling a booking and giving its money back (docs/domain.md#cancellations-and-refunds): one way for the
// member, the desk and the rain check (whose job takes the same steps for a batch: cancel-bookings.ts). What is still paid is read from the ledger by where it came from
// — card, desk, credit, a carnet use, each player's share alike — and each part goes back by the policy;
// what is still owed is written off. The caller holds the booking's row lock.
import { randomUUID } from 'node:crypto';
import type { TRainCheckReturn } from '@beach/contracts';
import type { Booking, Prisma, Transaction } from '../../generated/prisma/client.js';
import { auditRow } from '../../lib/audit.js';
import { accounts, type AccountRef, giveBackCredit, giveBackMoney, giveBackMoneyEntry, post, type Settlement, settlementsOn, writeOff, returnCarnetUse } from '../ledger/index.js';
import { type Checkouts, markRefunded, type RefundReason, type StripeRequests } from '../payments/index.js';
import { releaseCouponsOf } from './reserve-slot.js';
import { receivablesOf } from './booking-money.js';

/** Who cancels decides what goes back. */
export type ReturnPolicy =
  /** The member, in time: card payments go back to the card; credit and carnet uses back; desk payments stay with the desk. */
  | { by: 'member' }
  /** The desk, with or without giving the money back (the way it came: card to card, desk payments from the till). */
  | { by: 'desk'; refund: boolean }
  /** The weather: by default to the members' credit (walk-ins at the desk); an admin may choose the card or cash. */
  | { by: 'rain'; returnTo: TRainCheckReturn };

/** Where one part of the money goes. */
export type Destination = 'card' | 'till' | 'rain_credit' | 'credit' | 'carnet' | 'keep';

export function destinationOf(settlement: Settlement, payment: Pick<Transaction, 'method' | 'userId'> | undefined, policy: ReturnPolicy): Destination {
  if (settlement.source !== 'money') {
    if (policy.by === 'desk' && !policy.refund) return 'keep';
    return settlement.source;
  }
  const online = payment?.method === 'stripe';
  switch (policy.by) {
    case 'member':
      return online ? 'card' : 'keep';
    case 'desk':
      return !policy.refund ? 'keep' : online ? 'card' : 'till';
    case 'rain':
      if (policy.returnTo === 'credit') return payment?.userId ? 'rain_credit' : 'till';
      if (policy.returnTo === 'card' && online) return 'card';
      return 'till';
  }
}

export interface PlannedReturn {
  settlement: Settlement;
  payment: Transaction | undefined;
  destination: Destination;
}

/** What cancelling would give back and where, read without writing (the rain check's preview uses it too). */
export async function planReturns(tx: Prisma.TransactionClient, bookingId: number, policy: ReturnPolicy): Promise<{ receivables: AccountRef[]; planned: PlannedReturn[] }> {
  const receivables = await receivablesOf(tx, bookingId);
  const settlements = await settlementsOn(tx, receivables);
  const paymentIds = settlements.flatMap((settlement) => (settlement.source === 'money' ? [settlement.transactionId] : []));
  const payments = paymentIds.length > 0 ? await tx.transaction.findMany({ where: { id: { in: paymentIds } } }) : [];
  const planned = settlements.map((settlement) => {
    const payment = settlement.source === 'money' ? payments.find((row) => row.id === settlement.transactionId) : undefined;
    return { settlement, payment, destination: destinationOf(settlement, payment, policy) };
  });
  return { receivables, planned };
}

export interface CancelOptions {
  policy: ReturnPolicy;
  reason: string;
  cancelledById: number | null;
  now: Date;
  /** The card refund's e-mail: why it comes back, or none (the rain check sends its own). */
  refundReason?: RefundReason;
  notify?: boolean;
  rainCheckId?: number | null;
  /** What the money's return is called on the till's refund note. */
  description: string;
}

export interface Returned {
  /** Money refunded to cards (asked of Stripe after the commit). */
  card: number;
  /** Money handed back at the desk (its refund notes written). */
  till: number;
  /** Money turned into the members' credit, and credit that paid given back. */
  credit: number;
  /** Carnet uses given back. */
  carnetUses: number;
  /** The plan it followed: each part, where it came from and where it went (the rain check records it). */
  planned: PlannedReturn[];
}

/** What every entry of a booking's cancellation says about it. */
export const cancellationContext = (bookingId: number, options: Pick<CancelOptions, 'cancelledById' | 'rainCheckId' | 'reason'>) => ({
  bookingId,
  createdById: options.cancelledById,
  rainCheckId: options.rainCheckId ?? null,
  description: options.reason,
});

/** The key of an entry giving back `paymentId`'s part: this cancellation's own (a booking restored and cancelled again gives back again). */
export const cancellationKey = (bookingId: number, paymentId: number) => `booking:${bookingId}:cancel:${paymentId}:${randomUUID()}`;

/** The key of the entry writing off what this cancellation leaves owed. */
export const writeOffKey = (bookingId: number) => `booking:${bookingId}:write-off:${randomUUID()}`;

/** Gives one part back where the plan sends it (a card refund asked of Stripe through `stripeRequests`). */
export async function giveBack(stripeRequests: StripeRequests, tx: Prisma.TransactionClient, booking: Pick<Booking, 'id'>, { settlement, payment, destination }: PlannedReturn, options: CancelOptions, returned: Returned) {
  const context = cancellationContext(booking.id, options);
  if (settlement.source === 'credit') {
    if (destination === 'keep') return;
    await giveBackCredit(tx, settlement, context);
    returned.credit += settlement.total;
    return;
  }
  if (settlement.source === 'carnet') {
    if (destination !== 'keep' && (await returnCarnetUse(tx, { id: settlement.entryId, bookingId: booking.id }, context))) returned.carnetUses += 1;
    return;
  }
  if (destination === 'keep' || !payment) return;
  const cents = settlement.total;
  if (destination === 'card') {
    // Keyed by this cancellation (a booking restored and cancelled again returns what it paid again); the
    // refund is asked of Stripe only for money this entry set aside.
    const posted = await giveBackMoney(tx, cancellationKey(booking.id, payment.id), settlement, accounts.refundPayable(payment.id), 'refund', { ...context, userId: payment.userId });
    if (!posted?.created) return;
    await stripeRequests.requestRefund(tx, payment, cents, { reason: options.refundReason ?? 'centre', notify: options.notify ?? true });
    returned.card += cents;
  } else if (destination === 'rain_credit') {
    await giveBackMoney(tx, cancellationKey(booking.id, payment.id), settlement, accounts.promo(payment.userId!), 'rain_credit', { ...context, userId: payment.userId });
    returned.credit += cents;
  } else {
    const note = tillRefundOf(payment, cents, options);
    const refund = await tx.transaction.create({ data: note });
    await markRefunded(tx, payment);
    await post(tx, tillRefundEntry(refund.id, note, settlement, context));
    returned.till += cents;
  }
}

/** The till's refund note for a part handed back at the desk, by the way it came (cash when the admin chose cash, or for a card payment). */
export function tillRefundOf(payment: Transaction, cents: number, options: Pick<CancelOptions, 'policy' | 'now' | 'description'>) {
  const method = options.policy.by === 'rain' && options.policy.returnTo === 'cash' ? 'cash' : payment.method === 'stripe' ? 'cash' : payment.method;
  return {
    kind: payment.kind,
    type: 'refund' as const,
    refundOfId: payment.id,
    bookingId: payment.bookingId,
    bookingPlayerId: payment.bookingPlayerId,
    userId: payment.userId,
    amountCents: cents,
    method,
    status: 'completed' as const,
    paidAt: options.now,
    description: `Rimborso: ${payment.description ?? options.description}`.slice(0, 255),
  };
}

/** The entry of a part handed back at the desk: out of the till of its refund note's method, keyed by the note. */
export const tillRefundEntry = (refundId: number, note: ReturnType<typeof tillRefundOf>, settlement: Extract<Settlement, { source: 'money' }>, context: ReturnType<typeof cancellationContext>) =>
  giveBackMoneyEntry(`refund:${refundId}`, settlement, accounts.till(note.method), 'refund', { ...context, userId: note.userId, transactionId: refundId });

export function createBookingCancellation({ checkouts, stripeRequests }: { checkouts: Checkouts; stripeRequests: StripeRequests }) {
  /**
   * Cancels the booking (the caller locked its row and checked it may be cancelled): checkouts still
   * open are closed and what they set aside released, each part of the money goes back by the policy,
   * what is still owed is written off and a hold's coupon use is given back. Recorded under the booking
   * (the money's entries name it too); a member's own cancellation or the rain check's job has no
   * back-office scope and records nothing.
   */
  return async function cancelBooking(tx: Prisma.TransactionClient, booking: Booking, options: CancelOptions): Promise<Returned> {
    return auditRow(tx, { entity: 'bookings', id: booking.id, action: 'cancel' }, async () => {
      await tx.booking.update({
        where: { id: booking.id },
        data: { status: 'cancelled', cancelledAt: options.now, cancelledById: options.cancelledById, cancellationReason: options.reason, holdExpiresAt: null },
      });
      if (booking.status === 'pending_payment') await releaseCouponsOf(tx, booking);
      await closeCheckoutsOf(tx, checkouts, booking.id);
      const { receivables, planned } = await planReturns(tx, booking.id, options.policy);
      const returned: Returned = { card: 0, till: 0, credit: 0, carnetUses: 0, planned };
      for (const part of planned) await giveBack(stripeRequests, tx, booking, part, options, returned);
      await writeOff(tx, writeOffKey(booking.id), receivables, { bookingId: booking.id, createdById: options.cancelledById, description: options.reason });
      return returned;
    });
  };
}

/** The booking's checkouts still open, the organiser's and the players', are closed and what they set aside released. */
export async function closeCheckoutsOf(tx: Prisma.TransactionClient, checkouts: Checkouts, bookingId: number) {
  await checkouts.closeIn(tx, 'booking', bookingId);
  const players = await tx.bookingPlayer.findMany({ where: { bookingId }, select: { id: true } });
  for (const player of players) await checkouts.closeIn(tx, 'booking_share', player.id);
}

export type CancelBooking = ReturnType<typeof createBookingCancellation>;
