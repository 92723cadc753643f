// What a payment buys (a card, a booking, a player's share, credit, a carnet): where its payment rows name
// it, the lock taken on it before its rows, and what its module does when it is paid or taken back.
import type { TPaymentKind } from '@beach/contracts';
import type { Prisma, Transaction } from '../../generated/prisma/client.js';
import type { AccountRef, EntryContext } from '../ledger/index.js';

/** Where a payment row names what it buys; a credit top-up, a carnet or a debt paid is for the paying member. */
export const TARGET_COLUMN = { membership: 'membershipId', booking: 'bookingId', credit: 'userId', carnet: 'userId', booking_share: 'bookingPlayerId', enrolment: 'enrolmentId', tournament_fee: 'tournamentPlayerId', debt: 'userId' } as const satisfies Record<TPaymentKind, string>;
export const targetColumn = (kind: TPaymentKind) => TARGET_COLUMN[kind];

/** What a payment buys, by the column its checkout wrote (the one table of them, above). */
export const targetIdOf = (payment: Pick<Transaction, 'kind' | 'membershipId' | 'bookingId' | 'userId' | 'bookingPlayerId' | 'enrolmentId' | 'tournamentPlayerId'>) => payment[TARGET_COLUMN[payment.kind]];

/** Takes the lock of one kind of target: each payable thing's own module exposes it (lockBooking, lockShare, …). */
export type TargetLock = (tx: Prisma.TransactionClient, targetId: number) => Promise<unknown>;
export type TargetLocks = Record<TPaymentKind, TargetLock>;
/** A top-up, a carnet or a debt paid moves the member's own accounts, which lock themselves when they are read to be moved. */
export const NOTHING_TO_LOCK: TargetLock = async () => undefined;

/**
 * The lock on what a payment buys, taken before any of its payment rows: by closeIn, by the webhook
 * before it settles a row, and by the minute job before it voids what a row set aside. One order for
 * everyone (the target, then its rows) is what keeps a checkout closed by a cancellation and the same
 * checkout paid at that moment from waiting on each other. The locks are those the targets' own writers
 * take, given by the composition (services.ts) from each module.
 */
export const lockerOf =
  (locks: TargetLocks) =>
  async (tx: Prisma.TransactionClient, kind: TPaymentKind, targetId: number): Promise<void> => {
    await locks[kind](tx, targetId);
  };
export type LockTarget = ReturnType<typeof lockerOf>;

/** Money of a payment leaving the centre on Stripe's side: from Stripe, or from what a dispute holds. */
export interface TakenBack {
  cents: number;
  /** The account the money leaves: Stripe clearing, or disputes for a dispute lost. */
  from: AccountRef;
  /** The entry's key and its document (the refund row). */
  context: EntryContext & { key: string };
}

/** What a payment buys (a membership, a booking, credit): told when it is paid or taken back. */
export interface PaymentTarget {
  /**
   * Called in the transaction that records a completed payment (given as it was before): posts what the
   * money pays and confirms it. Returns false, leaving what is owed as it was, when the target can no
   * longer be had (already paid, deleted, slot taken): the payment is then refunded automatically.
   */
  confirm(tx: Prisma.TransactionClient, targetId: number, payment: Transaction): Promise<boolean>;
  /** Money of this payment refunded or lost to a dispute on Stripe's side: the target's books follow. */
  takenBack(tx: Prisma.TransactionClient, targetId: number, payment: Transaction, taken: TakenBack): Promise<void>;
}
