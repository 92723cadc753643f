// Membership cards through the real database, the job queue, SMTP on loopback and the Stripe double:
// pricing rules, purchase and payment, webhook idempotency, reconciliation, concurrency, ownership,
// verification and the daily job.
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { seasonOfToday } from '../../test/days.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { CodiceFiscale, createMember, fiscalCodeOf, type TestMember } from '../../test/members.js';
import { addDays, fromIsoDate } from '../../lib/time.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe, services } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });
const double = stripe!;

// Read again before each test (test/days.ts).
let { today, seasonYear, seasonStart, seasonEnd, aSeasonDay } = seasonOfToday();
beforeEach(() => {
  ({ today, seasonYear, seasonStart, seasonEnd, aSeasonDay } = seasonOfToday());
});

const auth = (member: TestMember) => ({ Authorization: `Bearer ${member.token}` });
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

async function createCoupon(code: string, data: Partial<{ discountType: 'percentage' | 'fixed'; discountValue: number; usageLimit: number | null; isActive: boolean; applicableTo: 'membership' | 'both'; startDate: string; endDate: string }> = {}) {
  return db.membershipCoupon.create({
    data: {
      code,
      discountType: data.discountType ?? 'percentage',
      discountValue: data.discountValue ?? 10,
      usageLimit: data.usageLimit ?? null,
      isActive: data.isActive ?? true,
      applicableTo: data.applicableTo ?? 'membership',
      startDate: data.startDate ? fromIsoDate(data.startDate) : null,
      endDate: data.endDate ? fromIsoDate(data.endDate) : null,
    },
  });
}

/** Buys a card and pays it on the double's page as the member would. */
async function buyAndPay(member: TestMember, body: Record<string, unknown>) {
  const created = await request(app).post('/api/memberships').set(auth(member)).send(body).expect(201);
  await double.pay(sessionIdOf(created.body.checkout_url));
  return created.body.membership as { id: number; membership_number: string };
}

