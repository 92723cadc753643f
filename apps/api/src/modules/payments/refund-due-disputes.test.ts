// A refund due meets a dispute of the same payment (docs/domain.md#disputes), through the real database, the
// Stripe SDK on the double and the job queue: a dispute lost gives the money back to the member through their
// bank, so it settles the payment's refund due — whichever of Stripe's news is recorded first — and the desk
// finds nothing to pay out; a dispute won sends the refund due to the card again.
import type { TCreditStatement, TReconciliation } from '@beach/contracts';
import type Stripe from 'stripe';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp, ledgerSum, onlineTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { REFUND_DUE_MESSAGES } from '../credit/credit-refunds.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = todayInRome();
// From the day after tomorrow: tomorrow's 10:30 is inside the 24 free-cancellation hours once it is past 10:30 today.
let day = 1;
let staff: string;
let admin: string;
let court: number;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 30, maxFutureBookings: 20, freeCancellationHours: 24 } });
});

const statementOf = async (member: TestMember) => (await request(app).get(`/api/admin/users/${member.id}/credit?per_page=100`).set(bearer(staff)).expect(200)).body as TCreditStatement;
const payRefundDue = (member: TestMember, method: 'cash' | 'credit') => request(app).post(`/api/admin/users/${member.id}/credit/refund-due`).set(bearer(staff)).send({ method });
const requestsOf = (paymentId: number) => db.stripeRequest.findMany({ where: { paymentId, kind: 'refund' }, orderBy: { id: 'asc' } });
const refundRowsOf = (paymentId: number) => db.transaction.findMany({ where: { refundOfId: paymentId }, orderBy: { id: 'asc' } });
const mailTo = (member: TestMember) => mail.messages.filter((message) => JSON.stringify(message.to).includes(member.email));

/** A 20 € booking of the member's, paid by card: its payment row. */
async function paidBooking(member: TestMember) {
  const held = await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(today, ++day), court_id: court, start: '10:30' }).expect(201);
  const bookingId = held.body.booking.id as number;
  const checkout = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(member.token)).send({}).expect(200);
  const sessionId = (checkout.body.checkout_url as string).split('/').pop()!;
  await double.pay(sessionId);
  return { bookingId, payment: await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } }) };
}

const topUpOnline = (member: TestMember, amount: string) => onlineTopUp(app, db, double, member, amount);

async function reconciled() {
  await deps.jobs.waitUntilIdle();
  const result = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
  expect(result.checks.filter((check) => !check.ok)).toEqual([]);
}

/** Stripe's events made while `act` runs, held back from the webhook (delivered by the test, in its order). */
async function heldBack(act: () => Promise<unknown>) {
  const from = double.events.length;
  double.setAutoDeliver(false);
  try {
    await act();
  } finally {
    double.setAutoDeliver(true);
  }
  return double.events.slice(from) as Stripe.Event[];
}
/** The webhook has answered 200 to a charge.refunded of the payment intent. */
function refundedDelivered(paymentIntentId: string) {
  const refunded = new Set(double.events.filter((event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).payment_intent === paymentIntentId).map((event) => event.id));
  return double.deliveries.some((delivery) => refunded.has(delivery.eventId) && delivery.status === 200);
}
async function deliverAll(events: Stripe.Event[]) {
  for (const event of events) expect(await double.deliver(event), event.type).toBe(200);
}

