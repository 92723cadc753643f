// Credit through the real database, the job queue, SMTP on loopback and the Stripe double: the ledger
// and its balance under concurrency, the desk's top-ups and corrections (audited, e-mailed, limited),
// the member's statement and the online top-up credited once.
import { moneyToCents, type TCreditStatement } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../lib/format.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp, ledgerSum } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { accounts } from '../ledger/accounts.js';
import { credit, debit, post } from '../ledger/ledger.js';
import { CREDIT_MESSAGES } from './credit.service.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });
const double = stripe!;

// Each test books its own day ahead of one date taken at the start: a run that passes midnight in Rome
// would otherwise move the later tests' days onto the earlier ones'.
const today = todayInRome();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
const mailsTo = (email: string) => mail.messages.filter((message) => JSON.stringify(message.to).includes(email));

let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
});

/** The member's credit statement, as the desk reads it (up to 100 movements, newest first). */
const statementOf = async (userId: number) => (await request(app).get(`/api/admin/users/${userId}/credit?per_page=100`).set(bearer(staff)).expect(200)).body as TCreditStatement;
/** A staff member of the test's own, logged in: their day's corrections start at nothing (the limit is a day's total). */
async function newClerk() {
  const clerk = await createMember(db, { firstName: 'Carla', lastName: 'Cassa' });
  await db.user.update({ where: { id: clerk.id }, data: { role: 'staff' } });
  return clerk;
}
/** The balance the statement shows, in cents. */
const balanceOf = async (userId: number) => moneyToCents((await statementOf(userId)).balance);

describe('the ledger: the database keeps the balance and never lets it go below zero', () => {
  it('lets exactly 5 of 20 simultaneous debits of 10 € through against a balance of 50 €', async () => {
    const member = await createMember(db);
    await deskTopUp(app, staff, member, '50');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(staff)).send({ amount: '-10', reason: `Prova ${i}` })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(responses.find((response) => response.status === 409)!.body).toEqual({ message: 'Credito insufficiente per questo movimento.', errors: { amount: ['Credito insufficiente per questo movimento.'] } });
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerSum(db, member.id)).toBe(0);
    expect((await statementOf(member.id)).data.filter((movement) => movement.kind === 'desk_adjustment')).toHaveLength(5);
  });

  it('refuses in the database itself an entry written around the service that would overdraw, and any change to an entry', async () => {
    const member = await createMember(db);
    // Straight into the ledger, as the service would post a correction and its spending.
    const promo = accounts.promo(member.id);
    await post(db, { key: `test:gift:${member.id}`, kind: 'correction', userId: member.id, description: 'Prova', legs: [debit(accounts.adjustments, 700), credit(promo, 700)] });
    await expect(post(db, { key: `test:overdraft:${member.id}`, kind: 'correction', userId: member.id, legs: [debit(promo, 701), credit(accounts.adjustments, 701)] })).rejects.toThrow(/ledger_accounts_never_overdrawn/);
    const spent = await post(db, { key: `test:spend:${member.id}`, kind: 'correction', userId: member.id, legs: [debit(promo, 700), credit(accounts.adjustments, 700)] });
    await expect(db.$executeRaw`UPDATE ledger_postings SET amount_cents = amount_cents / 700 WHERE entry_id = ${spent!.id}`).rejects.toThrow(/cannot be changed/);
    await expect(db.$executeRaw`DELETE FROM ledger_entries WHERE id = ${spent!.id}`).rejects.toThrow(/cannot be changed/);
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerSum(db, member.id)).toBe(0);
  });
});