describe('quote: the price comes from the rules, never from the client', () => {
  let adult: TestMember;
  let young: TestMember;
  beforeAll(async () => {
    adult = await createMember(db, { birthDate: '1990-03-10', firstName: 'Marco', lastName: 'Rossi' });
    young = await createMember(db, { birthDate: `${seasonYear - 20}-06-15`, firstName: 'Anna', lastName: 'Verdi' });
  });

  it('prices a seasonal card with the insurance add-on, valid to the season’s end', async () => {
    const response = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: adult.fiscalCode, with_insurance: true, price: '0.01' }).expect(200);
    expect(response.body).toMatchObject({
      start_date: today > seasonStart ? today : seasonStart,
      end_date: seasonEnd,
      has_insurance: true,
      insurance_included: false,
      original_price: '70.00',
      discount_amount: '0.00',
      price: '70.00',
      pay_online: true,
      lines: [{ label: 'Tessera stagionale', amount: '60.00' }, { label: 'Assicurazione', amount: '10.00' }],
    });
  });

  it('includes insurance in monthly cards and runs them 30 days from the chosen day', async () => {
    const response = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'monthly', fiscal_code: adult.fiscalCode, start_date: aSeasonDay, with_insurance: true }).expect(200);
    expect(response.body).toMatchObject({ start_date: aSeasonDay, end_date: addDays(aSeasonDay, 29), has_insurance: true, insurance_included: true, price: '30.00' });
  });

  it('offers under 23 to a 20-year-old and refuses it to an adult, by age on the first day', async () => {
    await request(app).post('/api/memberships/quote').set(auth(young)).send({ type: 'under_23', fiscal_code: young.fiscalCode }).expect(200);
    const refused = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'under_23', fiscal_code: adult.fiscalCode }).expect(422);
    expect(refused.body.errors.type).toEqual(['La tessera under 23 è per chi ha meno di 23 anni il primo giorno di validità.']);
  });

  it('makes under-18 cards free and for the desk, unless insurance is added (paid at the desk too)', async () => {
    const minor = await createMember(db, { birthDate: `${seasonYear - 15}-02-01`, firstName: 'Luca', lastName: 'Neri' });
    const free = await request(app).post('/api/memberships/quote').set(auth(minor)).send({ type: 'under_18', fiscal_code: minor.fiscalCode }).expect(200);
    expect(free.body).toMatchObject({ price: '0.00', pay_online: false });
    const insured = await request(app).post('/api/memberships/quote').set(auth(minor)).send({ type: 'under_18', fiscal_code: minor.fiscalCode, with_insurance: true }).expect(200);
    expect(insured.body).toMatchObject({ price: '10.00', pay_online: false });
  });

  it('checks the fiscal code’s check character and its birth date', async () => {
    const wrongCheck = `${adult.fiscalCode.slice(0, 15)}${adult.fiscalCode.endsWith('A') ? 'B' : 'A'}`;
    const bad = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: wrongCheck }).expect(422);
    expect(bad.body.errors.fiscal_code).toEqual(['Il codice fiscale non è valido: controlla lettere, cifre e carattere di controllo.']);
    const someoneElse = fiscalCodeOf('Marco', 'Rossi', '1991-03-10', 'M');
    const mismatch = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: someoneElse }).expect(422);
    expect(mismatch.body.errors.fiscal_code).toEqual(['Il codice fiscale non corrisponde alla data di nascita.']);
    // A correct check character over a birthplace code that does not exist.
    const nowhere = `${adult.fiscalCode.slice(0, 11)}Z999`;
    const unknownPlace = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: nowhere + CodiceFiscale.getCheckCode(nowhere) }).expect(422);
    expect(unknownPlace.body.errors.fiscal_code).toEqual(['Il codice fiscale non è valido: controlla lettere, cifre e carattere di controllo.']);
    const short = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: 'abc' }).expect(422);
    expect(short.body.errors.fiscal_code).toEqual(['Il codice fiscale è fatto di 16 lettere e cifre.']);
  });

  it('refuses a period card without a start day, in the past, or outside the season', async () => {
    const body = { type: 'daily', fiscal_code: adult.fiscalCode };
    expect((await request(app).post('/api/memberships/quote').set(auth(adult)).send(body).expect(422)).body.errors.start_date).toEqual(['Scegli il giorno di inizio della tessera.']);
    expect((await request(app).post('/api/memberships/quote').set(auth(adult)).send({ ...body, start_date: addDays(today, -1) }).expect(422)).body.errors.start_date).toEqual(['Il giorno di inizio non può essere già passato.']);
    const winter = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ ...body, start_date: `${seasonYear}-12-01` }).expect(422);
    expect(winter.body.errors.start_date).toEqual([`Il centro è aperto dal 01/05/${seasonYear} al 30/09/${seasonYear}: scegli un giorno della stagione.`]);
  });

  it('gives BVU members of the season the BVU-course price with insurance included, and refuses a code that does not match', async () => {
    await db.bvuMember.create({ data: { cardCode: 'BVU-777', season: String(seasonYear), lastName: 'Rossi', firstName: 'Marco', fiscalCode: adult.fiscalCode } });
    const bvu = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: adult.fiscalCode, bvu_card_code: 'bvu-777', with_insurance: true }).expect(200);
    expect(bvu.body).toMatchObject({ is_bvu_member: true, insurance_included: true, has_insurance: true, price: '50.00' });
    const wrong = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: adult.fiscalCode, bvu_card_code: 'BVU-778' }).expect(422);
    expect(wrong.body.errors.bvu_card_code).toEqual([`Nessun tesserato BVU della stagione ${seasonYear} con questo codice tessera e questo codice fiscale.`]);
    const monthly = await request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'monthly', start_date: aSeasonDay, fiscal_code: adult.fiscalCode, bvu_card_code: 'BVU-777' }).expect(422);
    expect(monthly.body.errors.bvu_card_code).toEqual(['La tariffa BVU vale solo per la tessera stagionale.']);
  });

  it('applies percentage and fixed coupons and explains each coupon it refuses', async () => {
    await createCoupon('ESTATE20', { discountValue: 20 });
    await createCoupon('MENO15', { discountType: 'fixed', discountValue: 15.5 });
    await createCoupon('SPENTO', { isActive: false });
    await createCoupon('VECCHIO', { endDate: addDays(today, -1) });
    await createCoupon('FINITO', { usageLimit: 0 });
    const quote = (coupon_code: string) => request(app).post('/api/memberships/quote').set(auth(adult)).send({ type: 'seasonal', fiscal_code: adult.fiscalCode, with_insurance: true, coupon_code });
    expect((await quote('estate20').expect(200)).body).toMatchObject({ coupon_code: 'ESTATE20', original_price: '70.00', discount_amount: '14.00', price: '56.00' });
    expect((await quote('MENO15').expect(200)).body).toMatchObject({ discount_amount: '15.50', price: '54.50' });
    expect((await quote('SPENTO').expect(422)).body.errors.coupon_code).toEqual(['Questo coupon non è attivo.']);
    expect((await quote('VECCHIO').expect(422)).body.errors.coupon_code).toEqual(['Questo coupon è scaduto.']);
    expect((await quote('FINITO').expect(422)).body.errors.coupon_code).toEqual(['Questo coupon ha raggiunto il limite di utilizzi.']);
    expect((await quote('NESSUNO').expect(422)).body.errors.coupon_code).toEqual(['Codice coupon non valido.']);
  });
});

