// Finance against the credit ledger and the carnets, through the real database and the Stripe double.
// Top-ups (desk and online) are money received but not earned — a liability, never revenue; credit
// paying a booking is booking revenue in the Rome month it paid, a cancellation returning it takes it
// back. A carnet sale (desk and online) is earned use by use: the price over the uses (whole cents, the
// remainder on the last use), a use given back un-earned in its Rome month, an expired carnet's unused
// value earned when it expires, and the rest owed. The transactions list and its CSV show top-ups and
// carnet sales as their own kinds. Every figure checked to the cent across Rome month ends (2033 for
// credit; 2021 for carnets, whose expiry must be past), and money received = earned + owed.
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';

const { app, db, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const at = (iso: string) => new Date(iso);
const cents = (money: string) => Math.round(Number(money) * 100);
const today = todayInRome();

let admin: string;
let staff: string;
let court: number;
beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, freeCancellationHours: 24 } });
});

/** A 20 € day slot of C1 held for the member, days ahead (each scenario its own start time). */
const hold = async (member: TestMember, daysAhead: number, start: string) =>
  (await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(today, daysAhead), court_id: court, start }).expect(201)).body.booking as { id: number; price: string };

/** A slot held for the member, days ahead, paid from credit. */
async function bookWithCredit(member: TestMember, daysAhead: number) {
  const booking = await hold(member, daysAhead, '10:30');
  expect(booking.price).toBe('20.00');
  await request(app).post(`/api/bookings/${booking.id}/pay-with-credit`).set(bearer(member.token)).expect(200);
  return booking.id;
}

/** Moves what the flow wrote to the instant the scenario says it happened (movements keep their amount and kind). */
const movementAt = (where: { transactionId?: number; bookingId?: number; amountCents: number }, iso: string) =>
  db.creditMovement.updateMany({ where: { ...where, kind: where.transactionId ? 'top_up' : 'payment' }, data: { createdAt: at(iso) } });

