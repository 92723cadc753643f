// A member's debt settled (docs/domain.md#credit, "Debt"), over HTTP with the real database and the Stripe
// double: the desk collects it in cash, by POS or from paid-in credit (a payment of kind debt with its
// receipt, audited), never on a staff member's own account without an admin, once under concurrent
// collections; the member pays it online by card; a new booking warns while it is open.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember } from '../../test/members.js';
import { giveCard, makeCourse } from '../enrolments/test-courses.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let admin: string;
let staff: string;
let staffId: number;
beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  staffId = (await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, creditTopUpMinCents: 100 } });
});

/** The books reconcile after every way of paying a debt, Stripe's included. */
afterAll(async () => {
  await deps.jobs.waitUntilIdle();
  expect((await services.reconciliation.checks()).filter((check) => !check.ok)).toEqual([]);
});

/**
 * A debt as it arises: credit topped up online is spent (taken by an admin's correction), then the bank
 * refunds the top-up on Stripe's dashboard: what was spent the member owes.
 */
const owe = async (member: { id: number; token: string }, cents: number) => {
  const before = await owedAtDesk(member.id);
  const opened = await request(app).post('/api/me/credit/top-up').set(bearer(member.token)).send({ amount: (cents / 100).toFixed(2) }).expect(200);
  const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
  await double.pay(sessionId);
  const topUp = await expect.poll(() => db.transaction.findFirst({ where: { stripeCheckoutSessionId: sessionId, status: 'completed' } })).toBeTruthy().then(() => db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } }));
  await request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(admin)).send({ amount: `-${(cents / 100).toFixed(2)}`, reason: 'Speso al bar' }).expect(200);
  await double.refundFromDashboard(topUp.stripePaymentIntentId!);
  await expect.poll(() => owedAtDesk(member.id)).not.toBe(before);
};
const owedAtDesk = async (userId: number) => (await request(app).get(`/api/admin/users/${userId}/credit`).set(bearer(staff)).expect(200)).body.owed as string;
const settle = (token: string, userId: number, method: unknown) => request(app).post(`/api/admin/users/${userId}/debt/settle`).set(bearer(token)).send({ method });

