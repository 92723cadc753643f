// A local Stripe test double for development and tests: the real SDK talks to it through host/port/protocol.
// Never for production: it accepts only test keys and charges nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { Failures, type FailureMatch, type FailureOptions } from './failures.js';
import { createApp } from './server.js';
import { nowSeconds, Store } from './store.js';
import { Payouts } from './payouts.js';
import { WebhookSender, type WebhookDelivery } from './webhooks.js';

export type { WebhookDelivery } from './webhooks.js';
export { StripeApiError } from './errors.js';
export type { FailureMatch, FailureOptions } from './failures.js';

export interface StripeDoubleOptions {
  /** Default 0 (an ephemeral port); the host is always 127.0.0.1. */
  port?: number;
  /** Where signed events are POSTed; may also be set later with setWebhookUrl. */
  webhookUrl?: string;
  /** e.g. 'whsec_...' */
  webhookSecret: string;
  /** Default true: events are delivered as they happen. */
  autoDeliver?: boolean;
  /** Called after every delivery attempt, e.g. to log it. */
  onDelivery?: (delivery: WebhookDelivery) => void;
}

export interface StripeDouble {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Options for the SDK: new Stripe(key, { ...double.sdkOptions }) */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  setWebhookUrl(url: string): void;
  setAutoDeliver(on: boolean): void;
  /** Every event created so far, oldest first (Stripe.Event objects). */
  events: Stripe.Event[];
  /** Every delivery attempt so far, oldest first, for debugging. */
  deliveries: WebhookDelivery[];
  /** Delivers one event (again), signed; resolves with the HTTP status the webhook answered (0 if unreachable). */
  deliver(event: Stripe.Event): Promise<number>;
  // What a customer does on the hosted page, for tests without a browser; each refuses a session that is not open.
  /** Same as clicking "Paga" (without the redirect): resolves once the first webhook delivery attempt is over. */
  pay(sessionId: string): Promise<void>;
  /** Same as "Carta rifiutata": the session stays open and unpaid, payment_intent.payment_failed delivered before it resolves. */
  decline(sessionId: string): Promise<void>;
  /** As if expires_at had passed: status expired and a checkout.session.expired event, delivered before it resolves. */
  expireNow(sessionId: string): Promise<void>;
  /** A PaymentIntent made outside Checkout (as on Stripe's dashboard), e.g. to link to a card by hand; returns its id. */
  addPaymentIntent(input: { amount: number; currency?: string; status?: Stripe.PaymentIntent.Status }): string;
  // What happens on Stripe's side without our API: each resolves once the first webhook delivery attempt is over.
  /** A refund made on Stripe's dashboard (no metadata, no reason), of `amount` or all that is left: charge.refunded; resolves with the refund id. */
  refundFromDashboard(paymentIntentId: string, amount?: number): Promise<string>;
  /**
   * The cardholder disputes the payment (`amount`, default all that is not refunded): charge.dispute.created, then
   * charge.dispute.funds_withdrawn (the amount leaves the balance); resolves with the dispute id.
   */
  dispute(paymentIntentId: string, amount?: number): Promise<string>;
  /** An inquiry about the payment (status warning_needs_response): charge.dispute.created only, nothing withdrawn; resolves with its id. */
  inquiry(paymentIntentId: string, amount?: number): Promise<string>;
  /**
   * Closes an open dispute: a chargeback 'won' (charge.dispute.funds_reinstated, the amount back in the balance, then
   * charge.dispute.closed) or 'lost' (closed); an inquiry 'warning_closed' (closed).
   */
  closeDispute(disputeId: string, outcome: 'won' | 'lost' | 'warning_closed'): Promise<void>;
  /**
   * A pending refund (delayRefundsFor) succeeds or fails, or one that succeeded fails after all (its bank sent it back):
   * refund.updated (and refund.failed), delivered before it resolves.
   */
  settleRefund(refundId: string, outcome: 'succeeded' | 'failed'): Promise<void>;
  /** Stripe pays `amount` of the balance out to the centre's bank (a payout balance transaction, no webhook). */
  payout(amount: number): void;
  /** Stripe pays out everything not paid out yet, less `fee` (its own fee transaction), arriving on `arrivalDate` (Unix seconds); returns the payout. */
  payOutBalance(options?: { fee?: number; arrivalDate?: number }): { id: string; amount: number; arrival_date: number };
  // Failures for tests, until clearFailures().
  /** The next `count` /v1 requests matching method and path prefix answer a Stripe-shaped error; with afterPerforming, after taking effect. */
  failNext(match: FailureMatch, options?: FailureOptions): void;
  /** Every later refund of this PaymentIntent (API or dashboard) is declined: 402 invalid_request_error, code charge_not_refundable. */
  failRefundsFor(paymentIntentId: string): void;
  /**
   * Every later refund of this PaymentIntent (API or dashboard) is made `pending`, as a card's bank can take days: with
   * 'pending' it stays so until settleRefund; with 'fail' it fails on its own right after it was made (as Stripe's test card
   * 4000 0000 0000 5126): refund.updated with status failed and refund.failed are sent.
   */
  delayRefundsFor(paymentIntentId: string, outcome: 'pending' | 'fail'): void;
  /** Forgets every pending failNext, failRefundsFor and delayRefundsFor. */
  clearFailures(): void;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 5_000;
const FAIL_AFTER_MS = 50;

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const store = new Store(url);
  const payouts = new Payouts(store);
  const failures = new Failures();
  const webhooks = new WebhookSender(options.webhookSecret, options.webhookUrl, options.autoDeliver ?? true, options.onDelivery);
  const dispatch = (event: Stripe.Event) => webhooks.dispatch(event);
  const dispatchAll = async (events: Stripe.Event[]) => {
    for (const event of events) await dispatch(event);
  };
  const failing = new Set<NodeJS.Timeout>();
  // Soon after the answer that made the refund has gone, as a bank answers later.
  const failLater = (refundId: string) => {
    const timer = setTimeout(() => {
      failing.delete(timer);
      if (store.refundPending(refundId)) void dispatchAll(store.settleRefund(refundId, 'failed'));
    }, FAIL_AFTER_MS);
    failing.add(timer);
  };
  const sweep = () => {
    for (const event of store.expireDue(nowSeconds())) void dispatch(event);
  };
  server.on('request', createApp({ store, payouts, failures, dispatch, sweep, failLater }));
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS).unref();

  const openSession = (sessionId: string) => {
    const { session } = store.sessionRecord(sessionId);
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${session.status}, not open.`);
    return session;
  };

  return {
    url,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    setWebhookUrl: (webhookUrl) => {
      webhooks.url = webhookUrl;
    },
    setAutoDeliver: (on) => {
      webhooks.autoDeliver = on;
    },
    events: store.events,
    deliveries: webhooks.deliveries,
    deliver: (event) => webhooks.deliver(event),
    // async, so that a session that is not open rejects the promise instead of throwing.
    pay: async (sessionId) => dispatch(store.completeSession(openSession(sessionId).id)),
    decline: async (sessionId) => dispatch(store.declineSession(openSession(sessionId).id)),
    expireNow: async (sessionId) => dispatch(store.expireSession(openSession(sessionId).id)),
    addPaymentIntent: ({ amount, currency = 'eur', status = 'succeeded' }) => store.addPaymentIntent({ amount, currency, status }).id,
    refundFromDashboard: async (paymentIntentId, amount) => {
      const { refund, event, failLater: fails } = store.createRefund({ paymentIntent: paymentIntentId, charge: null, amount: amount ?? null, reason: null, metadata: {} });
      await dispatch(event);
      if (fails) failLater(refund.id);
      return refund.id;
    },
    dispute: async (paymentIntentId, amount) => {
      const { dispute, events } = store.createDispute(paymentIntentId, amount);
      await dispatchAll(events);
      return dispute.id;
    },
    inquiry: async (paymentIntentId, amount) => {
      const { dispute, events } = store.createDispute(paymentIntentId, amount, { inquiry: true });
      await dispatchAll(events);
      return dispute.id;
    },
    closeDispute: async (disputeId, outcome) => dispatchAll(store.closeDispute(disputeId, outcome)),
    settleRefund: async (refundId, outcome) => dispatchAll(store.settleRefund(refundId, outcome)),
    payout: (amount) => store.payout(amount),
    payOutBalance: (options) => payouts.payOutBalance(options),
    failNext: (match, failureOptions) => failures.add(match, failureOptions),
    failRefundsFor: (paymentIntentId) => store.refuseRefunds(paymentIntentId),
    delayRefundsFor: (paymentIntentId, outcome) => store.delayRefunds(paymentIntentId, outcome),
    clearFailures: () => {
      failures.clear();
      store.clearRefusedRefunds();
    },
    close: async () => {
      clearInterval(sweeper);
      for (const timer of failing) clearTimeout(timer);
      webhooks.close();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      // The SDK keeps connections alive; close() alone would wait for them to time out.
      server.closeAllConnections();
      await closed;
    },
  };
}
