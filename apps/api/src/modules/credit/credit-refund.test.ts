// "Rimborsa il credito" through the real database, SMTP on loopback and the Stripe double: to the card
// through refunds of the online top-ups, oldest first, each at most what is left of it; in cash with
// refund rows in the books and no change to the revenue; only money paid in, never promotional credit;
// audited and e-mailed; two at once never refund the same credit; a refund whose answer was lost is
// matched, not repeated; a refund Stripe refuses stops there with what went through recorded, the rest
// back in the credit as money paid in.
import { moneyToCents, type TCreditStatement } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../lib/format.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp, ledgerSum, onlineTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { revenueTotals } from '../finance/revenue.js';
import { CREDIT_REFUND_MESSAGES } from './credit-refunds.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
});

/** The member's credit statement, as the desk reads it (up to 100 movements, newest first). */
const statementOf = async (member: TestMember) => (await request(app).get(`/api/admin/users/${member.id}/credit?per_page=100`).set(bearer(staff)).expect(200)).body as TCreditStatement;
const balanceOf = async (member: TestMember) => moneyToCents((await statementOf(member)).balance);
/** The statement's movements of a kind, oldest first, by their amount. */
const movementsOf = async (member: TestMember, kind: string) =>
  (await statementOf(member)).data
    .filter((movement) => movement.kind === kind)
    .reverse()
    .map((movement) => movement.amount);

/** An online top-up paid through the double; returns its payment row. */
const topUpOnline = (member: TestMember, amount: string) => onlineTopUp(app, db, double, member, amount);
const refundCredit = (member: TestMember, body: Record<string, unknown>) => request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(staff)).send(body);
const stripeRefundsOf = async (paymentIntent: string) => (await deps.stripe!.refunds.list({ payment_intent: paymentIntent })).data.map((refund) => refund.amount);
// By the top-up they return: a member's card refunds complete in no fixed order (the worker may finish
// one while the request finishes another).
const refundRowsOf = (userId: number) => db.transaction.findMany({ where: { userId, kind: 'credit', type: 'refund' }, orderBy: [{ refundOfId: 'asc' }, { id: 'asc' }] });

