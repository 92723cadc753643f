// Finance back-office through the real database: who may call each route, validation of the expense
// and income forms and of the filters, lists with their totals, the CSV, and the numbers of the
// monthly stats and the memberships stats to the cent across month ends and both 2030 clock changes
// (CET→CEST on 31 March, CEST→CET on 27 October).
import type { TPaymentKind } from '@beach/contracts';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { LEDGER_MESSAGES } from './ledger.service.js';
import { TRANSACTION_MESSAGES } from './transactions.service.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let staff: string;
let member: TestMember;

beforeAll(async () => {
  [admin, staff, member] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff), createMember(db)]);
});

const expenseForm = (overrides: Record<string, unknown> = {}) => ({
  date: '2031-05-10',
  category: 'Manutenzione campi',
  description: 'Reti nuove campo B3',
  amount: '120,50',
  payment_method: 'bank_transfer',
  supplier: 'Sport Rimini srl',
  ...overrides,
});

describe('who may call the finance routes', () => {
  const routes: [method: 'get' | 'post' | 'put' | 'delete', path: string][] = [
    ['get', '/api/admin/transactions'],
    ['get', '/api/admin/transactions/export'],
    ['get', '/api/admin/transactions/1'],
    ['get', '/api/admin/expenses'],
    ['post', '/api/admin/expenses'],
    ['put', '/api/admin/expenses/1'],
    ['delete', '/api/admin/expenses/1'],
    ['get', '/api/admin/expenses/stats?date_from=2030-01-01&date_to=2030-06-30'],
    ['get', '/api/admin/incomes'],
    ['post', '/api/admin/incomes'],
    ['put', '/api/admin/incomes/1'],
    ['delete', '/api/admin/incomes/1'],
    ['get', '/api/admin/incomes/stats?date_from=2030-01-01&date_to=2030-06-30'],
  ];

  it.each(routes)('%s %s: 401 without a session, 403 for staff and for a member', async (method, path) => {
    expect((await request(app)[method](path).send(expenseForm())).status).toBe(401);
    expect((await request(app)[method](path).set(bearer(staff)).send(expenseForm())).status).toBe(403);
    expect((await request(app)[method](path).set(bearer(member.token)).send(expenseForm())).status).toBe(403);
  });
});

