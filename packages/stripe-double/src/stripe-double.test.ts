// The double through the real Stripe SDK, its hosted page over HTTP, and a real webhook receiver that verifies every signature.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeDouble, type StripeDouble } from './index.js';

const SECRET = 'whsec_test_double';
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Receiver {
  url: string;
  /** Events whose signature checked out, in order of arrival. */
  received: Stripe.Event[];
  /** Why deliveries were refused (a bad signature). */
  refused: string[];
  /** A status to answer instead of 200 for a verified event, e.g. to make one delivery fail. */
  failWith: (event: Stripe.Event) => number | undefined;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], refused: [], failWith: () => undefined, server: createServer() };
  receiver.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(Buffer.concat(chunks).toString('utf8'), req.headers['stripe-signature'] ?? '', SECRET);
      } catch (error) {
        receiver.refused.push(String(error));
        return void res.writeHead(400).end('bad signature');
      }
      const failure = receiver.failWith(event);
      if (failure !== undefined) return void res.writeHead(failure).end('non adesso');
      receiver.received.push(event);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/api/webhooks/stripe`;
  return receiver;
}

let receiver: Receiver;
let double: StripeDouble;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  double = await startStripeDouble({ webhookSecret: SECRET, webhookUrl: receiver.url });
  stripe = new Stripe('sk_test_double', { ...double.sdkOptions });
});

afterEach(() => {
  expect(receiver.refused).toEqual([]);
  receiver.failWith = () => undefined;
  double.clearFailures();
  double.setAutoDeliver(true);
  double.setWebhookUrl(receiver.url);
});

afterAll(async () => {
  await double?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

const SUCCESS_URL = 'http://127.0.0.1:5173/prenotazioni/42?session_id={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://127.0.0.1:5173/prenotazioni/42?annullato=1';

function createSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 3000, product_data: { name: 'Campo 2 — beach volley', description: 'Sabato 14 giugno, 18:00–19:30' } },
          quantity: 2,
        },
      ],
      client_reference_id: 'booking-42',
      customer_email: 'mario.rossi@example.it',
      metadata: { booking_id: '42' },
      payment_intent_data: { metadata: { booking_id: '42', kind: 'booking' } },
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      expires_at: nowSeconds() + 60 * 60,
      ...overrides,
    },
    options,
  );
}

/** The verified event of `type` about the object `id`, waiting for its delivery. */
async function received(type: string, id: string, timeoutMs = 15_000): Promise<Stripe.Event> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = receiver.received.find((candidate) => candidate.type === type && (candidate.data.object as { id: string }).id === id);
    if (event) return event;
    if (Date.now() > deadline) throw new Error(`No ${type} for ${id} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const eventsAbout = (id: string) => receiver.received.filter((event) => (event.data.object as { id: string }).id === id);

/** A checkout session paid through the hosted page's "Paga": its succeeded PaymentIntent (6000 cents, one charge). */
async function paidPaymentIntent(): Promise<Stripe.PaymentIntent> {
  const session = await createSession();
  await double.pay(session.id);
  const { payment_intent: paymentIntentId } = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.paymentIntents.retrieve(paymentIntentId as string);
}

/** The form action of the button labelled `label` on a hosted page, as an absolute URL. */
function formAction(html: string, label: string): string {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button><\/form>/g)];
  const form = forms.find((match) => match[2] === label);
  if (!form?.[1]) throw new Error(`No "${label}" button in:\n${html}`);
  return new URL(form[1], double.url).href;
}

const post = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