describe('money that adds up: finance totals equal the credit ledger to the cent', () => {
  it('counts top-ups as a liability and credit spent on bookings as revenue in its Rome month, taken back when returned', async () => {
    const member = await createMember(app, db, { firstName: 'Ludovica', lastName: 'Quadrifoglio' });
    const before = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;

    // 31 Jan 11:00 in Rome: 50 € cash at the desk.
    await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '50', method: 'cash' }).expect(200);
    const desk = await db.transaction.findFirstOrThrow({ where: { userId: member.id, kind: 'credit', method: 'cash' } });
    await db.transaction.update({ where: { id: desk.id }, data: { paidAt: at('2033-01-31T10:00:00Z') } });
    await movementAt({ transactionId: desk.id, amountCents: 5000 }, '2033-01-31T10:00:00Z');

    // 31 Jan 23:50 in Rome: a booking paid from credit — January's revenue.
    const cancelled = await bookWithCredit(member, 3);
    await movementAt({ bookingId: cancelled, amountCents: -2000 }, '2033-01-31T22:50:00Z');

    // 1 Feb 00:30 in Rome: 40 € online through Checkout.
    const checkout = await request(app).post('/api/me/credit/top-up').set(bearer(member.token)).send({ amount: '40' }).expect(200);
    const sessionId = (checkout.body.checkout_url as string).split('/').pop()!;
    await double.pay(sessionId);
    const online = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
    expect(online).toMatchObject({ kind: 'credit', status: 'completed', amountCents: 4000 });
    await db.transaction.update({ where: { id: online.id }, data: { paidAt: at('2033-01-31T23:30:00Z') } });
    await movementAt({ transactionId: online.id, amountCents: 4000 }, '2033-01-31T23:30:00Z');

    // 1 Feb 10:00 in Rome: the member cancels in time, the 20 € go back to credit — February un-earns them.
    await request(app).post(`/api/bookings/${cancelled}/cancel`).set(bearer(member.token)).expect(200);
    await movementAt({ bookingId: cancelled, amountCents: 2000 }, '2033-02-01T09:00:00Z');

    // 1 Mar 00:30 in Rome: another booking paid from credit — March's revenue.
    const kept = await bookWithCredit(member, 4);
    // How each was paid, for the member and at the desk: credit returned is no longer a payment.
    for (const [id, paidWith] of [[kept, 'credit'], [cancelled, null]] as const) {
      expect((await request(app).get(`/api/bookings/${id}`).set(bearer(member.token)).expect(200)).body.paid_with).toBe(paidWith);
      expect((await request(app).get(`/api/admin/bookings/${id}`).set(bearer(staff)).expect(200)).body.paid_with).toBe(paidWith);
    }
    await movementAt({ bookingId: kept, amountCents: -2000 }, '2033-02-28T23:30:00Z');

    // The ledger: 50 + 40 − 20 + 20 − 20 = 70 €, the balance the database keeps.
    const balance = (await db.creditBalance.findUniqueOrThrow({ where: { userId: member.id } })).balanceCents;
    expect(balance).toBe(7000);

    // Revenue: the top-ups are none of it; only credit spent on bookings, by the Rome month it was spent.
    const stats = await request(app).get('/api/admin/incomes/stats?date_from=2033-01-01&date_to=2033-03-31').set(bearer(admin)).expect(200);
    const month = (number: number, booking: string) => ({ year: 2033, month: number, membership: '0.00', booking, extra: '0.00', total: booking });
    expect(stats.body).toEqual({ by_month: [month(1, '20.00'), month(2, '-20.00'), month(3, '20.00')], total: '20.00' });

    // The liability: the credit outstanding at the end of each Rome day asked, and now.
    const owed = async (date?: string) => (await request(app).get(`/api/admin/liabilities${date ? `?date=${date}` : ''}`).set(bearer(admin)).expect(200)).body;
    expect(await owed('2033-01-30')).toEqual({ credit: '0.00', carnets: '0.00', total: '0.00' });
    expect(await owed('2033-01-31')).toEqual({ credit: '30.00', carnets: '0.00', total: '30.00' });
    expect(await owed('2033-02-28')).toEqual({ credit: '90.00', carnets: '0.00', total: '90.00' });
    expect(await owed('2033-03-01')).toEqual({ credit: '70.00', carnets: '0.00', total: '70.00' });
    const [{ balances }] = await db.$queryRaw<[{ balances: number }]>`SELECT coalesce(sum(balance_cents), 0)::int AS balances FROM credit_balances`;
    expect(cents((await owed()).credit)).toBe(balances);

    // The dashboard's figures: all-time booking income grew by the 20 € spent and kept, the liability is every balance.
    const after = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;
    expect(cents(after.revenue.booking_income) - cents(before.revenue.booking_income)).toBe(2000);
    expect(cents(after.revenue.membership_income) - cents(before.revenue.membership_income)).toBe(0);
    expect(cents(after.liabilities.credit) - cents(before.liabilities.credit)).toBe(7000);
    expect(cents(after.liabilities.total)).toBe(balances);
    expect((await request(app).get('/api/admin/memberships/stats').set(bearer(staff)).expect(200)).body.liabilities).toBeNull();

    // The transactions: the two top-ups, of their own kind, one in each month; money in, nothing refunded.
    const list = async (query: string) => (await request(app).get(`/api/admin/transactions?search=quadrifoglio&${query}`).set(bearer(admin)).expect(200)).body;
    const january = await list('date_from=2033-01-01&date_to=2033-01-31');
    expect(january).toMatchObject({ total: 1, totals: { payments: '50.00', refunds: '0.00', net: '50.00' }, data: [{ kind: 'credit', method: 'cash', amount: '50.00' }] });
    const february = await list('date_from=2033-02-01&date_to=2033-02-28');
    expect(february).toMatchObject({ total: 1, totals: { net: '40.00' }, data: [{ kind: 'credit', method: 'stripe', amount: '40.00' }] });
    const credit = await list('kind=credit');
    expect(credit.totals).toEqual({ payments: '90.00', refunds: '0.00', net: '90.00' });
    // Money received = money earned + money owed: 90 € = 20 € of bookings + 70 € of credit.
    expect(cents(credit.totals.net)).toBe(cents(stats.body.total) + balance);

    // The CSV read back: each top-up a row of its own kind, in Rome time, the amounts to the cent.
    const csv = await request(app).get('/api/admin/transactions/export?search=quadrifoglio&kind=credit').set(bearer(admin)).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({ Data: '01/02/2033 00:30', Movimento: 'Pagamento', Per: 'Ricarica credito', Cliente: 'Ludovica Quadrifoglio', Metodo: 'Online (Stripe)', Stato: 'Completato', Importo: '40,00' }),
      expect.objectContaining({ Data: '31/01/2033 11:00', Movimento: 'Pagamento', Per: 'Ricarica credito', Cliente: 'Ludovica Quadrifoglio', Metodo: 'Contanti', Stato: 'Completato', Importo: '50,00' }),
    ]);
    expect(rows.reduce((sum, row) => sum + cents(row.Importo!.replace(',', '.')), 0)).toBe(cents(credit.totals.net));
  });

  it('refuses a bad day for the liability (422, Italian message) and answers only admins', async () => {
    const refused = await request(app).get('/api/admin/liabilities?date=2033-02-30').set(bearer(admin)).expect(422);
    expect(refused.body.errors.date).toEqual(['Inserisci una data valida.']);
    await request(app).get('/api/admin/liabilities').expect(401);
    await request(app).get('/api/admin/liabilities').set(bearer(staff)).expect(403);
  });
});

