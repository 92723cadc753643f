// Carnets through the real database and the Stripe double: the admin's products (admin only, audited), the
// desk's sale with its receipt, the online purchase made once however often the webhook comes, a hold paid with one use (3 uses under 10 simultaneous payments → exactly 3), an expired or
// uncovering carnet refused, the organiser's share paid (or every share, for a carnet of the court), and the use given back
// when the booking is cancelled; the booking says it was paid with a carnet.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = todayInRome();

let admin: string;
let staff: string;
let c1: number;
let c2: number;
beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  [c1, c2] = (await Promise.all(['C1', 'C2'].map(async (code) => (await db.court.findUniqueOrThrow({ where: { code } })).id))) as [number, number];
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, freeCancellationHours: 24 } });
});

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Carnet 3 ingressi', uses: 3, band: 'day', court_ids: [], price: '50', valid_from: addDays(today, -30), valid_until: addDays(today, 60), is_active: true, ...overrides,
});
const createProduct = async (overrides: Record<string, unknown> = {}) =>
  (await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send(product(overrides)).expect(201)).body as { id: number };
const sell = async (member: TestMember, productId: number) =>
  (await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: productId, method: 'cash' }).expect(201)).body.carnet as { id: number; uses_left: number };
/** Day-band starts, taken in turn so that no two holds of this file share a court's slot. */
const DAY_STARTS = ['09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00'];
let turn = 0;
/**
 * A hold of the member's, written straight to the table (the booking rules are tested elsewhere), its
 * books then posted as the application would have: the price owed from now.
 */
const holdOn = async (member: TestMember, { court = c1, daysAhead, start = DAY_STARTS[turn++ % DAY_STARTS.length]! }: { court?: number; daysAhead: number; start?: string }) => {
  const startsAt = instantInRome(addDays(today, daysAhead), start);
  const booking = await db.booking.create({
    data: { courtId: court, userId: member.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: 'pending_payment', priceCents: 2000, holdExpiresAt: new Date(Date.now() + 30 * 60_000) },
  });
  await db.$executeRaw`SELECT ledger_post_history()`;
  return booking.id;
};
const payWithCarnet = (member: TestMember, bookingId: number) => request(app).post(`/api/bookings/${bookingId}/pay-with-carnet`).set(bearer(member.token));
const usesLeft = async (carnetId: number) => (await db.carnet.findUniqueOrThrow({ where: { id: carnetId } })).usesLeft;
const statusOf = async (id: number) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;

describe('carnet products', () => {
  it('are created and edited by the admin only, audited, with Italian field messages for bad input', async () => {
    const created = await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send(product({ name: 'Serale 10', uses: '10', band: 'evening', court_ids: [c2], price: '120,50' })).expect(201);
    expect(created.body).toMatchObject({ name: 'Serale 10', uses: 10, band: 'evening', court_ids: [c2], price: '120.50', is_active: true });
    const edited = await request(app).put(`/api/admin/carnet-products/${created.body.id}`).set(bearer(admin)).send(product({ name: 'Serale 12', uses: 12, band: 'evening', is_active: false })).expect(200);
    expect(edited.body).toMatchObject({ id: created.body.id, name: 'Serale 12', uses: 12, court_ids: [], is_active: false });
    const entries = await db.auditLog.findMany({ where: { entityType: 'carnet_products', entityId: created.body.id }, orderBy: { id: 'asc' } });
    expect(entries.map((entry) => [entry.action, entry.route])).toEqual([
      ['create', 'POST /api/admin/carnet-products'],
      ['update', 'PUT /api/admin/carnet-products/:id'],
    ]);
    expect(entries[1]).toMatchObject({ beforeData: expect.objectContaining({ name: 'Serale 10', uses: 10 }), afterData: expect.objectContaining({ name: 'Serale 12', uses: 12 }) });

    await request(app).post('/api/admin/carnet-products').set(bearer(staff)).send(product()).expect(403);
    const bad = await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send(product({ uses: 0, valid_until: addDays(today, -31), court_ids: [999_999] })).expect(422);
    expect(bad.body.errors).toMatchObject({ uses: ['Almeno 1 ingresso.'], valid_until: ['La data di fine non può precedere quella di inizio.'] });
    const unknownCourt = await request(app).post('/api/admin/carnet-products').set(bearer(admin)).send(product({ court_ids: [999_999] })).expect(422);
    expect(unknownCourt.body.errors).toEqual({ court_ids: ['Uno o più campi non esistono o non sono prenotabili.'] });
    await request(app).put('/api/admin/carnet-products/999999').set(bearer(admin)).send(product()).expect(404);
    // Staff read them to sell them at the desk.
    const listed = await request(app).get('/api/admin/carnet-products').set(bearer(staff)).expect(200);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toContain(created.body.id);
  });
});