describe('the desk', () => {
  it('tops up with the method used: a completed payment with its receipt, the movement by the staff member, the audit entry and an e-mail', async () => {
    const member = await createMember(db, { firstName: 'Marta', lastName: 'Neri' });
    const response = await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '25,50', method: 'card' }).expect(200);
    expect(response.body).toMatchObject({ message: 'Ricarica registrata.', balance: '25.50', movement: { amount: '25.50', kind: 'top_up', by: { name: 'Stefano Segreteria' } } });
    const payment = await db.transaction.findFirstOrThrow({ where: { userId: member.id, kind: 'credit' }, include: { receipt: true } });
    expect(payment).toMatchObject({ type: 'payment', method: 'card', status: 'completed', amountCents: 2550 });
    expect(payment.receipt).not.toBeNull();
    const audited = { entityType: 'ledger_entries', action: 'top-up', route: 'POST /api/admin/users/:id/credit/top-up', subjectUserId: member.id };
    expect(await db.auditLog.count({ where: audited })).toBe(1);
    const message = await mail.waitFor(member.email);
    expect(message.subject).toBe('Ti abbiamo accreditato del credito');
    expect(message.text).toContain('25,50');

    // An extra zero typed at the desk is refused, with nothing written.
    const slip = await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '1000,01', method: 'cash' }).expect(422);
    expect(slip.body.errors).toEqual({ amount: ['Alla segreteria si ricarica al massimo 1.000,00 € per volta.'] });
    // One movement; money paid in, so all of it can be refunded.
    expect(await statementOf(member.id)).toMatchObject({ total: 1, balance: '25.50', refundable: '25.50', available: '25.50', reserved: '0.00', owed: '0.00' });
  });

  it('corrects with a mandatory reason, up or down, and shows the balance and movements newest first', async () => {
    const member = await createMember(db);
    const adjust = (body: Record<string, unknown>) => request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(staff)).send(body);
    expect((await adjust({ amount: '10' }).expect(422)).body.errors.reason).toEqual(['Scrivi il motivo della rettifica.']);
    expect((await adjust({ amount: '0', reason: 'Niente' }).expect(422)).body.errors.amount).toEqual(['L’importo non può essere zero.']);
    await adjust({ amount: '-1', reason: 'Sotto zero' }).expect(409);
    await adjust({ amount: '12', reason: 'Partita annullata dal circolo' }).expect(200);
    await adjust({ amount: '-2,50', reason: 'Errore di cassa' }).expect(200);
    const shown = await request(app).get(`/api/admin/users/${member.id}/credit?per_page=1`).set(bearer(staff)).expect(200);
    // Credit given by a correction can be spent, never paid out: none of it is refundable.
    expect(shown.body).toMatchObject({ balance: '9.50', available: '9.50', refundable: '0.00', total: 2, last_page: 2, top_up_min: '10.00', top_up_max: '200.00' });
    expect(shown.body.data).toEqual([expect.objectContaining({ amount: '-2.50', kind: 'desk_adjustment', reason: 'Errore di cassa' })]);
    expect(await ledgerSum(db, member.id)).toBe(950);
    // Each correction the member did not make is e-mailed; the refused one is not.
    await deps.jobs.waitUntilIdle();
    expect(mailsTo(member.email).map((message) => message.subject).sort()).toEqual(['Abbiamo usato parte del tuo credito', 'Ti abbiamo accreditato del credito']);
  });

  it('lets staff add up to the correction limit (50 € by default) and never to their own credit: above it, an admin corrects', async () => {
    const admin = await loginAs(app, DEMO.admin);
    const clerk = await newClerk();
    const member = await createMember(db);
    const adjust = (token: string, userId: number, amount: string) =>
      request(app).post(`/api/admin/users/${userId}/credit/adjustment`).set(bearer(token)).send({ amount, reason: 'Torneo annullato' });
    expect((await adjust(clerk.token, member.id, '50,01').expect(403)).body.message).toBe(CREDIT_MESSAGES.aboveLimit(5000));
    await adjust(clerk.token, member.id, '50').expect(200);
    await adjust(admin, member.id, '80').expect(200);
    // Taking credit away is not limited (never below zero).
    await adjust(clerk.token, member.id, '-100').expect(200);
    expect((await adjust(clerk.token, clerk.id, '1').expect(403)).body.message).toBe(CREDIT_MESSAGES.ownCorrection);
    expect((await adjust(clerk.token, clerk.id, '-1').expect(403)).body.message).toBe(CREDIT_MESSAGES.ownCorrection);
    expect(await balanceOf(member.id)).toBe(3000);
    expect(await ledgerSum(db, member.id)).toBe(3000);
    // The day's corrections, for the dashboard: who, whose, how much.
    const corrections = (await request(app).get('/api/admin/credit/corrections').set(bearer(staff)).expect(200)).body;
    const theirs = corrections.data.filter((row: { member: { id: number } }) => row.member.id === member.id);
    expect(theirs.map((row: { amount: string; by: { name: string } }) => [row.amount, row.by.name])).toEqual([
      ['-100.00', 'Carla Cassa'],
      ['80.00', 'Alessandra Amministratrice'],
      ['50.00', 'Carla Cassa'],
    ]);
  });

  it('is for staff only, and answers 404 for an unknown member', async () => {
    const member = await createMember(db);
    await request(app).get(`/api/admin/users/${member.id}/credit`).set(bearer(member.token)).expect(403);
    await request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(member.token)).send({ amount: '100', reason: 'Regalo a me stesso' }).expect(403);
    await request(app).get('/api/admin/users/999999/credit').set(bearer(staff)).expect(404);
    expect(await balanceOf(member.id)).toBe(0);
  });
});

