// Booking back-office through the real database, job queue, SMTP on loopback and the Stripe double:
// desk bookings (walk-in, member, pay now / later / by link), the price override rules, mark paid,
// moves with the overlap guarantee, cancellation with each refund path, restore, the list's filters
// and CSV, and weekly series (preview, all-or-nothing creation, edit, cancel).
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { linkIn, startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { ADMIN_BOOKING_MESSAGES } from './admin-bookings.service.js';
import { RECURRING_MESSAGES, seriesDates } from './recurring.service.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });
const double = stripe!;
const today = todayInRome();
const day = addDays(today, 3);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: Record<string, string>;
let admin: Record<string, string>;
let alice: TestMember;
let c1: number;
let c2: number;

const deskBook = (as: Record<string, string>, body: Record<string, unknown>) =>
  request(app).post('/api/admin/bookings').set(as).send({ court_id: c1, date: day, start: '09:00', payment: 'later', customer_name: 'Mario Passante', ...body });
const adminBookings = (ids: number[]) => Promise.all(ids.map(async (id) => (await request(app).get(`/api/admin/bookings/${id}`).set(staff).expect(200)).body as { owed: string }));
const walkIn = async (body: Record<string, unknown> = {}) => {
  const response = await deskBook(staff, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.booking as { id: number; [key: string]: unknown };
};

beforeAll(async () => {
  const [staffToken, adminToken] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  staff = bearer(staffToken);
  admin = bearer(adminToken);
  alice = await createMember(db, { firstName: 'Alice', lastName: 'Socia' });
  [c1, c2] = (await Promise.all(['C1', 'C2'].map(async (code) => (await db.court.findUniqueOrThrow({ where: { code } })).id))) as [number, number];
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
});
beforeEach(async () => {
  // A refund the previous test asked of Stripe is recorded by a job: wait for it, so none lands mid-cleanup.
  await deps.jobs.waitUntilIdle();
  // The bookings go; their payments and refunds stay, the documents of the books' entries (the file ends
  // with the books reconciled).
  await db.booking.deleteMany({});
  await db.recurringBooking.deleteMany({});
  await db.courtClosure.deleteMany({});
  await db.bookingCoupon.deleteMany({});
});

describe('desk bookings', () => {
  it('books a walk-in paid in cash at the list price, shown on the planner', async () => {
    const created = await deskBook(staff, { start: '18:00', slots: 2, payment: 'now', method: 'cash', customer_phone: '333 1234567' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(ADMIN_BOOKING_MESSAGES.createdPaid);
    // 18:00 day slot 20 € + 19:30 evening slot 40 €.
    expect(created.body.booking).toMatchObject({
      start: '18:00',
      end: '21:00',
      status: 'confirmed',
      price: '60.00',
      paid: '60.00',
      owed: '0.00',
      payment_state: 'paid',
      payment_method: 'cash',
      customer: { user_id: null, name: 'Mario Passante', phone: '333 1234567' },
      created_by: expect.stringMatching(/\S/),
    });
    const payment = await db.transaction.findFirstOrThrow({ where: { bookingId: created.body.booking.id } });
    expect(payment).toMatchObject({ amountCents: 6000, method: 'cash', status: 'completed', type: 'payment' });

    const planner = await request(app).get('/api/admin/bookings/planner').query({ date: day }).set(staff);
    expect(planner.status).toBe(200);
    expect(planner.body.courts.length).toBeGreaterThanOrEqual(19);
    expect(planner.body.slots).toHaveLength(10);
    expect(planner.body.bookings).toEqual([expect.objectContaining({ id: created.body.booking.id, court: expect.objectContaining({ id: c1 }) })]);
  });

  it('needs a customer, a method when paid now, a member for a link, and refuses a taken slot with 409', async () => {
    const missing = await request(app).post('/api/admin/bookings').set(staff).send({ court_id: c1, date: day, start: '09:00', payment: 'now' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({ customer_name: ['Scegli un socio oppure scrivi il nome del cliente.'], method: ['Scegli come ha pagato.'] });
    const link = await deskBook(staff, { payment: 'link' });
    expect(link.body.errors).toEqual({ payment: ['Il pagamento con link è per i soci registrati: scegli un socio.'] });
    await walkIn();
    const taken = await deskBook(staff, { customer_name: 'Altro' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ADMIN_BOOKING_MESSAGES.taken);
    const over = await deskBook(staff, { date: addDays(today, -1) });
    expect(over.body.message).toBe(ADMIN_BOOKING_MESSAGES.over);
  });

  it('lets only an admin change the price, and only with a reason', async () => {
    const byStaff = await deskBook(staff, { price: '10', price_reason: 'Amico' });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.message).toBe(ADMIN_BOOKING_MESSAGES.priceAdminOnly);
    const noReason = await deskBook(admin, { price: '10' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ price_reason: ['Indica il motivo del prezzo modificato.'] });
    const overridden = await deskBook(admin, { price: '12,50', price_reason: 'Maestro del circolo' });
    expect(overridden.status).toBe(201);
    expect(overridden.body.booking).toMatchObject({ price: '12.50', price_override_reason: 'Maestro del circolo', payment_state: 'unpaid' });
  });

  it('marks a booking paid once', async () => {
    const booking = await walkIn();
    expect(booking).toMatchObject({ payment_state: 'unpaid', paid: '0.00', owed: '20.00' });
    const paid = await request(app).post(`/api/admin/bookings/${booking.id}/mark-paid`).set(staff).send({ method: 'card' });
    expect(paid.body).toMatchObject({ message: ADMIN_BOOKING_MESSAGES.paid, booking: { payment_state: 'paid', payment_method: 'card', paid: '20.00', owed: '0.00' } });
    const again = await request(app).post(`/api/admin/bookings/${booking.id}/mark-paid`).set(staff).send({ method: 'card' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ADMIN_BOOKING_MESSAGES.alreadyPaid);
    const wrongMethod = await request(app).post(`/api/admin/bookings/${booking.id}/mark-paid`).set(staff).send({ method: 'stripe' });
    expect(wrongMethod.status).toBe(422);
  });

  it('collects once when two desks mark one booking paid at once', async () => {
    const booking = await walkIn();
    const both = await Promise.all([0, 1].map(() => request(app).post(`/api/admin/bookings/${booking.id}/mark-paid`).set(staff).send({ method: 'cash' })));
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await db.transaction.findMany({ where: { bookingId: booking.id, type: 'payment' } })).map((row) => row.amountCents)).toEqual([2000]);
    expect((await request(app).get(`/api/admin/bookings/${booking.id}`).set(staff)).body).toMatchObject({ paid: '20.00', owed: '0.00' });
  });

  it('sends a member a payment link that they pay online', async () => {
    const created = await deskBook(staff, { user_id: alice.id, customer_name: null, payment: 'link', start: '12:00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: ADMIN_BOOKING_MESSAGES.createdLink, booking: { status: 'pending_payment', payment_state: 'awaiting_online', customer: { user_id: alice.id, name: 'Alice Socia' } } });
    const id = created.body.booking.id as number;
    const email = await mail.waitFor(alice.email);
    expect(linkIn(email, 'http://web.example.test/prenotazioni/pagamento/')).toBe(`http://web.example.test/prenotazioni/pagamento/${id}`);
    const checkout = await request(app).post(`/api/bookings/${id}/checkout`).set(bearer(alice.token)).send({});
    expect(checkout.status).toBe(200);
    await double.pay(checkout.body.checkout_url.split('/').pop());
    await expect.poll(async () => (await request(app).get(`/api/admin/bookings/${id}`).set(staff)).body.payment_state).toBe('paid');
  });
});

describe('free-use courts', () => {
  it('are not offered on the planner and are refused when booked, moved to or used for a series (422)', async () => {
    const l1 = (await db.court.findUniqueOrThrow({ where: { code: 'L1' } })).id;
    const planner = await request(app).get('/api/admin/bookings/planner').query({ date: day }).set(staff);
    expect(planner.status).toBe(200);
    const codes = planner.body.courts.map((court: { code: string }) => court.code);
    expect(codes).toContain('C1');
    expect(codes).not.toContain('L1');
    expect(codes).not.toContain('L2');

    const booked = await deskBook(staff, { court_id: l1 });
    expect(booked.status).toBe(422);
    expect(booked.body.errors.court_id).toEqual([ADMIN_BOOKING_MESSAGES.freeUse]);

    const booking = await walkIn();
    const moved = await request(app).post(`/api/admin/bookings/${booking.id}/move`).set(staff).send({ court_id: l1, date: day, start: '10:30' });
    expect(moved.status).toBe(422);
    expect(moved.body.message).toBe(ADMIN_BOOKING_MESSAGES.freeUse);

    const seriesBody = { court_id: l1, weekday: 1, start: '18:00', end: '19:30', valid_from: day, valid_to: addDays(day, 14), customer_name: 'Scuola' };
    const preview = await request(app).post('/api/admin/recurring-bookings/preview').set(staff).send(seriesBody);
    expect(preview.status).toBe(422);
    const series = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody);
    expect(series.status).toBe(422);
    expect(series.body.message).toBe(ADMIN_BOOKING_MESSAGES.freeUse);
    expect(await db.booking.count({ where: { courtId: l1 } })).toBe(0);
    expect(await db.recurringBooking.count({ where: { courtId: l1 } })).toBe(0);
  });
});

describe('move, cancel, restore', () => {
  it('moves to a free slot, refuses a taken one (409) and a closed court', async () => {
    const booking = await walkIn({ start: '10:30' });
    await walkIn({ court_id: c2, start: '12:00', customer_name: 'Occupante' });
    const taken = await request(app).post(`/api/admin/bookings/${booking.id}/move`).set(staff).send({ court_id: c2, date: day, start: '12:00' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ADMIN_BOOKING_MESSAGES.taken);
    await db.courtClosure.create({ data: { courtId: c2, startsAt: instantInRome(day, '15:00'), endsAt: instantInRome(day, '16:30'), reason: 'Manutenzione' } });
    const closed = await request(app).post(`/api/admin/bookings/${booking.id}/move`).set(staff).send({ court_id: c2, date: day, start: '15:00' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(ADMIN_BOOKING_MESSAGES.closed);
    const moved = await request(app).post(`/api/admin/bookings/${booking.id}/move`).set(staff).send({ court_id: c2, date: addDays(day, 1), start: '13:30' });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ court: { id: c2 }, date: addDays(day, 1), start: '13:30', end: '15:00' });
    const beyond = await request(app).post(`/api/admin/bookings/${booking.id}/move`).set(staff).send({ court_id: c2, date: day, start: '22:30', slots: 2 });
    expect(beyond.status).toBe(200); // one slot: 22:30–24:00 fits
  });

  it('cancels a cash booking with a refund in the books, lists it as cancelled, and restores it', async () => {
    const booking = await walkIn({ payment: 'now', method: 'cash' });
    const cancelled = await request(app).post(`/api/admin/bookings/${booking.id}/cancel`).set(staff).send({ reason: 'Pioggia', refund: true });
    expect(cancelled.body).toMatchObject({ message: ADMIN_BOOKING_MESSAGES.cancelledRefunded, booking: { status: 'cancelled', payment_state: 'refunded', refunded: '20.00', cancellation_reason: 'Pioggia' } });
    const refund = await db.transaction.findFirstOrThrow({ where: { bookingId: booking.id, type: 'refund' } });
    expect(refund).toMatchObject({ amountCents: 2000, method: 'cash', status: 'completed' });

    const list = await request(app).get('/api/admin/bookings/cancelled').set(staff);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ id: booking.id, cancelled_by: expect.stringMatching(/\S/), cancellation_reason: 'Pioggia' });
    const again = await request(app).post(`/api/admin/bookings/${booking.id}/cancel`).set(staff).send({});
    expect(again.status).toBe(409);

    const restored = await request(app).post(`/api/admin/bookings/${booking.id}/restore`).set(staff);
    expect(restored.body).toMatchObject({ message: ADMIN_BOOKING_MESSAGES.restored, booking: { status: 'confirmed', cancelled_at: null } });
    expect((await request(app).get('/api/admin/bookings/cancelled').set(staff)).body.total).toBe(0);
  });

  it('refuses to restore a booking whose slot was taken meanwhile', async () => {
    const booking = await walkIn();
    await request(app).post(`/api/admin/bookings/${booking.id}/cancel`).set(staff).send({});
    await walkIn({ customer_name: 'Nuovo cliente' });
    const restored = await request(app).post(`/api/admin/bookings/${booking.id}/restore`).set(staff);
    expect(restored.status).toBe(409);
    expect(restored.body.message).toBe(ADMIN_BOOKING_MESSAGES.restoreTaken);
  });

  it('refunds an online payment through Stripe when cancelled with a refund', async () => {
    const created = await deskBook(staff, { user_id: alice.id, customer_name: null, payment: 'link', start: '15:00' });
    const id = created.body.booking.id as number;
    await mail.waitFor(alice.email);
    const checkout = await request(app).post(`/api/bookings/${id}/checkout`).set(bearer(alice.token)).send({});
    await double.pay(checkout.body.checkout_url.split('/').pop());
    await expect.poll(async () => (await db.booking.findUniqueOrThrow({ where: { id } })).status).toBe('confirmed');
    const cancelled = await request(app).post(`/api/admin/bookings/${id}/cancel`).set(staff).send({ refund: true });
    expect(cancelled.body.message).toBe(ADMIN_BOOKING_MESSAGES.cancelledRefundOnline);
    await expect.poll(async () => (await request(app).get(`/api/admin/bookings/${id}`).set(staff)).body.payment_state, { timeout: 15_000 }).toBe('refunded');
    await mail.waitFor(alice.email); // the refund e-mail
  });
});

describe('list and CSV', () => {
  it('filters by payment, court and customer, and exports the same rows', async () => {
    await walkIn({ customer_name: 'Zeno Contanti', payment: 'now', method: 'cash' });
    await walkIn({ court_id: c2, customer_name: 'Ugo Dopo' });
    await walkIn({ start: '10:30', customer_name: 'Ugo Secondo' });
    const page = (query: Record<string, string | number>) => request(app).get('/api/admin/bookings').query({ date_from: day, date_to: day, ...query }).set(staff);
    expect((await page({})).body.total).toBe(3);
    expect((await page({ payment: 'unpaid' })).body.data.map((row: { customer: { name: string } }) => row.customer.name)).toEqual(['Ugo Dopo', 'Ugo Secondo']);
    expect((await page({ payment: 'paid' })).body.data.map((row: { customer: { name: string } }) => row.customer.name)).toEqual(['Zeno Contanti']);
    expect((await page({ court_id: c2 })).body.total).toBe(1);
    expect((await page({ search: 'ugo' })).body.total).toBe(2);
    expect((await page({ per_page: 2, page: 2 })).body).toMatchObject({ total: 3, current_page: 2, last_page: 2, data: [expect.anything()] });
    expect((await page({ date_from: 'ieri' })).status).toBe(422);

    const csv = await request(app).get('/api/admin/bookings/export').query({ date_from: day, date_to: day, search: 'ugo' }).set(staff);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Data;Inizio;Fine;Campo;Cliente;E-mail;Telefono;Stato;Pagamento;Metodo;Prezzo;Pagato;Rimborsato;Note');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Ugo Dopo');
    expect(lines[1]).toContain(';20,00;0,00;0,00;');
  });

  it('exports names and notes that look like formulas as text, and the amounts as numbers', async () => {
    await walkIn({ customer_name: '=HYPERLINK("http://x")', notes: '@SUM(A1:A9)', payment: 'now', method: 'cash' });
    await walkIn({ start: '10:30', customer_name: 'Mario Rossi', customer_phone: '+39 333 1234567', notes: '-2+3' });
    await walkIn({ start: '12:00', customer_name: '+Ospite', notes: '=1+1' });
    const csv = await request(app).get('/api/admin/bookings/export').query({ date_from: day, date_to: day }).set(staff).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.Cliente, row.Telefono, row.Note, row.Prezzo, row.Pagato])).toEqual([
      ["'=HYPERLINK(\"http://x\")", '', "'@SUM(A1:A9)", '20,00', '20,00'],
      ['Mario Rossi', "'+39 333 1234567", "'-2+3", '20,00', '0,00'],
      ["'+Ospite", '', "'=1+1", '20,00', '0,00'],
    ]);
  });

  it('keeps members and anonymous callers out', async () => {
    expect((await request(app).get('/api/admin/bookings').set(bearer(alice.token))).status).toBe(403);
    expect((await request(app).post('/api/admin/bookings').send({})).status).toBe(401);
  });
});

describe('weekly series', () => {
  const firstMonday = () => {
    let date = addDays(today, 1);
    while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
    return date;
  };
  const seriesBody = (overrides: Record<string, unknown> = {}) => {
    const from = firstMonday();
    return { court_id: c1, weekday: 1, start: '18:00', end: '19:30', valid_from: from, valid_to: addDays(from, 28), customer_name: 'Scuola Beach', ...overrides };
  };

  it('lists every date of the weekday in the range', () => {
    expect(seriesDates({ weekday: 3, valid_from: '2027-06-01', valid_to: '2027-06-30', start: '09:00', end: '10:30' }).map((entry) => entry.date)).toEqual(['2027-06-02', '2027-06-09', '2027-06-16', '2027-06-23', '2027-06-30']);
  });

  it('previews and creates a series across a closure and an existing booking, listing the skipped dates', async () => {
    const from = firstMonday();
    await db.courtClosure.create({ data: { courtId: c1, startsAt: instantInRome(addDays(from, 7), '00:00'), endsAt: instantInRome(addDays(from, 8), '00:00'), reason: 'Torneo' } });
    await walkIn({ date: addDays(from, 14), start: '18:00', customer_name: 'Già qui' });

    const preview = await request(app).post('/api/admin/recurring-bookings/preview').set(staff).send(seriesBody());
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ price: '20.00', free: 3, skipped: 2 });
    expect(preview.body.occurrences.map((entry: { state: string }) => entry.state)).toEqual(['free', 'closed', 'taken', 'free', 'free']);

    const created = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: RECURRING_MESSAGES.created(3, 2), created: 3, series: { weekday: 1, start: '18:00', end: '19:30', booked: 3, upcoming: 3, customer: { name: 'Scuola Beach' } } });
    expect(created.body.skipped).toEqual([
      { date: addDays(from, 7), state: 'closed', reason: 'Campo chiuso' },
      { date: addDays(from, 14), state: 'taken', reason: 'Già prenotato' },
    ]);
    const shown = await request(app).get(`/api/admin/recurring-bookings/${created.body.series.id}`).set(staff);
    expect(shown.body.bookings.map((row: { date: string }) => row.date)).toEqual([from, addDays(from, 21), addDays(from, 28)]);
  });

  it('books a date where only a lapsed hold sits, as the preview said, and expires that hold', async () => {
    const from = firstMonday();
    const lapsed = await db.booking.create({
      data: { courtId: c1, userId: alice.id, createdById: alice.id, startsAt: instantInRome(from, '18:00'), endsAt: instantInRome(from, '19:30'), priceCents: 2000, status: 'pending_payment', holdExpiresAt: new Date(Date.now() - 60_000) },
    });
    await db.$executeRaw`SELECT ledger_post_history()`;
    const preview = await request(app).post('/api/admin/recurring-bookings/preview').set(staff).send(seriesBody());
    expect(preview.body.occurrences[0]).toMatchObject({ date: from, state: 'free' });

    const created = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ created: 5, skipped: [] });
    expect((await db.booking.findUniqueOrThrow({ where: { id: lapsed.id } })).status).toBe('expired');
    // What the lapsed hold owed is no longer owed.
    expect((await request(app).get(`/api/admin/bookings/${lapsed.id}`).set(staff).expect(200)).body.owed).toBe('0.00');
  });

  it('writes nothing when the database fails half-way', async () => {
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION fail_third_booking() RETURNS trigger AS $$
      BEGIN IF (SELECT count(*) FROM bookings WHERE recurring_booking_id IS NOT NULL) >= 2 THEN RAISE EXCEPTION 'guasto simulato'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER fail_third_booking BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION fail_third_booking()`);
    try {
      const created = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody());
      expect(created.status).toBe(500);
      expect(await db.recurringBooking.count()).toBe(0);
      expect(await db.booking.count()).toBe(0);
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER fail_third_booking ON bookings');
      await db.$executeRawUnsafe('DROP FUNCTION fail_third_booking()');
    }
  });

  it('validates the series and keeps price changes to admins with a reason', async () => {
    const invalid = await request(app).post('/api/admin/recurring-bookings/preview').set(staff).send(seriesBody({ end: '18:00', valid_to: '2000-01-01', customer_name: '' }));
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['customer_name', 'end', 'valid_to']);
    expect((await request(app).post('/api/admin/recurring-bookings/preview').set(staff).send(seriesBody({ price: '15', price_reason: 'Sconto' }))).status).toBe(403);
    const byAdmin = await request(app).post('/api/admin/recurring-bookings').set(admin).send(seriesBody({ price: '15', price_reason: 'Scuola convenzionata' }));
    expect(byAdmin.body.series.price).toBe('15.00');
  });

  it('edits the future dates and cancels the rest of the series', async () => {
    const created = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody());
    const id = created.body.series.id as number;
    const edited = await request(app).put(`/api/admin/recurring-bookings/${id}`).set(admin).send({ customer_name: 'Scuola Beach ASD', price: '18', price_reason: 'Nuova convenzione', notes: 'Porta i palloni' });
    expect(edited.body).toMatchObject({ message: RECURRING_MESSAGES.updated(5), series: { price: '18.00', notes: 'Porta i palloni', customer: { name: 'Scuola Beach ASD' } } });
    const rows = await db.booking.findMany({ where: { recurringBookingId: id } });
    expect(rows.every((row) => row.priceCents === 1800 && row.customerName === 'Scuola Beach ASD')).toBe(true);
    // Each date now owes the new price.
    expect((await adminBookings(rows.map((row) => row.id))).map((row) => row.owed)).toEqual(rows.map(() => '18.00'));

    const from = firstMonday();
    const cancelled = await request(app).post(`/api/admin/recurring-bookings/${id}/cancel`).set(staff).send({ from_date: addDays(from, 14) });
    expect(cancelled.body).toMatchObject({ message: RECURRING_MESSAGES.cancelled(3), cancelled: 3, series: { booked: 2, valid_to: addDays(from, 13) } });
    const one = rows.find((row) => row.startsAt.getTime() === instantInRome(from, '18:00').getTime())!;
    expect((await request(app).post(`/api/admin/bookings/${one.id}/cancel`).set(staff).send({})).body.booking.status).toBe('cancelled');
    expect((await request(app).get(`/api/admin/recurring-bookings/${id}`).set(staff)).body.series.booked).toBe(1);
  });

  it('leaves a date of the series cancelled meanwhile at the desk as it was', async () => {
    const created = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody({ start: '19:30', end: '21:00' }));
    const id = created.body.series.id as number;
    const [first, second] = await db.booking.findMany({ where: { recurringBookingId: id }, orderBy: { id: 'asc' } });
    // The series' cancellation is held up at its first date while the desk cancels the second.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${first!.id} FOR UPDATE`;
      locked();
      await released;
    }, { timeout: 30_000 });
    await isLocked;
    const series = request(app).post(`/api/admin/recurring-bookings/${id}/cancel`).set(staff).send({ from_date: firstMonday() }).then((response) => response);
    await expect.poll(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)[0]!.n, { timeout: 10_000 }).toBe(1);
    await request(app).post(`/api/admin/bookings/${second!.id}/cancel`).set(staff).send({}).expect(200);
    const byTheDesk = await db.booking.findUniqueOrThrow({ where: { id: second!.id } });
    release();
    await holder;
    expect((await series).body).toMatchObject({ message: RECURRING_MESSAGES.cancelled(4), cancelled: 4 });
    expect(await db.booking.findUniqueOrThrow({ where: { id: second!.id } })).toMatchObject({ cancelledAt: byTheDesk.cancelledAt, cancellationReason: byTheDesk.cancellationReason });
  });
});