describe('purchase and online payment', () => {
  it('creates a pending card, pays it on Stripe’s page, activates it on the signed webhook and e-mails the PDF', async () => {
    const member = await createMember(db, { firstName: 'Sara', lastName: 'Conti', birthDate: '1988-07-04' });
    await createCoupon('BENVENUTO', { discountType: 'fixed', discountValue: 5 });
    const created = await request(app)
      .post('/api/memberships')
      .set(auth(member))
      .send({ type: 'seasonal', fiscal_code: member.fiscalCode.toLowerCase(), with_insurance: true, coupon_code: 'benvenuto', price: '1.00', original_price: '1.00' })
      .expect(201);
    const card = created.body.membership;
    expect(card).toMatchObject({ status: 'pending', awaiting: 'payment', price: '65.00', original_price: '70.00', discount_amount: '5.00', coupon_code: 'BENVENUTO', fiscal_code: member.fiscalCode });
    expect(card.membership_number).toMatch(new RegExp(`^T${seasonYear}-\\d{5}$`));
    expect(created.body.checkout_url).toBe(`${double.url}/checkout/${sessionIdOf(created.body.checkout_url)}`);
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { code: 'BENVENUTO' } })).usageCount).toBe(1);

    // The customer pays on the hosted page: a real form post, then the redirect to our return page.
    const sessionId = sessionIdOf(created.body.checkout_url);
    const page = await fetch(created.body.checkout_url);
    expect(await page.text()).toContain('65,00');
    const paid = await fetch(`${double.url}/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://web.example.test/pagamento-completato?session_id=${sessionId}`);

    const mine = await request(app).get('/api/memberships/mine').set(auth(member)).expect(200);
    expect(mine.body.data[0]).toMatchObject({ id: card.id, status: 'active', awaiting: null, payment: { payment_method: 'stripe', status: 'completed' } });
    const payment = await db.transaction.findFirstOrThrow({ where: { membershipId: card.id } });
    expect(payment).toMatchObject({ kind: 'membership', type: 'payment', amountCents: 6500, status: 'completed', stripeCheckoutSessionId: sessionId });
    expect(payment.stripePaymentIntentId).toMatch(/^pi_/);

    const message = await mail.waitFor(member.email);
    expect(message.subject).toBe(`La tua tessera ${card.membership_number} è attiva`);
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual([`tessera-${card.membership_number}.pdf`]);
    const parser = new PDFParse({ data: new Uint8Array(message.attachments[0]!.content) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Sara Conti');
    expect(text).toContain(card.membership_number);
  });

  it('applies a replayed or out-of-order webhook once: one payment, one activation, one e-mail', async () => {
    const member = await createMember(db, { firstName: 'Elena', lastName: 'Galli', birthDate: '1992-01-20' });
    double.setAutoDeliver(false);
    try {
      const card = await buyAndPay(member, { type: 'monthly', start_date: aSeasonDay, fiscal_code: member.fiscalCode });
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('pending');
      // The payment's event arrives three times at once.
      const [first, second, third] = await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)]);
      expect([first, second, third]).toEqual([200, 200, 200]);
      expect(await db.transaction.count({ where: { membershipId: card.id, status: 'completed' } })).toBe(1);
      expect(await db.stripeEvent.count({ where: { id: completed.id } })).toBe(1);
      expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('active');
      await mail.waitFor(member.email);
      await deps.jobs.waitUntilIdle(); // every e-mail the three deliveries could have queued is out
      expect(mail.messages.filter((message) => message.to && JSON.stringify(message.to).includes(member.email))).toHaveLength(1);
    } finally {
      double.setAutoDeliver(true);
    }
  });

  it('ignores an expiry that arrives after the payment', async () => {
    const member = await createMember(db, { firstName: 'Paolo', lastName: 'Fontana', birthDate: '1985-11-30' });
    double.setAutoDeliver(false);
    try {
      const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'daily', start_date: aSeasonDay, fiscal_code: member.fiscalCode }).expect(201);
      const sessionId = sessionIdOf(created.body.checkout_url);
      await double.pay(sessionId);
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      const expired = { ...completed, id: `${completed.id}_late`, type: 'checkout.session.expired' } as unknown as typeof completed;
      expect(await double.deliver(completed)).toBe(200);
      expect(await double.deliver(expired)).toBe(200);
      expect(await db.transaction.findFirst({ where: { stripeCheckoutSessionId: sessionId } })).toMatchObject({ status: 'completed' });
      expect((await db.membership.findUniqueOrThrow({ where: { id: created.body.membership.id } })).status).toBe('active');
    } finally {
      double.setAutoDeliver(true);
    }
  });

  it('answers 400 to a webhook with a bad signature and writes nothing', async () => {
    const before = await db.stripeEvent.count();
    const forged = { id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_forged', status: 'complete', payment_status: 'paid' } } };
    const response = await request(app).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=deadbeef').send(JSON.stringify(forged)).expect(400);
    expect(response.body).toEqual({ message: 'Firma del webhook Stripe non valida.' });
    await request(app).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').send(JSON.stringify(forged)).expect(400);
    expect(await db.stripeEvent.count()).toBe(before);
  });

  it('confirms the payment from the return page when the webhook has not arrived (reconcile)', async () => {
    const member = await createMember(db, { firstName: 'Irene', lastName: 'Leone', birthDate: '1979-05-05' });
    double.setAutoDeliver(false);
    try {
      const card = await buyAndPay(member, { type: 'weekly', start_date: aSeasonDay, fiscal_code: member.fiscalCode });
      const sessionId = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!.data.object as { id: string };
      const outcome = await request(app).post('/api/payments/reconcile').set(auth(member)).send({ session_id: sessionId.id }).expect(200);
      expect(outcome.body).toEqual({ status: 'paid', kind: 'membership', target_id: card.id });
      expect((await db.membership.findUniqueOrThrow({ where: { id: card.id } })).status).toBe('active');
      // Another member cannot ask about this payment.
      const stranger = await createMember(db);
      await request(app).post('/api/payments/reconcile').set(auth(stranger)).send({ session_id: sessionId.id }).expect(404);
    } finally {
      double.setAutoDeliver(true);
    }
  });

  it('says pending while the member has not paid yet, and leaves the card unpaid after a declined card', async () => {
    const member = await createMember(db, { firstName: 'Nicola', lastName: 'Ricci', birthDate: '1993-12-12' });
    const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode }).expect(201);
    const sessionId = sessionIdOf(created.body.checkout_url);
    const declined = await fetch(`${double.url}/checkout/${sessionId}/decline`, { method: 'POST', redirect: 'manual' });
    expect(await declined.text()).toContain('La carta è stata rifiutata');
    const outcome = await request(app).post('/api/payments/reconcile').set(auth(member)).send({ session_id: sessionId }).expect(200);
    expect(outcome.body.status).toBe('pending');
    const mine = await request(app).get('/api/memberships/mine').set(auth(member)).expect(200);
    expect(mine.body.data[0]).toMatchObject({ status: 'pending', awaiting: 'payment', can_cancel: true });
  });

  it('refuses a second card overlapping a live one with 409, and allows a later one', async () => {
    const member = await createMember(db, { firstName: 'Rita', lastName: 'Gallo', birthDate: '1990-02-02' });
    // A card of next season's: it does not cover today, so a new card is no renewal of it.
    await buyAndPay(member, { type: 'daily', start_date: `${seasonYear + 1}-06-01`, fiscal_code: member.fiscalCode });
    const overlap = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'daily', start_date: `${seasonYear + 1}-06-01`, fiscal_code: member.fiscalCode }).expect(409);
    expect(overlap.body.message).toBe('Hai già una tessera valida o in attesa per questi giorni: la trovi tra le tue tessere in questa pagina.');
    await request(app).post('/api/memberships').set(auth(member)).send({ type: 'daily', start_date: `${seasonYear + 1}-06-02`, fiscal_code: member.fiscalCode }).expect(201);
  });

  it('renews an active card covering today: a seasonal card starts the day after it (next season’s, past this one’s end), a dated one on a day after it', async () => {
    const member = await createMember(db, { firstName: 'Ivo', lastName: 'Rinnovi', birthDate: '1988-04-04' });
    const card = await buyAndPay(member, { type: 'seasonal', fiscal_code: member.fiscalCode });
    // Active since yesterday, to this season's end.
    await db.membership.update({ where: { id: card.id }, data: { startDate: fromIsoDate(addDays(today, -1)) } });
    const quote = (body: Record<string, unknown>) => request(app).post('/api/memberships/quote').set(auth(member)).send({ fiscal_code: member.fiscalCode, ...body });
    const next = { start: `${seasonYear + 1}-05-01`, end: `${seasonYear + 1}-09-30` };
    expect((await quote({ type: 'seasonal' }).expect(200)).body).toMatchObject({ start_date: next.start, end_date: next.end });
    const italian = (day: string) => day.split('-').reverse().join('/');
    expect((await quote({ type: 'monthly', start_date: seasonEnd }).expect(422)).body.errors.start_date).toEqual([
      `La tua tessera vale fino al ${italian(seasonEnd)}: scegli un giorno dal ${italian(addDays(seasonEnd, 1))}.`,
    ]);
    expect((await quote({ type: 'monthly', start_date: `${seasonYear + 1}-06-01` }).expect(200)).body).toMatchObject({ start_date: `${seasonYear + 1}-06-01` });
    // Bought, it does not overlap the card it renews.
    const renewal = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode }).expect(201);
    expect(renewal.body.membership).toMatchObject({ status: 'pending', start_date: next.start, end_date: next.end });
  });

  it('keeps one unpaid online request at a time', async () => {
    const member = await createMember(db, { firstName: 'Fabio', lastName: 'Mariani', birthDate: '1977-12-01' });
    await request(app).post('/api/memberships').set(auth(member)).send({ type: 'daily', start_date: aSeasonDay, fiscal_code: member.fiscalCode }).expect(201);
    const second = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'daily', start_date: `${seasonYear + 1}-06-01`, fiscal_code: member.fiscalCode }).expect(409);
    expect(second.body.message).toBe('Hai già una richiesta di tessera da pagare: completa il pagamento o annulla la richiesta prima di farne un’altra.');
  });

  it('lets a member withdraw an unpaid request, giving the coupon use back', async () => {
    const member = await createMember(db, { firstName: 'Ugo', lastName: 'Caruso', birthDate: '1970-10-10' });
    const coupon = await createCoupon('RITIRO', { usageLimit: 1 });
    const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode, coupon_code: 'RITIRO' }).expect(201);
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(1);
    const stranger = await createMember(db);
    await request(app).delete(`/api/memberships/${created.body.membership.id}`).set(auth(stranger)).expect(404);
    await request(app).delete(`/api/memberships/${created.body.membership.id}`).set(auth(member)).expect(200, { message: 'Richiesta di tessera annullata.' });
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(0);
    // Stripe is asked to close the session after the commit, by the stripe-request job.
    await deps.jobs.waitUntilIdle();
    const session = await fetch(created.body.checkout_url);
    expect(await session.text()).toContain('Questa sessione di pagamento è scaduta.');
  });

  it('creates free under-18 cards pending for the desk, with no payment page', async () => {
    const minor = await createMember(db, { birthDate: `${seasonYear - 12}-04-04`, firstName: 'Tea', lastName: 'Marino' });
    const created = await request(app).post('/api/memberships').set(auth(minor)).send({ type: 'under_18', fiscal_code: minor.fiscalCode }).expect(201);
    expect(created.body).toMatchObject({ checkout_url: null, membership: { status: 'pending', awaiting: 'desk', price: '0.00' } });
    await request(app).post(`/api/memberships/${created.body.membership.id}/checkout`).set(auth(minor)).expect(409);
  });
});