describe('checkout sessions through the SDK', () => {
  it('creates a session with Stripe’s fields and retrieves the same one', async () => {
    const before = nowSeconds();
    const expiresAt = before + 45 * 60;
    const session = await createSession({ expires_at: expiresAt });
    const after = nowSeconds();

    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_subtotal: 6000,
      amount_total: 6000,
      currency: 'eur',
      client_reference_id: 'booking-42',
      customer_email: 'mario.rossi@example.it',
      metadata: { booking_id: '42' },
      mode: 'payment',
      livemode: false,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      expires_at: expiresAt,
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      url: `${double.url}/checkout/${session.id}`,
    });
    // Created while the call ran: a busy machine's stall only widens the bracket.
    expect(session.created).toBeGreaterThanOrEqual(before);
    expect(session.created).toBeLessThanOrEqual(after);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    const { lastResponse: _created, ...createdFields } = session;
    const { lastResponse: _retrieved, ...retrievedFields } = retrieved;
    expect(retrievedFields).toEqual(createdFields);
  });

  it('refuses an expires_at less than 30 minutes or more than 24 hours ahead, as Stripe does', async () => {
    for (const expiresAt of [nowSeconds() + 20 * 60, nowSeconds() + 25 * 60 * 60]) {
      const error = await createSession({ expires_at: expiresAt }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, param: 'expires_at' });
    }
    await expect(createSession({ expires_at: nowSeconds() + 30 * 60 })).resolves.toMatchObject({ status: 'open' });
    await expect(createSession({ expires_at: nowSeconds() + 24 * 60 * 60 })).resolves.toMatchObject({ status: 'open' });
  });

  it('refuses line items without an amount, naming the nested param', async () => {
    const error = await createSession({ line_items: [{ price_data: { currency: 'eur', product_data: { name: 'Campo 1' } }, quantity: 1 }] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ param: 'line_items[0][price_data][unit_amount]', code: 'parameter_missing' });
  });

  it('keeps the page’s language and lists the line items, each described by its product’s name', async () => {
    const session = await createSession({
      locale: 'de',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 5000, product_data: { name: 'Anzahlung · Sommercamp · Lena' } }, quantity: 1 },
        { price_data: { currency: 'eur', unit_amount: 5000, product_data: { name: 'Anzahlung · Sommercamp · Tim' } }, quantity: 1 },
      ],
    });
    expect(session.locale).toBe('de');
    expect((await stripe.checkout.sessions.retrieve(session.id)).locale).toBe('de');
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.description, item.amount_total, item.quantity])).toEqual([
      ['Anzahlung · Sommercamp · Lena', 5000, 1],
      ['Anzahlung · Sommercamp · Tim', 5000, 1],
    ]);
    expect((await createSession()).locale).toBeNull();
    const wrong = await createSession({ locale: 'xx' as Stripe.Checkout.SessionCreateParams.Locale }).catch((caught: unknown) => caught);
    expect(wrong).toMatchObject({ statusCode: 400, param: 'locale' });
  });

  it('answers 404 in Stripe’s shape for an unknown id', async () => {
    for (const call of [() => stripe.checkout.sessions.retrieve('cs_test_sconosciuta'), () => stripe.paymentIntents.retrieve('pi_sconosciuto')]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    }
    const page = await fetch(`${double.url}/checkout/cs_test_sconosciuta`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Sessione di pagamento non trovata.');
  });

  it('needs a test key: 401 without one, StripeAuthenticationError with a live or publishable one', async () => {
    const anonymous = await fetch(`${double.url}/v1/checkout/sessions/cs_test_x`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('did not provide an API key') } });

    for (const key of ['sk_live_vera', 'pk_test_pubblica']) {
      const error = await new Stripe(key, { ...double.sdkOptions }).checkout.sessions.retrieve('cs_test_x').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).toMatchObject({ statusCode: 401 });
    }

    const session = await createSession();
    await expect(new Stripe('rk_test_limitata', { ...double.sdkOptions }).checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ id: session.id });
  });

  it('answers an unimplemented call with a clear 404 instead of a fake success', async () => {
    const error = await stripe.customers.create({ email: 'x@example.it' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, message: expect.stringContaining('Unrecognized request URL (POST: /v1/customers)') });
  });
});

