// Thousands of random money operations — holds, card, credit, credit + card, carnet and desk payments,
// players joining (before and after the organiser paid), leaving and paying their shares, cancellations by the member and the desk, restores,
// lapsed holds, rain checks, top-ups, corrections, credit refunds, carnet sales, the school's enrolments
// (test/school-fuzz.ts: courses, camps, instalments, waiting lists, cancellations), refunds and disputes started
// on Stripe's side (chargebacks whose funds are withdrawn and reinstated, inquiries that move nothing), card
// refunds left pending that go through or fail later (their money then paid out at the desk), staff trying
// desk money on their own account, corrections made at the same moment, webhooks held back then delivered out of order and twice, the worker stopped in the
// middle of its jobs — through the API, the real database, the job queue and the Stripe double. After every
// step the books must hold: every entry sums to zero, every kept balance equals its postings, nothing is
// paid more than its price, billed mirrors what is owed, the money that came in less what went back equals
// revenue plus what the centre owes, and every payment and refund has its one entry and its receipt; each
// enrolment owes between nothing and its price (nothing once cancelled), the courses' and bands' places are
// the live enrolments and offers, and (at checkpoints) the instalments' paid states follow what was paid.
// LEDGER_FUZZ_STEPS (default 400) and LEDGER_FUZZ_SEED (default a fixed one, so that every run, in CI too,
// makes the same moves) replay a longer or another run; a failure names its seed and step.
import type { Server } from 'node:http';
import { RECONCILIATION_CHECKS } from '@beach/contracts';
import { startStripeDouble, StripeApiError } from '@beach/stripe-double';
import request from 'supertest';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb } from '../../lib/db.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { startRuntime } from '../../runtime.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { useTestDatabase } from '../../test/database.js';
import { TEST_ENV } from '../../test/env.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { schoolFuzz } from '../../test/school-fuzz.js';
import * as schoolFixtures from '../enrolments/test-courses.js';
import { createReconciliationService } from '../reconciliation/reconciliation.service.js';

const STEPS = Number(process.env.LEDGER_FUZZ_STEPS ?? 400);
const DEFAULT_SEED = 20261126;
/** Every so many steps, the members' enrolments are read as /profilo shows them (instalments, Paga ora). */
const CHECKPOINT_STEPS = 50;
const SEED = Number(process.env.LEDGER_FUZZ_SEED ?? DEFAULT_SEED);
const WEBHOOK_SECRET = 'whsec_fuzz';

const random = seededRandom(SEED);

const mail = await startMailCatcher();
const database = await useTestDatabase();
const double = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET });
const config = loadConfig({ ...TEST_ENV, DATABASE_URL: database.url, SMTP_URL: mail.url, STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: double.url });
// The API queues jobs; a worker of its own works them, and is stopped now and then in the middle of them.
const api = await startRuntime(config, { workers: false, db: database.db });
const app = createApp(api.deps, api.services);
const server: Server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
double.setWebhookUrl(`http://127.0.0.1:${(server.address() as { port: number }).port}/api/payments/stripe/webhook`);
let worker: Awaited<ReturnType<typeof startRuntime>> | null = await startRuntime(config, { workers: true, db: createDb(database.url) });
const db = database.db;
const reconciliation = createReconciliationService({ db, stripe: api.deps.stripe });

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await worker?.stop(2000);
  await double.close();
  await api.stop(2000);
});

const today = todayInRome();
const bearer = (who: TestMember | string) => ({ Authorization: `Bearer ${typeof who === 'string' ? who : who.token}` });
const sessionIdOf = (url: string) => url.split('/').pop()!;
const members: TestMember[] = [];
const courts: number[] = [];
const products: number[] = [];
let staff: string;
let staffId: number;
let admin: string;
/** Events the double made while delivery was held back, delivered later out of order (and some twice). */
let delivered = 0;
const log: string[] = [];

beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  staffId = (await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 50, freeCancellationHours: 24, paymentHoldMinutes: 15 } });
  courts.push(...(await db.court.findMany({ where: { isBookable: true }, select: { id: true } })).map((court) => court.id));
  for (let index = 0; index < 8; index++) members.push(await createMember(db, { firstName: `Fuzz${index}`, lastName: 'Prova' }));
  for (const covers of ['share', 'court'] as const) {
    const product = await request(app).post('/api/admin/carnet-products').set(bearer(admin))
      .send({ name: `Fuzz ${covers}`, uses: 3, band: 'any', covers, court_ids: [], price: '50.00', valid_from: addDays(today, -30), valid_until: addDays(today, 30) }).expect(201);
    products.push(product.body.id);
  }
  await school.setUp();
});

