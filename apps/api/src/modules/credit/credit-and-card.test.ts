// Credit first, the card for the rest, through the real database, the job queue and the Stripe double:
// one Checkout for the remainder, the credit set aside with it (a pending entry: reserved, not spent) and
// released once when the checkout or the hold ends unpaid, posted when the card pays, the booking
// confirmed once however often the webhook comes, the cancellation in time returning each part where it
// came from, and the revenue adding up to the booking's price.
import { moneyToCents, type TCreditStatement } from '@beach/contracts';
import request from 'supertest';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../lib/format.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp, ledgerSum } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { moneyOfBooking } from '../bookings/booking-money.js';
import { revenueTotals } from '../finance/revenue.js';

const { app, db, deps, services, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;

// Each test books its own day ahead of one date taken at the start: a run that passes midnight in Rome
// would otherwise move the later tests' days onto the earlier ones'.
const today = todayInRome();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
const statusOf = async (id: number) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;
/**
 * The credit set aside for a booking's checkouts (pending entries), oldest first, each with what it set
 * aside and how it ended: still open, posted (spent when the card paid) or voided (given back).
 */
const holdsOf = async (bookingId: number) =>
  (
    await db.$queryRaw<{ cents: number; outcome: string }[]>`
      SELECT (SELECT -sum(p.amount_cents) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
              WHERE p.entry_id = h.id AND a.kind IN ('credit_funded', 'credit_promo'))::int AS cents,
             coalesce((SELECT r.phase::text FROM ledger_entries r WHERE r.pending_id = h.id), 'open') AS outcome
      FROM ledger_entries h WHERE h.booking_id = ${bookingId} AND h.kind = 'credit_payment' AND h.phase = 'pending' ORDER BY h.id`
  ).map((row) => [row.cents, ({ post_pending: 'posted', void_pending: 'voided', open: 'open' } as Record<string, string>)[row.outcome]]);
const lastEvent = (type: string) => double.events.filter((event) => event.type === type).at(-1)!;

let staff: string;
let admin: string;
let court: number;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C2' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, freeCancellationHours: 24 } });
});

const topUp = (member: TestMember, amount: string) => deskTopUp(app, staff, member, amount);
/** A 20 € day slot held for the member, days ahead (each test on its own day). */
const hold = async (member: TestMember, daysAhead: number, start = '10:30') =>
  (await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(today, daysAhead), court_id: court, start }).expect(201)).body.booking as { id: number; price: string };
const checkout = (member: TestMember, id: number, body: Record<string, unknown>) => request(app).post(`/api/bookings/${id}/checkout`).set(bearer(member.token)).send(body);
const paymentOf = (sessionId: string) => db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
/** The member's credit statement, as the desk reads it (up to 100 movements, newest first). */
const statementOf = async (member: TestMember) => (await request(app).get(`/api/admin/users/${member.id}/credit?per_page=100`).set(bearer(staff)).expect(200)).body as TCreditStatement;
/** What the member holds (set-aside credit included), what is set aside and what they can spend, in cents. */
const creditOf = async (member: TestMember) => {
  const { balance, reserved, available } = await statementOf(member);
  return { balance: moneyToCents(balance), reserved: moneyToCents(reserved), available: moneyToCents(available) };
};
const availableOf = async (member: TestMember) => (await creditOf(member)).available;
/** The movements of the member's credit on a booking, as their statement shows them (oldest first): signed cents and kind. */
const movementsOf = async (member: TestMember, bookingId: number) =>
  (await statementOf(member)).data
    .filter((movement) => movement.booking_id === bookingId)
    .reverse()
    .map((movement) => [moneyToCents(movement.amount), movement.kind]);

