// The double's state, in memory: sessions, payment intents, charges, refunds, disputes, balance transactions and the events they cause.
// Objects carry only the fields our API reads; each type is a Pick of the SDK's own, so names and types stay Stripe's.
import { randomInt } from 'node:crypto';
import Stripe from 'stripe';
import { invalidRequest, noSuch, StripeApiError } from './errors.js';
import type { BalanceTransactionListInput, LineItemInput, ListInput, RefundInput, SessionInput } from './requests.js';

export type Session = Pick<
  Stripe.Checkout.Session,
  | 'id' | 'object' | 'amount_subtotal' | 'amount_total' | 'cancel_url' | 'client_reference_id' | 'created' | 'currency' | 'customer_email'
  | 'expires_at' | 'livemode' | 'metadata' | 'mode' | 'payment_intent' | 'payment_status' | 'status' | 'success_url' | 'url'
  | 'locale'
>;
export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'amount_received' | 'created' | 'currency' | 'last_payment_error' | 'latest_charge' | 'livemode' | 'metadata' | 'status'
>;
export type Charge = Pick<
  Stripe.Charge,
  | 'id' | 'object' | 'amount' | 'amount_captured' | 'amount_refunded' | 'captured' | 'created' | 'currency' | 'livemode' | 'metadata' | 'paid'
  | 'payment_intent' | 'receipt_email' | 'refunded' | 'status'
>;
export type Refund = Pick<
  Stripe.Refund,
  'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'failure_reason' | 'metadata' | 'payment_intent' | 'reason' | 'status'
>;
export type Dispute = Pick<
  Stripe.Dispute,
  'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'livemode' | 'metadata' | 'payment_intent' | 'reason' | 'status'
>;
export type BalanceTransaction = Pick<
  Stripe.BalanceTransaction,
  | 'id' | 'object' | 'amount' | 'available_on' | 'created' | 'currency' | 'fee' | 'fee_details' | 'net' | 'reporting_category' | 'source' | 'status'
  | 'type'
>;

export type LineItem = Pick<Stripe.LineItem, 'id' | 'object' | 'amount_discount' | 'amount_subtotal' | 'amount_tax' | 'amount_total' | 'currency' | 'description' | 'quantity'>;

/** A session with what only the hosted page needs. */
export interface SessionRecord {
  session: Session;
  lineItems: LineItemInput[];
  paymentIntentMetadata: Stripe.Metadata;
}

interface EventObjects {
  'checkout.session.completed': Session;
  'checkout.session.expired': Session;
  'payment_intent.payment_failed': PaymentIntent;
  'charge.refunded': Charge;
  'refund.updated': Refund;
  'refund.failed': Refund;
  'charge.dispute.created': Dispute;
  'charge.dispute.funds_withdrawn': Dispute;
  'charge.dispute.funds_reinstated': Dispute;
  'charge.dispute.closed': Dispute;
}

/** What later refunds of a charge do (delayRefundsFor): stay pending until settled, or fail soon after they are made. */
export type DelayedRefunds = 'pending' | 'fail';

/** An inquiry (a "retrieval request") withdraws nothing; a chargeback withdraws the amount at once. */
const isInquiry = (dispute: Pick<Dispute, 'status'>) => dispute.status.startsWith('warning_');