describe('the hosted checkout page', () => {
  it('shows the order in Italian and, on "Paga", delivers checkout.session.completed before redirecting to success_url', async () => {
    const session = await createSession();
    const page = await fetch(session.url ?? '');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Adriatica Beach Arena — pagamento di prova');
    expect(html).toContain('Ambiente di prova: nessun addebito reale.');
    expect(html).toContain('Campo 2 — beach volley');
    expect(html).toContain('2 × 30,00\u00a0€');
    expect(html).toContain('60,00\u00a0€');
    expect(html).toContain('mario.rossi@example.it');

    const paid = await post(formAction(html, 'Paga'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:5173/prenotazioni/42?session_id=${session.id}`);

    // Already delivered when the customer is sent back: no waiting.
    const event = receiver.received.find((candidate) => candidate.type === 'checkout.session.completed' && (candidate.data.object as { id: string }).id === session.id);
    expect(event).toMatchObject({
      object: 'event',
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session.id, status: 'complete', payment_status: 'paid', client_reference_id: 'booking-42', metadata: { booking_id: '42' }, url: null } },
    });
    expect(event?.id).toMatch(/^evt_\w+$/);
    expect(double.events).toContainEqual(event);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(retrieved.payment_intent).toMatch(/^pi_\w+$/);

    const paymentIntent = await stripe.paymentIntents.retrieve(retrieved.payment_intent as string);
    expect(paymentIntent).toMatchObject({
      id: retrieved.payment_intent,
      object: 'payment_intent',
      amount: 6000,
      amount_received: 6000,
      currency: 'eur',
      status: 'succeeded',
      metadata: { booking_id: '42', kind: 'booking' },
    });
    expect(paymentIntent.latest_charge).toMatch(/^ch_\w+$/);

    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(expanded.payment_intent).toMatchObject({ object: 'payment_intent', id: retrieved.payment_intent });
  });

  it('says a paid session is paid, without buttons, and does not take a second payment', async () => {
    const session = await createSession();
    await double.pay(session.id);
    const html = await (await fetch(session.url ?? '')).text();
    expect(html).toContain('Questo pagamento è già stato completato.');
    expect(html).toContain(`href="http://127.0.0.1:5173/prenotazioni/42?session_id=${session.id}"`);
    expect(html).not.toContain('>Paga<');

    expect((await post(`${double.url}/checkout/${session.id}/pay`)).status).toBe(409);
    await expect(double.pay(session.id)).rejects.toThrow(/complete, not open/);
    expect(eventsAbout(session.id).map((event) => event.type)).toEqual(['checkout.session.completed']);
  });

  it('keeps the session open and unpaid after "Carta rifiutata", with the message, and tells the webhook payment_intent.payment_failed', async () => {
    const session = await createSession();
    const html = await (await fetch(session.url ?? '')).text();
    const declined = await post(formAction(html, 'Carta rifiutata'));
    expect(declined.status).toBe(402);
    const declinedHtml = await declined.text();
    expect(declinedHtml).toContain('La carta è stata rifiutata. Nessun importo è stato addebitato: puoi riprovare o annullare.');
    expect(formAction(declinedHtml, 'Paga')).toBe(`${double.url}/checkout/${session.id}/pay`);

    // Checkout made the PaymentIntent at the attempt, with payment_intent_data's metadata; the session stays open and unpaid.
    const open = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const attempt = open.payment_intent as Stripe.PaymentIntent;
    expect(attempt).toMatchObject({ status: 'requires_payment_method', amount: 6000, amount_received: 0, latest_charge: null, metadata: { booking_id: '42', kind: 'booking' } });
    expect(attempt.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    const failed = await received('payment_intent.payment_failed', attempt.id);
    expect(failed.data.object).toMatchObject({ id: attempt.id, status: 'requires_payment_method', metadata: { kind: 'booking' } });
    expect(eventsAbout(session.id)).toEqual([]);

    // Declined again, then paid: the same PaymentIntent, now succeeded with its charge.
    await double.decline(session.id);
    expect(eventsAbout(attempt.id).map((event) => event.type)).toEqual(['payment_intent.payment_failed', 'payment_intent.payment_failed']);
    await double.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: attempt.id });
    const succeeded = await stripe.paymentIntents.retrieve(attempt.id);
    expect(succeeded).toMatchObject({ status: 'succeeded', amount_received: 6000, last_payment_error: null });
    expect(succeeded.latest_charge).toMatch(/^ch_/);
    await expect(double.decline(session.id)).rejects.toThrow(/complete, not open/);
  });

  it('sends "Annulla" back to cancel_url and leaves the session open', async () => {
    const session = await createSession();
    const html = await (await fetch(session.url ?? '')).text();
    const cancelled = await post(formAction(html, 'Annulla'));
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(CANCEL_URL);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open' });
  });

  it('escapes what it shows', async () => {
    const session = await createSession({
      line_items: [{ price_data: { currency: 'eur', unit_amount: 500, product_data: { name: '<script>alert("x")</script> & co' } }, quantity: 1 }],
    });
    const html = await (await fetch(session.url ?? '')).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; co');
  });
});

describe('expiry', () => {
  it('expires an open session through the API with checkout.session.expired, and refuses a second expire', async () => {
    const session = await createSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', payment_status: 'unpaid', url: null });
    expect((await received('checkout.session.expired', session.id)).data.object).toMatchObject({ status: 'expired' });

    const error = await stripe.checkout.sessions.expire(session.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, message: 'Only Checkout Sessions with a status in ["open"] can be expired.' });

    const html = await (await fetch(`${double.url}/checkout/${session.id}`)).text();
    expect(html).toContain('Questa sessione di pagamento è scaduta.');
    expect(html).toContain(`href="${CANCEL_URL}"`);
    expect(html).not.toContain('>Paga<');
    expect((await post(`${double.url}/checkout/${session.id}/pay`)).status).toBe(409);
  });

  it('expireNow expires the session as if its time had passed and has delivered the event when it resolves', async () => {
    const session = await createSession();
    await double.expireNow(session.id);
    expect(eventsAbout(session.id).map((event) => event.type)).toEqual(['checkout.session.expired']);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null });
  });
});

describe('refunds', () => {
  it('refunds part, refuses more than what is left, refunds the rest, and lists them newest first', async () => {
    const session = await createSession();
    await double.pay(session.id);
    const { payment_intent: paymentIntentId } = await stripe.checkout.sessions.retrieve(session.id);
    const paymentIntent = await stripe.paymentIntents.retrieve(paymentIntentId as string);
    const chargeId = paymentIntent.latest_charge as string;

    const partial = await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 2000, reason: 'requested_by_customer', metadata: { booking_id: '42' } });
    expect(partial).toMatchObject({
      object: 'refund',
      amount: 2000,
      currency: 'eur',
      charge: chargeId,
      payment_intent: paymentIntent.id,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { booking_id: '42' },
    });
    expect(partial.id).toMatch(/^re_\w+$/);
    const firstRefunded = await received('charge.refunded', chargeId);
    expect(firstRefunded.data.object).toMatchObject({ object: 'charge', amount: 6000, amount_refunded: 2000, refunded: false, payment_intent: paymentIntent.id });

    const tooMuch = await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 4001 }).catch((caught: unknown) => caught);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount' });

    const rest = await stripe.refunds.create({ payment_intent: paymentIntent.id });
    expect(rest.amount).toBe(4000);
    // expect.poll's default of one second is less than a busy machine's stall: fifteen, as `received` waits.
    await expect.poll(() => eventsAbout(chargeId).length, { timeout: 15_000 }).toBe(2);
    expect(eventsAbout(chargeId).map((event) => event.data.object)).toMatchObject([
      { amount_refunded: 2000, refunded: false },
      { amount_refunded: 6000, refunded: true },
    ]);

    const refunds = await stripe.refunds.list({ payment_intent: paymentIntent.id });
    expect(refunds).toMatchObject({ object: 'list', has_more: false, url: '/v1/refunds' });
    expect(refunds.data.map((refund) => refund.id)).toEqual([rest.id, partial.id]);

    const nothingLeft = await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 1 }).catch((caught: unknown) => caught);
    expect(nothingLeft).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('returns the same refund for the same Idempotency-Key, and refuses that key for other parameters', async () => {
    const session = await createSession();
    await double.pay(session.id);
    const { payment_intent: paymentIntentId } = await stripe.checkout.sessions.retrieve(session.id);
    const params = { payment_intent: paymentIntentId as string, amount: 1500 };

    const first = await stripe.refunds.create(params, { idempotencyKey: `refund-${session.id}` });
    const again = await stripe.refunds.create(params, { idempotencyKey: `refund-${session.id}` });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await received('charge.refunded', first.charge as string);
    expect((await stripe.refunds.list({ payment_intent: params.payment_intent })).data.map((refund) => refund.id)).toEqual([first.id]);
    expect(double.events.filter((event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).payment_intent === params.payment_intent)).toHaveLength(1);

    const misuse = await stripe.refunds.create({ ...params, amount: 100 }, { idempotencyKey: `refund-${session.id}` }).catch((caught: unknown) => caught);
    expect(misuse).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(misuse).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    const balance = await stripe.balanceTransactions.list({ type: 'refund', limit: 100 });
    expect(balance.data.filter((transaction) => transaction.source === first.id)).toHaveLength(1);
  });

  it('returns the same checkout session for the same Idempotency-Key, and refuses that key for other parameters or another call', async () => {
    const key = `checkout-${randomUUID()}`;
    // A fixed expires_at: the same parameters in both calls.
    const expiresAt = nowSeconds() + 60 * 60;
    const first = await createSession({ expires_at: expiresAt }, { idempotencyKey: key });
    const again = await createSession({ expires_at: expiresAt }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');

    for (const misuse of [
      () => createSession({ expires_at: expiresAt, client_reference_id: 'booking-43' }, { idempotencyKey: key }),
      () => stripe.refunds.create({ payment_intent: 'pi_sconosciuto' }, { idempotencyKey: key }),
    ]) {
      const error = await misuse().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error', message: expect.stringContaining(key) });
    }
    expect(await stripe.checkout.sessions.retrieve(first.id)).toMatchObject({ client_reference_id: 'booking-42' });
  });

  it('refuses a refund for an unknown payment intent with 404', async () => {
    const error = await stripe.refunds.create({ payment_intent: 'pi_sconosciuto' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'payment_intent' });
  });
});

describe('webhook delivery', () => {
  it('retries a failed delivery in the background', async () => {
    const session = await createSession();
    let failures = 1;
    receiver.failWith = (event) => ((event.data.object as { id: string }).id === session.id && failures-- > 0 ? 500 : undefined);
    await double.pay(session.id);
    expect(eventsAbout(session.id)).toEqual([]);

    const event = await received('checkout.session.completed', session.id);
    // The double records a delivery once the receiver's answer is back, a moment after the receiver has the event.
    await expect.poll(() => double.deliveries.filter((delivery) => delivery.eventId === event.id).map(({ attempt, status }) => ({ attempt, status })), { timeout: 15_000 }).toEqual([
      { attempt: 1, status: 500 },
      { attempt: 2, status: 200 },
    ]);
  });

  it('holds events while auto-delivery is off; deliver() sends one, signed, and reports the status', async () => {
    double.setAutoDeliver(false);
    const session = await createSession();
    await double.expireNow(session.id);
    const event = double.events.at(-1);
    expect(event).toMatchObject({ type: 'checkout.session.expired', data: { object: { id: session.id } } });
    expect(eventsAbout(session.id)).toEqual([]);

    expect(await double.deliver(event as Stripe.Event)).toBe(200);
    expect(await double.deliver(event as Stripe.Event)).toBe(200);
    expect(eventsAbout(session.id).map((delivered) => delivered.id)).toEqual([event?.id, event?.id]);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    double.setWebhookUrl(`http://127.0.0.1:${port}/irraggiungibile`);
    expect(await double.deliver(event as Stripe.Event)).toBe(0);
    expect(double.deliveries.at(-1)).toMatchObject({ eventId: event?.id, status: 0, error: expect.stringContaining('ECONNREFUSED') });
  });

  it('signs with its own secret, so a receiver expecting another secret refuses the delivery', async () => {
    const other = await startStripeDouble({ webhookSecret: 'whsec_another', webhookUrl: receiver.url });
    try {
      const session = await new Stripe('sk_test_double', { ...other.sdkOptions }).checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price_data: { currency: 'eur', unit_amount: 1000, product_data: { name: 'Campo 3' } }, quantity: 1 }],
        success_url: SUCCESS_URL,
        cancel_url: CANCEL_URL,
      });
      other.setAutoDeliver(false);
      await other.pay(session.id);
      expect(await other.deliver(other.events[0] as Stripe.Event)).toBe(400);
      expect(receiver.refused).toHaveLength(1);
    } finally {
      receiver.refused = [];
      await other.close();
    }
  });
});