describe('the member', () => {
  const topUp = (member: TestMember, amount: string) => request(app).post('/api/me/credit/top-up').set(bearer(member.token)).send({ amount });

  it('tops up online between the settings’ minimum and maximum, credited once however often the webhook comes', async () => {
    const member = await createMember(db);
    expect((await topUp(member, '9,99').expect(422)).body.errors.amount).toEqual([`Puoi ricaricare da ${formatEuros(1000)} a ${formatEuros(20_000)}.`]);
    await topUp(member, '200,01').expect(422);
    double.setAutoDeliver(false);
    try {
      const created = await topUp(member, '40').expect(200);
      const sessionId = sessionIdOf(created.body.checkout_url);
      await double.pay(sessionId);
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await balanceOf(member.id)).toBe(0);
      expect(await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)])).toEqual([200, 200, 200]);
      const payment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId }, include: { receipt: true } });
      expect(payment).toMatchObject({ kind: 'credit', userId: member.id, status: 'completed', amountCents: 4000 });
      expect(payment.receipt).not.toBeNull();
      // The return page's reconciliation after the webhook changes nothing either.
      const outcome = await request(app).post('/api/payments/reconcile').set(bearer(member.token)).send({ session_id: sessionId }).expect(200);
      expect(outcome.body).toEqual({ status: 'paid', kind: 'credit', target_id: member.id });
    } finally {
      double.setAutoDeliver(true);
    }
    const mine = await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200);
    expect(mine.body).toMatchObject({ balance: '40.00', total: 1, data: [{ amount: '40.00', kind: 'top_up', by: null }] });
    expect(await ledgerSum(db, member.id)).toBe(4000);
    // One confirmation, however often the webhook came.
    await deps.jobs.waitUntilIdle();
    expect(mailsTo(member.email).map((message) => message.subject)).toEqual([`Ricarica ricevuta: ${formatEuros(4000)} sul tuo credito`]);
    expect(mailsTo(member.email)[0]!.text).toContain(`Credito disponibile: ${formatEuros(4000)}`);
  });

  it('tops up within the limits the admin sets (staff may not change them)', async () => {
    const admin = await loginAs(app, DEMO.admin);
    const member = await createMember(db);
    await request(app).put('/api/admin/credit/settings').set(bearer(staff)).send({ top_up_min: '5', top_up_max: '50', correction_limit: '50', confirm_above: '200' }).expect(403);
    const refused = await request(app).put('/api/admin/credit/settings').set(bearer(admin)).send({ top_up_min: '50', top_up_max: '5', correction_limit: '50', confirm_above: '200' }).expect(422);
    expect(refused.body.errors).toEqual({ top_up_max: ['Il massimo non può essere inferiore al minimo.'] });
    try {
      expect((await request(app).put('/api/admin/credit/settings').set(bearer(admin)).send({ top_up_min: '5', top_up_max: '50', correction_limit: '20', confirm_above: '200' }).expect(200)).body).toEqual({
        top_up_min: '5.00',
        top_up_max: '50.00',
        correction_limit: '20.00',
        confirm_above: '200.00',
      });
      expect(await db.auditLog.count({ where: { entityType: 'settings', action: 'update', route: 'PUT /api/admin/credit/settings' } })).toBe(1);
      await topUp(member, '5').expect(200);
      await topUp(member, '50,01').expect(422);
      // The correction limit staff work within follows the setting too.
      const clerk = await newClerk();
      const correct = (amount: string) => request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(clerk.token)).send({ amount, reason: 'Rimborso bar' });
      await correct('20,01').expect(403);
      await correct('20').expect(200);
    } finally {
      await request(app).put('/api/admin/credit/settings').set(bearer(admin)).send({ top_up_min: '10', top_up_max: '200', correction_limit: '50', confirm_above: '200' }).expect(200);
    }
  });

  it('sees only their own credit', async () => {
    const member = await createMember(db);
    const other = await createMember(db);
    await deskTopUp(app, staff, other, '15', 'bank_transfer');
    const mine = await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200);
    expect(mine.body).toMatchObject({ balance: '0.00', total: 0, data: [] });
    await request(app).get('/api/me/credit').expect(401);
  });
});