describe('expenses and extra income', () => {
  const createExpense = (body: Record<string, unknown>) => request(app).post('/api/admin/expenses').set(bearer(admin)).send(body);

  it('creates, lists with filters and the total of the filter, edits and deletes an expense', async () => {
    const created = await createExpense(expenseForm());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      message: LEDGER_MESSAGES.expenseCreated,
      expense: { id: expect.any(Number), date: '2031-05-10', category: 'Manutenzione campi', description: 'Reti nuove campo B3', amount: '120.50', payment_method: 'bank_transfer', supplier: 'Sport Rimini srl', created_at: expect.any(String) },
    });
    const id = created.body.expense.id as number;
    await createExpense(expenseForm({ date: '2031-05-31', category: 'Sabbia', description: 'Sabbia lavata', amount: 300, payment_method: '', supplier: '' })).expect(201);
    await createExpense(expenseForm({ date: '2031-06-01', description: 'Fuori dal filtro', amount: '1' })).expect(201);

    const may = await request(app).get('/api/admin/expenses?date_from=2031-05-01&date_to=2031-05-31').set(bearer(admin)).expect(200);
    expect(may.body.data.map((row: { description: string }) => row.description)).toEqual(['Sabbia lavata', 'Reti nuove campo B3']);
    expect(may.body).toMatchObject({ total: 2, total_amount: '420.50', current_page: 1, last_page: 1 });
    expect(may.body.data[0]).toMatchObject({ payment_method: null, supplier: null });
    expect(may.body.categories).toEqual(expect.arrayContaining(['Manutenzione campi', 'Sabbia']));

    const bySupplier = await request(app).get('/api/admin/expenses?search=rimini%20reti&date_from=2031-01-01').set(bearer(admin)).expect(200);
    expect(bySupplier.body).toMatchObject({ total: 1, total_amount: '120.50' });
    const byCategoryAndMethod = await request(app).get('/api/admin/expenses?category=manutenzione%20campi&payment_method=bank_transfer&date_from=2031-01-01').set(bearer(admin)).expect(200);
    expect(byCategoryAndMethod.body).toMatchObject({ total: 2, total_amount: '121.50' });

    const edited = await request(app).put(`/api/admin/expenses/${id}`).set(bearer(admin)).send(expenseForm({ amount: '99.99', supplier: null })).expect(200);
    expect(edited.body).toMatchObject({ message: LEDGER_MESSAGES.expenseUpdated, expense: { id, amount: '99.99', supplier: null } });

    expect((await request(app).delete(`/api/admin/expenses/${id}`).set(bearer(admin)).expect(200)).body).toEqual({ message: LEDGER_MESSAGES.expenseDeleted });
    expect((await request(app).delete(`/api/admin/expenses/${id}`).set(bearer(admin))).status).toBe(404);
    expect((await request(app).put(`/api/admin/expenses/${id}`).set(bearer(admin)).send(expenseForm())).body).toEqual({ message: LEDGER_MESSAGES.expenseNotFound });
  });

  it('refuses a missing or impossible date, an amount of zero or less, and missing or too long texts', async () => {
    const empty = await createExpense({});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['amount', 'category', 'date', 'description']);
    expect(empty.body.errors.date).toEqual(['Inserisci la data.']);
    expect((await createExpense(expenseForm({ date: '2031-02-30' }))).body.errors).toEqual({ date: ['Inserisci una data valida.'] });
    expect((await createExpense(expenseForm({ date: '10/05/2031' }))).body.errors).toEqual({ date: ['Inserisci una data valida.'] });
    expect((await createExpense(expenseForm({ amount: 0 }))).body.errors).toEqual({ amount: ['L’importo deve essere maggiore di zero.'] });
    expect((await createExpense(expenseForm({ amount: '0,00' }))).body.errors).toEqual({ amount: ['L’importo deve essere maggiore di zero.'] });
    const aboveZero = { amount: ['Inserisci un importo maggiore di zero, con al massimo due decimali (es. 12,50).'] };
    expect((await createExpense(expenseForm({ amount: -5 }))).body.errors).toEqual(aboveZero);
    expect((await createExpense(expenseForm({ amount: '-50,00' }))).body.errors).toEqual(aboveZero);
    expect((await createExpense(expenseForm({ amount: '12.345' }))).body.errors).toEqual(aboveZero);
    expect((await createExpense(expenseForm({ category: '   ', description: 'x'.repeat(501), supplier: 'y'.repeat(201), payment_method: 'assegno' }))).body.errors).toEqual({
      category: ['Campo obbligatorio.'],
      description: ['La descrizione può avere al massimo 500 caratteri.'],
      supplier: ['Il fornitore può avere al massimo 200 caratteri.'],
      payment_method: ['Metodo di pagamento non valido.'],
    });
    const income = await request(app).post('/api/admin/incomes').set(bearer(admin)).send({ date: '2031-04-31', category: 'Bar', description: 'Affitto', amount: '-1' });
    expect(income.status).toBe(422);
    expect(Object.keys(income.body.errors).sort()).toEqual(['amount', 'date']);
  });

  it('refuses bad dates in the list filters and in the stats', async () => {
    for (const path of [
      '/api/admin/expenses?date_from=2031-13-01',
      '/api/admin/incomes?date_to=ieri',
      '/api/admin/transactions?date_from=2031-02-29',
      '/api/admin/transactions/export?date_to=2031-02-29',
      '/api/admin/incomes/stats?date_from=2031-01-01',
      '/api/admin/expenses/stats?date_from=2031-02-30&date_to=2031-06-30',
    ]) {
      const response = await request(app).get(path).set(bearer(admin));
      expect(response.status, path).toBe(422);
    }
    const reversed = await request(app).get('/api/admin/incomes/stats?date_from=2031-06-01&date_to=2031-01-31').set(bearer(admin));
    expect(reversed.body.errors).toEqual({ date_to: ['La data finale non può precedere quella iniziale.'] });
    const missing = await request(app).get('/api/admin/expenses/stats').set(bearer(admin));
    expect(missing.body.errors).toEqual({ date_from: ['Inserisci la data iniziale.'], date_to: ['Inserisci la data finale.'] });
  });

  it('creates, lists, edits and deletes an extra income', async () => {
    const created = await request(app).post('/api/admin/incomes').set(bearer(admin)).send({ date: '2031-07-04', category: 'Sponsor', description: 'Sponsor torneo estivo', amount: '1500', payment_method: 'bank_transfer' }).expect(201);
    expect(created.body.income).toEqual({ id: expect.any(Number), date: '2031-07-04', category: 'Sponsor', description: 'Sponsor torneo estivo', amount: '1500.00', payment_method: 'bank_transfer', created_at: expect.any(String) });
    const id = created.body.income.id as number;
    const listed = await request(app).get('/api/admin/incomes?search=torneo%20estivo&date_from=2031-07-01&date_to=2031-07-31').set(bearer(admin)).expect(200);
    expect(listed.body).toMatchObject({ total: 1, total_amount: '1500.00', data: [{ id }] });
    await request(app).put(`/api/admin/incomes/${id}`).set(bearer(admin)).send({ date: '2031-07-05', category: 'Sponsor', description: 'Sponsor torneo', amount: '1499,99' }).expect(200);
    const edited = await request(app).get('/api/admin/incomes?date_from=2031-07-05&date_to=2031-07-05').set(bearer(admin)).expect(200);
    expect(edited.body).toMatchObject({ total: 1, total_amount: '1499.99', data: [{ id, payment_method: null }] });
    await request(app).delete(`/api/admin/incomes/${id}`).set(bearer(admin)).expect(200);
    expect((await request(app).delete(`/api/admin/incomes/${id}`).set(bearer(admin))).body).toEqual({ message: LEDGER_MESSAGES.incomeNotFound });
  });
});