describe('refunds from the dashboard', () => {
  it('refunds part, then the rest, without metadata; charge.refunded is delivered when each resolves', async () => {
    const paymentIntent = await paidPaymentIntent();
    const chargeId = paymentIntent.latest_charge as string;

    const partialId = await double.refundFromDashboard(paymentIntent.id, 1000);
    expect(partialId).toMatch(/^re_\w+$/);
    expect(eventsAbout(chargeId).map((event) => [event.type, event.data.object])).toMatchObject([
      ['charge.refunded', { object: 'charge', amount: 6000, amount_refunded: 1000, refunded: false, payment_intent: paymentIntent.id }],
    ]);

    const restId = await double.refundFromDashboard(paymentIntent.id);
    expect(eventsAbout(chargeId).map((event) => event.data.object)).toMatchObject([
      { amount_refunded: 1000, refunded: false },
      { amount_refunded: 6000, refunded: true },
    ]);

    const refunds = await stripe.refunds.list({ payment_intent: paymentIntent.id });
    expect(refunds.data).toMatchObject([
      { id: restId, amount: 5000, charge: chargeId, metadata: {}, reason: null, status: 'succeeded' },
      { id: partialId, amount: 1000, charge: chargeId, metadata: {}, reason: null, status: 'succeeded' },
    ]);
    await expect(double.refundFromDashboard(paymentIntent.id)).rejects.toMatchObject({ status: 400, details: { code: 'charge_already_refunded' } });
  });
});

