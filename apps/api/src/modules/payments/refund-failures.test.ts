// Card refunds Stripe answers later, and disputes (docs/domain.md#refund-payable, #disputes), through the real
// database, the Stripe SDK on the double and SMTP on loopback: a refund left pending moves nothing until it
// goes through; one that fails later waits in the member's refund due, shown to them and at the desk, and
// they are told in their language; an inquiry moves nothing; a chargeback's funds leave and come back; a
// refund refused while the payment is disputed is held there, never credit, until the dispute closes.
import type { TCreditStatement, TReconciliation } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { ledgerSum, onlineTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { CREDIT_REFUND_MESSAGES, REFUND_DUE_MESSAGES } from '../credit/credit-refunds.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: string;
let admin: string;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});

const statementOf = async (member: TestMember) => (await request(app).get(`/api/admin/users/${member.id}/credit?per_page=100`).set(bearer(staff)).expect(200)).body as TCreditStatement;
const mineOf = async (member: TestMember) => (await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200)).body as TCreditStatement;
const refundCredit = (member: TestMember) => request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(staff)).send({ method: 'card' });
const payRefundDue = (member: TestMember, method: string, token = staff) => request(app).post(`/api/admin/users/${member.id}/credit/refund-due`).set(bearer(token)).send({ method });
const requestsOf = (paymentId: number) => db.stripeRequest.findMany({ where: { paymentId, kind: 'refund' }, orderBy: { id: 'asc' } });
const refundRowsOf = (paymentId: number) => db.transaction.findMany({ where: { refundOfId: paymentId }, orderBy: { id: 'asc' } });
const mailTo = (member: TestMember) => mail.messages.filter((message) => JSON.stringify(message.to).includes(member.email));
const disputeEntriesOf = (paymentId: number) => db.ledgerEntry.findMany({ where: { transactionId: paymentId, kind: { in: ['dispute', 'dispute_closed'] } }, orderBy: { id: 'asc' } });

const topUpOnline = (member: TestMember, amount: string) => onlineTopUp(app, db, double, member, amount);

async function reconciled() {
  await deps.jobs.waitUntilIdle();
  const result = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
  expect(result.checks.filter((check) => !check.ok)).toEqual([]);
}

describe('card refunds Stripe answers later', () => {
  it('a pending refund moves nothing and tells nobody until Stripe says it went through', async () => {
    const member = await createMember(db);
    const topUp = await topUpOnline(member, '30');
    double.delayRefundsFor(topUp.stripePaymentIntentId!, 'pending');
    try {
      expect((await refundCredit(member).expect(200)).body.message).toBe(CREDIT_REFUND_MESSAGES.underway(3000));
    } finally {
      double.clearFailures();
    }
    await deps.jobs.waitUntilIdle();
    const [asked] = await requestsOf(topUp.id);
    expect(asked).toMatchObject({ status: 'pending', resultId: expect.stringMatching(/^re_/) });
    // Not done: no refund row, the payment not refunded, the money still on its way (not out of Stripe).
    expect(await refundRowsOf(topUp.id)).toEqual([]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: topUp.id } })).status).toBe('completed');
    expect(await db.ledgerEntry.count({ where: { key: `stripe-refund:${asked!.resultId}` } })).toBe(0);

    await double.settleRefund(asked!.resultId!, 'succeeded');
    await expect.poll(async () => (await requestsOf(topUp.id))[0]!.status).toBe('done');
    expect((await refundRowsOf(topUp.id)).map((row) => [row.amountCents, row.status])).toEqual([[3000, 'completed']]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: topUp.id } })).status).toBe('refunded');
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refund_due: '0.00' });
    await reconciled();
  });

  it('a refund that fails after it was made waits in the member’s refund due, shown to them and at the desk; they are told in their language; the desk pays it out', async () => {
    const member = await createMember(db);
    await db.user.update({ where: { id: member.id }, data: { locale: 'de' } });
    const topUp = await topUpOnline(member, '20');
    double.delayRefundsFor(topUp.stripePaymentIntentId!, 'fail');
    try {
      expect((await refundCredit(member).expect(200)).body.message).toBe(CREDIT_REFUND_MESSAGES.underway(2000));
      await expect.poll(async () => (await requestsOf(topUp.id))[0]?.status, { timeout: 15_000 }).toBe('failed');
    } finally {
      double.clearFailures();
    }
    await deps.jobs.waitUntilIdle();
    expect(await refundRowsOf(topUp.id)).toEqual([]);
    // Not back in the credit: in the refund due, which the member sees and the desk pays out.
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refundable: '0.00', refund_due: '20.00', refund_due_held: '0.00' });
    expect(await mineOf(member)).toMatchObject({ refund_due: '20.00' });
    expect(await ledgerSum(db, member.id)).toBe(0);
    await expect.poll(() => mailTo(member).map((message) => message.subject)).toContain('Die Erstattung auf deine Karte ist fehlgeschlagen');
    await reconciled();

    // Staff cannot pay out their own; the member's is paid in cash: a refund row of the payment, the till.
    const self = await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } });
    expect((await payRefundDue({ ...member, id: self.id }, 'cash').expect(403)).body.message).toBe('Non puoi registrare denaro sul tuo conto (o dei tuoi figli): chiedi a un amministratore.');
    expect((await payRefundDue(member, 'bonifico').expect(422)).body.errors.method).toEqual(['Scegli come restituire il rimborso: in contanti o nel credito.']);
    expect((await payRefundDue(member, 'cash').expect(200)).body.message).toBe(REFUND_DUE_MESSAGES.paid(2000, 'cash'));
    expect((await refundRowsOf(topUp.id)).map((row) => [row.amountCents, row.method, row.status])).toEqual([[2000, 'cash', 'completed']]);
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refund_due: '0.00' });
    expect((await payRefundDue(member, 'cash').expect(409)).body.message).toBe(REFUND_DUE_MESSAGES.nothing);
    await reconciled();
  });
});