describe('credit first, the card for the rest', () => {
  it('opens one Checkout for the remainder with the credit set aside, confirms once on a replayed webhook, and the revenue is the price', async () => {
    const member = await createMember(db);
    await topUp(member, '15');
    const booking = await hold(member, 2);
    const before = (await revenueTotals(db)).booking;
    double.setAutoDeliver(false);
    try {
      const opened = await checkout(member, booking.id, { use_credit: true }).expect(200);
      const sessionId = sessionIdOf(opened.body.checkout_url);
      expect(await paymentOf(sessionId)).toMatchObject({ kind: 'booking', bookingId: booking.id, amountCents: 500, status: 'pending' });
      // Set aside, not spent: the member still holds it, but cannot spend it elsewhere.
      expect(await creditOf(member)).toEqual({ balance: 1500, reserved: 1500, available: 0 });
      expect(await movementsOf(member, booking.id)).toEqual([[-1500, 'hold']]);
      expect(await holdsOf(booking.id)).toEqual([[-1500, 'open']]);
      await double.pay(sessionId);
      const completed = lastEvent('checkout.session.completed');
      expect(await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)])).toEqual([200, 200, 200]);
      const outcome = await request(app).post('/api/payments/reconcile').set(bearer(member.token)).send({ session_id: sessionId }).expect(200);
      expect(outcome.body).toEqual({ status: 'paid', kind: 'booking', target_id: booking.id });
      expect(await paymentOf(sessionId)).toMatchObject({ amountCents: 500, status: 'completed' });
    } finally {
      double.setAutoDeliver(true);
    }
    expect(await statusOf(booking.id)).toBe('confirmed');
    // The card paid: what was set aside is spent, once.
    expect(await movementsOf(member, booking.id)).toEqual([[-1500, 'payment']]);
    expect(await holdsOf(booking.id)).toEqual([[-1500, 'posted']]);
    expect(await creditOf(member)).toEqual({ balance: 0, reserved: 0, available: 0 });
    expect(await ledgerSum(db, member.id)).toBe(0);
    // Credit spent (15 €) and the card (5 €) make the booking's 20 € of revenue, counted once.
    expect((await revenueTotals(db)).booking - before).toBe(2000);
    await deps.jobs.waitUntilIdle();
    expect(await db.transaction.count({ where: { bookingId: booking.id, type: 'refund' } })).toBe(0);
  });

  it('cancelled in time: the credit part goes back to credit and the card part is refunded by the job, and the revenue returns to where it was', async () => {
    const member = await createMember(db);
    await topUp(member, '12');
    const booking = await hold(member, 3);
    const before = (await revenueTotals(db)).booking;
    const opened = await checkout(member, booking.id, { use_credit: true }).expect(200);
    await double.pay(sessionIdOf(opened.body.checkout_url));
    expect(await statusOf(booking.id)).toBe('confirmed');
    // Both ways are said: on the member's list and at the desk.
    expect((await request(app).get(`/api/bookings/${booking.id}`).set(bearer(member.token)).expect(200)).body.paid_with).toBe('credit_card');
    expect((await request(app).get(`/api/admin/bookings/${booking.id}`).set(bearer(staff)).expect(200)).body.paid_with).toBe('credit_card');
    const cancelled = await request(app).post(`/api/bookings/${booking.id}/cancel`).set(bearer(member.token)).expect(200);
    expect(cancelled.body.message).toBe('Prenotazione annullata: la parte pagata con il credito è di nuovo nel tuo credito, il resto arriverà sulla stessa carta.');
    await deps.jobs.waitUntilIdle();
    expect(await creditOf(member)).toEqual({ balance: 1200, reserved: 0, available: 1200 });
    expect(await movementsOf(member, booking.id)).toEqual([[-1200, 'payment'], [1200, 'returned']]);
    const refund = await db.transaction.findFirstOrThrow({ where: { bookingId: booking.id, type: 'refund' } });
    expect(refund).toMatchObject({ amountCents: 800, method: 'stripe', status: 'completed' });
    expect((await revenueTotals(db)).booking).toBe(before);
  });

  it('applies a coupon to the price first, then the credit, and charges the card the rest', async () => {
    const member = await createMember(db);
    await db.bookingCoupon.create({ data: { code: 'CREDITO-META', discountType: 'percentage', discountValue: 50, band: 'day' } });
    await topUp(member, '6');
    const booking = await hold(member, 4);
    const opened = await checkout(member, booking.id, { coupon_code: 'credito-meta', use_credit: true }).expect(200);
    expect(opened.body.booking).toMatchObject({ price: '10.00', coupon_code: 'CREDITO-META' });
    expect(await paymentOf(sessionIdOf(opened.body.checkout_url))).toMatchObject({ amountCents: 400, description: expect.stringContaining(`${formatEuros(600)} pagati con il credito`) });
    expect(await movementsOf(member, booking.id)).toEqual([[-600, 'hold']]);
  });

  it('leaves the card at least 0,50 €, refuses without credit, and a plain card checkout gives the credit set aside back', async () => {
    const member = await createMember(db);
    const booking = await hold(member, 5);
    expect((await checkout(member, booking.id, { use_credit: true }).expect(409)).body.message).toBe('Non hai credito da usare per questa prenotazione.');
    await topUp(member, '30');
    const opened = await checkout(member, booking.id, { use_credit: true }).expect(200);
    expect(await paymentOf(sessionIdOf(opened.body.checkout_url))).toMatchObject({ amountCents: 50 });
    expect(await creditOf(member)).toEqual({ balance: 3000, reserved: 1950, available: 1050 });
    // Changing mind: the card pays it all, the first session is closed and the credit comes back at once.
    const byCard = await checkout(member, booking.id, {}).expect(200);
    expect(await paymentOf(sessionIdOf(opened.body.checkout_url))).toMatchObject({ status: 'abandoned' });
    expect(await paymentOf(sessionIdOf(byCard.body.checkout_url))).toMatchObject({ amountCents: 2000 });
    expect(await creditOf(member)).toEqual({ balance: 3000, reserved: 0, available: 3000 });
    // And back to credit + card: what was set aside before counts again, once.
    await checkout(member, booking.id, { use_credit: true }).expect(200);
    expect(await creditOf(member)).toEqual({ balance: 3000, reserved: 1950, available: 1050 });
    expect(await holdsOf(booking.id)).toEqual([[-1950, 'voided'], [-1950, 'open']]);
    expect(await movementsOf(member, booking.id)).toEqual([[-1950, 'hold']]);
    expect(await ledgerSum(db, member.id)).toBe(3000);
  });

  it('gives the credit set aside back when the hold is paid with credit alone, with a carnet or at the desk instead', async () => {
    const member = await createMember(db);
    await topUp(member, '15');
    const byCredit = await hold(member, 10);
    await checkout(member, byCredit.id, { use_credit: true }).expect(200);
    await topUp(member, '10');
    // 15 € set aside count towards the 20 €: 5 € more are taken. (Paying closes the open Checkout; when its
    // "expired" event lands first, the 15 € come back and the whole 20 € are taken: the same money.)
    expect((await request(app).post(`/api/bookings/${byCredit.id}/pay-with-credit`).set(bearer(member.token)).expect(200)).body).toMatchObject({ balance: '5.00' });
    expect(await movementsOf(member, byCredit.id)).toEqual([[-2000, 'payment']]);
    expect(await holdsOf(byCredit.id)).toEqual([[-1500, 'voided']]);
    expect(await creditOf(member)).toEqual({ balance: 500, reserved: 0, available: 500 });

    const product = await db.carnetProduct.create({ data: { name: 'Carnet prova', uses: 2, priceCents: 3000, validFrom: new Date('2020-01-01'), validUntil: new Date('2100-12-31') } });
    await db.carnet.create({ data: { userId: member.id, productId: product.id, usesTotal: 2, usesLeft: 2, validFrom: product.validFrom, validUntil: product.validUntil } });
    const byCarnet = await hold(member, 11);
    await checkout(member, byCarnet.id, { use_credit: true }).expect(200);
    expect(await availableOf(member)).toBe(0);
    await request(app).post(`/api/bookings/${byCarnet.id}/pay-with-carnet`).set(bearer(member.token)).expect(200);
    expect(await statusOf(byCarnet.id)).toBe('confirmed');
    expect(await holdsOf(byCarnet.id)).toEqual([[-500, 'voided']]);
    expect(await movementsOf(member, byCarnet.id)).toEqual([]);
    expect(await creditOf(member)).toEqual({ balance: 500, reserved: 0, available: 500 });

    // Paid at the desk instead: the desk collects the whole price and the credit goes back.
    const atDesk = await hold(member, 13);
    await checkout(member, atDesk.id, { use_credit: true }).expect(200);
    expect(await availableOf(member)).toBe(0);
    await request(app).post(`/api/admin/bookings/${atDesk.id}/mark-paid`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    expect(await statusOf(atDesk.id)).toBe('confirmed');
    expect(await holdsOf(atDesk.id)).toEqual([[-500, 'voided']]);
    expect(await movementsOf(member, atDesk.id)).toEqual([]);
    expect(await creditOf(member)).toEqual({ balance: 500, reserved: 0, available: 500 });
    expect(await ledgerSum(db, member.id)).toBe(500);
  });

  it('never spends the credit twice: two tabs opening credit + card at once set it aside once, and a desk debit racing the checkout leaves one of them refused', async () => {
    const member = await createMember(db);
    await topUp(member, '15');
    const booking = await hold(member, 12);
    const tabs = await Promise.all([checkout(member, booking.id, { use_credit: true }), checkout(member, booking.id, { use_credit: true })]);
    expect(tabs.map((response) => response.status)).toEqual([200, 200]);
    // Set aside once: when the second tab's checkout closes the first one's, the credit goes back and is
    // set aside again (one after the other), never twice at once.
    // The two checkouts take turns (one lock per booking): the first one's credit is voided, the second's stays open.
    const holds = await holdsOf(booking.id);
    expect(holds.filter(([, outcome]) => outcome === 'open')).toEqual([[-1500, 'open']]);
    expect(holds).toEqual([[-1500, 'voided'], [-1500, 'open']]);
    expect(await movementsOf(member, booking.id)).toEqual([[-1500, 'hold']]);
    expect(await db.transaction.count({ where: { bookingId: booking.id, status: 'pending' } })).toBe(1);
    expect(await creditOf(member)).toEqual({ balance: 1500, reserved: 1500, available: 0 });

    const other = await createMember(db);
    await topUp(other, '15');
    const raced = await hold(other, 12, '09:00');
    const [opened, debited] = await Promise.all([
      checkout(other, raced.id, { use_credit: true }),
      request(app).post(`/api/admin/users/${other.id}/credit/adjustment`).set(bearer(staff)).send({ amount: '-15', reason: 'Addebito in segreteria' }),
    ]);
    expect([opened.status, debited.status].sort()).toEqual([200, 409]);
    // Either the checkout set the 15 € aside or the desk took them: nothing is left to spend, and never less.
    const left = await creditOf(other);
    expect(left.available).toBe(0);
    expect(left).toEqual(opened.status === 200 ? { balance: 1500, reserved: 1500, available: 0 } : { balance: 0, reserved: 0, available: 0 });
    expect(await ledgerSum(db, other.id)).toBe(left.balance);
  });

  it('gives the credit back once when the Checkout expires unpaid, however often Stripe says so', async () => {
    const member = await createMember(db);
    await topUp(member, '10');
    const booking = await hold(member, 6);
    const opened = await checkout(member, booking.id, { use_credit: true }).expect(200);
    expect(await availableOf(member)).toBe(0);
    await double.expireNow(sessionIdOf(opened.body.checkout_url));
    expect(await double.deliver(lastEvent('checkout.session.expired'))).toBe(200);
    expect(await double.deliver(lastEvent('checkout.session.expired'))).toBe(200);
    expect(await creditOf(member)).toEqual({ balance: 1000, reserved: 0, available: 1000 });
    expect(await holdsOf(booking.id)).toEqual([[-1000, 'voided']]);
    expect(await movementsOf(member, booking.id)).toEqual([]);
    expect(await ledgerSum(db, member.id)).toBe(1000);
    expect(await statusOf(booking.id)).toBe('pending_payment');
  });

  it('keeps a checkout whose card was declined open with its credit set aside, shown as failed at once, until another card pays it', async () => {
    const member = await createMember(db);
    await topUp(member, '10');
    const booking = await hold(member, 9, '16:30');
    const opened = await checkout(member, booking.id, { use_credit: true }).expect(200);
    const sessionId = sessionIdOf(opened.body.checkout_url);
    /** The payment's state on the transactions list (found by its session). */
    const shown = async () => (await request(app).get(`/api/admin/transactions?search=${sessionId}`).set(bearer(admin)).expect(200)).body.data.map((row: { status: string }) => row.status);
    await double.decline(sessionId);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'pending', declinedAt: expect.any(Date) });
    expect(await shown()).toEqual(['failed']);
    // Stripe's page still takes another card: nothing set aside is given back, the hold stays.
    expect(await creditOf(member)).toEqual({ balance: 1000, reserved: 1000, available: 0 });
    expect(await double.deliver(lastEvent('payment_intent.payment_failed'))).toBe(200);
    await double.pay(sessionId);
    expect(await statusOf(booking.id)).toBe('confirmed');
    expect(await holdsOf(booking.id)).toEqual([[-1000, 'posted']]);
    expect(await shown()).toEqual(['completed']);
  });

  it('ends a checkout unpaid as failed when a card was declined in it, otherwise as abandoned, giving the credit back each time', async () => {
    const member = await createMember(db);
    await topUp(member, '10');
    const booking = await hold(member, 10, '18:00');
    const declined = sessionIdOf((await checkout(member, booking.id, { use_credit: true }).expect(200)).body.checkout_url);
    await double.decline(declined);
    await double.expireNow(declined);
    expect(await paymentOf(declined)).toMatchObject({ status: 'failed' });
    expect(await creditOf(member)).toEqual({ balance: 1000, reserved: 0, available: 1000 });
    // Left on Stripe's page until it expired.
    const left = sessionIdOf((await checkout(member, booking.id, { use_credit: true }).expect(200)).body.checkout_url);
    await double.expireNow(left);
    expect(await paymentOf(left)).toMatchObject({ status: 'abandoned' });
    // Closed by us: the member chose the desk instead of the card they had declined.
    const replaced = sessionIdOf((await checkout(member, booking.id, { use_credit: true }).expect(200)).body.checkout_url);
    await double.decline(replaced);
    const open = sessionIdOf((await checkout(member, booking.id, { use_credit: true }).expect(200)).body.checkout_url);
    expect(await paymentOf(replaced)).toMatchObject({ status: 'failed' });
    await request(app).post(`/api/bookings/${booking.id}/checkout/abandon`).set(bearer(member.token)).expect(200);
    expect(await paymentOf(open)).toMatchObject({ status: 'abandoned' });
    expect(await creditOf(member)).toEqual({ balance: 1000, reserved: 0, available: 1000 });
    expect(await holdsOf(booking.id)).toEqual([[-1000, 'voided'], [-1000, 'voided'], [-1000, 'voided'], [-1000, 'voided']]);
  });

  it('settles a delayed payment (a bank debit) by Stripe’s later word: failed gives the credit back, succeeded confirms the booking', async () => {
    const member = await createMember(db);
    await topUp(member, '20');
    /** Stripe's event about the session, as it sends it once a delayed payment is settled. */
    const settled = async (sessionId: string, type: 'checkout.session.async_payment_failed' | 'checkout.session.async_payment_succeeded', fields: Partial<Stripe.Checkout.Session>) => {
      const session = await deps.stripe!.checkout.sessions.retrieve(sessionId);
      const event = {
        id: `evt_${type}_${sessionId}`, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1,
        request: { id: null, idempotency_key: null }, type, data: { object: { ...session, status: 'complete', ...fields } },
      } as Stripe.Event;
      expect(await double.deliver(event)).toBe(200);
    };
    const failing = await hold(member, 11, '15:00');
    const debit = sessionIdOf((await checkout(member, failing.id, { use_credit: true }).expect(200)).body.checkout_url);
    await settled(debit, 'checkout.session.async_payment_failed', { payment_status: 'unpaid' });
    expect(await paymentOf(debit)).toMatchObject({ status: 'failed' });
    expect(await creditOf(member)).toEqual({ balance: 2000, reserved: 0, available: 2000 });

    // Another member: one live hold at a time.
    const payer = await createMember(db);
    await topUp(payer, '10');
    const paying = await hold(payer, 11, '16:30');
    const paid = sessionIdOf((await checkout(payer, paying.id, { use_credit: true }).expect(200)).body.checkout_url);
    const { amountCents } = await paymentOf(paid);
    await settled(paid, 'checkout.session.async_payment_succeeded', { payment_status: 'paid', payment_intent: double.addPaymentIntent({ amount: amountCents }) });
    expect(await paymentOf(paid)).toMatchObject({ status: 'completed' });
    expect(await statusOf(paying.id)).toBe('confirmed');
    expect(await holdsOf(paying.id)).toEqual([[-1000, 'posted']]);
  });

  it('gives the credit set aside back at once when the member abandons the Checkout ("Annulla"), and the hold stays to pay another way', async () => {
    const member = await createMember(db);
    const stranger = await createMember(db);
    await topUp(member, '10');
    const booking = await hold(member, 14);
    const opened = await checkout(member, booking.id, { use_credit: true }).expect(200);
    expect(await creditOf(member)).toEqual({ balance: 1000, reserved: 1000, available: 0 });
    // Set aside, so not refundable until it is released.
    expect((await statementOf(member)).refundable).toBe('0.00');
    await request(app).post(`/api/bookings/${booking.id}/checkout/abandon`).set(bearer(stranger.token)).expect(404);
    const abandoned = await request(app).post(`/api/bookings/${booking.id}/checkout/abandon`).set(bearer(member.token)).expect(200);
    expect(abandoned.body.message).toBe('Pagamento annullato: non ti è stato addebitato nulla e il credito messo da parte è di nuovo disponibile.');
    expect(await creditOf(member)).toEqual({ balance: 1000, reserved: 0, available: 1000 });
    expect(await paymentOf(sessionIdOf(opened.body.checkout_url))).toMatchObject({ status: 'abandoned' });
    expect(await statusOf(booking.id)).toBe('pending_payment');
    // Again, or the session's "expired" event arriving later: nothing more comes back.
    await request(app).post(`/api/bookings/${booking.id}/checkout/abandon`).set(bearer(member.token)).expect(200);
    await deps.jobs.waitUntilIdle();
    expect(await creditOf(member)).toEqual({ balance: 1000, reserved: 0, available: 1000 });
    expect(await holdsOf(booking.id)).toEqual([[-1000, 'voided']]);
    expect(await ledgerSum(db, member.id)).toBe(1000);
  });

  it('gives the credit back once when the hold lapses, also when another member took the slot before the minute job ran', async () => {
    const member = await createMember(db);
    const other = await createMember(db);
    await topUp(member, '16');
    const first = await hold(member, 7, '09:00');
    await checkout(member, first.id, { use_credit: true }).expect(200);
    await db.booking.update({ where: { id: first.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    await Promise.all([services.bookings.expireLapsedHolds(), services.bookings.expireLapsedHolds()]);
    expect(await statusOf(first.id)).toBe('expired');
    expect(await creditOf(member)).toEqual({ balance: 1600, reserved: 0, available: 1600 });
    expect(await holdsOf(first.id)).toEqual([[-1600, 'voided']]);

    const second = await hold(member, 7, '10:30');
    await checkout(member, second.id, { use_credit: true }).expect(200);
    await db.booking.update({ where: { id: second.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    // The other member's booking marks the lapsed hold expired (its session still open): the credit is
    // released at once, in that transaction; the job then closes the session and finds nothing more to give back.
    await hold(other, 7, '10:30');
    expect(await statusOf(second.id)).toBe('expired');
    expect(await creditOf(member)).toEqual({ balance: 1600, reserved: 0, available: 1600 });
    await services.bookings.expireLapsedHolds();
    await services.bookings.expireLapsedHolds();
    expect(await creditOf(member)).toEqual({ balance: 1600, reserved: 0, available: 1600 });
    expect(await holdsOf(second.id)).toEqual([[-1600, 'voided']]);
    expect(await movementsOf(member, second.id)).toEqual([]);
    expect(await ledgerSum(db, member.id)).toBe(1600);
  });

  it('a card rest paid after the credit went back takes the credit again, or is refunded when the credit is gone', async () => {
    const member = await createMember(db);
    await topUp(member, '10');
    const booking = await hold(member, 8);
    const opened = await checkout(member, booking.id, { use_credit: true }).expect(200);
    const sessionId = sessionIdOf(opened.body.checkout_url);
    // The hold lapses and the job gives the credit back, but the member was still paying: the slot is free,
    // and the job's call to close the session has not got through to Stripe (it is retried later).
    await db.booking.update({ where: { id: booking.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    // Until the end: a failure not met (the call made otherwise) must not reach the next test.
    try {
      double.failNext({ method: 'POST', path: `/v1/checkout/sessions/${sessionId}/expire` });
      await services.bookings.expireLapsedHolds();
      expect(await paymentOf(sessionId)).toMatchObject({ status: 'abandoned' });
      expect(await availableOf(member)).toBe(1000);
      await double.pay(sessionId);
      expect(await statusOf(booking.id)).toBe('confirmed');
      expect(await creditOf(member)).toEqual({ balance: 0, reserved: 0, available: 0 });
      // The hold was released; the card's payment took the credit again, once.
      expect(await holdsOf(booking.id)).toEqual([[-1000, 'voided']]);
      expect(await movementsOf(member, booking.id)).toEqual([[-1000, 'payment']]);

      const spent = await hold(member, 9);
      await topUp(member, '10');
      const late = await checkout(member, spent.id, { use_credit: true }).expect(200);
      const lateSession = sessionIdOf(late.body.checkout_url);
      await db.booking.update({ where: { id: spent.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
      double.failNext({ method: 'POST', path: `/v1/checkout/sessions/${lateSession}/expire` });
      await services.bookings.expireLapsedHolds();
      await request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(staff)).send({ amount: '-10', reason: 'Credito usato altrove' }).expect(200);
      await double.pay(lateSession);
      await deps.jobs.waitUntilIdle();
      expect(await statusOf(spent.id)).toBe('expired');
    // Billed again when the late payment came, written off again when it was refused: it owes nothing.
    expect(await moneyOfBooking(db, spent.id)).toMatchObject({ owed: 0 });
      expect(await db.transaction.findFirstOrThrow({ where: { bookingId: spent.id, type: 'refund' } })).toMatchObject({ amountCents: 1000 });
      expect(await creditOf(member)).toEqual({ balance: 0, reserved: 0, available: 0 });
      expect(await movementsOf(member, spent.id)).toEqual([]);
      expect(await ledgerSum(db, member.id)).toBe(0);
    } finally {
      double.clearFailures();
    }
  });
});