describe('disputes', () => {
  it('opens a dispute on all of the payment and closes it won; each event is delivered when the call resolves', async () => {
    const paymentIntent = await paidPaymentIntent();
    const disputeId = await double.dispute(paymentIntent.id);
    expect(disputeId).toMatch(/^dp_\w+$/);
    const [created, withdrawn] = eventsAbout(disputeId);
    expect(created).toMatchObject({ type: 'charge.dispute.created', object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(withdrawn).toMatchObject({ type: 'charge.dispute.funds_withdrawn', data: { object: { id: disputeId, amount: 6000, status: 'needs_response' } } });
    expect(created?.data.object).toEqual({
      id: disputeId,
      object: 'dispute',
      amount: 6000,
      charge: paymentIntent.latest_charge,
      payment_intent: paymentIntent.id,
      currency: 'eur',
      created: expect.any(Number),
      reason: 'fraudulent',
      status: 'needs_response',
      livemode: false,
      metadata: {},
    });

    // As Stripe: a charge is not refunded while it is charged back.
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id })).rejects.toMatchObject({ code: 'charge_disputed' });
    await expect(double.refundFromDashboard(paymentIntent.id)).rejects.toThrow(/charged back/);

    await double.closeDispute(disputeId, 'won');
    expect(eventsAbout(disputeId).map((event) => [event.type, (event.data.object as Stripe.Dispute).status])).toEqual([
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.funds_reinstated', 'won'],
      ['charge.dispute.closed', 'won'],
    ]);
    await expect(double.closeDispute(disputeId, 'lost')).rejects.toThrow(/already closed \(won\)/);
    await expect(double.dispute(paymentIntent.id)).rejects.toThrow(/already disputed/);
    await expect(double.closeDispute('dp_sconosciuta', 'won')).rejects.toThrow(/No dispute/);
    // Won, the charge stands: it can be refunded again.
    expect(await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 1000 })).toMatchObject({ status: 'succeeded', amount: 1000 });
  });

  it('disputes part of a partly refunded payment, no more than is left, and closes it lost', async () => {
    const paymentIntent = await paidPaymentIntent();
    await double.refundFromDashboard(paymentIntent.id, 2000);
    await expect(double.dispute(paymentIntent.id, 4001)).rejects.toThrow(/Cannot dispute 4001/);

    const disputeId = await double.dispute(paymentIntent.id, 1500);
    await double.closeDispute(disputeId, 'lost');
    expect(eventsAbout(disputeId).map((event) => [event.type, event.data.object])).toMatchObject([
      ['charge.dispute.created', { amount: 1500, status: 'needs_response' }],
      ['charge.dispute.funds_withdrawn', { amount: 1500, status: 'needs_response' }],
      ['charge.dispute.closed', { amount: 1500, status: 'lost' }],
    ]);
    // Lost, the money went back by the dispute: the charge is not refunded.
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 100 })).rejects.toMatchObject({ code: 'charge_disputed' });
  });

  it('an inquiry withdraws nothing, does not stop a refund and closes as warning_closed', async () => {
    const paymentIntent = await paidPaymentIntent();
    const before = (await stripe.balanceTransactions.list({ limit: 100 })).data.length;
    const inquiryId = await double.inquiry(paymentIntent.id);
    expect(eventsAbout(inquiryId).map((event) => [event.type, (event.data.object as Stripe.Dispute).status])).toEqual([['charge.dispute.created', 'warning_needs_response']]);
    expect((await stripe.balanceTransactions.list({ limit: 100 })).data.length).toBe(before);
    await expect(double.closeDispute(inquiryId, 'won')).rejects.toThrow(/cannot close as won/);
    await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 1000 });
    await double.closeDispute(inquiryId, 'warning_closed');
    expect(eventsAbout(inquiryId).map((event) => [event.type, (event.data.object as Stripe.Dispute).status]).at(-1)).toEqual(['charge.dispute.closed', 'warning_closed']);
    expect((await stripe.balanceTransactions.list({ limit: 100 })).data.length).toBe(before + 1);
  });
});