const createProduct = async (name: string, price: string) =>
  (await request(app).post('/api/admin/carnet-products').set(bearer(admin))
    .send({ name, uses: 3, band: 'any', court_ids: [], price, valid_from: addDays(today, -30), valid_until: addDays(today, 90), is_active: true }).expect(201)).body.id as number;

/** A slot held for the member, days ahead, paid with a use of their carnet; with the use's id. */
async function bookWithCarnet(member: TestMember, daysAhead: number) {
  const { id: bookingId } = await hold(member, daysAhead, '12:00');
  await request(app).post(`/api/bookings/${bookingId}/pay-with-carnet`).set(bearer(member.token)).expect(200);
  return { bookingId, useId: (await db.carnetUse.findFirstOrThrow({ where: { bookingId } })).id };
}

/** Moves a carnet's sale to the instant the scenario says it happened. */
async function soldAt(carnetId: number, iso: string) {
  const carnet = await db.carnet.update({ where: { id: carnetId }, data: { createdAt: at(iso) } });
  await db.transaction.update({ where: { id: carnet.transactionId! }, data: { paidAt: at(iso) } });
}

describe('money that adds up: finance totals equal the carnets to the cent', () => {
  it('earns a carnet sale use by use, takes a use given back off its month, earns the unused value at expiry and owes the rest', async () => {
    const member = await createMember(app, db, { firstName: 'Ottavio', lastName: 'Pacchettini' });
    const before = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;

    // Carnet A, sold at the desk on 31 Jan 2021 at 11:00 in Rome: 3 uses for 50 € (16.66 + 16.66 + 16.68).
    const sold = await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: await createProduct('Tre ingressi', '50'), method: 'cash' }).expect(201);
    const carnetA = sold.body.carnet.id as number;
    const first = await bookWithCarnet(member, 3);
    const second = await bookWithCarnet(member, 4);
    // The member cancels the second booking in time: its use goes back to carnet A.
    await request(app).post(`/api/bookings/${second.bookingId}/cancel`).set(bearer(member.token)).expect(200);
    expect((await db.carnet.findUniqueOrThrow({ where: { id: carnetA } })).usesLeft).toBe(2);
    await soldAt(carnetA, '2021-01-31T10:00:00Z');
    // Valid for the first quarter of 2021: it expires at the Rome midnight of 1 April (CEST).
    await db.carnet.update({ where: { id: carnetA }, data: { validFrom: fromIsoDate('2021-01-01'), validUntil: fromIsoDate('2021-03-31') } });
    // 31 Jan 23:50 in Rome: the first use, January's; 1 Feb 00:10: the second, February's, given back 1 Feb at 10:00.
    await db.carnetUse.update({ where: { id: first.useId }, data: { createdAt: at('2021-01-31T22:50:00Z') } });
    await db.carnetUse.update({ where: { id: second.useId }, data: { createdAt: at('2021-01-31T23:10:00Z'), returnedAt: at('2021-02-01T09:00:00Z') } });

    // Carnet B, bought online on 1 Feb 2021 at 00:30 in Rome: 3 uses for 25 € (8.33 + 8.33 + 8.34), still valid today.
    const checkout = await request(app).post('/api/me/carnets/checkout').set(bearer(member.token)).send({ product_id: await createProduct('Tre ingressi online', '25') }).expect(200);
    const sessionId = (checkout.body.checkout_url as string).split('/').pop()!;
    await double.pay(sessionId);
    const online = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId }, include: { carnet: true } });
    expect(online).toMatchObject({ kind: 'carnet', status: 'completed', amountCents: 2500 });
    const carnetB = online.carnet!.id;
    await soldAt(carnetB, '2021-01-31T23:30:00Z');
    // 28 Feb 23:30 in Rome: a use, February's; 1 Mar 00:30: another, March's.
    const third = await bookWithCarnet(member, 5);
    const fourth = await bookWithCarnet(member, 6);
    expect((await db.carnetUse.findUniqueOrThrow({ where: { id: third.useId } })).carnetId).toBe(carnetB);
    await db.carnetUse.update({ where: { id: third.useId }, data: { createdAt: at('2021-02-28T22:30:00Z') } });
    await db.carnetUse.update({ where: { id: fourth.useId }, data: { createdAt: at('2021-02-28T23:30:00Z') } });

    // Revenue: the sales are none of it; each use in the Rome month it paid, the use given back taken off
    // February, and carnet A's two unused uses (16.66 + 16.68) earned in April, when it expired.
    const stats = await request(app).get('/api/admin/incomes/stats?date_from=2021-01-01&date_to=2021-04-30').set(bearer(admin)).expect(200);
    const month = (number: number, booking: string) => ({ year: 2021, month: number, membership: '0.00', booking, extra: '0.00', total: booking });
    expect(stats.body).toEqual({ by_month: [month(1, '16.66'), month(2, '8.33'), month(3, '8.33'), month(4, '33.34')], total: '66.66' });

    // The liability at the end of each Rome day: the unused value of the carnets sold and valid that day.
    const owed = async (date?: string) => (await request(app).get(`/api/admin/liabilities${date ? `?date=${date}` : ''}`).set(bearer(admin)).expect(200)).body;
    expect(await owed('2021-01-30')).toEqual({ credit: '0.00', carnets: '0.00', total: '0.00' });
    expect(await owed('2021-01-31')).toEqual({ credit: '0.00', carnets: '33.34', total: '33.34' });
    expect(await owed('2021-02-28')).toEqual({ credit: '0.00', carnets: '50.01', total: '50.01' });
    expect(await owed('2021-03-31')).toEqual({ credit: '0.00', carnets: '41.68', total: '41.68' });
    // Carnet A expired: only carnet B's last use is owed, with the remainder (8.34).
    expect(await owed('2021-04-01')).toEqual({ credit: '0.00', carnets: '8.34', total: '8.34' });
    expect((await owed()).carnets).toBe('8.34');

    // The transactions: the two sales, of their own kind; money in, nothing refunded.
    const list = async (query: string) => (await request(app).get(`/api/admin/transactions?search=pacchettini&${query}`).set(bearer(admin)).expect(200)).body;
    const sales = await list('kind=carnet');
    expect(sales).toMatchObject({ total: 2, totals: { payments: '75.00', refunds: '0.00', net: '75.00' }, data: [{ kind: 'carnet', method: 'stripe', amount: '25.00' }, { kind: 'carnet', method: 'cash', amount: '50.00' }] });
    expect((await list('kind=credit')).total).toBe(0);

    // Money received = money earned + money owed, at the end of every day asked.
    for (const day of ['2021-01-31', '2021-02-28', '2021-03-31', '2021-04-01']) {
      const received = (await list(`kind=carnet&date_to=${day}`)).totals.net as string;
      const earned = (await request(app).get(`/api/admin/incomes/stats?date_from=2021-01-01&date_to=${day}`).set(bearer(admin)).expect(200)).body.total as string;
      expect(cents(received), day).toBe(cents(earned) + cents((await owed(day)).carnets));
    }

    // The dashboard's figures: all-time booking income grew by what the uses and the expiry earned, the liability by what is owed.
    const after = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;
    expect(cents(after.revenue.booking_income) - cents(before.revenue.booking_income)).toBe(6666);
    expect(cents(after.liabilities.carnets) - cents(before.liabilities.carnets)).toBe(834);
    expect(cents(after.liabilities.total)).toBe(cents(after.liabilities.credit) + cents(after.liabilities.carnets));

    // The CSV read back: each sale a row of its own kind, in Rome time, the amounts to the cent.
    const csv = await request(app).get('/api/admin/transactions/export?search=pacchettini&kind=carnet').set(bearer(admin)).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({ Data: '01/02/2021 00:30', Movimento: 'Pagamento', Per: 'Vendita carnet', Cliente: 'Ottavio Pacchettini', Metodo: 'Online (Stripe)', Stato: 'Completato', Importo: '25,00' }),
      expect.objectContaining({ Data: '31/01/2021 11:00', Movimento: 'Pagamento', Per: 'Vendita carnet', Cliente: 'Ottavio Pacchettini', Metodo: 'Contanti', Stato: 'Completato', Importo: '50,00' }),
    ]);
    expect(rows.reduce((sum, row) => sum + cents(row.Importo!.replace(',', '.')), 0)).toBe(cents(sales.totals.net));
  });
});