describe('the desk settles a member’s debt', () => {
  it('in cash or by POS: a completed payment of kind debt with its receipt, audited; nothing left, nothing to collect', async () => {
    const member = await createMember(db);
    await owe(member, 1250);
    expect(await owedAtDesk(member.id)).toBe('12.50');

    const bad = await settle(staff, member.id, 'assegno').expect(422);
    expect(bad.body.errors).toEqual({ method: ['Scegli come è stato saldato: contanti, POS o dal credito.'] });
    await settle(member.token, member.id, 'cash').expect(403);

    const settled = await settle(staff, member.id, 'cash').expect(200);
    expect(settled.body).toEqual({ message: 'Incassato quanto il socio doveva al centro.', owed: '0.00' });
    expect(await owedAtDesk(member.id)).toBe('0.00');
    const payment = await db.transaction.findFirstOrThrow({ where: { userId: member.id, kind: 'debt' }, include: { receipt: true } });
    expect(payment).toMatchObject({ amountCents: 1250, method: 'cash', status: 'completed', type: 'payment' });
    expect(payment.receipt).not.toBeNull();
    const entry = await db.ledgerEntry.findFirstOrThrow({ where: { transactionId: payment.id } });
    expect(entry).toMatchObject({ kind: 'debt_settled', key: `payment:${payment.id}`, createdById: staffId });
    expect(await db.auditLog.count({ where: { entityType: 'ledger_entries', entityId: entry.id, action: 'mark-paid', subjectUserId: member.id } })).toBe(1);
    expect((await settle(staff, member.id, 'card').expect(409)).body.message).toBe('Non c’è nulla da saldare: nessun importo dovuto al centro.');
    const told = await mail.waitFor(member.email, 45_000, /saldato/);
    expect(told.subject).toBe('Quanto dovevi al centro è saldato');
    expect(told.text).toMatch(/abbiamo ricevuto 12,50\s€ in segreteria: quanto dovevi al centro è saldato\./);

    // In the member's language.
    await db.user.update({ where: { id: member.id }, data: { locale: 'de' } });
    await owe(member, 700);
    await settle(staff, member.id, 'card').expect(200);
    expect((await mail.waitFor(member.email, 45_000, /Zentrum/)).text).toMatch(/7,00\s€/);
    expect(await db.transaction.findMany({ where: { userId: member.id, kind: 'debt' }, select: { method: true, amountCents: true }, orderBy: { id: 'asc' } })).toEqual([
      { method: 'cash', amountCents: 1250 },
      { method: 'card', amountCents: 700 },
    ]);
  });

  it('from paid-in credit when it covers the debt, never from promotional credit', async () => {
    const member = await createMember(db);
    await giveCard(db, member.id);
    await owe(member, 900);
    await request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(admin)).send({ amount: '20', reason: 'Omaggio' }).expect(200);
    expect((await settle(staff, member.id, 'credit').expect(409)).body.message).toBe('Credito insufficiente per questo movimento.');
    await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '9', method: 'cash' }).expect(200);
    // The top-up settles the debt at once, as money paid in always does.
    expect(await owedAtDesk(member.id)).toBe('0.00');

    // Paid-in credit set aside for a card checkout when the bank takes a top-up back: the debt stays open
    // until the checkout is given up and the credit is free again; then the desk settles it from there.
    const topUp = await request(app).post('/api/me/credit/top-up').set(bearer(member.token)).send({ amount: '6' }).expect(200);
    const topUpSession = (topUp.body.checkout_url as string).split('/').pop()!;
    await double.pay(topUpSession);
    await expect.poll(async () => (await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: topUpSession } })).status).toBe('completed');
    await request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(admin)).send({ amount: '-20', reason: 'Omaggio ritirato' }).expect(200);
    const court = (await db.court.findUniqueOrThrow({ where: { code: 'C3' } })).id;
    const held = (await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(todayInRome(), 6), court_id: court, start: '09:00' }).expect(201)).body.booking.id as number;
    await request(app).post(`/api/bookings/${held}/checkout`).set(bearer(member.token)).send({ use_credit: true }).expect(200);
    await double.refundFromDashboard((await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: topUpSession } })).stripePaymentIntentId!);
    await expect.poll(() => owedAtDesk(member.id)).not.toBe('0.00');
    await request(app).post(`/api/bookings/${held}/checkout/abandon`).set(bearer(member.token)).expect(200);
    const owed = await owedAtDesk(member.id);
    await settle(staff, member.id, 'credit').expect(200);
    const statement = (await request(app).get(`/api/admin/users/${member.id}/credit`).set(bearer(staff)).expect(200)).body;
    expect(statement).toMatchObject({ owed: '0.00' });
    expect(Number(owed)).toBeGreaterThan(0);
    expect(await db.transaction.count({ where: { userId: member.id, kind: 'debt' } })).toBe(0);
  });

  it('is an admin’s on a staff member’s own account (403), and collects a debt once under two collections at once', async () => {
    await owe({ id: staffId, token: staff }, 500);
    expect((await settle(staff, staffId, 'cash').expect(403)).body.message).toBe('Non puoi registrare denaro sul tuo conto (o dei tuoi figli): chiedi a un amministratore.');
    expect(await owedAtDesk(staffId)).toBe('5.00');
    await settle(admin, staffId, 'cash').expect(200);

    const member = await createMember(db);
    await owe(member, 800);
    const answers = await Promise.all([settle(staff, member.id, 'cash'), settle(admin, member.id, 'card')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await db.transaction.count({ where: { userId: member.id, kind: 'debt' } })).toBe(1);
    expect(await owedAtDesk(member.id)).toBe('0.00');
  });
});

