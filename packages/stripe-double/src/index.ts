// A local Stripe test double for development and tests: the real SDK talks to it through host/port/protocol.
// Never for production: it accepts only test keys and charges nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { createApp } from './server.js';
import { nowSeconds, Store } from './store.js';
import { WebhookSender, type WebhookDelivery } from './webhooks.js';

export type { WebhookDelivery } from './webhooks.js';
export { StripeApiError } from './errors.js';

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
  /** Same as "Carta rifiutata": the session stays open and unpaid. */
  decline(sessionId: string): void;
  /** As if expires_at had passed: status expired and a checkout.session.expired event, delivered before it resolves. */
  expireNow(sessionId: string): Promise<void>;
  /** A PaymentIntent made outside Checkout (as on Stripe's dashboard), e.g. to link to a card by hand; returns its id. */
  addPaymentIntent(input: { amount: number; currency?: string; status?: Stripe.PaymentIntent.Status }): string;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 5_000;

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const store = new Store(url);
  const webhooks = new WebhookSender(options.webhookSecret, options.webhookUrl, options.autoDeliver ?? true, options.onDelivery);
  const dispatch = (event: Stripe.Event) => webhooks.dispatch(event);
  const sweep = () => {
    for (const event of store.expireDue(nowSeconds())) void dispatch(event);
  };
  server.on('request', createApp({ store, dispatch, sweep }));
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
    decline: (sessionId) => {
      // A declined card changes nothing on Stripe's side: the session stays open and unpaid.
      openSession(sessionId);
    },
    expireNow: async (sessionId) => dispatch(store.expireSession(openSession(sessionId).id)),
    addPaymentIntent: ({ amount, currency = 'eur', status = 'succeeded' }) => store.addPaymentIntent({ amount, currency, status }).id,
    close: async () => {
      clearInterval(sweeper);
      webhooks.close();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      // The SDK keeps connections alive; close() alone would wait for them to time out.
      server.closeAllConnections();
      await closed;
    },
  };
}