describe('transactions', () => {
  it('lists by filter with the totals of the whole filter (payments less refunds, nothing unsettled), shows one with its refunds, and exports the filter as CSV', async () => {
    const payer = await createMember(db, { firstName: 'Ottavia', lastName: 'Zanzibar' });
    const at = (iso: string) => new Date(iso);
    const paid = await db.transaction.create({
      data: { kind: 'booking', userId: payer.id, amountCents: 4000, method: 'stripe', status: 'partially_refunded', paidAt: at('2031-08-10T08:00:00Z'), stripePaymentIntentId: 'pi_zanzibar_1', description: 'Campo C2 10/08' },
    });
    const refund = await db.transaction.create({
      data: { kind: 'booking', type: 'refund', refundOfId: paid.id, userId: payer.id, amountCents: 1500, method: 'stripe', status: 'completed', paidAt: at('2031-08-11T08:00:00Z'), stripeRefundId: 're_zanzibar_1' },
    });
    await db.transaction.create({ data: { kind: 'membership', userId: payer.id, amountCents: 6000, method: 'cash', status: 'completed', paidAt: at('2031-08-12T08:00:00Z'), description: 'Tessera stagionale' } });
    await db.transaction.create({ data: { kind: 'membership', userId: payer.id, amountCents: 3000, method: 'stripe', status: 'pending', description: 'Tessera in attesa' } });
    // 31 August 23:30 in Rome: still in an August filter.
    await db.transaction.create({ data: { kind: 'booking', userId: payer.id, amountCents: 2000, method: 'card', status: 'completed', paidAt: at('2031-08-31T21:30:00Z') } });
    // 1 September 00:30 in Rome: outside it.
    await db.transaction.create({ data: { kind: 'booking', userId: payer.id, amountCents: 9999, method: 'card', status: 'completed', paidAt: at('2031-08-31T22:30:00Z') } });
    // Written around the API: their books are posted as the history's are.
    await db.$executeRaw`SELECT ledger_post_history()`;

    const list = (query: string) => request(app).get(`/api/admin/transactions?search=zanzibar&${query}`).set(bearer(admin)).expect(200);
    const august = await list('date_from=2031-08-01&date_to=2031-08-31&per_page=2');
    expect(august.body).toMatchObject({ total: 4, last_page: 2, per_page: 2, totals: { payments: '120.00', refunds: '15.00', net: '105.00' } });
    expect(august.body.data[0]).toMatchObject({ kind: 'booking', type: 'payment', amount: '20.00', method: 'card', status: 'completed', customer: { id: payer.id, name: 'Ottavia Zanzibar', email: payer.email } });
    expect(august.body.data[1]).toMatchObject({ type: 'payment', kind: 'membership', amount: '60.00' });

    expect((await list('type=refund')).body).toMatchObject({ total: 1, data: [{ id: refund.id, stripe_id: 're_zanzibar_1' }], totals: { payments: '0.00', refunds: '15.00', net: '-15.00' } });
    expect((await list('status=pending')).body).toMatchObject({ total: 1, totals: { net: '0.00' }, data: [{ description: 'Tessera in attesa', date: expect.any(String) }] });
    expect((await list('kind=membership&method=cash')).body).toMatchObject({ total: 1, totals: { net: '60.00' } });
    const byStripeId = await request(app).get('/api/admin/transactions?search=pi_zanzibar').set(bearer(admin)).expect(200);
    expect(byStripeId.body).toMatchObject({ total: 1, data: [{ id: paid.id, stripe_id: 'pi_zanzibar_1', description: 'Campo C2 10/08' }] });

    const detail = await request(app).get(`/api/admin/transactions/${paid.id}`).set(bearer(admin)).expect(200);
    expect(detail.body).toMatchObject({ id: paid.id, stripe_payment_intent_id: 'pi_zanzibar_1', paid_at: '2031-08-10T08:00:00.000Z', refund_of: null, refunds: [{ id: refund.id, amount: '15.00', type: 'refund' }] });
    expect((await request(app).get(`/api/admin/transactions/${refund.id}`).set(bearer(admin)).expect(200)).body.refund_of).toMatchObject({ id: paid.id });
    const missing = await request(app).get('/api/admin/transactions/99999999').set(bearer(admin));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: TRANSACTION_MESSAGES.notFound });

    const csv = await request(app).get('/api/admin/transactions/export?search=zanzibar&date_from=2031-08-01&date_to=2031-08-31').set(bearer(admin)).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('movimenti-2031-08-01.csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Data;Movimento;Per;Cliente;E-mail;Telefono;Descrizione;Metodo;Stato;Importo;ID Stripe');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(`31/08/2031 23:30;Pagamento;Prenotazione;Ottavia Zanzibar;${payer.email};;;Carta (POS);Completato;20,00;`);
    expect(lines).toContain(`11/08/2031 10:00;Rimborso;Prenotazione;Ottavia Zanzibar;${payer.email};;;Online (Stripe);Completato;-15,00;re_zanzibar_1`);
  });

  it('names the walk-in of a desk booking as the customer in the list, the detail and the CSV, and finds it by name and phone', async () => {
    const staff = bearer(await loginAs(app, DEMO.staff));
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const deskBook = async (start: string, customer: Record<string, string>) => {
      const response = await request(app)
        .post('/api/admin/bookings')
        .set(staff)
        .send({ court_id: court.id, date: addDays(todayInRome(), 2), start, payment: 'now', method: 'cash', ...customer });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.booking.id as number;
    };
    const mario = await deskBook('09:00', { customer_name: 'Mario Rossi', customer_phone: '333 7654321' });
    const formula = await deskBook('10:30', { customer_name: '=HYPERLINK("http://x")', customer_phone: '0541 111222' });
    await request(app).post(`/api/admin/bookings/${formula}/cancel`).set(staff).send({ refund: true }).expect(200);
    const walkIn = { id: null, name: 'Mario Rossi', email: null, phone: '333 7654321' };

    const found = await request(app).get('/api/admin/transactions').query({ search: 'Mario Rossi' }).set(bearer(admin)).expect(200);
    expect(found.body).toMatchObject({ total: 1, data: [{ booking_id: mario, method: 'cash', amount: '20.00', customer: walkIn }] });
    const byPhone = await request(app).get('/api/admin/transactions').query({ search: '7654321' }).set(bearer(admin)).expect(200);
    expect(byPhone.body.data.map((row: { booking_id: number }) => row.booking_id)).toEqual([mario]);
    const detail = await request(app).get(`/api/admin/transactions/${found.body.data[0].id}`).set(bearer(admin)).expect(200);
    expect(detail.body.customer).toEqual(walkIn);

    const csv = await request(app).get('/api/admin/transactions/export').query({ kind: 'booking', method: 'cash' }).set(bearer(admin)).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.Movimento, row.Cliente, row['E-mail'], row.Telefono, row.Importo])).toEqual(
      expect.arrayContaining([
        ['Pagamento', 'Mario Rossi', '', '333 7654321', '20,00'],
        // A name that is a formula shows as text; the refund stays a negative number.
        ['Pagamento', "'=HYPERLINK(\"http://x\")", '', '0541 111222', '20,00'],
        ['Rimborso', "'=HYPERLINK(\"http://x\")", '', '0541 111222', '-20,00'],
      ]),
    );
    expect(rows).toHaveLength(3);
  });
});