describe('a card refund that went through, then failed', () => {
  it('comes back from Stripe into the member’s refund due: its refund row failed, the payment no longer refunded', async () => {
    const member = await createMember(db);
    const topUp = await topUpOnline(member, '25');
    await refundCredit(member).expect(200);
    await deps.jobs.waitUntilIdle();
    const [done] = await requestsOf(topUp.id);
    expect(done).toMatchObject({ status: 'done' });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: topUp.id } })).status).toBe('refunded');

    // The card's bank sends it back days later (Stripe's test card 4000 0000 0000 5126).
    await double.settleRefund(done!.resultId!, 'failed');
    await expect.poll(async () => (await requestsOf(topUp.id))[0]!.status).toBe('failed');
    expect((await refundRowsOf(topUp.id)).map((row) => [row.amountCents, row.status])).toEqual([[2500, 'failed']]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: topUp.id } })).status).toBe('completed');
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refund_due: '25.00', refund_due_held: '0.00' });
    await expect.poll(() => mailTo(member).map((message) => message.subject)).toContain('Il rimborso sulla tua carta non è andato a buon fine');
    await reconciled();

    // Still not paid out a day after it failed, the admin's verification of the books names it.
    await db.$executeRaw`UPDATE stripe_requests SET updated_at = now() - interval '25 hours' WHERE id = ${done!.id}`;
    const { firstName, lastName } = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    const verdict = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
    expect(verdict.checks.filter((check) => !check.ok)).toEqual([
      { name: 'refunds_outstanding', ok: false, mismatches: 1, details: [`Rimborso di 25,00\u00a0€ del pagamento ${topUp.id}: non riuscito sulla carta, da restituire in segreteria a ${firstName} ${lastName}`] },
    ]);

    await payRefundDue(member, 'cash').expect(200);
    expect((await refundRowsOf(topUp.id)).map((row) => [row.method, row.status])).toEqual([
      ['stripe', 'failed'],
      ['cash', 'completed'],
    ]);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: topUp.id } })).status).toBe('refunded');
    await reconciled();
  });
});

describe('disputes', () => {
  it('an inquiry withdraws nothing and posts nothing, open or closed', async () => {
    const member = await createMember(db);
    const topUp = await topUpOnline(member, '15');
    const inquiry = await double.inquiry(topUp.stripePaymentIntentId!);
    await double.closeDispute(inquiry, 'warning_closed');
    await expect.poll(() => double.deliveries.filter((delivery) => delivery.status === 200 && delivery.type === 'charge.dispute.closed').length).toBeGreaterThan(0);
    expect(await disputeEntriesOf(topUp.id)).toEqual([]);
    expect(await statementOf(member)).toMatchObject({ balance: '15.00', owed: '0.00' });
    await reconciled();
  });

  it('a chargeback’s funds leave and, won, come back; a refund refused meanwhile is held in the refund due, never credit, then sent to the card again', async () => {
    const member = await createMember(db);
    const topUp = await topUpOnline(member, '40');
    const dispute = await double.dispute(topUp.stripePaymentIntentId!);
    expect((await disputeEntriesOf(topUp.id)).map((entry) => entry.kind)).toEqual(['dispute']);
    const refused = await refundCredit(member).expect(200);
    expect(refused.body.message).toBe(CREDIT_REFUND_MESSAGES.heldBack(0, 4000));
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refundable: '0.00', refund_due: '40.00', refund_due_held: '40.00' });
    // Neither the refund due nor the credit can be paid out while the bank may give the money back.
    expect((await payRefundDue(member, 'cash').expect(409)).body.message).toBe(REFUND_DUE_MESSAGES.held);
    await request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(staff)).send({ method: 'cash' }).expect(409);
    await reconciled();

    await double.closeDispute(dispute, 'won');
    await expect.poll(async () => (await disputeEntriesOf(topUp.id)).map((entry) => entry.kind)).toEqual(['dispute', 'dispute_closed']);
    // Won, the refund due goes to the card again (refund-due-disputes.test.ts: and when the card refuses it).
    await expect.poll(async () => (await requestsOf(topUp.id)).map((row) => row.status)).toEqual(['failed', 'done']);
    expect((await refundRowsOf(topUp.id)).map((row) => [row.amountCents, row.status])).toEqual([[4000, 'completed']]);
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', refund_due: '0.00' });
    expect((await payRefundDue(member, 'credit').expect(409)).body.message).toBe(REFUND_DUE_MESSAGES.nothing);
    await reconciled();
  });

  it('a chargeback lost takes the money back: the refund refused meanwhile pays what that leaves owed', async () => {
    const member = await createMember(db);
    const topUp = await topUpOnline(member, '25');
    const dispute = await double.dispute(topUp.stripePaymentIntentId!);
    await refundCredit(member).expect(200);
    expect(await statementOf(member)).toMatchObject({ refund_due: '25.00', refund_due_held: '25.00' });
    await double.closeDispute(dispute, 'lost');
    await expect.poll(async () => (await statementOf(member)).refund_due).toBe('0.00');
    expect(await statementOf(member)).toMatchObject({ balance: '0.00', owed: '0.00', refund_due_held: '0.00' });
    expect(await ledgerSum(db, member.id)).toBe(0);
    await reconciled();
  });
});
