// Finance against the credit ledger, through the real database and the Stripe double: top-ups (desk
// and online) are money received but not earned — a liability, never revenue; credit paying a booking
// is booking revenue in the Rome month it paid, a cancellation returning it takes it back; the
// transactions list and its CSV show the top-ups as their own kind. Every figure checked to the cent
// across the Rome month ends of January and February 2033 (CET, UTC+1).
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';

const { app, db, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const at = (iso: string) => new Date(iso);

let admin: string;
let staff: string;
let court: number;
beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, freeCancellationHours: 24 } });
});

/** A 20 € day slot held for the member, days ahead, paid from credit. */
async function bookWithCredit(member: TestMember, daysAhead: number) {
  const held = await request(app).post('/api/bookings').set(bearer(member.token)).send({ date: addDays(todayInRome(), daysAhead), court_id: court, start: '10:30' }).expect(201);
  const booking = held.body.booking as { id: number; price: string };
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
    const cents = (money: string) => Math.round(Number(money) * 100);
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