describe('Rimborsa il credito', () => {
  it('to the card: the oldest online top-ups first, each at most what is left of it, a movement per top-up, audited and e-mailed', async () => {
    const member = await createMember(db);
    const first = await topUpOnline(member, '30');
    const second = await topUpOnline(member, '20');
    const third = await topUpOnline(member, '40');
    await deskTopUp(app, staff, member, '10');
    expect(await statementOf(member)).toMatchObject({ balance: '100.00', refundable: '100.00' });
    const revenueBefore = await revenueTotals(db);

    const refunded = await refundCredit(member, { method: 'card', amount: '45' }).expect(200);
    expect(refunded.body).toMatchObject({ message: `Rimborsati ${formatEuros(4500)} sulla carta.`, balance: '55.00', movement: { amount: '-15.00', kind: 'refund_to_card', by: { name: 'Stefano Segreteria' } } });
    expect(await stripeRefundsOf(first.stripePaymentIntentId!)).toEqual([3000]);
    expect(await stripeRefundsOf(second.stripePaymentIntentId!)).toEqual([1500]);
    expect(await stripeRefundsOf(third.stripePaymentIntentId!)).toEqual([]);
    // A movement per top-up, and a refund row of each top-up it returns.
    expect(await movementsOf(member, 'refund_to_card')).toEqual(['-30.00', '-15.00']);
    expect((await refundRowsOf(member.id)).map((row) => [row.amountCents, row.refundOfId, row.method])).toEqual([
      [3000, first.id, 'stripe'],
      [1500, second.id, 'stripe'],
    ]);
    expect((await db.transaction.findMany({ where: { id: { in: [first.id, second.id, third.id] } }, orderBy: { id: 'asc' } })).map((row) => row.status)).toEqual(['refunded', 'partially_refunded', 'completed']);
    // Audited once per ledger entry it posted, each under the member.
    const route = 'POST /api/admin/users/:id/credit/refund';
    const audited = await db.auditLog.findMany({ where: { route, subjectUserId: member.id }, orderBy: { id: 'asc' } });
    expect(audited.map((entry) => [entry.entityType, entry.action])).toEqual([
      ['ledger_entries', 'refund'],
      ['ledger_entries', 'refund'],
    ]);
    // Stripe's charge.refunded webhooks find both refunds recorded already: no second row.
    await deps.jobs.waitUntilIdle();
    await expect.poll(() => double.deliveries.filter((delivery) => delivery.type === 'charge.refunded' && delivery.status === 200).length).toBeGreaterThanOrEqual(2);
    expect((await refundRowsOf(member.id)).map((row) => row.amountCents)).toEqual([3000, 1500]);
    expect(mail.messages.filter((message) => JSON.stringify(message.to).includes(member.email)).map((message) => message.subject)).toContain('Abbiamo usato parte del tuo credito');

    // Money goes back where it came from: the cards take what is left of the online top-ups (5 € + 40 €),
    // not the whole balance (55 €); the desk's top-up goes back in cash, and only it.
    const beyond = await refundCredit(member, { method: 'card', amount: '55' }).expect(422);
    expect(beyond.body.errors.amount).toEqual([`Sulla carta si possono rimborsare al massimo ${formatEuros(4500)}: le ricariche online non ancora spese né rimborsate.`]);
    const cash = await refundCredit(member, { method: 'cash', amount: '' }).expect(200);
    expect(cash.body).toMatchObject({ message: `Rimborsati ${formatEuros(1000)} in contanti.`, balance: '45.00', movement: { kind: 'cash_refund' } });
    expect((await refundCredit(member, { method: 'cash' }).expect(422)).body.message).toBe(CREDIT_REFUND_MESSAGES.beyondTopUps(0, 'cash'));
    await refundCredit(member, { method: 'card', amount: '' }).expect(200);
    await deps.jobs.waitUntilIdle();
    expect((await refundRowsOf(member.id)).map((row) => [row.amountCents, row.refundOfId, row.method])).toEqual([
      [3000, first.id, 'stripe'],
      [1500, second.id, 'stripe'],
      [500, second.id, 'stripe'],
      [4000, third.id, 'stripe'],
      [1000, expect.any(Number), 'cash'],
    ]);
    expect((await refundCredit(member, { method: 'cash' }).expect(409)).body.message).toBe('Il credito è a zero: non c’è nulla da rimborsare.');
    expect(await movementsOf(member, 'cash_refund')).toEqual(['-10.00']);
    expect(await ledgerSum(db, member.id)).toBe(0);
    // Credit given back was never income: the revenue does not move.
    expect(await revenueTotals(db)).toEqual(revenueBefore);
  });

  it('two simultaneous refunds of the whole balance: one goes through, the other is told the credit is gone', async () => {
    const member = await createMember(db);
    const topUp = await topUpOnline(member, '25');
    const responses = await Promise.all([refundCredit(member, { method: 'card' }), refundCredit(member, { method: 'card' })]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)!.body.message).toBe('Il credito è a zero: non c’è nulla da rimborsare.');
    expect(await stripeRefundsOf(topUp.stripePaymentIntentId!)).toEqual([2500]);
    expect(await balanceOf(member)).toBe(0);
    expect(await ledgerSum(db, member.id)).toBe(0);
    // An amount asked for twice at once: the second finds too little left.
    const other = await createMember(db);
    await deskTopUp(app, staff, other, '30');
    const twice = await Promise.all([refundCredit(other, { method: 'cash', amount: '20' }), refundCredit(other, { method: 'cash', amount: '20' })]);
    expect(twice.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(other)).toBe(1000);
    expect(await ledgerSum(db, other.id)).toBe(1000);
  });

  it('a refund whose answer was lost on the way back is found on Stripe and matched to its request: refunded once', async () => {
    const member = await createMember(db);
    const topUp = await topUpOnline(member, '25');
    double.setAutoDeliver(false);
    try {
      // Stripe makes the refund, but the answer never reaches us (a timeout): the request stays pending,
      // and whoever asks again (the job) finds the refund by its request id, or gets it back by the same idempotency key.
      double.failNext({ method: 'POST', path: '/v1/refunds' }, { status: 500, afterPerforming: true });
      await refundCredit(member, { method: 'card' }).expect(200);
      await expect.poll(async () => (await refundRowsOf(member.id)).length, { timeout: 20_000 }).toBe(1);
      await deps.jobs.waitUntilIdle();
      const [made] = (await deps.stripe!.refunds.list({ payment_intent: topUp.stripePaymentIntentId! })).data;
      expect((await refundRowsOf(member.id)).map((row) => [row.stripeRefundId, row.amountCents])).toEqual([[made!.id, 2500]]);
    } finally {
      double.clearFailures();
      double.setAutoDeliver(true);
    }
    expect(await stripeRefundsOf(topUp.stripePaymentIntentId!)).toEqual([2500]);
    expect(await db.stripeRequest.findMany({ where: { paymentId: topUp.id, kind: 'refund' }, select: { status: true, resultId: true } })).toEqual([{ status: 'done', resultId: expect.stringMatching(/^re_/) }]);
    expect(await balanceOf(member)).toBe(0);
    expect(await ledgerSum(db, member.id)).toBe(0);
  });

  it('checks its input and its role', async () => {
    const member = await createMember(db);
    expect((await refundCredit(member, { amount: '5' }).expect(422)).body.errors.method).toEqual(['Scegli come rimborsare: sulla carta o in contanti.']);
    expect((await refundCredit(member, { method: 'cash', amount: '-5' }).expect(422)).body.errors.amount).toBeDefined();
    await request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(member.token)).send({ method: 'cash' }).expect(403);
    await request(app).post('/api/admin/users/999999/credit/refund').set(bearer(staff)).send({ method: 'cash' }).expect(404);
  });

  it('stops at a refund Stripe refuses: what went through is debited and recorded, the rest goes back to the credit as money paid in', async () => {
    const member = await createMember(db);
    const first = await topUpOnline(member, '20');
    const second = await topUpOnline(member, '20');
    // Stripe declines every refund of the second top-up (the card was closed, say).
    double.failRefundsFor(second.stripePaymentIntentId!);
    try {
      const stopped = await refundCredit(member, { method: 'card' }).expect(200);
      expect(stopped.body).toMatchObject({ message: `Rimborsati ${formatEuros(2000)} sulla carta su ${formatEuros(4000)}: Stripe ha rifiutato il resto, che resta nel credito.`, balance: '20.00' });
    } finally {
      double.clearFailures();
    }
    expect((await refundRowsOf(member.id)).map((row) => row.amountCents)).toEqual([2000]);
    expect(await db.stripeRequest.findMany({ where: { paymentId: second.id, kind: 'refund' }, select: { status: true } })).toEqual([{ status: 'failed' }]);
    expect(await ledgerSum(db, member.id)).toBe(2000);
    // Back in the credit as money paid in: shown to the member, and refundable at the desk.
    expect(await movementsOf(member, 'refund_failed')).toEqual(['20.00']);
    expect(await statementOf(member)).toMatchObject({ balance: '20.00', available: '20.00', refundable: '20.00' });
    await refundCredit(member, { method: 'cash' }).expect(200);
    expect((await refundRowsOf(member.id)).map((row) => [row.amountCents, row.refundOfId, row.method])).toEqual([
      [2000, first.id, 'stripe'],
      [2000, second.id, 'cash'],
    ]);
    expect(await balanceOf(member)).toBe(0);
    expect(await ledgerSum(db, member.id)).toBe(0);
  });

  it('gives back only money paid in: promotional credit (corrections, rain credit) can be spent, never refunded', async () => {
    const member = await createMember(db);
    await deskTopUp(app, staff, member, '10');
    await request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(staff)).send({ amount: '20', reason: 'Torneo annullato' }).expect(200);
    expect(await statementOf(member)).toMatchObject({ balance: '30.00', refundable: '10.00' });
    // No online top-up: nothing goes back to a card.
    expect((await refundCredit(member, { method: 'card' }).expect(422)).body.message).toBe(CREDIT_REFUND_MESSAGES.beyondTopUps(0, 'card'));
    // More than was paid in: refused with the most that can go back.
    expect((await refundCredit(member, { method: 'cash', amount: '15' }).expect(422)).body.errors.amount).toEqual([CREDIT_REFUND_MESSAGES.beyondTopUps(1000, 'cash')]);
    // The whole balance: only what was paid in goes back; the promotional credit stays, to be spent.
    const cash = await refundCredit(member, { method: 'cash' }).expect(200);
    expect(cash.body).toMatchObject({ message: `Rimborsati ${formatEuros(1000)} in contanti.`, balance: '20.00' });
    expect(await statementOf(member)).toMatchObject({ balance: '20.00', available: '20.00', refundable: '0.00' });
    expect((await refundCredit(member, { method: 'cash' }).expect(422)).body.message).toBe(CREDIT_REFUND_MESSAGES.beyondTopUps(0, 'cash'));
    expect((await refundRowsOf(member.id)).map((row) => row.amountCents)).toEqual([1000]);
    expect(await ledgerSum(db, member.id)).toBe(2000);
  });
});