describe('concurrency, guaranteed by the database', () => {
  it('gives exactly 5 discounts to 20 simultaneous purchases with a coupon limited to 5', async () => {
    await createCoupon('PRIMI5', { usageLimit: 5, discountValue: 50 });
    const members = await Promise.all(Array.from({ length: 20 }, (_, index) => createMember(db, { firstName: 'Gara', lastName: `Coupon${'ABCDEFGHIJKLMNOPQRST'[index]}`, birthDate: '1991-06-06' })));
    const responses = await Promise.all(members.map((member) => request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode, coupon_code: 'PRIMI5' })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    for (const refused of responses.filter((response) => response.status === 422)) expect(refused.body.errors.coupon_code).toEqual(['Questo coupon ha raggiunto il limite di utilizzi.']);
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { code: 'PRIMI5' } })).usageCount).toBe(5);
    expect(await db.membership.count({ where: { couponCode: 'PRIMI5', discountCents: 3000 } })).toBe(5);
  });

  it('never gives two cards the same number, however many are bought at once', async () => {
    const members = await Promise.all(Array.from({ length: 15 }, () => createMember(db, { birthDate: '1980-01-01' })));
    const responses = await Promise.all(members.map((member) => request(app).post('/api/memberships').set(auth(member)).send({ type: 'daily', start_date: aSeasonDay, fiscal_code: member.fiscalCode })));
    expect(responses.map((response) => response.status)).toEqual(Array(15).fill(201));
    const numbers = responses.map((response) => response.body.membership.membership_number as string);
    expect(new Set(numbers).size).toBe(15);
  });
});