describe('refunds settled later', () => {
  it('a pending refund succeeds when settled: refund.updated, its money out of the balance once', async () => {
    const paymentIntent = await paidPaymentIntent();
    double.delayRefundsFor(paymentIntent.id, 'pending');
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 2500 });
    expect(refund.status).toBe('pending');
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 3501 })).rejects.toMatchObject({ code: 'amount_too_large' });
    await double.settleRefund(refund.id, 'succeeded');
    expect(eventsAbout(refund.id).map((event) => [event.type, (event.data.object as Stripe.Refund).status])).toEqual([['refund.updated', 'succeeded']]);
    await expect(double.settleRefund(refund.id, 'succeeded')).rejects.toThrow(/is succeeded: it cannot become succeeded/);
    const sources = (await stripe.balanceTransactions.list({ limit: 100 })).data.filter((row) => row.source === refund.id);
    expect(sources.map((row) => [row.type, row.amount])).toEqual([['refund', -2500]]);
    // Its bank sends it back after all: failed, the money back in the balance.
    await double.settleRefund(refund.id, 'failed');
    expect((await stripe.balanceTransactions.list({ limit: 100 })).data.filter((row) => row.source === refund.id).map((row) => [row.type, row.amount])).toEqual([
      ['refund_failure', 2500],
      ['refund', -2500],
    ]);
    await expect(double.settleRefund(refund.id, 'failed')).rejects.toThrow(/is failed: it cannot become failed/);
  });

  it('a refund made to fail asynchronously is pending when made, then failed: refund.updated, refund.failed and its money back', async () => {
    const paymentIntent = await paidPaymentIntent();
    double.delayRefundsFor(paymentIntent.id, 'fail');
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 6000 });
    expect(refund.status).toBe('pending');
    const failed = await received('refund.failed', refund.id);
    expect(failed.data.object).toMatchObject({ id: refund.id, status: 'failed', failure_reason: 'expired_or_canceled_card', metadata: {} });
    expect(eventsAbout(refund.id).map((event) => event.type)).toEqual(['refund.updated', 'refund.failed']);
    const sources = (await stripe.balanceTransactions.list({ limit: 100 })).data.filter((row) => row.source === refund.id);
    expect(sources.map((row) => [row.type, row.reporting_category, row.amount])).toEqual([
      ['refund_failure', 'refund_failure', 6000],
      ['refund', 'refund', -6000],
    ]);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent.id })).data.map((row) => row.status)).toEqual(['failed']);
    // The money is refundable again, and clearFailures makes the next refund succeed at once.
    double.clearFailures();
    expect((await stripe.refunds.create({ payment_intent: paymentIntent.id })).status).toBe('succeeded');
  });
});