describe('Debt', () => {
  it('is settled first by money paid in: credit given back by a cancellation, then a desk top-up', async () => {
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, freeCancellationHours: 24 } });
    const court = (await db.court.findUniqueOrThrow({ where: { code: 'C3' } })).id;
    const date = addDays(todayInRome(), 5);
    const member = await createMember(db);
    const bookPaidWithCredit = async (start: string) => {
      const id = (await request(app).post('/api/bookings').set(bearer(member.token)).send({ date, court_id: court, start }).expect(201)).body.booking.id as number;
      await request(app).post(`/api/bookings/${id}/pay-with-credit`).set(bearer(member.token)).expect(200);
      return id;
    };
    // 20 € topped up online and spent on a booking; then the bank gives the 20 € back: the member owes them.
    const first = await topUpOnline(member, '20');
    const booking = await bookPaidWithCredit('09:00');
    await double.refundFromDashboard(first.stripePaymentIntentId!);
    await deps.jobs.waitUntilIdle();
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', owed: '20.00' });
    // The booking cancelled in time: its 20 € of credit come back and pay the debt — nothing to refund.
    await request(app).post(`/api/bookings/${booking}/cancel`).set(bearer(member.token)).expect(200);
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refundable: '0.00', owed: '0.00' });
    expect(await movementsOf(member, 'debt_settled')).toEqual(['-20.00']);

    // Again, then the desk takes 30 € in cash: 20 € pay the debt, 10 € are credit (refundable in cash).
    const second = await topUpOnline(member, '20');
    await bookPaidWithCredit('10:30');
    await double.refundFromDashboard(second.stripePaymentIntentId!);
    await deps.jobs.waitUntilIdle();
    expect(await statementOf(member)).toMatchObject({ owed: '20.00' });
    await deskTopUp(app, staff, member, '30');
    expect(await statementOf(member)).toMatchObject({ balance: '10.00', refundable: '10.00', owed: '0.00' });
    expect(await movementsOf(member, 'debt_settled')).toEqual(['-20.00', '-20.00']);
    await refundCredit(member, { method: 'cash' }).expect(200);
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', owed: '0.00' });
    expect(await ledgerSum(db, member.id)).toBe(0);
  });
});
