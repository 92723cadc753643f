// Finance against the credit and the carnets in the ledger, through the real database and the Stripe
// double. Top-ups (desk and online) are money received but not earned — a liability, never revenue;
// credit paying a booking is booking revenue when it pays, a cancellation returning it takes it back. A
// carnet sale (desk and online) is earned use by use: the price over the uses (whole cents, the remainder
// on the last use), a use given back un-earned when it is given back, an expired carnet's unused value
// earned at the Rome midnight after its last valid day, and the rest owed. The transactions list and its
// CSV show top-ups and carnet sales as their own kinds. Ledger entries are dated when they happen and
// never rewritten, so every figure is checked as what the flow added to today's, to the cent, and money
// received = earned + owed. (Grouping by Rome month across month ends and clock changes: finance.test.ts.)
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';

const { app, db, services, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const cents = (money: string) => Math.round(Number(money) * 100);
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
let yesterday = addDays(today, -1);
beforeEach(() => {
  today = todayInRome();
  yesterday = addDays(today, -1);
});
/** As the CSV writes an instant: dd/mm/yyyy hh:mm in Rome. */
const romeDateTime = (at: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
};

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

/** Today's income by source, in cents, as the monthly stats count it (today's entries only). */
async function earnedToday() {
  const { body } = await request(app).get(`/api/admin/incomes/stats?date_from=${today}&date_to=${today}`).set(bearer(admin)).expect(200);
  const [month] = body.by_month as Record<string, string>[];
  return { membership: cents(month!.membership!), booking: cents(month!.booking!), extra: cents(month!.extra!), total: cents(body.total) };
}
/** The liabilities at the end of a Rome day or, without one, now, in cents. */
async function owed(date?: string) {
  const { body } = await request(app).get(`/api/admin/liabilities${date ? `?date=${date}` : ''}`).set(bearer(admin)).expect(200);
  return { credit: cents(body.credit), carnets: cents(body.carnets), total: cents(body.total) };
}
/** How much each figure grew since `before`. */
const grewBy = <T extends Record<string, number>>(after: T, before: T) => Object.fromEntries(Object.keys(after).map((key) => [key, after[key]! - before[key]!])) as T;

describe('money that adds up: finance totals equal the credit ledger to the cent', () => {
  it('counts top-ups as a liability and credit spent on bookings as revenue when spent, taken back when returned', async () => {
    const member = await createMember(db, { firstName: 'Ludovica', lastName: 'Quadrifoglio' });
    const before = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;
    const [earnedBefore, owedYesterday, owedTodayBefore, owedBefore] = [await earnedToday(), await owed(yesterday), await owed(today), await owed()];
    const earned = async () => grewBy(await earnedToday(), earnedBefore);

    // 50 € cash at the desk: received, not earned.
    await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '50', method: 'cash' }).expect(200);
    expect(await earned()).toEqual({ membership: 0, booking: 0, extra: 0, total: 0 });

    // A booking paid from credit: booking revenue now.
    const cancelled = await bookWithCredit(member, 3);
    expect(await earned()).toEqual({ membership: 0, booking: 2000, extra: 0, total: 2000 });

    // 40 € online through Checkout: received, not earned.
    const checkout = await request(app).post('/api/me/credit/top-up').set(bearer(member.token)).send({ amount: '40' }).expect(200);
    const sessionId = (checkout.body.checkout_url as string).split('/').pop()!;
    await double.pay(sessionId);
    const online = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
    expect(online).toMatchObject({ kind: 'credit', status: 'completed', amountCents: 4000 });
    expect((await earned()).booking).toBe(2000);

    // The member cancels in time, the 20 € go back to credit: no longer earned.
    await request(app).post(`/api/bookings/${cancelled}/cancel`).set(bearer(member.token)).expect(200);
    expect(await earned()).toEqual({ membership: 0, booking: 0, extra: 0, total: 0 });

    // Another booking paid from credit: earned again.
    const kept = await bookWithCredit(member, 4);
    // How each was paid, for the member and at the desk: credit returned is no longer a payment.
    for (const [id, paidWith] of [[kept, 'credit'], [cancelled, null]] as const) {
      expect((await request(app).get(`/api/bookings/${id}`).set(bearer(member.token)).expect(200)).body.paid_with).toBe(paidWith);
      expect((await request(app).get(`/api/admin/bookings/${id}`).set(bearer(staff)).expect(200)).body.paid_with).toBe(paidWith);
    }

    // The credit: 50 + 40 − 20 + 20 − 20 = 70 €, the balance the ledger keeps.
    const statement = (await request(app).get(`/api/admin/users/${member.id}/credit`).set(bearer(staff)).expect(200)).body;
    expect(statement).toMatchObject({ balance: '70.00', refundable: '70.00', reserved: '0.00' });
    const balance = cents(statement.balance);

    // Revenue: the top-ups are none of it; only the credit spent on the booking kept.
    const earnedNow = await earned();
    expect(earnedNow).toEqual({ membership: 0, booking: 2000, extra: 0, total: 2000 });

    // The liability: the credit outstanding at the end of each Rome day asked, and now.
    expect(await owed(yesterday)).toEqual(owedYesterday);
    expect(grewBy(await owed(today), owedTodayBefore)).toEqual({ credit: 7000, carnets: 0, total: 7000 });
    expect(grewBy(await owed(), owedBefore)).toEqual({ credit: 7000, carnets: 0, total: 7000 });
    // Every member's credit balance (kept on their accounts) adds up to the liability (read from the postings).
    const [{ balances }] = await db.$queryRaw<[{ balances: number }]>`
      SELECT coalesce(sum(credits_posted - debits_posted), 0)::int AS balances FROM ledger_accounts WHERE kind IN ('credit_funded', 'credit_promo')`;
    expect((await owed()).credit).toBe(balances);

    // The dashboard's figures: all-time booking income grew by the 20 € spent and kept, the liability is every balance.
    const after = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;
    expect(cents(after.revenue.booking_income) - cents(before.revenue.booking_income)).toBe(2000);
    expect(cents(after.revenue.membership_income) - cents(before.revenue.membership_income)).toBe(0);
    expect(cents(after.liabilities.credit) - cents(before.liabilities.credit)).toBe(7000);
    expect(cents(after.liabilities.credit)).toBe(balances);
    expect((await request(app).get('/api/admin/memberships/stats').set(bearer(staff)).expect(200)).body.liabilities).toBeNull();

    // The transactions: the two top-ups, of their own kind, newest first; money in, nothing refunded.
    const list = async (query: string) => (await request(app).get(`/api/admin/transactions?search=quadrifoglio&${query}`).set(bearer(admin)).expect(200)).body;
    const ofToday = await list(`date_from=${today}&date_to=${today}`);
    expect(ofToday).toMatchObject({
      total: 2,
      totals: { payments: '90.00', refunds: '0.00', net: '90.00' },
      data: [{ kind: 'credit', method: 'stripe', amount: '40.00' }, { kind: 'credit', method: 'cash', amount: '50.00' }],
    });
    expect((await list(`date_to=${yesterday}`)).total).toBe(0);
    const credit = await list('kind=credit');
    expect(credit.totals).toEqual({ payments: '90.00', refunds: '0.00', net: '90.00' });
    // Money received = money earned + money owed: 90 € = 20 € of bookings + 70 € of credit.
    expect(cents(credit.totals.net)).toBe(earnedNow.total + balance);

    // The CSV read back: each top-up a row of its own kind, in Rome time, the amounts to the cent.
    const desk = await db.transaction.findFirstOrThrow({ where: { userId: member.id, kind: 'credit', method: 'cash' } });
    const csv = await request(app).get('/api/admin/transactions/export?search=quadrifoglio&kind=credit').set(bearer(admin)).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({ Data: romeDateTime(online.paidAt!), Movimento: 'Pagamento', Per: 'Ricarica credito', Cliente: 'Ludovica Quadrifoglio', Metodo: 'Online (Stripe)', Stato: 'Completato', Importo: '40,00' }),
      expect.objectContaining({ Data: romeDateTime(desk.paidAt!), Movimento: 'Pagamento', Per: 'Ricarica credito', Cliente: 'Ludovica Quadrifoglio', Metodo: 'Contanti', Stato: 'Completato', Importo: '50,00' }),
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

/** A slot held for the member, days ahead, paid with a use of their carnet; with the use's carnet. */
async function bookWithCarnet(member: TestMember, daysAhead: number) {
  const { id: bookingId } = await hold(member, daysAhead, '12:00');
  await request(app).post(`/api/bookings/${bookingId}/pay-with-carnet`).set(bearer(member.token)).expect(200);
  return { bookingId, carnetId: (await db.carnetUse.findFirstOrThrow({ where: { bookingId } })).carnetId };
}

describe('money that adds up: finance totals equal the carnets to the cent', () => {
  it('earns a carnet sale use by use, takes a use given back off, earns the unused value at expiry and owes the rest', async () => {
    const member = await createMember(db, { firstName: 'Ottavio', lastName: 'Pacchettini' });
    const before = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;
    const [earnedBefore, owedYesterday, owedTodayBefore, owedBefore] = [await earnedToday(), await owed(yesterday), await owed(today), await owed()];
    const earned = async () => (await earnedToday()).booking - earnedBefore.booking;
    const owedCarnets = async () => (await owed()).carnets - owedBefore.carnets;
    const list = async (query: string) => (await request(app).get(`/api/admin/transactions?search=pacchettini&${query}`).set(bearer(admin)).expect(200)).body;
    /** Money received = money earned + money owed, whenever asked. */
    const addsUp = async () => {
      const received = cents((await list('kind=carnet')).totals.net);
      expect(received).toBe((await earned()) + (await owedCarnets()));
    };

    // Carnet A, sold at the desk: 3 uses for 50 € (16.66 + 16.66 + 16.68). Received, owed, not earned.
    const sold = await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: await createProduct('Tre ingressi', '50'), method: 'cash' }).expect(201);
    const carnetA = sold.body.carnet.id as number;
    expect([await earned(), await owedCarnets()]).toEqual([0, 5000]);
    await addsUp();
    // Each use earns its worth.
    const first = await bookWithCarnet(member, 3);
    expect([await earned(), await owedCarnets()]).toEqual([1666, 3334]);
    const second = await bookWithCarnet(member, 4);
    expect([first.carnetId, second.carnetId]).toEqual([carnetA, carnetA]);
    expect([await earned(), await owedCarnets()]).toEqual([3332, 1668]);
    // The member cancels the second booking in time: its use goes back to carnet A, no longer earned.
    await request(app).post(`/api/bookings/${second.bookingId}/cancel`).set(bearer(member.token)).expect(200);
    expect((await db.carnet.findUniqueOrThrow({ where: { id: carnetA } })).usesLeft).toBe(2);
    expect([await earned(), await owedCarnets()]).toEqual([1666, 3334]);
    await addsUp();

    // Carnet A's last valid day was yesterday: at the Rome midnight after it, the daily job earns its two
    // unused uses (16.66 + 16.68), once.
    await db.carnet.update({ where: { id: carnetA }, data: { validFrom: fromIsoDate(addDays(today, -30)), validUntil: fromIsoDate(yesterday) } });
    expect(await services.carnets.earnExpired()).toBeGreaterThanOrEqual(1);
    expect(await services.carnets.earnExpired()).toBe(0);
    const [breakage] = await db.$queryRaw<{ effectiveAt: Date }[]>`SELECT effective_at AS "effectiveAt" FROM ledger_entries WHERE key = ${`carnet:${carnetA}:breakage`}`;
    expect(breakage!.effectiveAt).toEqual(instantInRome(today, '00:00'));
    expect([await earned(), await owedCarnets()]).toEqual([5000, 0]);
    await addsUp();

    // Carnet B, bought online: 3 uses for 25 € (8.33 + 8.33 + 8.34), still valid; two uses, the last (with the remainder) left.
    const checkout = await request(app).post('/api/me/carnets/checkout').set(bearer(member.token)).send({ product_id: await createProduct('Tre ingressi online', '25') }).expect(200);
    const sessionId = (checkout.body.checkout_url as string).split('/').pop()!;
    await double.pay(sessionId);
    const online = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId }, include: { carnet: true } });
    expect(online).toMatchObject({ kind: 'carnet', status: 'completed', amountCents: 2500 });
    const carnetB = online.carnet!.id;
    expect([await earned(), await owedCarnets()]).toEqual([5000, 2500]);
    const third = await bookWithCarnet(member, 5);
    const fourth = await bookWithCarnet(member, 6);
    expect([third.carnetId, fourth.carnetId]).toEqual([carnetB, carnetB]);

    // Revenue: the sales are none of it; each use as it paid, the use given back taken off, carnet A's
    // unused value at its expiry: 16.66 + 33.34 + 8.33 + 8.33.
    expect(await earned()).toBe(6666);
    expect(grewBy(await earnedToday(), earnedBefore)).toEqual({ membership: 0, booking: 6666, extra: 0, total: 6666 });

    // The liability at the end of each Rome day: only carnet B's last use is owed, with the remainder (8.34).
    expect(await owed(yesterday)).toEqual(owedYesterday);
    expect(grewBy(await owed(today), owedTodayBefore)).toEqual({ credit: 0, carnets: 834, total: 834 });
    expect(await owedCarnets()).toBe(834);

    // The transactions: the two sales, of their own kind; money in, nothing refunded.
    const sales = await list('kind=carnet');
    expect(sales).toMatchObject({ total: 2, totals: { payments: '75.00', refunds: '0.00', net: '75.00' }, data: [{ kind: 'carnet', method: 'stripe', amount: '25.00' }, { kind: 'carnet', method: 'cash', amount: '50.00' }] });
    expect((await list('kind=credit')).total).toBe(0);
    // Money received = money earned + money owed: 75 € = 66.66 € + 8.34 €.
    await addsUp();

    // The dashboard's figures: all-time booking income grew by what the uses and the expiry earned, the liability by what is owed.
    const after = (await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200)).body;
    expect(cents(after.revenue.booking_income) - cents(before.revenue.booking_income)).toBe(6666);
    expect(cents(after.liabilities.carnets) - cents(before.liabilities.carnets)).toBe(834);
    expect(cents(after.liabilities.total)).toBe(cents(after.liabilities.credit) + cents(after.liabilities.carnets));

    // The CSV read back: each sale a row of its own kind, in Rome time, the amounts to the cent.
    const desk = await db.transaction.findFirstOrThrow({ where: { userId: member.id, kind: 'carnet', method: 'cash' } });
    const csv = await request(app).get('/api/admin/transactions/export?search=pacchettini&kind=carnet').set(bearer(admin)).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({ Data: romeDateTime(online.paidAt!), Movimento: 'Pagamento', Per: 'Vendita carnet', Cliente: 'Ottavio Pacchettini', Metodo: 'Online (Stripe)', Stato: 'Completato', Importo: '25,00' }),
      expect.objectContaining({ Data: romeDateTime(desk.paidAt!), Movimento: 'Pagamento', Per: 'Vendita carnet', Cliente: 'Ottavio Pacchettini', Metodo: 'Contanti', Stato: 'Completato', Importo: '50,00' }),
    ]);
    expect(rows.reduce((sum, row) => sum + cents(row.Importo!.replace(',', '.')), 0)).toBe(cents(sales.totals.net));
  });
});