describe('transactions: order and states', () => {
  it('lists newest first by when the money moved (a payment never made by when it was tried), and shows and filters the state of each checkout', async () => {
    const payer = await createMember(db, { firstName: 'Quirino', lastName: 'Ordinato' });
    const at = (iso: string) => new Date(iso);
    const row = (description: string, data: { status: 'completed' | 'pending' | 'failed' | 'abandoned'; createdAt: Date; paidAt?: Date; declinedAt?: Date }) =>
      db.transaction.create({ data: { kind: 'membership', userId: payer.id, amountCents: 1000, method: 'stripe', description, ...data } });
    await row('Aperta il 5', { status: 'pending', createdAt: at('2032-06-05T10:00:00Z') });
    await row('Rifiutata il 4, ancora aperta', { status: 'pending', createdAt: at('2032-06-04T10:00:00Z'), declinedAt: at('2032-06-04T10:01:00Z') });
    // Tried on the 1st, paid on the 3rd: it is the 3rd's.
    await row('Pagata il 3', { status: 'completed', createdAt: at('2032-06-01T08:00:00Z'), paidAt: at('2032-06-03T10:00:00Z') });
    await row('Abbandonata il 2', { status: 'abandoned', createdAt: at('2032-06-02T10:00:00Z') });
    await row('Rifiutata il 1', { status: 'failed', createdAt: at('2032-06-01T10:00:00Z'), declinedAt: at('2032-06-01T10:01:00Z') });
    // The payment made is in the books, posted as the ledger's history is.
    await db.$executeRaw`SELECT ledger_post_history()`;

    const list = async (query = '') =>
      (await request(app).get(`/api/admin/transactions?search=ordinato${query}`).set(bearer(admin)).expect(200)).body.data.map((entry: { description: string; status: string }) => [entry.description, entry.status]);
    expect(await list()).toEqual([
      ['Aperta il 5', 'pending'],
      ['Rifiutata il 4, ancora aperta', 'failed'],
      ['Pagata il 3', 'completed'],
      ['Abbandonata il 2', 'abandoned'],
      ['Rifiutata il 1', 'failed'],
    ]);
    expect(await list('&status=failed')).toEqual([['Rifiutata il 4, ancora aperta', 'failed'], ['Rifiutata il 1', 'failed']]);
    expect(await list('&status=pending')).toEqual([['Aperta il 5', 'pending']]);
    expect(await list('&status=abandoned')).toEqual([['Abbandonata il 2', 'abandoned']]);
    // The days too are those of the dates shown: the payment tried on the 1st and paid on the 3rd is not the 1st's.
    expect(await list('&date_from=2032-06-01&date_to=2032-06-01')).toEqual([['Rifiutata il 1', 'failed']]);

    const csv = await request(app).get('/api/admin/transactions/export?search=ordinato').set(bearer(admin)).expect(200);
    expect(csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).map((line) => line.split(';')[8])).toEqual(['In attesa', 'Non riuscito', 'Completato', 'Abbandonato', 'Non riuscito']);
    expect((await request(app).get('/api/admin/transactions?status=lost').set(bearer(admin))).status).toBe(422);
  });
});