describe('refunds', () => {
  it('records a refund made on Stripe (charge.refunded) as its own row and marks the payment', async () => {
    const member = await createMember(db, { firstName: 'Luisa', lastName: 'Moretti', birthDate: '1987-08-08' });
    const card = await buyAndPay(member, { type: 'seasonal', fiscal_code: member.fiscalCode });
    const payment = await db.transaction.findFirstOrThrow({ where: { membershipId: card.id, type: 'payment' } });
    const refundId = await double.refundFromDashboard(payment.stripePaymentIntentId!, 1000);
    // Stripe's event delivered again changes nothing more.
    const event = double.events.filter((candidate) => candidate.type === 'charge.refunded').at(-1)!;
    expect(await double.deliver(event)).toBe(200);
    const refunds = await db.transaction.findMany({ where: { refundOfId: payment.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ type: 'refund', amountCents: 1000, method: 'stripe', membershipId: card.id, stripeRefundId: refundId });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('partially_refunded');
    // The card stands, so what Stripe gave back is owed again (the desk sees it), once.
    const [receivable] = await db.$queryRaw<{ owed: number }[]>`SELECT (debits_posted - credits_posted)::int AS owed FROM ledger_accounts WHERE key = ${`membership:${card.id}`}`;
    expect(receivable!.owed).toBe(1000);
    expect(await db.ledgerEntry.count({ where: { key: `stripe-refund:${refundId}` } })).toBe(1);
  });

  it('refunds automatically a second payment for a card already paid, and tells the member', async () => {
    const member = await createMember(db, { firstName: 'Dario', lastName: 'Santoro', birthDate: '1984-04-14' });
    const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode }).expect(201);
    const firstSession = sessionIdOf(created.body.checkout_url);
    // A second tab: the API closes the first session, but its payment goes through all the same.
    double.setAutoDeliver(false);
    try {
      await double.pay(firstSession);
    } finally {
      double.setAutoDeliver(true);
    }
    const payment = await db.transaction.findFirstOrThrow({ where: { stripeCheckoutSessionId: firstSession } });
    await db.membership.update({ where: { id: created.body.membership.id }, data: { status: 'active', activatedAt: new Date() } });
    await double.deliver(double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!);
    await expect.poll(async () => (await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).status, { timeout: 15_000 }).toBe('refunded');
    const message = await mail.waitFor(member.email);
    expect(message.subject).toBe('Ti abbiamo rimborsato un pagamento');
  });
});