describe('paying a booking with credit', () => {
  let court: number;
  beforeAll(async () => {
    court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, freeCancellationHours: 24 } });
  });
  const creditOf = (member: TestMember, amount: string) => deskTopUp(app, staff, member, amount);
  /** A 20 € day slot held for the member, days ahead (each test on its own day). */
  const hold = async (member: TestMember, daysAhead: number) =>
    (await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(today, daysAhead), court_id: court, start: '10:30' }).expect(201)).body.booking as { id: number; price: string };
  const payWithCredit = (member: TestMember, id: number) => request(app).post(`/api/bookings/${id}/pay-with-credit`).set(bearer(member.token));
  const statusOf = async (id: number) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;

  it('confirms a hold the balance covers, refuses one it does not, and a booking not held or not the member’s', async () => {
    const member = await createMember(db);
    const other = await createMember(db);
    await creditOf(member, '15');
    const booking = await hold(member, 3);
    expect(booking.price).toBe('20.00');
    expect((await payWithCredit(member, booking.id).expect(409)).body.message).toBe('Credito insufficiente per questo movimento.');
    expect(await statusOf(booking.id)).toBe('pending_payment');
    await creditOf(member, '10');
    await payWithCredit(other, booking.id).expect(404);
    const paid = await payWithCredit(member, booking.id).expect(200);
    expect(paid.body).toMatchObject({ message: 'Prenotazione pagata con il credito.', balance: '5.00', movement: { amount: '-20.00', kind: 'payment', booking_id: booking.id, by: null } });
    expect(await statusOf(booking.id)).toBe('confirmed');
    expect((await payWithCredit(member, booking.id).expect(409)).body.message).toBe('La prenotazione non è più in attesa di pagamento.');
    await deps.jobs.waitUntilIdle();
    const confirmed = mailsTo(member.email).filter((message) => message.subject?.startsWith('Prenotazione confermata'));
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.text).toContain('Pagata con credito');
    expect(await ledgerSum(db, member.id)).toBe(500);
  });

  it('returns the credit once when the member cancels in time, and when the desk cancels with a refund', async () => {
    const member = await createMember(db);
    await creditOf(member, '40');
    const first = await hold(member, 4);
    await payWithCredit(member, first.id).expect(200);
    await request(app).post(`/api/bookings/${first.id}/cancel`).set(bearer(member.token)).expect(200);
    await request(app).post(`/api/bookings/${first.id}/cancel`).set(bearer(member.token)).expect(409);
    expect(await balanceOf(member.id)).toBe(4000);

    const second = await hold(member, 5);
    await payWithCredit(member, second.id).expect(200);
    const cancelled = await request(app).post(`/api/admin/bookings/${second.id}/cancel`).set(bearer(staff)).send({ refund: true, reason: 'Campo allagato' }).expect(200);
    expect(cancelled.body.message).toBe('Prenotazione annullata e rimborsata.');
    expect(await balanceOf(member.id)).toBe(4000);
    expect(await ledgerSum(db, member.id)).toBe(4000);
    // Each payment given back once, to the member's credit: by the member (nobody on the staff), then by the desk.
    const returned = (await statementOf(member.id)).data.filter((movement) => movement.kind === 'returned').reverse();
    expect(returned.map((movement) => [movement.amount, movement.booking_id, movement.by !== null])).toEqual([
      ['20.00', first.id, false],
      ['20.00', second.id, true],
    ]);
  });
});
