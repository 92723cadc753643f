// The double's state, in memory: sessions, payment intents, charges, refunds and the events they cause.
// Objects carry only the fields our API reads; each type is a Pick of the SDK's own, so names and types stay Stripe's.
import { randomInt } from 'node:crypto';
import Stripe from 'stripe';
import { invalidRequest, noSuch } from './errors.js';
import type { LineItemInput, RefundInput, SessionInput } from './requests.js';

export type Session = Pick<
  Stripe.Checkout.Session,
  | 'id' | 'object' | 'amount_subtotal' | 'amount_total' | 'cancel_url' | 'client_reference_id' | 'created' | 'currency' | 'customer_email'
  | 'expires_at' | 'livemode' | 'metadata' | 'mode' | 'payment_intent' | 'payment_status' | 'status' | 'success_url' | 'url'
>;
export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'amount_received' | 'created' | 'currency' | 'latest_charge' | 'livemode' | 'metadata' | 'status'
>;
export type Charge = Pick<
  Stripe.Charge,
  | 'id' | 'object' | 'amount' | 'amount_captured' | 'amount_refunded' | 'captured' | 'created' | 'currency' | 'livemode' | 'metadata' | 'paid'
  | 'payment_intent' | 'receipt_email' | 'refunded' | 'status'
>;
export type Refund = Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'metadata' | 'payment_intent' | 'reason' | 'status'>;

/** A session with what only the hosted page needs. */
export interface SessionRecord {
  session: Session;
  lineItems: LineItemInput[];
  paymentIntentMetadata: Stripe.Metadata;
}

interface EventObjects {
  'checkout.session.completed': Session;
  'checkout.session.expired': Session;
  'charge.refunded': Charge;
}

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

  /** The customer paid: a succeeded PaymentIntent and its Charge, the session complete. */
  completeSession(id: string): Stripe.Event {
    const { session, paymentIntentMetadata } = this.sessionRecord(id);
    if (session.status !== 'open') throw invalidRequest(`This Checkout Session is no longer open (status ${session.status}).`);
    const paymentIntent = this.addPaymentIntent({
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'eur',
      status: 'succeeded',
      metadata: paymentIntentMetadata,
      receiptEmail: session.customer_email,
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent.id, url: null } satisfies Partial<Session>);
    return this.emit('checkout.session.completed', session);
  }

  /** A PaymentIntent (made by Checkout, or outside it as on Stripe's dashboard); a succeeded one has its Charge. */
  addPaymentIntent(input: { amount: number; currency: string; status: Stripe.PaymentIntent.Status; metadata?: Stripe.Metadata; receiptEmail?: string | null }): PaymentIntent {
    const { amount, currency, status, metadata = {} } = input;
    const succeeded = status === 'succeeded';
    const created = nowSeconds();
    const chargeId = succeeded ? newId('ch') : null;
    const paymentIntent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: succeeded ? amount : 0,
      created,
      currency,
      latest_charge: chargeId,
      livemode: false,
      metadata: { ...metadata },
      status,
    };
    this.paymentIntents.set(paymentIntent.id, paymentIntent);
    if (chargeId) {
      this.charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        captured: true,
        created,
        currency,
        livemode: false,
        metadata: { ...metadata },
        paid: true,
        payment_intent: paymentIntent.id,
        receipt_email: input.receiptEmail ?? null,
        refunded: false,
        status: 'succeeded',
      });
    }
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

  createRefund(input: RefundInput): { refund: Refund; event: Stripe.Event } {
    const charge = this.chargeFor(input);
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
      status: 'succeeded',
    };
    this.refunds.push(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { refund, event: this.emit('charge.refunded', charge) };
  }

  /** Newest first, as Stripe lists. */
  listRefunds(filter: { paymentIntent: string | null; charge: string | null }): Refund[] {
    return this.refunds
      .filter((refund) => (filter.paymentIntent === null || refund.payment_intent === filter.paymentIntent) && (filter.charge === null || refund.charge === filter.charge))
      .reverse();
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
    // Every payment intent of the double has exactly one charge.
    const charge = [...this.charges.values()].find((candidate) => candidate.payment_intent === input.paymentIntent);
    if (!charge) throw noSuch('payment_intent', input.paymentIntent ?? '', 'payment_intent');
    return charge;
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