describe('ownership and the PDF card', () => {
  it('serves the PDF of an own active card only, as tessera-{number}.pdf', async () => {
    const member = await createMember(db, { firstName: 'Marta', lastName: 'Lombardi', birthDate: '1996-03-03' });
    const card = await buyAndPay(member, { type: 'seasonal', fiscal_code: member.fiscalCode });
    const stranger = await createMember(db);
    await request(app).get(`/api/memberships/${card.id}/pdf`).set(auth(stranger)).expect(404);
    await request(app).post(`/api/memberships/${card.id}/checkout`).set(auth(stranger)).expect(404);
    await request(app).get(`/api/memberships/${card.id}/pdf`).expect(401);
    const response = await request(app).get(`/api/memberships/${card.id}/pdf`).set(auth(member)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=tessera-${card.membership_number}.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(response.body as Buffer) });
    expect((await parser.getText()).text).toContain('Marta Lombardi');
    await parser.destroy();
    // A lost file is made again.
    await db.membership.update({ where: { id: card.id }, data: { pdfPath: 'memberships/missing.pdf' } });
    await request(app).get(`/api/memberships/${card.id}/pdf`).set(auth(member)).expect(200);
  });

  it('does not offer the PDF of a card awaiting payment', async () => {
    const member = await createMember(db, { firstName: 'Ivo', lastName: 'Greco', birthDate: '1975-07-07' });
    const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode }).expect(201);
    const response = await request(app).get(`/api/memberships/${created.body.membership.id}/pdf`).set(auth(member)).expect(409);
    expect(response.body.message).toBe('Il PDF della tessera si può scaricare dopo l’attivazione.');
  });
});