describe('the desk sells a carnet', () => {
  it('records a completed payment of kind carnet with its receipt, and the member sees the carnet with its uses left', async () => {
    const member = await createMember(db);
    const { id: productId } = await createProduct({ price: '45' });
    const carnet = await sell(member, productId);
    expect(carnet).toMatchObject({ uses_total: 3, uses_left: 3, usable: true, product: { id: productId, name: 'Carnet 3 ingressi' } });
    const payment = await db.transaction.findFirstOrThrow({ where: { userId: member.id, kind: 'carnet' }, include: { receipt: true } });
    expect(payment).toMatchObject({ amountCents: 4500, method: 'cash', status: 'completed', bookingId: null, membershipId: null });
    expect(payment.receipt).not.toBeNull();
    expect(await db.auditLog.count({ where: { entityType: 'carnets', action: 'sell', entityId: carnet.id, subjectUserId: member.id } })).toBe(1);

    const mine = await request(app).get('/api/me/carnets').set(bearer(member.token)).expect(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: carnet.id, uses_left: 3 })]);
    expect((await request(app).get(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).expect(200)).body.data).toHaveLength(1);
    await request(app).get(`/api/admin/users/${member.id}/carnets`).set(bearer(member.token)).expect(403);
  });

  it('refuses a product switched off or past its validity, and an unknown method', async () => {
    const member = await createMember(db);
    const off = await createProduct({ is_active: false });
    const past = await createProduct({ valid_from: addDays(today, -60), valid_until: addDays(today, -1) });
    for (const { id } of [off, past]) {
      const refused = await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: id, method: 'cash' }).expect(422);
      expect(refused.body.errors).toEqual({ product_id: ['Questo carnet non è in vendita o è scaduto.'] });
    }
    const bad = await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: off.id, method: 'assegno' }).expect(422);
    expect(bad.body.errors.method).toEqual(['Scegli come è stato pagato: contanti, POS o bonifico.']);
    expect(await db.transaction.count({ where: { userId: member.id } })).toBe(0);
  });
});

