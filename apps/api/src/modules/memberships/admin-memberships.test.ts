// The memberships back-office through the real database, job queue, SMTP on loopback and the Stripe
// double: list filters and search, stats, orphaned cards, activation, deletion, PDF, linking a Stripe
// payment, desk cards and corrections, and the role rules the server enforces.
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MembershipType } from '../../generated/prisma/enums.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { linkIn, startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, fiscalCodeOf, type TestMember } from '../../test/members.js';

const mail = await startMailCatcher();
const { app, db, stripe, services } = await useTestApp(
  { SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' },
  { stripe: true, books: { reported: ['stripe_clearing'], because: 'the Stripe payments whose link it refuses (another currency, another amount) stay on Stripe, outside the books, and the Stripe check must say so' } },
);
const double = stripe!;

const today = todayInRome();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let staff: string;
let member: TestMember;

/** A card written straight to the database, numbered by the real counter. */
async function createCard(userId: number, data: { type?: MembershipType; status?: 'pending' | 'active' | 'expired'; isBvuMember?: boolean; priceCents?: number; startDate?: string } = {}) {
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2031) AS number`;
  const start = data.startDate ?? addDays(today, -400 + Math.floor(Math.random() * 300));
  return db.membership.create({
    data: {
      membershipNumber: issued!.number,
      userId,
      type: data.type ?? 'seasonal',
      status: data.status ?? 'active',
      isBvuMember: data.isBvuMember ?? false,
      bvuCardCode: data.isBvuMember ? 'BVU-77' : null,
      fiscalCode: 'RSSMRA90C10H294X',
      startDate: fromIsoDate(start),
      endDate: fromIsoDate(start),
      originalPriceCents: data.priceCents ?? 6000,
      priceCents: data.priceCents ?? 6000,
      activatedAt: (data.status ?? 'active') === 'pending' ? null : new Date(),
    },
  });
}

beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  member = await createMember(db, { firstName: 'Ottavio', lastName: 'Zanardelli' });
});

describe('GET /api/admin/memberships', () => {
  let other: TestMember;
  beforeAll(async () => {
    other = await createMember(db, { firstName: 'Lucrezia', lastName: 'Quadrifoglio' });
    await createCard(member.id, { type: 'weekly', status: 'active' });
    await createCard(other.id, { type: 'daily', status: 'pending', isBvuMember: true });
    await createCard(other.id, { type: 'monthly', status: 'expired' });
  });

  it('pages with the paged-list shape (15 a page by default) and the holder and payment nested', async () => {
    const response = await request(app).get('/api/admin/memberships').set(bearer(admin)).expect(200);
    expect(response.body).toMatchObject({ current_page: 1, per_page: 15 });
    expect(response.body.total).toBeGreaterThanOrEqual(3);
    expect(response.body.last_page).toBe(Math.max(1, Math.ceil(response.body.total / 15)));
    const row = response.body.data.find((card: { user: { id: number } }) => card.user.id === member.id);
    expect(row).toMatchObject({ type: 'weekly', status: 'active', payment: null, user: { first_name: 'Ottavio', last_name: 'Zanardelli', email: member.email, role: 'user' } });
    // Newest first by default.
    const created = response.body.data.map((card: { created_at: string }) => card.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('searches by name, e-mail and membership number, case-insensitively', async () => {
    const byName = await request(app).get('/api/admin/memberships').query({ search: 'quadrifog' }).set(bearer(staff)).expect(200);
    expect(byName.body.total).toBe(2);
    const byFullName = await request(app).get('/api/admin/memberships').query({ search: 'lucrezia QUADRI' }).set(bearer(staff)).expect(200);
    expect(byFullName.body.total).toBe(2);
    const byEmail = await request(app).get('/api/admin/memberships').query({ search: member.email.toUpperCase() }).set(bearer(staff)).expect(200);
    expect(byEmail.body.data.map((card: { user: { id: number } }) => card.user.id)).toEqual([member.id]);
    const number = byEmail.body.data[0].membership_number as string;
    const byNumber = await request(app).get('/api/admin/memberships').query({ search: number.toLowerCase() }).set(bearer(staff)).expect(200);
    expect(byNumber.body.data.map((card: { membership_number: string }) => card.membership_number)).toEqual([number]);
    // Pattern characters are taken literally.
    const literal = await request(app).get('/api/admin/memberships').query({ search: '%' }).set(bearer(staff)).expect(200);
    expect(literal.body.total).toBe(0);
  });

  it('filters by status, type and BVU, and treats an empty filter as "all"', async () => {
    const search = 'quadrifoglio';
    const pending = await request(app).get('/api/admin/memberships').query({ search, status: 'pending' }).set(bearer(staff)).expect(200);
    expect(pending.body.data.map((card: { type: string }) => card.type)).toEqual(['daily']);
    const monthly = await request(app).get('/api/admin/memberships').query({ search, type: 'monthly' }).set(bearer(staff)).expect(200);
    expect(monthly.body.data.map((card: { status: string }) => card.status)).toEqual(['expired']);
    const bvu = await request(app).get('/api/admin/memberships').query({ search, bvu_status: 'bvu' }).set(bearer(staff)).expect(200);
    expect(bvu.body.data).toHaveLength(1);
    expect(bvu.body.data[0]).toMatchObject({ is_bvu_member: true, bvu_card_code: 'BVU-77' });
    const nonBvu = await request(app).get('/api/admin/memberships').query({ search, bvu_status: 'non_bvu' }).set(bearer(staff)).expect(200);
    expect(nonBvu.body.data.map((card: { type: string }) => card.type)).toEqual(['monthly']);
    const all = await request(app).get('/api/admin/memberships').query({ search, status: '', type: '', bvu_status: '' }).set(bearer(staff)).expect(200);
    expect(all.body.total).toBe(2);
  });

  it('sorts by the column asked and pages through the rest', async () => {
    const sorted = await request(app).get('/api/admin/memberships').query({ search: 'quadrifoglio', sort_by: 'type', sort_order: 'asc' }).set(bearer(staff)).expect(200);
    expect(sorted.body.data.map((card: { type: string }) => card.type)).toEqual(['monthly', 'daily']); // enum order
    const second = await request(app).get('/api/admin/memberships').query({ search: 'quadrifoglio', per_page: 1, page: 2, sort_by: 'type', sort_order: 'asc' }).set(bearer(staff)).expect(200);
    expect(second.body).toMatchObject({ current_page: 2, last_page: 2, total: 2, per_page: 1 });
    expect(second.body.data.map((card: { type: string }) => card.type)).toEqual(['daily']);
  });

  it('refuses bad filters with Italian field messages (422)', async () => {
    const response = await request(app)
      .get('/api/admin/memberships')
      .query({ status: 'gold', type: 'yearly', bvu_status: 'maybe', sort_by: 'password_hash', sort_order: 'sideways', page: 0, per_page: 1000 })
      .set(bearer(staff))
      .expect(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['bvu_status', 'page', 'per_page', 'sort_by', 'sort_order', 'status', 'type']);
    expect(response.body.errors.status).toEqual(['Stato non valido.']);
  });

  it('is for staff and admins only', async () => {
    await request(app).get('/api/admin/memberships').expect(401);
    await request(app).get('/api/admin/memberships').set(bearer(member.token)).expect(403);
  });
});

describe('what staff see of a card', () => {
  let cardId: number;
  const rowOf = (body: { data: { id: number }[] }) => body.data.find((card) => card.id === cardId) as Record<string, unknown>;
  const views = async () => {
    const search = { search: 'Riservati' };
    const [adminList, staffList, adminOne, staffOne] = await Promise.all([
      request(app).get('/api/admin/memberships').query(search).set(bearer(admin)).expect(200),
      request(app).get('/api/admin/memberships').query(search).set(bearer(staff)).expect(200),
      request(app).get(`/api/admin/memberships/${cardId}`).set(bearer(admin)).expect(200),
      request(app).get(`/api/admin/memberships/${cardId}`).set(bearer(staff)).expect(200),
    ]);
    return { admin: [rowOf(adminList.body), adminOne.body as Record<string, unknown>], staff: [rowOf(staffList.body), staffOne.body as Record<string, unknown>] };
  };
  beforeAll(async () => {
    const holder = await createMember(db, { firstName: 'Dati', lastName: 'Riservati' });
    const card = await createCard(holder.id, { priceCents: 5000 });
    cardId = card.id;
    await db.membership.update({ where: { id: card.id }, data: { originalPriceCents: 6000, discountCents: 1000, couponCode: 'ESTATE10', pdfPath: `memberships/${card.id}.pdf`, qrCode: `qr-${card.id}` } });
    await db.transaction.create({
      data: { kind: 'membership', type: 'payment', membershipId: card.id, userId: holder.id, amountCents: 5000, method: 'stripe', status: 'completed', stripePaymentIntentId: `pi_riservato_${card.id}`, paidAt: new Date() },
    });
  });

  it('leaves the economics (original price, discount, price, coupon) to admins', async () => {
    const { admin: forAdmin, staff: forStaff } = await views();
    for (const card of forAdmin) expect(card).toMatchObject({ original_price: '60.00', discount_amount: '10.00', price: '50.00', coupon_code: 'ESTATE10' });
    for (const card of forStaff) {
      expect(card).toMatchObject({ id: cardId, user: { last_name: 'Riservati' } });
      for (const field of ['original_price', 'discount_amount', 'price', 'coupon_code']) expect(card).not.toHaveProperty(field);
    }
  });

  it('leaves the payment (method, status, Stripe id) to admins', async () => {
    const { admin: forAdmin, staff: forStaff } = await views();
    for (const card of forAdmin) expect(card.payment).toMatchObject({ payment_method: 'stripe', status: 'completed', stripe_payment_intent_id: `pi_riservato_${cardId}` });
    for (const card of forStaff) {
      expect(card).not.toHaveProperty('payment');
      expect(JSON.stringify(card)).not.toContain('pi_riservato');
    }
  });

  it('shows a card in the list exactly as its detail shows it, to admins and to staff', async () => {
    const { admin: [adminRow, adminDetail], staff: [staffRow, staffDetail] } = await views();
    expect(adminRow).toEqual(adminDetail);
    expect(staffRow).toEqual(staffDetail);
  });

  it('leaves the file metadata (PDF path, QR code) to admins', async () => {
    const { admin: forAdmin, staff: forStaff } = await views();
    for (const card of forAdmin) expect(card).toMatchObject({ pdf_path: `memberships/${cardId}.pdf`, qr_code: `qr-${cardId}` });
    for (const card of forStaff) {
      expect(card).not.toHaveProperty('pdf_path');
      expect(card).not.toHaveProperty('qr_code');
    }
  });
});

describe('GET /api/admin/memberships/stats', () => {
  it('counts cards by type and status; revenue net of refunds for admins only', async () => {
    const payer = await createMember(db);
    const card = await createCard(payer.id, { type: 'seasonal', status: 'active', priceCents: 7000 });
    const payment = await db.transaction.create({ data: { kind: 'membership', userId: payer.id, membershipId: card.id, amountCents: 7000, method: 'cash', status: 'partially_refunded', paidAt: new Date() } });
    await db.transaction.create({ data: { kind: 'membership', type: 'refund', refundOfId: payment.id, userId: payer.id, membershipId: card.id, amountCents: 1500, method: 'cash', status: 'completed', paidAt: new Date() } });
    await db.transaction.create({ data: { kind: 'booking', userId: payer.id, amountCents: 2000, method: 'card', status: 'completed', paidAt: new Date() } });
    await db.transaction.create({ data: { kind: 'booking', userId: payer.id, amountCents: 9900, method: 'stripe', status: 'pending' } });
    await db.expense.create({ data: { date: new Date(), category: 'Manutenzione', description: 'Reti', amountCents: 12345 } });
    await db.income.create({ data: { date: new Date(), category: 'Bar', description: 'Affitto chiosco', amountCents: 50000 } });
    // Written without the API: their books are posted as the ledger's history is.
    await db.$executeRaw`SELECT ledger_post_history()`;

    const [byType, active, money] = await Promise.all([
      db.membership.groupBy({ by: ['type'], _count: { _all: true } }),
      db.membership.count({ where: { status: 'active' } }),
      db.$queryRaw<{ membership: number; booking: number; extra: number; expenses: number }[]>`
        SELECT (SELECT coalesce(sum(amount_cents), 0)::int FROM transactions WHERE kind = 'membership' AND type = 'payment' AND status <> 'pending') -
               (SELECT coalesce(sum(amount_cents), 0)::int FROM transactions WHERE kind = 'membership' AND type = 'refund') AS membership,
               (SELECT coalesce(sum(amount_cents), 0)::int FROM transactions WHERE kind = 'booking' AND status = 'completed') AS booking,
               (SELECT coalesce(sum(amount_cents), 0)::int FROM incomes) AS extra,
               (SELECT coalesce(sum(amount_cents), 0)::int FROM expenses) AS expenses`,
    ]);
    const totals = money[0]!;
    const response = await request(app).get('/api/admin/memberships/stats').set(bearer(admin)).expect(200);
    expect(response.body.total).toBe(byType.reduce((sum, row) => sum + row._count._all, 0));
    expect(response.body.active).toBe(active);
    expect(response.body.by_type.seasonal).toBe(byType.find((row) => row.type === 'seasonal')?._count._all);
    const euros = (cents: number) => (cents / 100).toFixed(2);
    expect(response.body.revenue).toEqual({
      membership_income: euros(totals.membership),
      booking_income: euros(totals.booking),
      extra_income: euros(totals.extra),
      total_income: euros(totals.membership + totals.booking + totals.extra),
      total_expenses: euros(totals.expenses),
    });
    expect(totals.membership).toBeGreaterThanOrEqual(5500); // the 70 € card less its 15 € refund is in

    const forStaff = await request(app).get('/api/admin/memberships/stats').set(bearer(staff)).expect(200);
    expect(forStaff.body.revenue).toBeNull();
    expect(forStaff.body.total).toBe(response.body.total);
  });
});

describe('orphaned cards, activation and deletion', () => {
  it('lists pending cards without a completed payment (admin only)', async () => {
    const waiting = await createCard(member.id, { type: 'daily', status: 'pending', startDate: addDays(today, 500) });
    const paidButPending = await createCard(member.id, { type: 'daily', status: 'pending', startDate: addDays(today, 510) });
    await db.transaction.create({ data: { kind: 'membership', userId: member.id, membershipId: paidButPending.id, amountCents: 500, method: 'cash', status: 'completed', paidAt: new Date() } });
    const response = await request(app).get('/api/admin/orphaned-memberships').set(bearer(admin)).expect(200);
    const ids = response.body.memberships.map((card: { id: number }) => card.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(paidButPending.id);
    await request(app).get('/api/admin/orphaned-memberships').set(bearer(staff)).expect(403);
  });

  it('activates a pending card once, e-mails the member its PDF, and refuses a second activation', async () => {
    const card = await createCard(member.id, { type: 'daily', status: 'pending', startDate: addDays(today, 520) });
    await request(app).post(`/api/admin/memberships/${card.id}/activate`).set(bearer(staff)).send({ send_email: true }).expect(403);
    const [first, second] = await Promise.all([
      request(app).post(`/api/admin/memberships/${card.id}/activate`).set(bearer(admin)).send({ send_email: true }),
      request(app).post(`/api/admin/memberships/${card.id}/activate`).set(bearer(admin)).send({ send_email: true }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body.message).toBe(`Tessera ${card.membershipNumber} attivata con successo!`);
    expect(ok.body.membership.status).toBe('active');
    const email = await mail.waitFor(member.email);
    expect(email.attachments.map((attachment) => attachment.filename)).toEqual([`tessera-${card.membershipNumber}.pdf`]);
    await request(app).post('/api/admin/memberships/999999/activate').set(bearer(admin)).send({}).expect(404);
  });

  it('downloads the PDF as tessera-{number}.pdf for staff, and not for a pending card', async () => {
    const card = await createCard(member.id, { type: 'daily', status: 'active', startDate: addDays(today, 530) });
    const response = await request(app)
      .get(`/api/admin/memberships/${card.id}/download-pdf`)
      .set(bearer(staff))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-disposition']).toContain(`tessera-${card.membershipNumber}.pdf`);
    const text = (await new PDFParse({ data: new Uint8Array(response.body as Buffer) }).getText()).text;
    expect(text).toContain(card.membershipNumber);
    const pending = await createCard(member.id, { type: 'daily', status: 'pending', startDate: addDays(today, 540) });
    await request(app).get(`/api/admin/memberships/${pending.id}/download-pdf`).set(bearer(staff)).expect(409);
    await request(app).get(`/api/admin/memberships/${card.id}/download-pdf`).set(bearer(member.token)).expect(403);
  });

  it('deletes a card for good, keeps its payments in the accounts and gives an unpaid coupon use back', async () => {
    const coupon = await db.membershipCoupon.create({ data: { code: 'ELIMINA10', discountType: 'percentage', discountValue: 10, usageCount: 1 } });
    const unpaid = await createCard(member.id, { type: 'daily', status: 'pending', startDate: addDays(today, 550) });
    await db.membership.update({ where: { id: unpaid.id }, data: { couponId: coupon.id, couponCode: coupon.code } });
    const paid = await createCard(member.id, { type: 'daily', status: 'active', startDate: addDays(today, 560) });
    const payment = await db.transaction.create({ data: { kind: 'membership', userId: member.id, membershipId: paid.id, amountCents: 500, method: 'cash', status: 'completed', paidAt: new Date() } });

    await request(app).delete(`/api/admin/memberships/${paid.id}`).set(bearer(staff)).expect(403);
    const deleted = await request(app).delete(`/api/admin/memberships/${paid.id}`).set(bearer(admin)).expect(200);
    expect(deleted.body.message).toContain('I suoi pagamenti restano registrati nei conti');
    expect(await db.membership.findUnique({ where: { id: paid.id } })).toBeNull();
    expect(await db.transaction.findUnique({ where: { id: payment.id } })).toMatchObject({ kind: 'membership', membershipId: null, amountCents: 500 });

    await request(app).delete(`/api/admin/memberships/${unpaid.id}`).set(bearer(admin)).expect(200);
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(0);
    await request(app).delete(`/api/admin/memberships/${unpaid.id}`).set(bearer(admin)).expect(404);
  });
});

describe('POST /api/admin/memberships/:id/link-stripe-payment', () => {
  it('links a succeeded euro payment of the card’s amount, records it and activates the card', async () => {
    const card = await createCard(member.id, { type: 'daily', status: 'pending', priceCents: 500, startDate: addDays(today, 600) });
    // Written without the API: what the card owes is posted as the ledger's history is.
    await db.$executeRaw`SELECT ledger_post_history()`;
    const paymentIntent = double.addPaymentIntent({ amount: 500 });
    await request(app).post(`/api/admin/memberships/${card.id}/link-stripe-payment`).set(bearer(staff)).send({ stripe_payment_id: paymentIntent, amount: 5 }).expect(403);
    const response = await request(app).post(`/api/admin/memberships/${card.id}/link-stripe-payment`).set(bearer(admin)).send({ stripe_payment_id: paymentIntent, amount: 5 }).expect(200);
    expect(response.body.message).toBe('Pagamento collegato con successo!');
    expect(response.body.membership).toMatchObject({ status: 'active', payment: { payment_method: 'stripe', status: 'completed', stripe_payment_intent_id: paymentIntent } });
    // The payment settles what the card owed, into Stripe's clearing account.
    const [owed] = await db.$queryRaw<{ owed: number }[]>`SELECT (debits_posted - credits_posted)::int AS owed FROM ledger_accounts WHERE key = ${`membership:${card.id}`}`;
    expect(owed!.owed).toBe(0);
    await mail.waitFor(member.email);

    // The same payment cannot pay a second card.
    const another = await createCard(member.id, { type: 'daily', status: 'pending', priceCents: 500, startDate: addDays(today, 610) });
    const again = await request(app).post(`/api/admin/memberships/${another.id}/link-stripe-payment`).set(bearer(admin)).send({ stripe_payment_id: paymentIntent, amount: '5.00' }).expect(409);
    expect(again.body.message).toBe('Questo pagamento è già collegato a una tessera o a una prenotazione.');
  });

  it('refuses a payment that did not succeed, in another currency, of another amount, unknown, or a card that is not pending', async () => {
    const card = await createCard(member.id, { type: 'daily', status: 'pending', priceCents: 500, startDate: addDays(today, 620) });
    const link = (body: Record<string, unknown>) => request(app).post(`/api/admin/memberships/${card.id}/link-stripe-payment`).set(bearer(admin)).send(body);

    const unpaid = await link({ stripe_payment_id: double.addPaymentIntent({ amount: 500, status: 'requires_payment_method' }), amount: 5 }).expect(422);
    expect(unpaid.body.errors.stripe_payment_id[0]).toContain('non è andato a buon fine');
    const dollars = await link({ stripe_payment_id: double.addPaymentIntent({ amount: 500, currency: 'usd' }), amount: 5 }).expect(422);
    expect(dollars.body.errors.stripe_payment_id).toEqual(['Il pagamento è in USD, non in euro: non si può collegare.']);
    const wrongAmount = await link({ stripe_payment_id: double.addPaymentIntent({ amount: 700 }), amount: 7 }).expect(422);
    expect(wrongAmount.body.errors.amount).toEqual(['Il pagamento su Stripe è di € 7.00, la tessera costa € 5.00: gli importi devono coincidere.']);
    const typedWrong = await link({ stripe_payment_id: double.addPaymentIntent({ amount: 500 }), amount: 6 }).expect(422);
    expect(typedWrong.body.errors.amount).toEqual(['L’importo indicato non corrisponde al pagamento su Stripe (€ 5.00).']);
    const unknown = await link({ stripe_payment_id: 'pi_sconosciuto', amount: 5 }).expect(422);
    expect(unknown.body.errors.stripe_payment_id).toEqual(['Nessun pagamento Stripe con questo ID.']);
    const missing = await link({}).expect(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['amount', 'stripe_payment_id']);
    const notPi = await link({ stripe_payment_id: 'ch_123', amount: 5 }).expect(422);
    expect(notPi.body.errors.stripe_payment_id).toEqual(['L’ID del pagamento Stripe inizia con pi_.']);

    expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('pending');
    const active = await createCard(member.id, { type: 'daily', status: 'active', priceCents: 500, startDate: addDays(today, 630) });
    await request(app).post(`/api/admin/memberships/${active.id}/link-stripe-payment`).set(bearer(admin)).send({ stripe_payment_id: double.addPaymentIntent({ amount: 500 }), amount: 5 }).expect(409);
    await request(app).post('/api/admin/memberships/999999/link-stripe-payment').set(bearer(admin)).send({ stripe_payment_id: 'pi_x', amount: 5 }).expect(404);
  });
});

describe('cards made and corrected at the desk', () => {
  const seasonal = { type: 'seasonal', with_insurance: true, payment: { method: 'cash' } };

  it('leave the year\'s number counter free while a sale is still being written, so sales do not queue on it', async () => {
    const holder = await createMember(db, { firstName: 'Lento', lastName: 'Banco', birthDate: '1985-06-12' });
    // The sale's card insert waits for an advisory lock the test holds: the sale stays open half-way.
    const LOCK = 2031042;
    await db.$executeRawUnsafe(`
      CREATE FUNCTION hold_card_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.user_id = ${holder.id} THEN PERFORM pg_advisory_xact_lock(${LOCK}); END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe('CREATE TRIGGER hold_card_insert BEFORE INSERT ON memberships FOR EACH ROW EXECUTE FUNCTION hold_card_insert()');
    // This lock only: pg_locks is the whole server's, and the job queues take advisory locks of their own.
    const lockHolders = async (granted: boolean) =>
      (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND classid = 0 AND objid = ${LOCK} AND granted = ${granted}
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)[0]!.n;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      const holding = db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK}::bigint)`;
        await released;
      }, { timeout: 120_000 });
      await expect.poll(() => lockHolders(true)).toBe(1);
      const sale = request(app).post('/api/admin/memberships').set(bearer(admin)).send({ ...seasonal, user_id: holder.id, fiscal_code: holder.fiscalCode }).then((response) => response);
      await expect.poll(() => lockHolders(false), { timeout: 30_000 }).toBe(1);

      // Another sale could take its number now: the open sale's number is committed and its counter row free.
      const counters = await db.$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = '2s'`;
        return tx.$queryRaw<{ year: number }[]>`SELECT year FROM membership_number_counters FOR UPDATE`;
      });

      release();
      await holding;
      const response = await sale;
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(counters.map((counter) => counter.year)).toContain(Number(response.body.membership.membership_number.slice(1, 5)));
    } finally {
      release();
      await db.$executeRawUnsafe('DROP TRIGGER hold_card_insert ON memberships');
      await db.$executeRawUnsafe('DROP FUNCTION hold_card_insert()');
    }
  });

  it('creates an active, paid card for an existing member, priced by the server', async () => {
    const holder = await createMember(db, { firstName: 'Ettore', lastName: 'Fieramosca', birthDate: '1988-04-02' });
    const body = { ...seasonal, user_id: holder.id, fiscal_code: holder.fiscalCode, price: '0.01' };
    const quote = await request(app).post('/api/admin/memberships/quote').set(bearer(admin)).send(body).expect(200);
    expect(quote.body).toMatchObject({ price: '70.00', has_insurance: true });
    await request(app).post('/api/admin/memberships').set(bearer(staff)).send(body).expect(403);
    const created = await request(app).post('/api/admin/memberships').set(bearer(admin)).send({ ...body, notes: 'Pagato in contanti al banco' }).expect(201);
    expect(created.body.membership).toMatchObject({ status: 'active', price: '70.00', notes: 'Pagato in contanti al banco', payment: { payment_method: 'cash', status: 'completed' } });
    expect(created.body.message).toBe(`Tessera ${created.body.membership.membership_number} creata e attivata.`);
    const email = await mail.waitFor(holder.email);
    expect(email.attachments).toHaveLength(1);
  });

  it('creates the account of a new member, who gets an invitation to choose a password', async () => {
    const email = `nuovo.${Date.now()}@esempio.it`;
    const body = {
      ...seasonal,
      new_user: { first_name: 'Bianca', last_name: 'Lancia', email, birth_date: '1992-07-14' },
      fiscal_code: fiscalCodeOf('Bianca', 'Lancia', '1992-07-14'),
      payment: { method: 'card' },
    };
    const created = await request(app).post('/api/admin/memberships').set(bearer(admin)).send(body).expect(201);
    expect(created.body.membership.user).toMatchObject({ first_name: 'Bianca', email });
    const invitation = await mail.waitFor(email);
    expect(invitation.subject).toBe('Il tuo account Adriatica Beach Arena');
    const token = new URL(linkIn(invitation, 'http://web.example.test/reset-password')).searchParams.get('token');
    await request(app).post('/api/auth/reset-password').send({ token, password: 'NuovaPass1', password_confirmation: 'NuovaPass1' }).expect(200);
    await request(app).post('/api/auth/login').send({ email, password: 'NuovaPass1' }).expect(200);

    const twice = await request(app).post('/api/admin/memberships').set(bearer(admin)).send(body).expect(422);
    expect(twice.body.errors['new_user.email']).toEqual(['Esiste già un account con questo indirizzo e-mail: cercalo tra i tesserati esistenti.']);
  });

  it('refuses a body without exactly one holder, and an online payment without its id', async () => {
    const neither = await request(app).post('/api/admin/memberships').set(bearer(admin)).send({ ...seasonal, fiscal_code: member.fiscalCode }).expect(422);
    expect(neither.body.errors.user_id).toEqual(['Scegli un tesserato esistente oppure inserisci i dati di un nuovo tesserato.']);
    const noId = await request(app).post('/api/admin/memberships').set(bearer(admin)).send({ ...seasonal, user_id: member.id, fiscal_code: member.fiscalCode, payment: { method: 'stripe' } }).expect(422);
    expect(noId.body.errors['payment.stripe_payment_id']).toEqual(['Inserisci l’ID del pagamento Stripe.']);
  });

  it('corrects a card, refusing an end before the start and a wrong fiscal code', async () => {
    const card = await createCard(member.id, { type: 'daily', status: 'active', startDate: addDays(today, 700) });
    const edit = { type: 'weekly', start_date: addDays(today, 700), end_date: addDays(today, 706), fiscal_code: member.fiscalCode, has_insurance: true, notes: 'Cambiata in settimanale' };
    await request(app).put(`/api/admin/memberships/${card.id}`).set(bearer(staff)).send(edit).expect(403);
    const updated = await request(app).put(`/api/admin/memberships/${card.id}`).set(bearer(admin)).send(edit).expect(200);
    expect(updated.body.membership).toMatchObject({ type: 'weekly', end_date: addDays(today, 706), notes: 'Cambiata in settimanale', pdf_path: null });
    const backwards = await request(app).put(`/api/admin/memberships/${card.id}`).set(bearer(admin)).send({ ...edit, end_date: addDays(today, 690) }).expect(422);
    expect(backwards.body.errors.end_date).toEqual(['La data di fine non può precedere quella di inizio.']);
    const wrongCode = await request(app).put(`/api/admin/memberships/${card.id}`).set(bearer(admin)).send({ ...edit, fiscal_code: 'RSSMRA80A01H501U' }).expect(422);
    expect(wrongCode.body.errors.fiscal_code).toBeDefined();
    await request(app).put('/api/admin/memberships/999999').set(bearer(admin)).send(edit).expect(404);
  });
});

