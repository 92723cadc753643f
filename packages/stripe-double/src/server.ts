// HTTP for the double: the /v1 calls our API makes (as the Stripe SDK sends them) and the hosted checkout page.
import express, { type NextFunction, type Request, type Response } from 'express';
import type Stripe from 'stripe';
import { StripeApiError } from './errors.js';
import type { Failures } from './failures.js';
import { checkoutPage, closedPage, messagePage, successUrl } from './page.js';
import { parseBalanceTransactionList, parseExpand, parseRefundCreate, parseRefundFilter, parseSessionCreate } from './requests.js';
import { newId, nowSeconds, type Store } from './store.js';
import { registerPayoutRoutes, type Payouts } from './payouts.js';

export interface DoubleCore {
  store: Store;
  payouts: Payouts;
  failures: Failures;
  /** Sends a new event to the webhook when auto-delivery is on; settles after the first attempt. */
  dispatch(event: Stripe.Event): Promise<void>;
  /** Expires the sessions whose time has passed, so that nothing reads a stale open session. */
  sweep(): void;
  /** Fails a refund made pending to fail (delayRefundsFor 'fail'), after its answer has gone: its events are delivered. */
  failLater(refundId: string): void;
}

const NO_API_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";

export function createApp({ store, payouts, failures, dispatch, sweep, failLater }: DoubleCore): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // `expand[]=...` and nested filters arrive in the query string with brackets, as in the body.
  app.set('query parser', 'extended');
  app.use(express.urlencoded({ extended: true }));
  app.use((_req, _res, next) => {
    sweep();
    next();
  });

  app.use('/v1', (req, res, next) => {
    res.set('Request-Id', newId('req'));
    const key = /^Bearer (.*)$/.exec(req.get('Authorization') ?? '')?.[1]?.trim();
    if (!key) throw new StripeApiError(401, NO_API_KEY);
    // Test secret or restricted keys only: a live key here is a configuration mistake worth stopping at.
    if (!/^[sr]k_test_\w+$/.test(key)) {
      throw new StripeApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}. The Stripe test double accepts only test keys (sk_test_..., rk_test_...).`);
    }
    next();
  });

  // Stripe replays the first answer to a POST with the same Idempotency-Key (every SDK POST carries one).
  const answered = new Map<string, { request: string; body: unknown }>();
  const api = <Params = Record<string, string>>(handler: (req: Request<Params>) => unknown) => (req: Request<Params>, res: Response) => {
    const failure = failures.take(req.method, req.path);
    if (failure && !failure.afterPerforming) throw failure.error;
    const key = req.method === 'POST' ? req.get('Idempotency-Key') : undefined;
    const request = `${req.method} ${req.path} ${JSON.stringify(req.body ?? {})}`;
    const previous = key === undefined ? undefined : answered.get(key);
    if (previous && previous.request !== request) {
      throw new StripeApiError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { type: 'idempotency_error' },
      );
    }
    const body = previous ? previous.body : handler(req);
    if (key !== undefined && !previous) answered.set(key, { request, body: structuredClone(body) });
    // The request took effect and its answer is kept under its key, as Stripe keeps it: only this answer is lost.
    if (failure) throw failure.error;
    if (previous) res.set('Idempotent-Replayed', 'true');
    res.json(body);
  };

  app.post('/v1/checkout/sessions', api((req) => store.createSession(parseSessionCreate(req.body, nowSeconds()))));
  app.get(
    '/v1/checkout/sessions/:id',
    api<{ id: string }>((req) => {
      const session = store.session(req.params.id);
      const expand = parseExpand(req.query, ['payment_intent']);
      return expand.includes('payment_intent') && typeof session.payment_intent === 'string'
        ? { ...session, payment_intent: store.paymentIntent(session.payment_intent) }
        : session;
    }),
  );
  app.get(
    '/v1/checkout/sessions/:id/line_items',
    api<{ id: string }>((req) => ({ object: 'list', data: store.lineItems(req.params.id), has_more: false, url: `/v1/checkout/sessions/${req.params.id}/line_items` })),
  );
  app.post(
    '/v1/checkout/sessions/:id/expire',
    api<{ id: string }>((req) => {
      const id = req.params.id;
      void dispatch(store.expireSession(id));
      return store.session(id);
    }),
  );
  app.get('/v1/payment_intents/:id', api<{ id: string }>((req) => store.paymentIntent(req.params.id)));
  app.post(
    '/v1/refunds',
    api((req) => {
      const { refund, event, failLater: fails } = store.createRefund(parseRefundCreate(req.body));
      void dispatch(event);
      if (fails) failLater(refund.id);
      return refund;
    }),
  );
  app.get(
    '/v1/refunds',
    api((req) => ({ object: 'list', data: store.listRefunds(parseRefundFilter(req.query)), has_more: false, url: '/v1/refunds' })),
  );
  registerPayoutRoutes(app, payouts, api);
  app.get(
    '/v1/balance_transactions',
    api((req) => {
      const list = store.listBalanceTransactions(parseBalanceTransactionList(req.query));
      // `expand[]=data.source`: each one's charge, refund or dispute in place of its id (a payout's stays an id).
      const data = parseExpand(req.query, ['data.source']).length > 0 ? list.data.map((one) => ({ ...one, source: store.balanceTransactionSource(one) })) : list.data;
      return { object: 'list', ...list, data, url: '/v1/balance_transactions' };
    }),
  );
  app.get('/v1/balance_transactions/:id', api<{ id: string }>((req) => store.balanceTransaction(req.params.id)));
  app.use('/v1', (req) => {
    throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${req.originalUrl.split('?')[0]}). The Stripe test double implements only the calls our API makes.`);
  });

  const html = (res: Response, status: number, page: string) => res.status(status).set('Cache-Control', 'no-store').type('html').send(page);
  app.get('/checkout/:id', (req, res) => {
    const record = store.sessionRecord(req.params.id);
    html(res, 200, record.session.status === 'open' ? checkoutPage(record) : closedPage(record));
  });
  app.post('/checkout/:id/pay', async (req, res) => {
    const record = store.sessionRecord(req.params.id);
    if (record.session.status !== 'open') return html(res, 409, closedPage(record));
    // The webhook has the payment before the customer is back on our site, as it usually is with Stripe.
    await dispatch(store.completeSession(record.session.id));
    res.redirect(303, successUrl(record));
  });
  app.post('/checkout/:id/decline', async (req, res) => {
    const record = store.sessionRecord(req.params.id);
    if (record.session.status !== 'open') return html(res, 409, closedPage(record));
    // As with Stripe, a declined card leaves the session open (the customer may try again) and tells the webhook.
    await dispatch(store.declineSession(record.session.id));
    html(res, 402, checkoutPage(record, { declined: true }));
  });
  app.post('/checkout/:id/cancel', (req, res) => {
    res.redirect(303, store.sessionRecord(req.params.id).session.cancel_url ?? '/');
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const apiError = toApiError(error);
    if (req.originalUrl.startsWith('/v1')) {
      // Our own bugs must not make the SDK retry the same request; an injected 5xx (a StripeApiError) is retried as Stripe's would be.
      if (!(error instanceof StripeApiError) && apiError.status >= 500) res.set('Stripe-Should-Retry', 'false');
      res.status(apiError.status).json(apiError.toJSON());
    } else {
      html(res, apiError.status, messagePage(apiError.status === 404 ? 'Sessione di pagamento non trovata.' : 'Errore del servizio di pagamento di prova.'));
    }
  });
  return app;
}

function toApiError(error: unknown): StripeApiError {
  if (error instanceof StripeApiError) return error;
  // body-parser's errors (malformed body, too large) carry their own 4xx status.
  const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 500;
  const message = error instanceof Error ? error.message : String(error);
  if (status < 500) return new StripeApiError(status, message);
  console.error('Stripe test double:', error);
  return new StripeApiError(500, `An unexpected error occurred in the Stripe test double: ${message}`, { type: 'api_error' });
}