describe('public verification from the QR code', () => {
  it('says valid, not yet valid, expired or not valid with the holder’s first name and initial only', async () => {
    const member = await createMember(db, { firstName: 'Bianca', lastName: 'Fontana', birthDate: '1999-09-09' });
    const card = await buyAndPay(member, { type: 'seasonal', fiscal_code: member.fiscalCode });
    const { qrCode } = await db.membership.findUniqueOrThrow({ where: { id: card.id } });
    const verdict = async () => (await request(app).get(`/api/memberships/verify/${qrCode}`).expect(200)).body;
    await db.membership.update({ where: { id: card.id }, data: { startDate: fromIsoDate(addDays(today, -3)) } });
    expect(await verdict()).toEqual({ status: 'valid', membership_number: card.membership_number, type: 'seasonal', start_date: addDays(today, -3), end_date: seasonEnd, holder: 'Bianca F.' });
    await db.membership.update({ where: { id: card.id }, data: { endDate: fromIsoDate(addDays(today, -1)) } });
    expect((await verdict()).status).toBe('expired');
    await db.membership.update({ where: { id: card.id }, data: { startDate: fromIsoDate(addDays(today, 2)), endDate: fromIsoDate(addDays(today, 9)) } });
    expect((await verdict()).status).toBe('not_yet_valid');
    await db.membership.update({ where: { id: card.id }, data: { endDate: fromIsoDate(seasonEnd), status: 'pending', activatedAt: null } });
    expect((await verdict()).status).toBe('not_valid');
    await request(app).get('/api/memberships/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(404);
  });

  it('rate-limits verifications from one address', async () => {
    const responses = [];
    for (let attempt = 0; attempt < 32; attempt++) responses.push((await request(app).get('/api/memberships/verify/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB')).status);
    expect(responses.slice(0, 25).every((status) => status === 404)).toBe(true);
    expect(responses.at(-1)).toBe(429);
  });
});

/** What a card still owes, from the ledger. */
const owedOn = async (membershipId: number) =>
  (await db.$queryRaw<{ owed: number }[]>`SELECT coalesce(sum(debits_posted - credits_posted), 0)::int AS owed FROM ledger_accounts WHERE key = ${`membership:${membershipId}`}`)[0]!.owed;

describe('daily job', () => {
  it('expires live cards past their end and reminds, once, members whose card ends within 7 days', async () => {
    const member = await createMember(db, { firstName: 'Olga', lastName: 'Ferrara', birthDate: '1983-03-13' });
    const ending = await buyAndPay(member, { type: 'seasonal', fiscal_code: member.fiscalCode });
    await mail.waitFor(member.email); // the activation e-mail
    const other = await createMember(db, { firstName: 'Ezio', lastName: 'Bruno', birthDate: '1983-03-14' });
    const past = await buyAndPay(other, { type: 'seasonal', fiscal_code: other.fiscalCode });
    await mail.waitFor(other.email);
    const day = '2031-07-10';
    await db.membership.update({ where: { id: ending.id }, data: { startDate: fromIsoDate('2031-05-01'), endDate: fromIsoDate('2031-07-15') } });
    await db.membership.update({ where: { id: past.id }, data: { startDate: fromIsoDate('2031-05-01'), endDate: fromIsoDate('2031-07-09') } });

    const first = await services.memberships.runDaily(day);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect((await db.membership.findUniqueOrThrow({ where: { id: past.id } })).status).toBe('expired');
    expect((await db.membership.findUniqueOrThrow({ where: { id: ending.id } })).status).toBe('active');
    const reminder = await mail.waitFor(member.email);
    expect(reminder.subject).toBe(`La tua tessera ${ending.membership_number} scade il 15/07/2031`);

    await services.memberships.runDaily(day);
    await deps.jobs.waitUntilIdle(); // a second reminder, if queued, would be out by now
    await expect(mail.waitFor(member.email, 500)).rejects.toThrow();
  });

  it('withdraws online requests left unpaid for a day, giving their coupon use back', async () => {
    const coupon = await createCoupon('ULTIMO', { usageLimit: 1 });
    const member = await createMember(db, { firstName: 'Gino', lastName: 'Rinaldi', birthDate: '1969-06-06' });
    const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode, coupon_code: 'ULTIMO' }).expect(201);
    await services.memberships.runDaily();
    expect((await db.membership.findUniqueOrThrow({ where: { id: created.body.membership.id } })).status).toBe('pending');
    await db.membership.update({ where: { id: created.body.membership.id }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    await db.transaction.updateMany({ where: { membershipId: created.body.membership.id }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    await services.memberships.runDaily();
    expect((await db.membership.findUniqueOrThrow({ where: { id: created.body.membership.id } })).status).toBe('expired');
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(0);
    expect(await owedOn(created.body.membership.id)).toBe(0);
  });

  it('expires a request whose days are over before a day has passed, and it owes nothing any more', async () => {
    const member = await createMember(db, { firstName: 'Dario', lastName: 'Sera', birthDate: '1971-02-02' });
    const created = await request(app).post('/api/memberships').set(auth(member)).send({ type: 'seasonal', fiscal_code: member.fiscalCode }).expect(201);
    const id = created.body.membership.id as number;
    expect(await owedOn(id)).toBeGreaterThan(0);
    await db.membership.update({ where: { id }, data: { startDate: fromIsoDate('2031-05-01'), endDate: fromIsoDate('2031-07-09') } });
    await services.memberships.runDaily('2031-07-10');
    expect((await db.membership.findUniqueOrThrow({ where: { id } })).status).toBe('expired');
    expect(await owedOn(id)).toBe(0);
  });
});