describe('buying a carnet online', () => {
  it('lists the products on sale, opens a Checkout and makes the carnet once however often the webhook comes', async () => {
    const member = await createMember(db);
    const { id: productId } = await createProduct({ name: 'Online 5', uses: 5, price: '60' });
    const off = await createProduct({ is_active: false });
    // Public, like the price list: the home page's "Tariffe" shows them.
    const listed = (await request(app).get('/api/carnet-products').expect(200)).body.data.map((row: { id: number }) => row.id);
    expect(listed).toContain(productId);
    expect(listed).not.toContain(off.id);
    const refused = await request(app).post('/api/me/carnets/checkout').set(bearer(member.token)).send({ product_id: off.id }).expect(422);
    expect(refused.body.errors).toEqual({ product_id: ['Questo carnet non è in vendita o è scaduto.'] });

    double.setAutoDeliver(false);
    try {
      const opened = await request(app).post('/api/me/carnets/checkout').set(bearer(member.token)).send({ product_id: productId }).expect(200);
      const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
      await double.pay(sessionId);
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await db.carnet.count({ where: { userId: member.id } })).toBe(0);
      expect(await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)])).toEqual([200, 200, 200]);
      const payment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId }, include: { receipt: true } });
      expect(payment).toMatchObject({ kind: 'carnet', userId: member.id, carnetProductId: productId, status: 'completed', amountCents: 6000 });
      expect(payment.receipt).not.toBeNull();
      const outcome = await request(app).post('/api/payments/reconcile').set(bearer(member.token)).send({ session_id: sessionId }).expect(200);
      expect(outcome.body).toEqual({ status: 'paid', kind: 'carnet', target_id: member.id });
    } finally {
      double.setAutoDeliver(true);
    }
    const mine = await request(app).get('/api/me/carnets').set(bearer(member.token)).expect(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ uses_total: 5, uses_left: 5, product: expect.objectContaining({ id: productId, name: 'Online 5' }) })]);
    // One confirmation, however often the webhook came.
    await deps.jobs.waitUntilIdle();
    const told = mail.messages.filter((message) => JSON.stringify(message.to).includes(member.email));
    expect(told.map((message) => message.subject)).toEqual(['Carnet acquistato: Online 5']);
    expect(told[0]!.text).toMatch(/con la carta: 5 ingressi, validi fino al \d{2}\/\d{2}\/\d{4}/);
  });

  it('is paid with credit when it covers the price: exactly one carnet of two bought at once with credit for one, nothing taken otherwise', async () => {
    const member = await createMember(db);
    const { id: productId } = await createProduct({ name: 'Credito 4', uses: 4, price: '30' });
    const buy = () => request(app).post('/api/me/carnets/pay-with-credit').set(bearer(member.token)).send({ product_id: productId });
    const short = await buy().expect(409);
    expect(short.body.errors).toEqual({ product_id: ['Credito insufficiente per questo movimento.'] });
    await request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount: '40.00', method: 'cash' }).expect(200);

    const [first, second] = await Promise.all([buy(), buy()]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const made = [first, second].find((response) => response.status === 201)!;
    expect(made.body).toMatchObject({ message: 'Carnet acquistato con il tuo credito: puoi già usarlo.', carnet: { uses_total: 4, uses_left: 4 } });
    expect(await db.carnet.count({ where: { userId: member.id } })).toBe(1);
    expect((await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200)).body.available).toBe('10.00');
    // No money came in: no payment row, so no receipt (the top-up's covers it).
    expect(await db.transaction.count({ where: { userId: member.id, kind: 'carnet' } })).toBe(0);
    await deps.jobs.waitUntilIdle();
    expect(mail.messages.filter((message) => JSON.stringify(message.to).includes(member.email)).map((message) => message.subject)).toContain('Carnet acquistato: Credito 4');

    // The carnet works like one bought with money: a use pays a hold.
    const bookingId = await holdOn(member, { daysAhead: 3 });
    await payWithCarnet(member, bookingId).expect(200);
    expect(await usesLeft(made.body.carnet.id)).toBe(3);
  });
});