describe('the member pays their debt online', () => {
  it('by card through Stripe Checkout: the webhook settles it once, with its receipt; nothing owed, no checkout', async () => {
    const member = await createMember(db);
    expect((await request(app).post('/api/me/debt/checkout').set(bearer(member.token)).expect(409)).body.message).toBe('Non c’è nulla da saldare: nessun importo dovuto al centro.');
    await owe(member, 1800);
    const opened = await request(app).post('/api/me/debt/checkout').set(bearer(member.token)).expect(200);
    const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
    await double.pay(sessionId);
    await expect.poll(async () => (await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200)).body.owed).toBe('0.00');
    const payment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId }, include: { receipt: true } });
    expect(payment).toMatchObject({ kind: 'debt', userId: member.id, amountCents: 1800, method: 'stripe', status: 'completed' });
    expect(payment.receipt).not.toBeNull();
    expect(await db.ledgerEntry.count({ where: { transactionId: payment.id, kind: 'debt_settled' } })).toBe(1);
  });

  it('is refused by card below Stripe’s minimum of 0,50 €: the desk settles that', async () => {
    const member = await createMember(db);
    await owe(member, 1000);
    // Topped up again and spent but 40 cents of it: the top-up settles all but 0,40 € of the debt.
    await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '9.60', method: 'cash' }).expect(200);
    expect(await owedAtDesk(member.id)).toBe('0.40');
    expect((await request(app).post('/api/me/debt/checkout').set(bearer(member.token)).expect(409)).body.message).toBe('Un importo sotto 0,50 € non si paga con la carta: saldalo in segreteria.');
    await settle(staff, member.id, 'cash').expect(200);
  });
  it('is refunded when paid after the desk settled the debt; owed again when the bank takes a payment back', async () => {
    const member = await createMember(db);
    await owe(member, 1000);
    const open = async () => ((await request(app).post('/api/me/debt/checkout').set(bearer(member.token)).expect(200)).body.checkout_url as string).split('/').pop()!;
    const late = await open();
    await settle(staff, member.id, 'cash').expect(200);
    // Paid after the desk settled it: nothing left to settle, the money goes back to the card.
    await double.pay(late);
    await expect.poll(async () => (await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: late }, include: { refunds: true } })).refunds.map((refund) => refund.amountCents)).toEqual([1000]);
    expect(await owedAtDesk(member.id)).toBe('0.00');

    await owe(member, 600);
    const paid = await open();
    await double.pay(paid);
    await expect.poll(() => owedAtDesk(member.id)).toBe('0.00');
    await double.refundFromDashboard((await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: paid } })).stripePaymentIntentId!);
    await expect.poll(() => owedAtDesk(member.id)).toBe('6.00');
  });
});

describe('a new booking or enrolment while a debt is open', () => {
  it('answers what the member owes, for the screen to warn; nothing once it is paid', async () => {
    const [clean, member] = await Promise.all([createMember(db), createMember(db)]);
    await Promise.all([giveCard(db, clean.id), giveCard(db, member.id)]);
    const court = (await db.court.findUniqueOrThrow({ where: { code: 'C2' } })).id;
    const book = (who: typeof member, start: string) =>
      request(app).post('/api/bookings').set(bearer(who.token)).send({ date: addDays(todayInRome(), 5), court_id: court, start }).expect(201);
    const enrol = async (who: typeof member) =>
      (await request(app).post('/api/me/enrolments').set(bearer(who.token)).send({ course_id: (await makeCourse(db)).id, kind: 'course' }).expect(201)).body;
    expect((await book(clean, '09:00')).body.debt).toBeNull();

    await owe(member, 450);
    expect((await book(member, '10:30')).body).toMatchObject({ debt: '4.50', booking: { status: 'pending_payment' } });
    expect((await enrol(member)).debt).toBe('4.50');

    await settle(staff, member.id, 'cash').expect(200);
    expect((await enrol(member)).debt).toBeNull();
  });
});