describe('users: search and roles', () => {
  it('finds a member by name, e-mail or a card’s fiscal code', async () => {
    const byName = await request(app).get('/api/admin/users/search').query({ q: 'zanardel' }).set(bearer(admin)).expect(200);
    expect(byName.body.data.map((user: { id: number }) => user.id)).toContain(member.id);
    const byCode = await request(app).get('/api/admin/users/search').query({ q: 'rssmra90c10h294x' }).set(bearer(admin)).expect(200);
    expect(byCode.body.data.map((user: { id: number }) => user.id)).toContain(member.id);
    await request(app).get('/api/admin/users/search').query({ q: 'z' }).set(bearer(admin)).expect(422);
    await request(app).get('/api/admin/users/search').query({ q: 'zanardel' }).set(bearer(staff)).expect(200);
  });

  it('changes another user’s role, never one’s own, and keeps at least one admin', async () => {
    const promoted = await createMember(db);
    await request(app).put(`/api/admin/users/${promoted.id}/role`).set(bearer(staff)).send({ role: 'staff' }).expect(403);
    const changed = await request(app).put(`/api/admin/users/${promoted.id}/role`).set(bearer(admin)).send({ role: 'admin' }).expect(200);
    expect(changed.body.user).toEqual({ id: promoted.id, role: 'admin' });
    await request(app).put(`/api/admin/users/${promoted.id}/role`).set(bearer(admin)).send({ role: 'superuser' }).expect(422);
    await request(app).put('/api/admin/users/999999/role').set(bearer(admin)).send({ role: 'staff' }).expect(404);

    const self = await request(app).put(`/api/admin/users/${promoted.id}/role`).set(bearer(promoted.token)).send({ role: 'user' }).expect(403);
    expect(self.body.message).toBe('Non puoi modificare il tuo ruolo.');

    // Two admins demoting each other at once: one wins, one admin is left.
    await db.user.updateMany({ where: { role: 'admin', id: { not: promoted.id } }, data: { role: 'staff' } });
    const demoAdmin = await db.user.findUniqueOrThrow({ where: { email: DEMO.admin } });
    await db.user.update({ where: { id: demoAdmin.id }, data: { role: 'admin' } });
    const promotedUser = await db.user.findUniqueOrThrow({ where: { id: promoted.id } });
    const outcomes = await Promise.allSettled([services.users.changeRole(demoAdmin, promoted.id, 'user'), services.users.changeRole(promotedUser, demoAdmin.id, 'user')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ status: 409, message: 'È l’unico amministratore: nomina prima un altro amministratore.' });
    expect(await db.user.count({ where: { role: 'admin' } })).toBe(1);
  });
});