// ---- What a member, the desk and Stripe do ----

const member = () => random.pick(members);
const amount = () => `${random.int(1, 60)}.${random.pick(['00', '50', '34'])}`;
/** Any answer but a server error: refusals (409, 422, 403, 404) are part of the game. */
const call = async (test: request.Test) => {
  const response = await test;
  if (response.status >= 500) throw new Error(`${test.method} ${test.url} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response;
};

async function bookingOf(status: 'pending_payment' | 'confirmed' | 'any') {
  const rows = await db.booking.findMany({ where: { ...(status === 'any' ? { status: { in: ['pending_payment', 'confirmed'] } } : { status }), userId: { in: members.map((one) => one.id) } }, select: { id: true, userId: true } });
  if (rows.length === 0) return null;
  const row = random.pick(rows);
  return { id: row.id, organiser: members.find((one) => one.id === row.userId)! };
}

// ---- What Stripe may refuse, and nothing else ----

/**
 * Runs a call to the double, letting through only the refusal the game can meet (`expected`, told by
 * the error), with `undefined`; any other error fails the run.
 */
async function refusedOr<T>(call: Promise<T>, expected: (error: unknown) => boolean): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (expected(error)) return undefined;
    throw error;
  }
}
/**
 * The session was closed before the member acts on the page: the API expires a session whose payment it
 * closed meanwhile (the worker's minute job letting a lapsed hold go), or the member already paid it — two
 * taps on an instalment's "Paga con la carta" are answered with the one open session (docs/domain.md#payments).
 */
const sessionNotOpen = (error: unknown) => error instanceof Error && /^Checkout Session \S+ is (expired|complete), not open\.$/.test(error.message);
/** Stripe refuses a refund of a charge already disputed, refunded in full, or for more than is left of it. */
const refundRefused = (error: unknown) =>
  error instanceof StripeApiError && error.status === 400 && ['charge_disputed', 'charge_already_refunded', 'amount_too_large'].includes(error.details.code ?? '');
/** A charge is disputed once, and not when nothing of it is left unrefunded. */
const disputeRefused = (error: unknown) => error instanceof Error && /^(Charge \S+ is already disputed\.|Cannot dispute 0 of charge \S+: 0 of it is not refunded\.)$/.test(error.message);

/** Delivers a webhook event (again) and expects the API to take it: 200. */
async function deliver(event: Stripe.Event, step: number) {
  const status = await double.deliver(event);
  expect(status, `seed ${SEED}, step ${step}: ${event.type} ${event.id} answered ${status} (${double.deliveries.findLast((delivery) => delivery.eventId === event.id)?.error ?? 'no answer'})`).toBe(200);
}

/** What a member does on Stripe's page: pay, a declined card, back with "Annulla", or leave it to lapse. */
async function finishCheckout(url: string | undefined, who: TestMember, bookingId?: number) {
  if (!url) return;
  const sessionId = sessionIdOf(url);
  const roll = random.int(1, 10);
  if (roll <= 6) await refusedOr(double.pay(sessionId), sessionNotOpen);
  else if (roll === 7) await double.decline(sessionId);
  else if (roll === 8 && bookingId) await call(request(app).post(`/api/bookings/${bookingId}/checkout/abandon`).set(bearer(who)));
  else await refusedOr(double.expireNow(sessionId), sessionNotOpen);
}

const school = schoolFuzz({
  fixtures: schoolFixtures, app, db, services: api.services, random, members, call, finishCheckout,
  tokens: () => ({ staff, admin }),
  payNow: async (url) => void (await refusedOr(double.pay(sessionIdOf(url)), sessionNotOpen)),
});

/** Payments whose later refunds Stripe leaves pending until a step settles them. */
const delayed = new Set<string>();
/** Settles the payment's pending refunds on Stripe's side, each as `outcome` says. */
async function settlePending(paymentIntent: string, outcome: () => 'succeeded' | 'failed') {
  const { data } = await api.deps.stripe!.refunds.list({ payment_intent: paymentIntent, limit: 100 });
  for (const refund of data.filter((one) => one.status === 'pending')) await double.settleRefund(refund.id, outcome());
}

async function stripePayment() {
  const payments = await db.transaction.findMany({ where: { method: 'stripe', type: 'payment', status: { in: ['completed', 'partially_refunded'] }, stripePaymentIntentId: { not: null } }, select: { stripePaymentIntentId: true, amountCents: true } });
  return payments.length > 0 ? random.pick(payments) : null;
}

const operations: [weight: number, name: string, run: (step: number) => Promise<void>][] = [
  [8, 'hold', async () => {
    const who = member();
    const start = random.pick(['09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00', '19:30', '21:00']);
    await call(request(app).post('/api/bookings').set(bearer(who)).send({ date: addDays(today, random.int(1, 12)), court_id: random.pick(courts), start }));
  }],
  [4, 'add player', async () => {
    const booking = await bookingOf('pending_payment');
    if (!booking) return;
    const player = random.pick(members.filter((one) => one.id !== booking.organiser.id));
    await call(request(app).post(`/api/bookings/${booking.id}/players`).set(bearer(booking.organiser)).send({ user_id: player.id }));
  }],
  [3, 'add player after paying', async () => {
    const booking = await bookingOf('confirmed');
    if (!booking) return;
    const player = random.pick(members.filter((one) => one.id !== booking.organiser.id));
    await call(request(app).post(`/api/bookings/${booking.id}/players`).set(bearer(booking.organiser)).send({ user_id: player.id }));
  }],
  [2, 'remove player after paying', async () => {
    const booking = await bookingOf('confirmed');
    const players = booking ? await db.bookingPlayer.findMany({ where: { bookingId: booking.id, status: 'invited', paidAt: null } }) : [];
    if (!booking || players.length === 0) return;
    await call(request(app).delete(`/api/bookings/${booking.id}/players/${random.pick(players).id}`).set(bearer(booking.organiser)));
  }],
  [2, 'remove player', async () => {
    const booking = await bookingOf('pending_payment');
    const players = booking ? await db.bookingPlayer.findMany({ where: { bookingId: booking.id, status: { not: 'dropped' } } }) : [];
    if (!booking || players.length === 0) return;
    await call(request(app).delete(`/api/bookings/${booking.id}/players/${random.pick(players).id}`).set(bearer(booking.organiser)));
  }],
  [6, 'pay by card', async () => {
    const booking = await bookingOf('pending_payment');
    if (!booking) return;
    const response = await call(request(app).post(`/api/bookings/${booking.id}/checkout`).set(bearer(booking.organiser)).send({ use_credit: random.chance(0.4) }));
    await finishCheckout(response.body.checkout_url, booking.organiser, booking.id);
  }],
  [3, 'pay with credit', async () => {
    const booking = await bookingOf('pending_payment');
    if (booking) await call(request(app).post(`/api/bookings/${booking.id}/pay-with-credit`).set(bearer(booking.organiser)));
  }],
  [2, 'pay with carnet', async () => {
    const booking = await bookingOf('pending_payment');
    if (booking) await call(request(app).post(`/api/bookings/${booking.id}/pay-with-carnet`).set(bearer(booking.organiser)));
  }],
  [3, 'paid at the desk', async () => {
    const booking = await bookingOf('any');
    if (booking) await call(request(app).post(`/api/admin/bookings/${booking.id}/mark-paid`).set(bearer(staff)).send({ method: random.pick(['cash', 'card', 'bank_transfer']) }));
  }],
  [4, 'player pays a share', async () => {
    await api.services.bookingPlayers.runShareJob();
    const shares = await db.bookingPlayer.findMany({ where: { paidAt: null, status: { in: ['invited', 'charged_to_organiser'] }, booking: { status: 'confirmed' } }, include: { booking: true } });
    if (shares.length === 0) return;
    const share = random.pick(shares);
    const payerId = share.status === 'charged_to_organiser' ? share.booking.userId : share.userId;
    const payer = members.find((one) => one.id === payerId);
    if (!payer) return;
    if (random.chance(0.5)) await call(request(app).post(`/api/booking-shares/${share.id}/pay-with-credit`).set(bearer(payer)));
    else await finishCheckout((await call(request(app).post(`/api/booking-shares/${share.id}/checkout`).set(bearer(payer)))).body.checkout_url, payer);
  }],
  [2, 'player leaves', async () => {
    const shares = await db.bookingPlayer.findMany({ where: { paidAt: null, status: 'invited', userId: { not: null } } });
    if (shares.length === 0) return;
    const share = random.pick(shares);
    const who = members.find((one) => one.id === share.userId);
    if (who) await call(request(app).post(`/api/booking-shares/${share.id}/leave`).set(bearer(who)));
  }],
  [1, 'deadline', async () => {
    await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: random.int(0, 72) } });
    await api.services.bookingPlayers.runShareJob();
  }],
  [3, 'member cancels', async () => {
    const booking = await bookingOf('any');
    if (booking) await call(request(app).post(`/api/bookings/${booking.id}/cancel`).set(bearer(booking.organiser)));
  }],
  [3, 'desk cancels', async () => {
    const booking = await bookingOf('any');
    if (booking) await call(request(app).post(`/api/admin/bookings/${booking.id}/cancel`).set(bearer(staff)).send({ refund: random.chance(0.7) }));
  }],
  [1, 'desk restores', async () => {
    const rows = await db.booking.findMany({ where: { status: { in: ['cancelled', 'expired'] }, startsAt: { gt: new Date() } }, select: { id: true } });
    if (rows.length > 0) await call(request(app).post(`/api/admin/bookings/${random.pick(rows).id}/restore`).set(bearer(staff)));
  }],
  [2, 'a hold lapses', async () => {
    const booking = await bookingOf('pending_payment');
    if (!booking) return;
    await db.booking.update({ where: { id: booking.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    if (random.chance(0.5)) await api.services.bookings.expireLapsedHolds();
  }],
  [1, 'rain check', async () => {
    const from = random.pick(['09:00', '12:00', '15:00', '18:00']);
    const to = random.pick(['19:30', '24:00']);
    await call(request(app).post('/api/admin/rain-checks').set(bearer(admin)).send({ date: addDays(today, random.int(1, 12)), from, to, court_ids: [], return_to: random.pick(['credit', 'credit', 'card', 'cash']) }));
  }],
  [3, 'top-up online', async () => {
    const who = member();
    const response = await call(request(app).post('/api/me/credit/top-up').set(bearer(who)).send({ amount: `${random.int(10, 100)}.00` }));
    await finishCheckout(response.body.checkout_url, who);
  }],
  [3, 'top-up at the desk', async () => {
    await call(request(app).post(`/api/admin/users/${member().id}/credit/top-up`).set(bearer(staff)).send({ amount: amount(), method: random.pick(['cash', 'card', 'bank_transfer']) }));
  }],
  [2, 'correction', async () => {
    const signed = random.chance(0.7) ? amount() : `-${amount()}`;
    await call(request(app).post(`/api/admin/users/${member().id}/credit/adjustment`).set(bearer(admin)).send({ amount: signed, reason: 'Prova casuale' }));
  }],
  [2, 'credit refund', async () => {
    await call(request(app).post(`/api/admin/users/${member().id}/credit/refund`).set(bearer(staff)).send({ method: random.pick(['card', 'cash']), amount: random.chance(0.5) ? amount() : '' }));
  }],
  [2, 'carnet', async () => {
    const who = member();
    const product = random.pick(products);
    if (random.chance(0.5)) await call(request(app).post(`/api/admin/users/${who.id}/carnets`).set(bearer(staff)).send({ product_id: product, method: 'cash' }));
    else await finishCheckout((await call(request(app).post('/api/me/carnets/checkout').set(bearer(who)).send({ product_id: product }))).body.checkout_url, who);
  }],
  [2, 'refund on Stripe’s dashboard', async () => {
    const payment = await stripePayment();
    if (payment) await refusedOr(double.refundFromDashboard(payment.stripePaymentIntentId!, random.chance(0.5) ? undefined : random.int(1, payment.amountCents)), refundRefused);
  }],
  [1, 'dispute', async () => {
    const payment = await stripePayment();
    if (!payment) return;
    const dispute = await refusedOr(double.dispute(payment.stripePaymentIntentId!), disputeRefused);
    if (dispute && random.chance(0.7)) await double.closeDispute(dispute, random.pick(['won', 'lost']));
  }],
  [1, 'inquiry', async () => {
    const payment = await stripePayment();
    if (!payment) return;
    const inquiry = await refusedOr(double.inquiry(payment.stripePaymentIntentId!), disputeRefused);
    if (inquiry && random.chance(0.7)) await double.closeDispute(inquiry, 'warning_closed');
  }],
  [1, 'card refunds left pending, or failing later', async () => {
    const payment = await stripePayment();
    if (!payment) return;
    const outcome = random.pick(['pending', 'fail'] as const);
    double.delayRefundsFor(payment.stripePaymentIntentId!, outcome);
    if (outcome === 'pending') delayed.add(payment.stripePaymentIntentId!);
  }],
  [2, 'Stripe settles pending refunds', async () => {
    if (delayed.size === 0) return;
    await settlePending(random.pick([...delayed]), () => random.pick(['succeeded', 'failed'] as const));
  }],
  [1, 'staff on their own account', async (step) => {
    // Nobody handles money on their own account: every desk money action of a staff member on themselves is refused.
    const own = `/api/admin/users/${staffId}`;
    const answers = await Promise.all([
      call(request(app).post(`${own}/credit/top-up`).set(bearer(staff)).send({ amount: amount(), method: 'cash' })),
      call(request(app).post(`${own}/credit/adjustment`).set(bearer(staff)).send({ amount: amount(), reason: 'Prova casuale' })),
      call(request(app).post(`${own}/credit/refund`).set(bearer(staff)).send({ method: random.pick(['card', 'cash']), amount: '' })),
      call(request(app).post(`${own}/carnets`).set(bearer(staff)).send({ product_id: random.pick(products), method: 'cash' })),
      call(request(app).post(`${own}/debt/settle`).set(bearer(staff)).send({ method: 'cash' })),
      call(request(app).post(`${own}/credit/refund-due`).set(bearer(staff)).send({ method: 'cash' })),
    ]);
    expect(answers.map((answer) => answer.status), `seed ${SEED}, step ${step}`).toEqual([403, 403, 403, 403, 403, 403]);
  }],
  [1, 'corrections at the same moment', async (step) => {
    // Requests of the same millisecond are each their own entry: a key names the request, never the clock.
    const who = member();
    const before = await db.ledgerEntry.count({ where: { kind: 'correction', userId: who.id } });
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(request(app).post(`/api/admin/users/${who.id}/credit/adjustment`).set(bearer(admin)).send({ amount: '1.00', reason: 'Prova simultanea' }))));
    expect(answers.map((answer) => answer.status), `seed ${SEED}, step ${step}`).toEqual([200, 200, 200, 200]);
    expect(await db.ledgerEntry.count({ where: { kind: 'correction', userId: who.id } }), `seed ${SEED}, step ${step}`).toBe(before + 4);
  }],
  [1, 'desk pays a refund due', async () => {
    await call(request(app).post(`/api/admin/users/${member().id}/credit/refund-due`).set(bearer(staff)).send({ method: random.pick(['cash', 'credit']) }));
  }],
  [3, 'webhooks held back or let go', async (step) => {
    if (random.chance(0.5)) {
      double.setAutoDeliver(false);
      return;
    }
    double.setAutoDeliver(true);
    const held = double.events.slice(delivered);
    delivered = double.events.length;
    // Out of order, and some twice.
    for (const event of [...held, ...held.filter(() => random.chance(0.3))].sort(() => (random.chance(0.5) ? 1 : -1))) await deliver(event as Stripe.Event, step);
  }],
  [1, 'the worker stops mid-job, and comes back', async () => {
    if (worker) {
      await worker.stop(random.int(0, 50));
      worker = null;
    } else {
      // It comes back as if minutes later: the jobs it left half-done have expired and wait for a retry (else
      // they would sit "active" until their expiry, up to minutes, and the idle wait below would fail).
      await db.$executeRaw`UPDATE pgboss.job SET state = 'retry' WHERE state = 'active'`;
      worker = await startRuntime(config, { workers: true, db: createDb(database.url) });
    }
  }],
  ...school.operations,
];
const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
function pickOperation() {
  let roll = random.int(1, totalWeight);
  return operations.find(([weight]) => (roll -= weight) <= 0)!;
}

// ---- What must hold after every step ----

async function booksHold(step: number, withStripe: boolean) {
  const checks = await reconciliation.checks({ stripe: withStripe });
  expect(checks.filter((check) => !check.ok), `seed ${SEED}, step ${step}`).toEqual([]);
  // Every check made (Stripe's only when asked: without it, all the others), and so the verdict is ok.
  expect(checks.map((check) => check.name), `seed ${SEED}, step ${step}`).toEqual(RECONCILIATION_CHECKS.filter((name) => withStripe || name !== 'stripe_clearing'));
  expect(checks.every((check) => check.ok), `seed ${SEED}, step ${step}`).toBe(true);
  // Billed mirrors what is owed, and money in less money out equals revenue and liabilities: the service's
  // checks above (billed_owed, accounting_identity), the same the daily reconciliation runs.
  const [{ overpaid }] = await db.$queryRaw<[{ overpaid: number }]>`
    SELECT
      -- no booking paid more than its price, nor a card
      (SELECT count(*) FROM bookings b WHERE (
        SELECT coalesce(-sum(p.amount_cents) FILTER (WHERE e.kind IN ('payment', 'credit_payment', 'carnet_use')), 0)
             - coalesce(sum(p.amount_cents) FILTER (WHERE e.kind IN ('refund', 'stripe_refund', 'rain_credit', 'credit_return', 'carnet_use_return')), 0)
        FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_entries e ON e.id = p.entry_id
        WHERE a.booking_id = b.id AND a.kind IN ('booking_receivable', 'share_receivable') AND p.phase IN ('posted', 'post_pending')) > b.price_cents)::int AS overpaid`;
  expect(overpaid, `seed ${SEED}, step ${step}`).toBe(0);
}

describe(`random money operations (seed ${SEED}, ${STEPS} steps)`, () => {
  it('keep the books whole after every step', async () => {
    for (let step = 1; step <= STEPS; step++) {
      const [, name, run] = pickOperation();
      log.push(`${step}: ${name}`);
      try {
        await run(step);
        // A job still queued after a minute is a failure too.
        if (worker && random.chance(0.3)) await worker.deps.jobs.waitUntilIdle(60_000);
      } catch (error) {
        throw new Error(`step ${step} (${name}), seed ${SEED}: ${error instanceof Error ? error.message : String(error)}\n${log.slice(-10).join('\n')}`, { cause: error });
      }
      await booksHold(step, false);
      await school.booksHold(step);
      if (step % CHECKPOINT_STEPS === 0) await school.instalmentsHold(step);
    }
    // Everything let go, as minutes later: the worker back, every webhook delivered (again: applied once),
    // every call to Stripe a stopped worker left half-made made now, every job done.
    worker ??= await startRuntime(config, { workers: true, db: createDb(database.url) });
    double.setAutoDeliver(true);
    // Stripe answers every refund still pending (those failing on their own have, by now).
    double.clearFailures();
    for (const paymentIntent of delayed) await settlePending(paymentIntent, () => 'succeeded');
    for (const event of double.events) await deliver(event as Stripe.Event, STEPS + 1);
    for (const { id } of await db.stripeRequest.findMany({ where: { status: 'pending' }, select: { id: true } })) await api.services.stripeRequests.perform(id);
    await worker.deps.jobs.waitUntilIdle(120_000);
    await booksHold(STEPS + 1, true);
    await school.booksHold(STEPS + 1);
    await school.instalmentsHold(STEPS + 1);
    const counts = await db.$queryRaw<{ kind: string; n: number }[]>`SELECT kind::text, count(*)::int AS n FROM ledger_entries GROUP BY kind ORDER BY kind`;
    // A run that moved money of every kind (the log says what the seed did).
    expect(counts.map((row) => row.kind), `seed ${SEED}`).toEqual(expect.arrayContaining(['charge', 'payment', 'credit_payment', 'top_up', 'refund', 'write_off', 'split']));
    const schoolEntries = await db.ledgerEntry.groupBy({ by: ['kind'], where: { enrolmentId: { not: null } } });
    // The school's money too: enrolments charged, paid by card or at the desk and with credit, given back, written off.
    expect(schoolEntries.map((row) => row.kind), `seed ${SEED}`).toEqual(expect.arrayContaining(['charge', 'payment', 'credit_payment', 'refund', 'write_off']));
  }, Math.max(1_800_000, STEPS * 1_000));
});