describe('balance transactions', () => {
  it('reports a charge, a refund, a dispute and its reversal, newest first, each retrievable by id', async () => {
    const paymentIntent = await paidPaymentIntent();
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 1000 });
    const disputeId = await double.dispute(paymentIntent.id, 2000);
    await double.closeDispute(disputeId, 'won');

    const list = await stripe.balanceTransactions.list({ limit: 4 });
    expect(list).toMatchObject({ object: 'list', has_more: true, url: '/v1/balance_transactions' });
    expect(list.data).toMatchObject([
      { type: 'adjustment', reporting_category: 'dispute_reversal', amount: 2000, net: 2000, source: disputeId },
      { type: 'adjustment', reporting_category: 'dispute', amount: -2000, net: -2000, source: disputeId },
      { type: 'refund', reporting_category: 'refund', amount: -1000, net: -1000, source: refund.id },
      { type: 'charge', reporting_category: 'charge', amount: 6000, net: 6000, source: paymentIntent.latest_charge },
    ]);
    for (const transaction of list.data) {
      expect(transaction.id).toMatch(/^txn_\w+$/);
      expect(transaction).toMatchObject({ object: 'balance_transaction', currency: 'eur', fee: 0, fee_details: [], status: 'available' });
      const { lastResponse: _, ...retrieved } = await stripe.balanceTransactions.retrieve(transaction.id);
      expect(retrieved).toEqual(transaction);
    }

    const refunds = await stripe.balanceTransactions.list({ type: 'refund', limit: 100 });
    expect(refunds.data.map((transaction) => transaction.type)).toEqual(refunds.data.map(() => 'refund'));
    expect(refunds.data[0]?.source).toBe(refund.id);

    const missing = await stripe.balanceTransactions.retrieve('txn_sconosciuta').catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('pages newest first with limit, starting_after, ending_before and type, so the SDK’s auto-pagination reads them all', async () => {
    const fresh = await startStripeDouble({ webhookSecret: SECRET });
    try {
      const client = new Stripe('sk_test_double', { ...fresh.sdkOptions });
      // 205 charges, and a refund of 1 cent on every fourth: 257 transactions, more than two pages of 100.
      const made: { type: string; amount: number }[] = [];
      for (let index = 0; index < 205; index++) {
        const paymentIntentId = fresh.addPaymentIntent({ amount: 100 + index });
        made.push({ type: 'charge', amount: 100 + index });
        if (index % 4 === 0) {
          await fresh.refundFromDashboard(paymentIntentId, 1);
          made.push({ type: 'refund', amount: -1 });
        }
      }
      const newestFirst = made.toReversed();
      const amounts = (transactions: Stripe.BalanceTransaction[]) => transactions.map((transaction) => transaction.amount);

      let requests = 0;
      client.on('request', () => requests++);
      const all = await client.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
      expect(all.map(({ type, amount }) => ({ type, amount }))).toEqual(newestFirst);
      expect(new Set(all.map((transaction) => transaction.id)).size).toBe(257);
      expect(requests).toBe(3);

      const charges: number[] = [];
      for await (const transaction of client.balanceTransactions.list({ limit: 100, type: 'charge' })) charges.push(transaction.amount);
      expect(charges).toEqual(newestFirst.filter(({ type }) => type === 'charge').map(({ amount }) => amount));

      // Backwards from the oldest: the SDK follows ending_before and yields oldest first.
      const backwards = await client.balanceTransactions.list({ limit: 100, ending_before: all.at(-1)?.id }).autoPagingToArray({ limit: 10_000 });
      expect(amounts(backwards)).toEqual(amounts(all).slice(0, -1).reverse());

      const first = await client.balanceTransactions.list();
      expect(first).toMatchObject({ object: 'list', has_more: true });
      expect(first.data.map((transaction) => transaction.id)).toEqual(all.slice(0, 10).map((transaction) => transaction.id));
      const next = await client.balanceTransactions.list({ limit: 5, starting_after: first.data.at(-1)?.id });
      expect(amounts(next.data)).toEqual(amounts(all.slice(10, 15)));
      const before = await client.balanceTransactions.list({ limit: 3, ending_before: next.data[0]?.id });
      expect(before).toMatchObject({ has_more: true });
      expect(amounts(before.data)).toEqual(amounts(all.slice(7, 10)));
      expect(await client.balanceTransactions.list({ ending_before: all[2]?.id })).toMatchObject({ data: all.slice(0, 2), has_more: false });
      expect(await client.balanceTransactions.list({ starting_after: all.at(-2)?.id })).toMatchObject({ data: all.slice(-1), has_more: false });

      for (const [params, expected] of [
        [{ limit: 101 }, { statusCode: 400, param: 'limit' }],
        [{ limit: 0 }, { statusCode: 400, param: 'limit' }],
        [{ starting_after: 'txn_sconosciuta' }, { statusCode: 404, code: 'resource_missing', param: 'starting_after' }],
        [{ starting_after: all[0]?.id, ending_before: all[5]?.id }, { statusCode: 400, code: 'parameters_exclusive' }],
        [{ source: 'ch_x' }, { statusCode: 400, param: 'source' }],
      ] as const) {
        const error = await client.balanceTransactions.list(params).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
        expect(error).toMatchObject(expected);
      }
    } finally {
      await fresh.close();
    }
  });

  it('expands each one’s source with expand[]=data.source: the charge (with its payment intent), refund or dispute; a payout’s stays its id', async () => {
    const paymentIntent = await paidPaymentIntent();
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 1000 });
    const disputeId = await double.dispute(paymentIntent.id, 2000);
    double.payout(500);

    const { data } = await stripe.balanceTransactions.list({ limit: 4, expand: ['data.source'] });
    expect(data.map((transaction) => transaction.source)).toMatchObject([
      expect.stringMatching(/^po_\w+$/),
      { object: 'dispute', id: disputeId, payment_intent: paymentIntent.id },
      { object: 'refund', id: refund.id, payment_intent: paymentIntent.id },
      { object: 'charge', id: paymentIntent.latest_charge, payment_intent: paymentIntent.id },
    ]);
    const error = await stripe.balanceTransactions.list({ expand: ['data.fee_details'] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, param: 'expand[0]' });
  });
});