describe('the numbers: monthly stats and memberships stats to the cent', () => {
  it('groups payments, refunds, extra income and expenses by Rome month across month ends and both clock changes', async () => {
    const revenueBefore = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body.revenue;
    const payer = await createMember(db);
    const payment = (kind: 'membership' | 'booking', amountCents: number, paidAt: string | null, status: 'completed' | 'pending' | 'failed' | 'refunded' | 'partially_refunded' = 'completed') =>
      db.transaction.create({ data: { kind, userId: payer.id, amountCents, method: 'cash', status, paidAt: paidAt ? new Date(paidAt) : null } });
    const refund = (of: { id: number; kind: TPaymentKind }, amountCents: number, paidAt: string) =>
      db.transaction.create({ data: { kind: of.kind, type: 'refund', refundOfId: of.id, userId: payer.id, amountCents, method: 'cash', status: 'completed', paidAt: new Date(paidAt) } });
    const expense = (date: string, amountCents: number) => db.expense.create({ data: { date: fromIsoDate(date), category: 'Test', description: 'Spesa di prova', amountCents } });
    const income = (date: string, amountCents: number) => db.income.create({ data: { date: fromIsoDate(date), category: 'Test', description: 'Incasso di prova', amountCents } });

    // February, before the range: 28 Feb 23:30 in Rome (CET, +1).
    await payment('membership', 111, '2030-02-28T22:30:00Z');
    await expense('2030-02-28', 222);
    // March: 1 Mar 00:30 in Rome; 31 Mar 01:30 in Rome, just before the change to summer time at 02:00.
    await payment('booking', 2500, '2030-02-28T23:30:00Z');
    await payment('membership', 6000, '2030-03-31T00:30:00Z');
    await income('2030-03-31', 10_000);
    await expense('2030-03-31', 12_345);
    // April: 31 Mar 22:30 UTC is 1 Apr 00:30 in Rome (CEST, +2); refunded in part on 2 April.
    const partlyRefunded = await payment('membership', 7000, '2030-03-31T22:30:00Z', 'partially_refunded');
    await refund(partlyRefunded, 1500, '2030-04-02T10:00:00Z');
    await expense('2030-04-01', 655);
    // Unsettled payments never count.
    await payment('membership', 3000, null, 'pending');
    await payment('booking', 2000, '2030-04-10T10:00:00Z', 'failed');
    // October: 27 Oct 00:30 UTC is 02:30 summer time in Rome, the night the clocks go back.
    await payment('booking', 2000, '2030-10-27T00:30:00Z');
    // 31 Oct 23:59 in Rome (CET); refunded in full at 1 Nov 00:30 in Rome: the refund is November's.
    const refunded = await payment('booking', 4000, '2030-10-31T22:59:00Z', 'refunded');
    await refund(refunded, 4000, '2030-10-31T23:30:00Z');
    await expense('2030-10-31', 1000);
    // November.
    await income('2030-11-01', 5050);
    await expense('2030-11-30', 99);
    // December, after the range: 30 Nov 23:30 UTC is 1 Dec 00:30 in Rome.
    await payment('booking', 777, '2030-11-30T23:30:00Z');
    // Written around the API: their books are posted as the history's are, each on its own date.
    await db.$executeRaw`SELECT ledger_post_history()`;

    const range = 'date_from=2030-03-01&date_to=2030-11-30';
    const incomeStats = await request(app).get(`/api/admin/incomes/stats?${range}`).set(bearer(admin)).expect(200);
    const month = (number: number, membership: string, booking: string, extra: string, total: string) => ({ year: 2030, month: number, membership, booking, extra, school: '0.00', total });
    const empty = (number: number) => month(number, '0.00', '0.00', '0.00', '0.00');
    expect(incomeStats.body).toEqual({
      by_month: [
        month(3, '60.00', '25.00', '100.00', '185.00'),
        month(4, '55.00', '0.00', '0.00', '55.00'),
        empty(5),
        empty(6),
        empty(7),
        empty(8),
        empty(9),
        month(10, '0.00', '60.00', '0.00', '60.00'),
        month(11, '0.00', '-40.00', '50.50', '10.50'),
      ],
      total: '310.50',
    });

    const expenseStats = await request(app).get(`/api/admin/expenses/stats?${range}`).set(bearer(admin)).expect(200);
    const trend = (number: number, total: string) => ({ year: 2030, month: number, total });
    expect(expenseStats.body).toEqual({
      monthly_trend: [trend(3, '123.45'), trend(4, '6.55'), trend(5, '0.00'), trend(6, '0.00'), trend(7, '0.00'), trend(8, '0.00'), trend(9, '0.00'), trend(10, '10.00'), trend(11, '0.99')],
      total: '140.99',
    });

    const february = 'date_from=2030-02-01&date_to=2030-02-28';
    expect((await request(app).get(`/api/admin/incomes/stats?${february}`).set(bearer(admin)).expect(200)).body).toEqual({ by_month: [month(2, '1.11', '0.00', '0.00', '1.11')], total: '1.11' });
    expect((await request(app).get(`/api/admin/expenses/stats?${february}`).set(bearer(admin)).expect(200)).body).toEqual({ monthly_trend: [trend(2, '2.22')], total: '2.22' });
    const december = await request(app).get('/api/admin/incomes/stats?date_from=2030-12-01&date_to=2030-12-01').set(bearer(admin)).expect(200);
    expect(december.body.by_month).toEqual([month(12, '0.00', '7.77', '0.00', '7.77')]);

    // The memberships stats read the same computation, all time: exactly what was added above.
    const revenueAfter = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body.revenue;
    const cents = (money: string) => Math.round(Number(money) * 100);
    const added = Object.fromEntries(Object.keys(revenueBefore).map((key) => [key, cents(revenueAfter[key]) - cents(revenueBefore[key])]));
    expect(added).toEqual({
      membership_income: 111 + 6000 + 7000 - 1500,
      booking_income: 2500 + 2000 + 4000 - 4000 + 777,
      extra_income: 15_050,
      total_income: 11_611 + 5277 + 15_050,
      total_expenses: 222 + 12_345 + 655 + 1000 + 99,
    });
  });
});