/** Stripe's answer to its test card 4000 0000 0000 0002 (the double keeps no failed charges, so none is named). */
const CARD_DECLINED: Stripe.PaymentIntent.LastPaymentError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  doc_url: 'https://stripe.com/docs/error-codes/card-declined',
  message: 'Your card was declined.',
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const newId = (prefix: string) => `${prefix}_${Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

export class Store {
  readonly events: Stripe.Event[] = [];
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly paymentIntents = new Map<string, PaymentIntent>();
  private readonly charges = new Map<string, Charge>();
  private readonly refunds: Refund[] = [];
  private readonly disputes = new Map<string, Dispute>();
  private readonly balanceTransactions: BalanceTransaction[] = [];
  /** Charges whose refunds are declined (failRefundsFor). */
  private readonly refusedRefunds = new Set<string>();
  /** Charges whose refunds are made pending (delayRefundsFor). */
  private readonly delayedRefunds = new Map<string, DelayedRefunds>();

  constructor(private readonly baseUrl: string) {}

  createSession(input: SessionInput): Session {
    const id = newId('cs_test');
    const amount = input.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const session: Session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      created: nowSeconds(),
      currency: input.lineItems[0]?.currency ?? null,
      customer_email: input.customerEmail,
      expires_at: input.expiresAt,
      livemode: false,
      locale: input.locale,
      metadata: input.metadata,
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: input.successUrl,
      url: `${this.baseUrl}/checkout/${id}`,
    };
    this.sessions.set(id, { session, lineItems: input.lineItems, paymentIntentMetadata: input.paymentIntentMetadata });
    return session;
  }

  sessionRecord(id: string): SessionRecord {
    const record = this.sessions.get(id);
    if (!record) throw noSuch('checkout.session', id, 'session');
    return record;
  }

  session(id: string): Session {
    return this.sessionRecord(id).session;
  }

  /** The session's line items as Stripe lists them: each described by its product's name. */
  lineItems(id: string): LineItem[] {
    return this.sessionRecord(id).lineItems.map((item, index) => ({
      id: `li_${id.slice('cs_test_'.length)}_${index}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: item.unitAmount * item.quantity,
      amount_tax: 0,
      amount_total: item.unitAmount * item.quantity,
      currency: item.currency,
      description: item.name,
      quantity: item.quantity,
    }));
  }

  /** The customer paid: the session's PaymentIntent (a new one unless a declined card made it) succeeds with its Charge; the session is complete. */
  completeSession(id: string): Stripe.Event {
    const record = this.sessionRecord(id);
    const { session } = record;
    if (session.status !== 'open') throw invalidRequest(`This Checkout Session is no longer open (status ${session.status}).`);
    const paymentIntent = this.succeed(this.attemptOf(record), session.customer_email);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent.id, url: null } satisfies Partial<Session>);
    return this.emit('checkout.session.completed', session);
  }

  /**
   * The customer's card was declined: the session's PaymentIntent (made at the first attempt, as Checkout
   * makes it, and kept for the next) asks for another payment method; the session stays open and unpaid.
   */
  declineSession(id: string): Stripe.Event {
    const record = this.sessionRecord(id);
    const { session } = record;
    if (session.status !== 'open') throw invalidRequest(`This Checkout Session is no longer open (status ${session.status}).`);
    const paymentIntent = this.attemptOf(record);
    Object.assign(paymentIntent, { status: 'requires_payment_method', last_payment_error: CARD_DECLINED } satisfies Partial<PaymentIntent>);
    session.payment_intent = paymentIntent.id;
    return this.emit('payment_intent.payment_failed', paymentIntent);
  }

  /** The session's PaymentIntent: the one an earlier attempt made, or a new one with the session's amount and metadata. */
  private attemptOf({ session, paymentIntentMetadata }: SessionRecord): PaymentIntent {
    if (typeof session.payment_intent === 'string') return this.paymentIntent(session.payment_intent);
    return this.addPaymentIntent({ amount: session.amount_total ?? 0, currency: session.currency ?? 'eur', status: 'requires_payment_method', metadata: paymentIntentMetadata });
  }

  /** A PaymentIntent (made by Checkout, or outside it as on Stripe's dashboard); a succeeded one has its Charge. */
  addPaymentIntent(input: { amount: number; currency: string; status: Stripe.PaymentIntent.Status; metadata?: Stripe.Metadata; receiptEmail?: string | null }): PaymentIntent {
    const { amount, currency, status, metadata = {} } = input;
    const paymentIntent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      created: nowSeconds(),
      currency,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...metadata },
      status,
    };
    this.paymentIntents.set(paymentIntent.id, paymentIntent);
    return status === 'succeeded' ? this.succeed(paymentIntent, input.receiptEmail ?? null) : paymentIntent;
  }

  /** The PaymentIntent is paid: its one Charge, and the money in the balance. */
  private succeed(paymentIntent: PaymentIntent, receiptEmail: string | null): PaymentIntent {
    const { amount, currency } = paymentIntent;
    const chargeId = newId('ch');
    Object.assign(paymentIntent, { status: 'succeeded', amount_received: amount, last_payment_error: null, latest_charge: chargeId } satisfies Partial<PaymentIntent>);
    this.charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      created: nowSeconds(),
      currency,
      livemode: false,
      metadata: { ...paymentIntent.metadata },
      paid: true,
      payment_intent: paymentIntent.id,
      receipt_email: receiptEmail,
      refunded: false,
      status: 'succeeded',
    });
    this.addBalanceTransaction({ type: 'charge', reporting_category: 'charge', amount, currency, source: chargeId });
    return paymentIntent;
  }

  expireSession(id: string): Stripe.Event {
    const session = this.session(id);
    if (session.status !== 'open') throw invalidRequest('Only Checkout Sessions with a status in ["open"] can be expired.');
    Object.assign(session, { status: 'expired', url: null } satisfies Partial<Session>);
    return this.emit('checkout.session.expired', session);
  }

  /** Expires the open sessions whose expires_at has passed, as Stripe does on its own. */
  expireDue(now: number): Stripe.Event[] {
    return [...this.sessions.values()]
      .filter(({ session }) => session.status === 'open' && session.expires_at <= now)
      .map(({ session }) => this.expireSession(session.id));
  }

  paymentIntent(id: string): PaymentIntent {
    const paymentIntent = this.paymentIntents.get(id);
    if (!paymentIntent) throw noSuch('payment_intent', id, 'intent');
    return paymentIntent;
  }

  /** A refund made; `failLater` when it is to fail soon after this answer (delayRefundsFor 'fail'). */
  createRefund(input: RefundInput): { refund: Refund; event: Stripe.Event; failLater: boolean } {
    const charge = this.chargeFor(input);
    // As Stripe: a charge is not refunded while it is charged back (open, or lost: the money went back by the dispute); once
    // the dispute is won the charge stands and can be refunded again. An inquiry withdraws nothing and does not stop a refund.
    if ([...this.disputes.values()].some((dispute) => dispute.charge === charge.id && !isInquiry(dispute) && dispute.status !== 'won')) {
      throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, undefined, 'charge_disputed');
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = input.amount ?? left;
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
        'amount',
        'amount_too_large',
      );
    }
    if (this.refusedRefunds.has(charge.id)) {
      // Stripe has no error code of its own for a declined refund (a card refund fails later, as status 'failed'): the nearest is this one.
      throw new StripeApiError(402, `The refund of charge ${charge.id} was declined (failRefundsFor in the Stripe test double).`, { code: 'charge_not_refundable' });
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata: input.metadata,
      payment_intent: charge.payment_intent,
      reason: input.reason,
      status: this.delayedRefunds.has(charge.id) ? 'pending' : 'succeeded',
    };
    this.refunds.push(refund);
    // As Stripe: the money leaves the balance when the refund is made, pending or not (a failure brings it back).
    this.addBalanceTransaction({ type: 'refund', reporting_category: 'refund', amount: -amount, currency: charge.currency, source: refund.id });
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { refund, event: this.emit('charge.refunded', charge), failLater: this.delayedRefunds.get(charge.id) === 'fail' };
  }

  /** Whether the refund is still pending (settled by a test meanwhile, it is not failed again). */
  refundPending(id: string): boolean {
    return this.refunds.some((refund) => refund.id === id && refund.status === 'pending');
  }

  /** Every later refund of the payment intent's charge is made pending: settled by settleRefund, or failed soon after ('fail'). */
  delayRefunds(paymentIntentId: string, outcome: DelayedRefunds): void {
    this.delayedRefunds.set(this.chargeOf(paymentIntentId).id, outcome);
  }

  /**
   * A pending refund succeeds or fails, as a card's bank answers days later: refund.updated (and refund.failed); a failed one
   * gives its money back to the balance (a refund_failure) and to the charge's refundable amount. A succeeded one may still
   * fail (as with Stripe's test card 4000 0000 0000 5126).
   */
  settleRefund(id: string, outcome: 'succeeded' | 'failed'): Stripe.Event[] {
    const refund = this.refunds.find((candidate) => candidate.id === id);
    if (!refund) throw noSuch('refund', id, 'id');
    const from = outcome === 'failed' ? ['pending', 'succeeded'] : ['pending'];
    if (!from.includes(refund.status ?? '')) throw new Error(`Refund ${id} is ${refund.status}: it cannot become ${outcome}.`);
    refund.status = outcome;
    if (outcome === 'succeeded') return [this.emit('refund.updated', refund)];
    refund.failure_reason = 'expired_or_canceled_card';
    const charge = this.charges.get(refund.charge as string)!;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    this.addBalanceTransaction({ type: 'refund_failure', reporting_category: 'refund_failure', amount: refund.amount, currency: refund.currency, source: refund.id });
    return [this.emit('refund.updated', refund), this.emit('refund.failed', refund)];
  }

  /** Every later refund of the payment intent's charge is declined, until clearRefusedRefunds. */
  refuseRefunds(paymentIntentId: string): void {
    this.refusedRefunds.add(this.chargeOf(paymentIntentId).id);
  }

  clearRefusedRefunds(): void {
    this.refusedRefunds.clear();
    this.delayedRefunds.clear();
  }

  /** Newest first, as Stripe lists. */
  listRefunds(filter: { paymentIntent: string | null; charge: string | null }): Refund[] {
    return this.refunds
      .filter((refund) => (filter.paymentIntent === null || refund.payment_intent === filter.paymentIntent) && (filter.charge === null || refund.charge === filter.charge))
      .reverse();
  }

  /**
   * The cardholder disputes the charge (by default all of it that is not refunded): a chargeback withdraws the amount at once
   * (charge.dispute.created, then charge.dispute.funds_withdrawn); an inquiry withdraws nothing (only created).
   */
  createDispute(paymentIntentId: string, amount?: number, { inquiry = false } = {}): { dispute: Dispute; events: Stripe.Event[] } {
    const charge = this.chargeOf(paymentIntentId);
    if ([...this.disputes.values()].some((dispute) => dispute.charge === charge.id)) throw new Error(`Charge ${charge.id} is already disputed.`);
    const disputable = charge.amount - charge.amount_refunded;
    const disputed = amount ?? disputable;
    if (!Number.isInteger(disputed) || disputed < 1 || disputed > disputable) {
      throw new Error(`Cannot dispute ${disputed} of charge ${charge.id}: ${disputable} of it is not refunded.`);
    }
    const dispute: Dispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: disputed,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: inquiry ? 'general' : 'fraudulent',
      status: inquiry ? 'warning_needs_response' : 'needs_response',
    };
    this.disputes.set(dispute.id, dispute);
    const created = this.emit('charge.dispute.created', dispute);
    if (inquiry) return { dispute, events: [created] };
    this.addBalanceTransaction({ type: 'adjustment', reporting_category: 'dispute', amount: -disputed, currency: charge.currency, source: dispute.id });
    return { dispute, events: [created, this.emit('charge.dispute.funds_withdrawn', dispute)] };
  }

  /**
   * Closes an open dispute. A chargeback won gives the amount back (charge.dispute.funds_reinstated, then closed); lost, it
   * keeps what was withdrawn. An inquiry closes as `warning_closed`, with nothing to give back.
   */
  closeDispute(id: string, outcome: 'won' | 'lost' | 'warning_closed'): Stripe.Event[] {
    const dispute = this.disputes.get(id);
    if (!dispute) throw new Error(`No dispute ${id}.`);
    const open = isInquiry(dispute) ? ['warning_needs_response', 'warning_under_review'] : ['needs_response', 'under_review'];
    if (!open.includes(dispute.status)) throw new Error(`Dispute ${id} is already closed (${dispute.status}).`);
    if ((outcome === 'warning_closed') !== isInquiry(dispute)) throw new Error(`Dispute ${id} (${dispute.status}) cannot close as ${outcome}.`);
    dispute.status = outcome;
    if (outcome !== 'won') return [this.emit('charge.dispute.closed', dispute)];
    this.addBalanceTransaction({ type: 'adjustment', reporting_category: 'dispute_reversal', amount: dispute.amount, currency: dispute.currency, source: dispute.id });
    return [this.emit('charge.dispute.funds_reinstated', dispute), this.emit('charge.dispute.closed', dispute)];
  }

  balanceTransaction(id: string): BalanceTransaction {
    const transaction = this.balanceTransactions.find((candidate) => candidate.id === id);
    if (!transaction) throw noSuch('balance_transaction', id, 'id');
    return transaction;
  }

  /** What a balance transaction moved money for, as `expand[]=data.source` shows it: its charge, refund or dispute (a payout: its id). */
  balanceTransactionSource(transaction: BalanceTransaction): Charge | Refund | Dispute | string {
    const id = transaction.source as string;
    return this.charges.get(id) ?? this.refunds.find((refund) => refund.id === id) ?? this.disputes.get(id) ?? id;
  }

  /** Newest first, as Stripe lists. */
  listBalanceTransactions(input: BalanceTransactionListInput): { data: BalanceTransaction[]; has_more: boolean } {
    return page(this.balanceTransactions.toReversed(), input, 'balance_transaction', (transaction) => input.type === null || transaction.type === input.type);
  }

  private chargeFor(input: RefundInput): Charge {
    if (input.charge !== null) {
      const charge = this.charges.get(input.charge);
      if (!charge) throw noSuch('charge', input.charge, 'charge');
      if (input.paymentIntent !== null && charge.payment_intent !== input.paymentIntent) {
        throw invalidRequest(`Charge ${charge.id} does not belong to PaymentIntent ${input.paymentIntent}.`, 'charge');
      }
      return charge;
    }
    return this.chargeOf(input.paymentIntent ?? '');
  }

  private chargeOf(paymentIntentId: string): Charge {
    // Every succeeded payment intent of the double has exactly one charge.
    const charge = [...this.charges.values()].find((candidate) => candidate.payment_intent === paymentIntentId);
    if (!charge) throw noSuch('payment_intent', paymentIntentId, 'payment_intent');
    return charge;
  }

  payout(amount: number): void {
    this.addBalanceTransaction({ type: 'payout', reporting_category: 'payout', amount: -amount, currency: 'eur', source: newId('po') });
  }

  /** Oldest first (payouts.ts pays them out). */
  allBalanceTransactions(): readonly BalanceTransaction[] {
    return this.balanceTransactions;
  }

  // Fees are 0 in the double, so net is the amount; the money is available at once.
  addBalanceTransaction(fields: Pick<BalanceTransaction, 'type' | 'reporting_category' | 'amount' | 'currency' | 'source'>): BalanceTransaction {
    const created = nowSeconds();
    const transaction: BalanceTransaction = {
      id: newId('txn'),
      object: 'balance_transaction',
      ...fields,
      available_on: created,
      created,
      fee: 0,
      fee_details: [],
      net: fields.amount,
      status: 'available',
    };
    this.balanceTransactions.push(transaction);
    return transaction;
  }

  private emit<T extends keyof EventObjects>(type: T, object: EventObjects[T]): Stripe.Event {
    // Our objects are Picks of Stripe's: the event carries every field the double renders, not all of Stripe's.
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    this.events.push(event);
    return event;
  }
}

/** One page of a newest-first list: the first `limit` after starting_after, or the last `limit` before ending_before (still newest first). */
function page<T extends { id: string }>(newestFirst: T[], input: ListInput, object: string, keep: (item: T) => boolean): { data: T[]; has_more: boolean } {
  const at = (id: string, param: string) => {
    const index = newestFirst.findIndex((item) => item.id === id);
    if (index < 0) throw noSuch(object, id, param);
    return index;
  };
  const candidates =
    input.startingAfter !== null
      ? newestFirst.slice(at(input.startingAfter, 'starting_after') + 1)
      : input.endingBefore !== null
        ? newestFirst.slice(0, at(input.endingBefore, 'ending_before'))
        : newestFirst;
  const matching = candidates.filter(keep);
  const data = input.endingBefore !== null ? matching.slice(-input.limit) : matching.slice(0, input.limit);
  return { data, has_more: matching.length > data.length };
}