describe('injected failures', () => {
  const noRetries = () => new Stripe('sk_test_double', { ...double.sdkOptions, maxNetworkRetries: 0 });
  const chargeRefundedEvents = (chargeId: string) =>
    double.events.filter((event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).id === chargeId);

  it('refuses the next matching request without performing it', async () => {
    const paymentIntent = await paidPaymentIntent();
    double.failNext(
      { method: 'POST', path: '/v1/refunds' },
      { status: 402, type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Questo pagamento è già stato rimborsato.' },
    );
    const error = await stripe.refunds.create({ payment_intent: paymentIntent.id }).catch((caught: unknown) => caught);
    // The SDK picks its error class by status: 402 is a StripeCardError whatever the type.
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, rawType: 'invalid_request_error', code: 'charge_already_refunded', message: 'Questo pagamento è già stato rimborsato.' });
    expect((await stripe.refunds.list({ payment_intent: paymentIntent.id })).data).toEqual([]);
    expect(chargeRefundedEvents(paymentIntent.latest_charge as string)).toEqual([]);

    // Only the next one: the same call now succeeds.
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id })).resolves.toMatchObject({ amount: 6000, status: 'succeeded' });
  });

  it('loses the answer of a refund that took effect: the SDK’s automatic retry with the same key gets that refund, and only it exists', async () => {
    const paymentIntent = await paidPaymentIntent();
    const client = new Stripe('sk_test_double', { ...double.sdkOptions, maxNetworkRetries: 1 });
    const keys: (string | undefined)[] = [];
    client.on('request', (request: { idempotency_key?: string }) => keys.push(request.idempotency_key));
    double.failNext({ method: 'POST', path: '/v1/refunds' }, { afterPerforming: true });

    const refund = await client.refunds.create({ payment_intent: paymentIntent.id, amount: 2500 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(refund.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.refunds.list({ payment_intent: paymentIntent.id })).data.map((listed) => listed.id)).toEqual([refund.id]);
    expect(chargeRefundedEvents(paymentIntent.latest_charge as string)).toHaveLength(1);
    const balance = await stripe.balanceTransactions.list({ type: 'refund', limit: 100 });
    expect(balance.data.filter((transaction) => transaction.source === refund.id)).toHaveLength(1);
  });

  it('without retries the caller sees the 500 of a refund that took effect, and its own retry with the key gets that refund', async () => {
    const paymentIntent = await paidPaymentIntent();
    const client = noRetries();
    const key = `refund-${randomUUID()}`;
    double.failNext({ method: 'POST', path: '/v1/refunds' }, { afterPerforming: true });

    const error = await client.refunds.create({ payment_intent: paymentIntent.id }, { idempotencyKey: key }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ statusCode: 500, rawType: 'api_error' });
    const [performed, ...others] = (await stripe.refunds.list({ payment_intent: paymentIntent.id })).data;
    expect(others).toEqual([]);
    expect(performed).toMatchObject({ amount: 6000 });

    const retried = await client.refunds.create({ payment_intent: paymentIntent.id }, { idempotencyKey: key });
    expect(retried.id).toBe(performed?.id);
  });

  it('fails `count` matching requests and leaves the others alone; clearFailures forgets what is pending', async () => {
    const paymentIntent = await paidPaymentIntent();
    const client = noRetries();
    double.failNext({ method: 'GET', path: '/v1/payment_intents' }, { count: 2, status: 503 });
    await expect(client.refunds.list({ payment_intent: paymentIntent.id })).resolves.toMatchObject({ object: 'list' });
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(client.paymentIntents.retrieve(paymentIntent.id)).rejects.toMatchObject({ statusCode: 503, rawType: 'api_error' });
    }
    await expect(client.paymentIntents.retrieve(paymentIntent.id)).resolves.toMatchObject({ id: paymentIntent.id });

    double.failNext({ method: 'POST', path: '/v1/refunds' }, { count: 5 });
    double.clearFailures();
    await expect(client.refunds.create({ payment_intent: paymentIntent.id })).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('declines every later refund of a payment intent, by the API or the dashboard, until clearFailures', async () => {
    const paymentIntent = await paidPaymentIntent();
    const other = await paidPaymentIntent();
    double.failRefundsFor(paymentIntent.id);

    for (const refund of [
      () => stripe.refunds.create({ payment_intent: paymentIntent.id }),
      () => stripe.refunds.create({ charge: paymentIntent.latest_charge as string, amount: 100 }),
    ]) {
      const error = await refund().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, rawType: 'invalid_request_error', code: 'charge_not_refundable' });
    }
    await expect(double.refundFromDashboard(paymentIntent.id)).rejects.toMatchObject({ status: 402, details: { code: 'charge_not_refundable' } });
    await expect(stripe.refunds.create({ payment_intent: other.id, amount: 100 })).resolves.toMatchObject({ status: 'succeeded' });
    expect((await stripe.refunds.list({ payment_intent: paymentIntent.id })).data).toEqual([]);
    expect(chargeRefundedEvents(paymentIntent.latest_charge as string)).toEqual([]);

    double.clearFailures();
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id })).resolves.toMatchObject({ amount: 6000 });
  });

  it('refuses a failure that is not an error', () => {
    expect(() => double.failNext({ method: 'GET', path: '/v1' }, { status: 200 })).toThrow(/status must be an error status/);
    expect(() => double.failNext({ method: 'GET', path: '/v1' }, { count: 0 })).toThrow(/count must be a positive integer/);
  });
});