describe('paying a booking with a carnet', () => {
  it('pays exactly 3 of 10 simultaneous holds with a carnet of 3 uses', async () => {
    const member = await createMember(db);
    const carnet = await sell(member, (await createProduct()).id);
    const holds: number[] = [];
    for (let i = 0; i < 10; i += 1) holds.push(await holdOn(member, { daysAhead: 20 + i }));
    const responses = await Promise.all(holds.map((id) => payWithCarnet(member, id)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(responses.find((response) => response.status === 409)!.body.message).toMatch(/^(Non hai un carnet valido con ingressi rimasti: è scaduto o esaurito\.|Il carnet non ha più ingressi\.)$/);
    expect(await usesLeft(carnet.id)).toBe(0);
    expect(await db.booking.count({ where: { id: { in: holds }, status: 'confirmed' } })).toBe(3);
    expect(await db.carnetUse.count({ where: { carnetId: carnet.id } })).toBe(3);
  });

  it('keeps the uses left from the ledger: the count shown is the entries\' and no other write can change it', async () => {
    const member = await createMember(db);
    const carnet = await sell(member, (await createProduct()).id);
    const booking = await holdOn(member, { daysAhead: 9 });
    await payWithCarnet(member, booking).expect(200);
    await request(app).post(`/api/bookings/${booking}/cancel`).set(bearer(member.token)).expect(200);
    await payWithCarnet(member, await holdOn(member, { daysAhead: 10 })).expect(200);
    const [fromLedger] = await db.$queryRaw<{ uses: number }[]>`
      SELECT (3 - count(*) FILTER (WHERE kind = 'carnet_use') + count(*) FILTER (WHERE kind = 'carnet_use_return'))::int AS uses
      FROM ledger_entries WHERE carnet_id = ${carnet.id}`;
    expect(fromLedger!.uses).toBe(2);
    const shown = async () => (await request(app).get('/api/me/carnets').set(bearer(member.token)).expect(200)).body.data[0].uses_left;
    expect(await shown()).toBe(2);
    // A write beside the ledger — a use added, one taken, a carnet made with fewer uses — is refused by the database.
    await expect(db.$executeRaw`UPDATE carnets SET uses_left = 3 WHERE id = ${carnet.id}`).rejects.toThrow(/carnets_uses_from_ledger|kept by its ledger entries/);
    await expect(db.carnet.update({ where: { id: carnet.id }, data: { usesLeft: { decrement: 1 } } })).rejects.toThrow();
    const product = await db.carnetProduct.findFirstOrThrow();
    await expect(db.carnet.create({ data: { userId: member.id, productId: product.id, usesTotal: 3, usesLeft: 1, validFrom: product.validFrom, validUntil: product.validUntil } })).rejects.toThrow();
    expect(await shown()).toBe(2);
  });

  it('refuses an expired carnet (409), a booking it does not cover (422), a booking not the member’s or not held', async () => {
    const member = await createMember(db);
    const other = await createMember(db);
    const expired = await createProduct({ valid_from: addDays(today, -60), valid_until: addDays(today, 5) });
    await sell(member, expired.id);
    // The carnet ends before the booking's day: expired for it.
    const late = await holdOn(member, { daysAhead: 6 });
    expect((await payWithCarnet(member, late).expect(409)).body.message).toBe('Non hai un carnet valido con ingressi rimasti: è scaduto o esaurito.');

    const onlyC2 = await createProduct({ court_ids: [c2] });
    await sell(member, onlyC2.id);
    const evening = await holdOn(member, { court: c2, daysAhead: 3, start: '21:00' });
    const onC1 = await holdOn(member, { court: c1, daysAhead: 4 });
    expect((await payWithCarnet(member, evening).expect(422)).body.message).toBe('Nessuno dei tuoi carnet copre questa prenotazione (fascia o campo diversi).');
    expect(await statusOf(evening)).toBe('pending_payment');
    await payWithCarnet(other, onC1).expect(404);
    // The C1 hold is covered by the first carnet (any court, day band, valid on its day).
    await payWithCarnet(member, onC1).expect(200);
    expect((await payWithCarnet(member, onC1).expect(409)).body.message).toBe('La prenotazione non è più in attesa di pagamento.');
  });

  it('gives the use back when the member cancels in time or the desk cancels with a refund, once', async () => {
    const member = await createMember(db);
    const carnet = await sell(member, (await createProduct()).id);
    const first = await holdOn(member, { daysAhead: 4 });
    const second = await holdOn(member, { daysAhead: 5 });
    const paid = await payWithCarnet(member, first).expect(200);
    expect(paid.body).toMatchObject({ message: 'La tua quota è pagata con un ingresso del carnet: gli altri giocatori pagano la loro.', carnet: { id: carnet.id, uses_left: 2 } });
    await payWithCarnet(member, second).expect(200);
    expect(await usesLeft(carnet.id)).toBe(1);
    // How it was paid, in the member's list and the desk's detail.
    const paidWith = async (id: number) => ({
      member: (await request(app).get(`/api/bookings/${id}`).set(bearer(member.token)).expect(200)).body.paid_with,
      desk: (await request(app).get(`/api/admin/bookings/${id}`).set(bearer(staff)).expect(200)).body.paid_with,
    });
    expect(await paidWith(first)).toEqual({ member: 'carnet', desk: 'carnet' });
    // The desk sees it paid, the use counting for the whole price, and cannot take money for it again.
    const atDesk = (await request(app).get(`/api/admin/bookings/${first}`).set(bearer(staff)).expect(200)).body;
    expect(atDesk).toMatchObject({ payment_state: 'paid', paid: atDesk.price });
    expect(Number(atDesk.paid)).toBeGreaterThan(0);
    const again = await request(app).post(`/api/admin/bookings/${first}/mark-paid`).set(bearer(staff)).send({ method: 'cash' }).expect(409);
    expect(again.body.message).toBe('Questa prenotazione è già pagata.');
    expect(await db.transaction.count({ where: { bookingId: first } })).toBe(0);

    await request(app).post(`/api/bookings/${first}/cancel`).set(bearer(member.token)).expect(200);
    await request(app).post(`/api/bookings/${first}/cancel`).set(bearer(member.token)).expect(409);
    expect(await usesLeft(carnet.id)).toBe(2);
    expect(await paidWith(first)).toEqual({ member: null, desk: null });

    const cancelled = await request(app).post(`/api/admin/bookings/${second}/cancel`).set(bearer(staff)).send({ refund: true, reason: 'Campo allagato' }).expect(200);
    expect(cancelled.body.booking.status).toBe('cancelled');
    expect(await usesLeft(carnet.id)).toBe(3);
    expect(await db.carnetUse.count({ where: { carnetId: carnet.id, returnedAt: { not: null } } })).toBe(2);
  });

  it('pays the organiser’s share only, or every share when the carnet covers the court, and gives the use back once', async () => {
    const organiser = await createMember(db);
    const [anna, bea] = await Promise.all([createMember(db), createMember(db)]);
    const withPlayers = async (daysAhead: number) => {
      const id = await holdOn(organiser, { daysAhead });
      for (const player of [anna, bea]) await request(app).post(`/api/bookings/${id}/players`).set(bearer(organiser.token)).send({ user_id: player.id }).expect(201);
      return id;
    };
    const split = async (id: number) => (await request(app).get(`/api/bookings/${id}/players`).set(bearer(staff)).expect(200)).body;
    const desk = async (id: number) => (await request(app).get(`/api/admin/bookings/${id}`).set(bearer(staff)).expect(200)).body;

    // A carnet of shares: the organiser's share (20 € in three: 6,68 €), the players owing theirs.
    const ownShare = await sell(organiser, (await createProduct({ name: 'Quota 3', covers: 'share' })).id);
    const first = await withPlayers(7);
    expect((await payWithCarnet(organiser, first).expect(200)).body).toMatchObject({ message: 'La tua quota è pagata con un ingresso del carnet: gli altri giocatori pagano la loro.', carnet: { id: ownShare.id, uses_left: 2 } });
    expect(await statusOf(first)).toBe('confirmed');
    expect(await split(first)).toMatchObject({ organiser_share: '6.68', owed: '13.32' });
    expect((await split(first)).players.map((player: { status: string; paid_with: string | null }) => [player.status, player.paid_with])).toEqual([['invited', null], ['invited', null]]);
    expect(await desk(first)).toMatchObject({ paid: '6.68', owed: '13.32', payment_state: 'unpaid', paid_with: 'carnet' });

    // A carnet of the court: one use pays every share, the players owe nothing and are not asked to pay.
    const court = await sell(organiser, (await createProduct({ name: 'Campo 3', covers: 'court', valid_until: addDays(today, 30) })).id);
    const second = await withPlayers(8);
    const paid = await payWithCarnet(organiser, second).expect(200);
    expect(paid.body).toMatchObject({ message: 'Campo pagato con un ingresso del carnet: vale per tutti i giocatori.', carnet: { id: court.id, uses_left: 2 } });
    expect(await usesLeft(ownShare.id)).toBe(2);
    expect(await statusOf(second)).toBe('confirmed');
    const shares = await split(second);
    expect(shares).toMatchObject({ owed: '0.00' });
    expect(shares.players.map((player: { status: string; paid_with: string | null; share: string }) => [player.status, player.paid_with, player.share])).toEqual([
      ['paid', 'carnet', '6.66'],
      ['paid', 'carnet', '6.66'],
    ]);
    expect(await desk(second)).toMatchObject({ price: '20.00', paid: '20.00', owed: '0.00', payment_state: 'paid', paid_with: 'carnet' });
    await services.bookingPlayers.runShareJob();
    expect(await db.bookingPlayer.count({ where: { bookingId: second, invitationSentAt: { not: null } } })).toBe(0);
    // Nothing left for the desk to collect, nor for a player to pay.
    expect((await request(app).post(`/api/admin/bookings/${second}/mark-paid`).set(bearer(staff)).send({ method: 'cash' }).expect(409)).body.message).toBe('Questa prenotazione è già pagata.');
    const annaShare = (await db.bookingPlayer.findFirstOrThrow({ where: { bookingId: second, userId: anna.id } })).id;
    expect((await request(app).post(`/api/booking-shares/${annaShare}/checkout`).set(bearer(anna.token)).expect(409)).body.message).toBe('Questa quota non è da pagare.');

    // Cancelled in time: the one use comes back, once, and nothing is left owed or paid.
    await request(app).post(`/api/bookings/${second}/cancel`).set(bearer(organiser.token)).expect(200);
    await request(app).post(`/api/bookings/${second}/cancel`).set(bearer(organiser.token)).expect(409);
    expect(await usesLeft(court.id)).toBe(3);
    expect(await desk(second)).toMatchObject({ status: 'cancelled', paid: '20.00', refunded: '20.00', owed: '0.00', paid_with: null });
  });
});