describe('a dispute lost settles the payment’s refund due', () => {
  it('recorded after the refund failed: the lost funds take the refund due first, the member’s other credit untouched; the desk finds nothing owed', async () => {
    const member = await createMember(db);
    await deskTopUp(app, staff, member, '50.00');
    const topUp = await topUpOnline(member, '20');
    double.delayRefundsFor(topUp.stripePaymentIntentId!, 'fail');
    try {
      // The desk gives the online top-up back to the card; the card's bank refuses it days later.
      await request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(staff)).send({ method: 'card', amount: '20.00' }).expect(200);
      await expect.poll(async () => (await requestsOf(topUp.id))[0]?.status, { timeout: 15_000 }).toBe('failed');
    } finally {
      double.clearFailures();
    }
    expect(await statementOf(member)).toMatchObject({ balance: '50.00', refund_due: '20.00' });

    // The member then disputes the charge with their bank and the centre loses: the bank gives them the 20 €.
    const dispute = await double.dispute(topUp.stripePaymentIntentId!);
    await double.closeDispute(dispute, 'lost');
    await expect.poll(async () => (await statementOf(member)).refund_due).toBe('0.00');
    expect(await statementOf(member)).toMatchObject({ balance: '50.00', owed: '0.00', refund_due_held: '0.00' });
    expect((await payRefundDue(member, 'cash').expect(409)).body.message).toBe(REFUND_DUE_MESSAGES.nothing);
    expect((await refundRowsOf(topUp.id)).map((row) => [row.method, row.amountCents, row.status])).toEqual([['stripe', 2000, 'completed']]);
    expect(await ledgerSum(db, member.id)).toBe(5000);
    await reconciled();
  });

  it('recorded before the refund’s failure (Stripe’s news out of order): the failed refund pays the debt the dispute left, never the member twice', async () => {
    const member = await createMember(db);
    const { bookingId, payment } = await paidBooking(member);
    double.delayRefundsFor(payment.stripePaymentIntentId!, 'pending');
    try {
      await request(app).post(`/api/bookings/${bookingId}/cancel`).set(bearer(member.token)).expect(200);
      await deps.jobs.waitUntilIdle();
    } finally {
      double.clearFailures();
    }
    const [asked] = await requestsOf(payment.id);
    expect(asked).toMatchObject({ status: 'pending', resultId: expect.stringMatching(/^re_/) });
    // The refund's own charge.refunded is sent after Stripe's answer: recorded before Stripe's later news, or a late
    // delivery would read the refund as already failed (and the failure would come first, as in the test above).
    await expect.poll(() => refundedDelivered(payment.stripePaymentIntentId!)).toBe(true);

    // On Stripe's side the refund fails, then the member disputes the charge and loses the centre the 20 €.
    const failed = await heldBack(() => double.settleRefund(asked!.resultId!, 'failed'));
    const lost = await heldBack(async () => double.closeDispute(await double.dispute(payment.stripePaymentIntentId!), 'lost'));
    await deliverAll(lost);
    expect(await statementOf(member)).toMatchObject({ owed: '20.00', refund_due: '0.00' });
    await deliverAll(failed);
    await expect.poll(async () => (await requestsOf(payment.id))[0]!.status).toBe('failed');
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', owed: '0.00', refund_due: '0.00' });
    expect((await payRefundDue(member, 'cash').expect(409)).body.message).toBe(REFUND_DUE_MESSAGES.nothing);
    expect((await refundRowsOf(payment.id)).map((row) => [row.method, row.amountCents, row.status])).toEqual([['stripe', 2000, 'completed']]);
    await reconciled();
  });
});

describe('a dispute won sends the refund due it held to the card again', () => {
  /** A member's online top-up, disputed, whose refund to the card Stripe refused meanwhile: held in the refund due. */
  async function heldRefundDue(member: TestMember) {
    const topUp = await topUpOnline(member, '30');
    const dispute = await double.dispute(topUp.stripePaymentIntentId!);
    await request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(staff)).send({ method: 'card' }).expect(200);
    expect(await statementOf(member)).toMatchObject({ refund_due: '30.00', refund_due_held: '30.00' });
    return { topUp, dispute };
  }

  it('made by Stripe: the refund row, the refund due empty, the member told in their language; nothing left for the desk', async () => {
    const member = await createMember(db);
    await db.user.update({ where: { id: member.id }, data: { locale: 'en' } });
    const { topUp, dispute } = await heldRefundDue(member);
    await double.closeDispute(dispute, 'won');
    await expect.poll(async () => (await requestsOf(topUp.id)).map((row) => [row.status, row.reason])).toEqual([['failed', 'credit'], ['done', 'refund_due']]);
    const [, again] = await requestsOf(topUp.id);
    // Asked once, under the request's own idempotency key: a replay of the event asks nothing more.
    const won = double.events.filter((event) => event.type === 'charge.dispute.funds_reinstated' && (event.data.object as Stripe.Dispute).id === dispute);
    await deliverAll(won);
    expect(await requestsOf(topUp.id)).toHaveLength(2);
    expect((await refundRowsOf(topUp.id)).map((row) => [row.stripeRefundId, row.amountCents, row.status])).toEqual([[again!.resultId, 3000, 'completed']]);
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refund_due: '0.00', refund_due_held: '0.00' });
    expect((await payRefundDue(member, 'cash').expect(409)).body.message).toBe(REFUND_DUE_MESSAGES.nothing);
    await expect.poll(() => mailTo(member).map((message) => message.subject)).toContain('We have refunded a payment');
    await reconciled();
  });

  it('refused by the card again: it stays due, now for the desk to pay out', async () => {
    const member = await createMember(db);
    const { topUp, dispute } = await heldRefundDue(member);
    double.failRefundsFor(topUp.stripePaymentIntentId!);
    try {
      await double.closeDispute(dispute, 'won');
      await expect.poll(async () => (await requestsOf(topUp.id)).map((row) => [row.status, row.reason])).toEqual([['failed', 'credit'], ['failed', 'refund_due']]);
    } finally {
      double.clearFailures();
    }
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refund_due: '30.00', refund_due_held: '0.00' });
    expect((await payRefundDue(member, 'cash').expect(200)).body.message).toBe(REFUND_DUE_MESSAGES.paid(3000, 'cash'));
    expect((await refundRowsOf(topUp.id)).map((row) => [row.method, row.amountCents, row.status])).toEqual([['cash', 3000, 'completed']]);
    await reconciled();
  });
});
