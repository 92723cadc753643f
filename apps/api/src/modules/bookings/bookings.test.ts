// Member bookings through the real database, job queue, SMTP on loopback and the Stripe double: every
// refusal rule, hold → pay → confirmed, a lapsed hold freeing the slot and its late payment refunded,
// free cancellation with a refund and the late one refused, a coupon for bookings, ownership, and two
// members racing for one slot.
import ICAL from 'ical.js';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { moneyOfBooking } from './booking-money.js';
import { BOOKING_MESSAGES } from './bookings.service.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe, services } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });
const double = stripe!;
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
// Taken once on purpose: the tests share this day, which stays inside the booking horizon after a midnight.
const day = addDays(today, 3);
const auth = (member: TestMember) => ({ Authorization: `Bearer ${member.token}` });
const sessionIdOf = (url: string) => url.split('/').pop()!;
let alice: TestMember;
let bruno: TestMember;
let c1: number;
let c2: number;
let d1: number;

const book = (member: TestMember, body: Record<string, unknown>) => request(app).post('/api/bookings').set(auth(member)).send({ date: day, court_id: c1, ...body });
const pay = async (member: TestMember, id: number, body: Record<string, unknown> = {}) => {
  const checkout = await request(app).post(`/api/bookings/${id}/checkout`).set(auth(member)).send(body);
  expect(checkout.status).toBe(200);
  await double.pay(sessionIdOf(checkout.body.checkout_url));
  return checkout;
};
const statusOf = async (id: number) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;

beforeAll(async () => {
  [alice, bruno] = await Promise.all([createMember(db, { firstName: 'Alice', lastName: 'Prenota' }), createMember(db, { firstName: 'Bruno', lastName: 'Concorre' })]);
  [c1, c2, d1] = (await Promise.all(['C1', 'C2', 'D1'].map(async (code) => (await db.court.findUniqueOrThrow({ where: { code } })).id))) as [number, number, number];
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, freeCancellationHours: 24, paymentHoldMinutes: 15 } });
});
// Each test starts with no bookings; their payments and refunds stay, the documents of the books' entries
// (the file ends with the books reconciled).
beforeEach(async () => {
  await db.booking.deleteMany({});
  await db.courtClosure.deleteMany({});
  await db.bookingCoupon.deleteMany({});
});

describe('POST /api/bookings: the rules the server enforces', () => {
  it('holds consecutive slots at the list price, with the hold time of the settings', async () => {
    const created = await book(alice, { start: '18:00', slots: 2 });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(BOOKING_MESSAGES.held);
    // 18:00 is a day slot (20 €), 19:30 an evening one with lights (40 €).
    expect(created.body.booking).toMatchObject({ date: day, start: '18:00', end: '21:00', status: 'pending_payment', price: '60.00', original_price: '60.00', can_pay: true, can_cancel: true, court: { code: 'C1' } });
    const hold = new Date(created.body.booking.hold_expires_at).getTime() - Date.now();
    expect(hold).toBeGreaterThan(14 * 60_000);
    expect(hold).toBeLessThanOrEqual(15 * 60_000);

    const fullDay = await book(bruno, { court_id: c2, full_day: true, equipment: true });
    expect(fullDay.body.booking).toMatchObject({ start: '09:00', end: '19:30', full_day: true, price: '100.00' });
  });

  it('refuses the past, beyond the horizon, out of season, a court not bookable online, a closed court, evenings without lights', async () => {
    const refusal = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await book(alice, body);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
    };
    await refusal({ date: addDays(today, -1), start: '09:00' }, 422, BOOKING_MESSAGES.past);
    await refusal({ date: addDays(today, 15), start: '09:00' }, 422, BOOKING_MESSAGES.beyondHorizon(14));
    await refusal({ court_id: d1 }, 422, BOOKING_MESSAGES.notBookable);
    await db.courtClosure.create({ data: { courtId: c1, startsAt: instantInRome(day, '12:00'), endsAt: instantInRome(day, '14:00'), reason: 'Torneo' } });
    await refusal({ start: '13:30' }, 409, BOOKING_MESSAGES.closed);
    await db.court.update({ where: { id: c1 }, data: { hasLights: false } });
    await refusal({ start: '21:00' }, 422, BOOKING_MESSAGES.noLights);
    await db.court.update({ where: { id: c1 }, data: { hasLights: true } });
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '05-01', seasonEnd: '09-30' } });
    try {
      const winter = `${Number(today.slice(0, 4)) + 1}-01-10`;
      const response = await book(alice, { date: winter });
      expect(response.status).toBe(422);
      expect(response.body.message).toMatch(/^Il centro è aperto dal/);
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
    }
    const bad = await book(alice, { start: '22:30', slots: 2, equipment: true });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['equipment', 'slots']);
    expect(await db.booking.count()).toBe(0);
  });

  it('allows one live hold per member and at most the limit of future bookings', async () => {
    const first = await book(alice, { start: '09:00' });
    expect((await book(alice, { start: '12:00' })).body.message).toBe(BOOKING_MESSAGES.liveHold);
    await pay(alice, first.body.booking.id);
    await expect.poll(() => statusOf(first.body.booking.id)).toBe('confirmed');
    await db.setting.update({ where: { id: 1 }, data: { maxFutureBookings: 1 } });
    try {
      const over = await book(alice, { start: '12:00' });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(BOOKING_MESSAGES.limit(1));
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { maxFutureBookings: 4 } });
    }
  });

  it('gives a slot to exactly one of two members racing for it; the other gets the 409 message', async () => {
    const [a, b] = await Promise.all([book(alice, { start: '15:00' }), book(bruno, { start: '15:00' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((response) => response.status === 409)!.body.message).toBe('Questo orario è appena stato prenotato da un altro utente.');
    expect(await db.booking.count({ where: { status: 'pending_payment' } })).toBe(1);
  });
});

describe('paying, lapsing, cancelling', () => {
  it('confirms a paid hold and records the payment; the grid shows it as mine', async () => {
    const created = await book(alice, { start: '10:30' });
    const id = created.body.booking.id as number;
    await pay(alice, id);
    await expect.poll(() => statusOf(id)).toBe('confirmed');
    const shown = await request(app).get(`/api/bookings/${id}`).set(auth(alice));
    expect(shown.body).toMatchObject({ status: 'confirmed', payment_status: 'completed', hold_expires_at: null, can_pay: false, can_cancel: true });
    const payment = await db.transaction.findFirstOrThrow({ where: { bookingId: id, type: 'payment' } });
    expect(payment).toMatchObject({ status: 'completed', amountCents: 2000, method: 'stripe' });
    const grid = await request(app).get('/api/bookings/availability').query({ date: day }).set(auth(alice));
    expect(grid.body.courts.find((court: { code: string }) => court.code === 'C1').cells.find((cell: { start: string }) => cell.start === '10:30').state).toBe('mine');
    const mine = await request(app).get('/api/bookings/mine').set(auth(alice));
    expect(mine.body.upcoming.map((booking: { id: number }) => booking.id)).toEqual([id]);
    // The member is told, once: the booking, how it was paid and its price.
    const confirmed = await mail.waitFor(alice.email, undefined, /^Prenotazione confermata: Campo C1, \d{2}\/\d{2}\/\d{4} 10:30–12:00$/);
    expect(confirmed.text).toMatch(/Pagata con carta · prezzo del campo 20,00\s€/);
  });

  it('lets a lapsed hold free the slot; a late payment for it is refunded when someone else took it', async () => {
    const created = await book(alice, { start: '12:00' });
    const id = created.body.booking.id as number;
    const checkout = await request(app).post(`/api/bookings/${id}/checkout`).set(auth(alice)).send({});
    // The hold runs out before Alice pays.
    await db.booking.update({ where: { id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    expect((await request(app).post(`/api/bookings/${id}/checkout`).set(auth(alice)).send({})).body.message).toBe(BOOKING_MESSAGES.holdLapsed);
    // No longer coming up, though its day is ahead: it is listed with the past ones, lapsed.
    const mine = (await request(app).get('/api/bookings/mine').set(auth(alice))).body;
    expect(mine.upcoming.map((booking: { id: number }) => booking.id)).not.toContain(id);
    expect(mine.past.find((booking: { id: number }) => booking.id === id)).toMatchObject({ status: 'expired', rain_check: null });
    const taken = await book(bruno, { start: '12:00' });
    expect(taken.status).toBe(201);
    expect(await statusOf(id)).toBe('expired');

    double.setAutoDeliver(false);
    try {
      // Alice's tab was still open on the payment page: she pays anyway.
      await fetch(`${double.url}/checkout/${sessionIdOf(checkout.body.checkout_url)}/pay`, { method: 'POST', redirect: 'manual' });
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await double.deliver(completed)).toBe(200);
    } finally {
      double.setAutoDeliver(true);
    }
    expect(await statusOf(id)).toBe('expired');
    await expect.poll(async () => (await db.transaction.findFirst({ where: { bookingId: id, type: 'payment', status: { not: 'failed' } } }))?.status, { timeout: 15_000 }).toBe('refunded');
    const email = await mail.waitFor(alice.email, undefined, /^Ti abbiamo rimborsato un pagamento$/);
    expect(email.subject).toBe('Ti abbiamo rimborsato un pagamento');
  });

  it('the lapse job expires holds and closes their Checkout Session; a late payment then still gets a free slot', async () => {
    const created = await book(alice, { start: '16:30' });
    const id = created.body.booking.id as number;
    const checkout = await request(app).post(`/api/bookings/${id}/checkout`).set(auth(alice)).send({});
    await db.booking.update({ where: { id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    expect(await services.bookings.expireLapsedHolds()).toBe(1);
    expect(await statusOf(id)).toBe('expired');
    const sessionId = sessionIdOf(checkout.body.checkout_url);
    // Stripe is asked after the commit, by the stripe-request job.
    const closed = () => double.events.filter((event) => event.type === 'checkout.session.expired').map((event) => (event.data.object as { id: string }).id);
    await expect.poll(closed).toContain(sessionId);

    // Bruno paid on Stripe's page just before his hold lapsed; the webhook arrives after the lapse job:
    // the slot is still free, so the booking is his, paid in full (what it owed is owed again, then settled).
    const late = (await book(bruno, { start: '18:00' })).body.booking.id as number;
    const lateCheckout = await request(app).post(`/api/bookings/${late}/checkout`).set(auth(bruno)).send({});
    double.setAutoDeliver(false);
    try {
      await double.pay(sessionIdOf(lateCheckout.body.checkout_url));
      await db.booking.update({ where: { id: late }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
      expect(await services.bookings.expireLapsedHolds()).toBe(1);
      expect(await statusOf(late)).toBe('expired');
      await deps.jobs.waitUntilIdle();
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await double.deliver(completed)).toBe(200);
    } finally {
      double.setAutoDeliver(true);
    }
    expect(await statusOf(late)).toBe('confirmed');
    expect(await db.transaction.findFirstOrThrow({ where: { bookingId: late, type: 'payment' } })).toMatchObject({ status: 'completed', amountCents: 2000 });
    expect(await moneyOfBooking(db, late)).toMatchObject({ paid: 2000, returned: 0, owed: 0 });
    await deps.jobs.waitUntilIdle();
    expect(await db.transaction.count({ where: { bookingId: late, type: 'refund' } })).toBe(0);
  });

  it('cancels for free before the notice with a full refund, and refuses after it', async () => {
    const created = await book(alice, { start: '09:00' });
    const id = created.body.booking.id as number;
    await pay(alice, id);
    await expect.poll(() => statusOf(id)).toBe('confirmed');
    const cancelled = await request(app).post(`/api/bookings/${id}/cancel`).set(auth(alice));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(BOOKING_MESSAGES.cancelledRefund);
    expect(cancelled.body.booking.status).toBe('cancelled');
    await expect.poll(async () => (await db.transaction.findFirstOrThrow({ where: { bookingId: id, type: 'payment' } })).status, { timeout: 15_000 }).toBe('refunded');
    const refund = await db.transaction.findFirstOrThrow({ where: { bookingId: id, type: 'refund' } });
    expect(refund.amountCents).toBe(2000);
    const email = await mail.waitFor(alice.email, undefined, /^Ti abbiamo rimborsato un pagamento$/);
    expect(email.text).toContain('hai annullato in tempo');
    // The slot is free again.
    expect((await book(bruno, { start: '09:00' })).status).toBe(201);

    // Inside the notice: refused with the reason.
    await db.setting.update({ where: { id: 1 }, data: { freeCancellationHours: 24 * 5 } });
    try {
      const late = await book(alice, { start: '13:30' });
      await pay(alice, late.body.booking.id);
      await expect.poll(() => statusOf(late.body.booking.id)).toBe('confirmed');
      const refused = await request(app).post(`/api/bookings/${late.body.booking.id}/cancel`).set(auth(alice));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(BOOKING_MESSAGES.lateCancel(120));
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { freeCancellationHours: 24 } });
    }
  });

  it('cancels once when asked twice at once: one refund, and Stripe’s refund webhooks replayed record nothing more', async () => {
    const id = (await book(alice, { start: '16:30' })).body.booking.id as number;
    await pay(alice, id);
    await expect.poll(() => statusOf(id)).toBe('confirmed');
    const both = await Promise.all([0, 1].map(() => request(app).post(`/api/bookings/${id}/cancel`).set(auth(alice))));
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const payment = await db.transaction.findFirstOrThrow({ where: { bookingId: id, type: 'payment' } });
    await expect.poll(async () => (await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).status, { timeout: 15_000 }).toBe('refunded');
    await deps.jobs.waitUntilIdle();
    const refundedEvents = double.events.filter((event) => event.type === 'charge.refunded' && JSON.stringify(event.data.object).includes(payment.stripePaymentIntentId!));
    expect(refundedEvents.length).toBeGreaterThan(0);
    for (const event of refundedEvents) expect(await Promise.all([double.deliver(event), double.deliver(event)])).toEqual([200, 200]);
    expect((await db.transaction.findMany({ where: { bookingId: id, type: 'refund' } })).map((row) => row.amountCents)).toEqual([2000]);
    expect(await moneyOfBooking(db, id)).toMatchObject({ paid: 2000, returned: 2000, owed: 0 });
  });

  it('closes a card checkout the member backed out of, saying nothing of credit when none was set aside', async () => {
    const id = (await book(alice, { start: '15:00' })).body.booking.id as number;
    const opened = await request(app).post(`/api/bookings/${id}/checkout`).set(auth(alice)).send({}).expect(200);
    const abandoned = await request(app).post(`/api/bookings/${id}/checkout/abandon`).set(auth(alice)).expect(200);
    expect(abandoned.body.message).toBe('Pagamento annullato: non ti è stato addebitato nulla.');
    expect(await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionIdOf(opened.body.checkout_url) } })).toMatchObject({ status: 'abandoned' });
    expect(await statusOf(id)).toBe('pending_payment');
  });

  it('releases an unpaid hold at once, giving back its coupon use', async () => {
    const coupon = await db.membershipCoupon.create({ data: { code: 'ESTATE-TUTTO', discountType: 'percentage', discountValue: 50, applicableTo: 'both', usageLimit: 5 } });
    await db.membershipCoupon.create({ data: { code: 'SOLO-TESSERE', discountType: 'percentage', discountValue: 50, applicableTo: 'membership' } });
    const created = await book(alice, { start: '18:00' });
    const id = created.body.booking.id as number;
    const wrong = await request(app).post(`/api/bookings/${id}/checkout`).set(auth(alice)).send({ coupon_code: 'solo-tessere' });
    expect(wrong.body.errors).toEqual({ coupon_code: ['Questo coupon vale solo per le tessere.'] });
    const discounted = await request(app).post(`/api/bookings/${id}/checkout`).set(auth(alice)).send({ coupon_code: 'estate-tutto' });
    expect(discounted.body.booking).toMatchObject({ original_price: '20.00', discount: '10.00', price: '10.00', coupon_code: 'ESTATE-TUTTO' });
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(1);
    const released = await request(app).post(`/api/bookings/${id}/cancel`).set(auth(alice));
    expect(released.body).toMatchObject({ message: BOOKING_MESSAGES.cancelled, booking: { status: 'cancelled' } });
    expect((await db.membershipCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(0);
  });

  it('applies a booking coupon for its band, within its per-member limit, counted once', async () => {
    const evening = await db.bookingCoupon.create({ data: { code: 'SERA', discountType: 'fixed', discountValue: 5, band: 'evening' } });
    const coupon = await db.bookingCoupon.create({ data: { code: 'MATTINA-UNA', discountType: 'percentage', discountValue: 25, band: 'day', perMemberLimit: 1, usageLimit: 10 } });
    const first = (await book(alice, { start: '09:00' })).body.booking.id as number;
    const wrongBand = await request(app).post(`/api/bookings/${first}/checkout`).set(auth(alice)).send({ coupon_code: 'sera' });
    expect(wrongBand.status).toBe(422);
    expect(wrongBand.body.errors).toEqual({ coupon_code: ['Questo coupon vale solo per: fascia serale.'] });
    const discounted = await pay(alice, first, { coupon_code: 'mattina-una' });
    expect(discounted.body.booking).toMatchObject({ original_price: '20.00', discount: '5.00', price: '15.00', coupon_code: 'MATTINA-UNA' });
    await expect.poll(() => statusOf(first)).toBe('confirmed');
    // The desk's planner reads the coupon and the card beside the booking's own row.
    const planned = (await services.adminBookings.planner(day)).bookings.find((booking) => booking.id === first);
    expect(planned).toMatchObject({ coupon_code: 'MATTINA-UNA', payment_method: 'stripe', payment_state: 'paid', price: '15.00', customer: { user_id: alice.id } });

    const second = (await book(alice, { start: '10:30' })).body.booking.id as number;
    const overLimit = await request(app).post(`/api/bookings/${second}/checkout`).set(auth(alice)).send({ coupon_code: 'MATTINA-UNA' });
    expect(overLimit.status).toBe(422);
    expect(overLimit.body.errors).toEqual({ coupon_code: ['Hai già usato questo coupon una volta: è il massimo per socio.'] });
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(1);
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: evening.id } })).usageCount).toBe(0);

    // Another member may still use it; a released hold gives the use back.
    const bruno1 = (await book(bruno, { start: '12:00' })).body.booking.id as number;
    expect((await request(app).post(`/api/bookings/${bruno1}/checkout`).set(auth(bruno)).send({ coupon_code: 'MATTINA-UNA' })).status).toBe(200);
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(2);
    await request(app).post(`/api/bookings/${bruno1}/cancel`).set(auth(bruno));
    expect((await db.bookingCoupon.findUniqueOrThrow({ where: { id: coupon.id } })).usageCount).toBe(1);
  });

  it('keeps each member to their own bookings (404), and anonymous callers out (401)', async () => {
    const created = await book(alice, { start: '09:00' });
    const id = created.body.booking.id as number;
    for (const call of [
      request(app).get(`/api/bookings/${id}`),
      request(app).post(`/api/bookings/${id}/checkout`).send({}),
      request(app).post(`/api/bookings/${id}/cancel`),
    ]) {
      expect((await call.set(auth(bruno))).status).toBe(404);
    }
    expect((await request(app).get('/api/bookings/mine').set(auth(bruno))).body).toEqual({ upcoming: [], past: [] });
    expect((await request(app).post('/api/bookings').send({ date: day, court_id: c1 })).status).toBe(401);
  });
});

describe('waitlist, reminders and calendar', () => {
  it('offers a cancelled slot to the first member waiting alone (court-waitlist.test.ts has the rest)', async () => {
    const carla = await createMember(db, { firstName: 'Carla', lastName: 'Attende' });
    const created = await book(alice, { start: '10:30' });
    await pay(alice, created.body.booking.id);
    await expect.poll(() => statusOf(created.body.booking.id)).toBe('confirmed');
    for (const member of [bruno, carla]) {
      const joined = await request(app).post('/api/bookings/waitlist').set(auth(member)).send({ court_id: c1, date: day, start: '10:30' });
      expect(joined.status).toBe(201);
      expect(joined.body.message).toBe('Sei in lista d’attesa per il Campo C1 alle 10:30: se si libera, in ordine di iscrizione è tenuto per te e ti scriviamo.');
    }
    await request(app).post(`/api/bookings/${created.body.booking.id}/cancel`).set(auth(alice)).expect(200);
    // The cancellation refunds alice through a job: wait for it, so that it cannot land in the next test's clean-up.
    await expect.poll(() => db.transaction.count({ where: { bookingId: created.body.booking.id, type: 'refund' } }), { timeout: 15_000 }).toBe(1);
    const offer = await mail.waitFor(bruno.email, undefined, /è tenuto per te/);
    expect(offer.subject).toMatch(/^Il Campo C1 è tenuto per te: \d{2}\/\d{2}\/\d{4} 10:30–12:00$/);
    const entries = await db.bookingWaitlist.findMany({ orderBy: { createdAt: 'asc' }, include: { booking: true } });
    expect(entries.map((entry) => [entry.userId, entry.status, entry.booking?.status ?? null])).toEqual([
      [bruno.id, 'offered', 'pending_payment'],
      [carla.id, 'waiting', null],
    ]);
    await db.bookingWaitlist.deleteMany({});
  });

  it('sends the reminder before play once', async () => {
    const soon = addDays(today, 1);
    const created = await request(app).post('/api/bookings').set(auth(bruno)).send({ date: soon, court_id: c2, start: '22:30' });
    await pay(bruno, created.body.booking.id);
    await expect.poll(() => statusOf(created.body.booking.id)).toBe('confirmed');
    await db.setting.update({ where: { id: 1 }, data: { reminderHours: 48 } });
    try {
      expect(await services.bookings.sendReminders()).toBe(1);
      expect(await services.bookings.sendReminders()).toBe(0);
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { reminderHours: 24 } });
    }
    const reminder = await mail.waitFor(bruno.email, undefined, /^Promemoria/);
    expect(reminder.subject).toMatch(/^Promemoria: Campo C2, \d{2}\/\d{2}\/\d{4} 22:30–24:00$/);
  });

  it('serves a per-member iCalendar feed of confirmed bookings only, behind a secret that can be regenerated', async () => {
    const confirmed = await book(alice, { start: '09:00' });
    await pay(alice, confirmed.body.booking.id);
    await expect.poll(() => statusOf(confirmed.body.booking.id)).toBe('confirmed');
    await book(bruno, { start: '12:00' }); // someone else's hold: never in Alice's feed

    const feed = await request(app).get('/api/bookings/calendar').set(auth(alice));
    const path = new URL(feed.body.url).pathname;
    const ics = await request(app).get(path);
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(ics.text)).getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Campo C1 - Adriatica Beach Arena');
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(instantInRome(day, '09:00').toISOString());

    const single = await request(app).get(`/api/bookings/${confirmed.body.booking.id}/ics`).set(auth(alice));
    expect(single.headers['content-disposition']).toContain('.ics');
    expect(new ICAL.Component(ICAL.parse(single.text)).getAllSubcomponents('vevent')).toHaveLength(1);

    const renewed = await request(app).post('/api/bookings/calendar/regenerate').set(auth(alice));
    expect(renewed.body.url).not.toBe(feed.body.url);
    expect((await request(app).get(path)).status).toBe(404);
    expect((await request(app).get(new URL(renewed.body.url).pathname)).status).toBe(200);
  });

  it('e-mails a German member in German and gives an English member a calendar feed in English', async () => {
    const dieter = await createMember(db, { firstName: 'Dieter', lastName: 'Deutsch' });
    const emma = await createMember(db, { firstName: 'Emma', lastName: 'English' });
    await db.user.update({ where: { id: dieter.id }, data: { locale: 'de' } });
    await db.user.update({ where: { id: emma.id }, data: { locale: 'en' } });

    const german = await book(dieter, { start: '10:30' });
    await pay(dieter, german.body.booking.id);
    const paid = await mail.waitFor(dieter.email, undefined, /^Buchung bestätigt/);
    expect(paid.subject).toBe(`Buchung bestätigt: Campo C1, ${day.split('-').reverse().join('.')} 10:30–12:00`);
    expect(paid.text).toContain('Hallo Dieter,');
    expect(paid.text).toMatch(/Mit Karte bezahlt · Platzpreis 20,00\s€\./);
    expect(paid.text).toContain('Meine Buchungen: http://web.example.test/de/le-mie-prenotazioni');
    expect(paid.html).toContain('Wenn die Schaltfläche nicht funktioniert');

    const english = await book(emma, { start: '13:30' });
    await pay(emma, english.body.booking.id);
    await expect.poll(() => statusOf(english.body.booking.id)).toBe('confirmed');
    const feed = await request(app).get('/api/bookings/calendar').set(auth(emma));
    const ics = await request(app).get(new URL(feed.body.url).pathname).expect(200);
    const calendar = new ICAL.Component(ICAL.parse(ics.text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Emma’s bookings - Adriatica Beach Arena');
    const [event] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(event!.summary).toBe('Booking: Campo C1 - Adriatica Beach Arena');
    const when = `${day.split('-').reverse().join('/')} 13:30–15:00`;
    expect(event!.description).toBe(`Booking of Campo C1: ${when}. Your bookings: http://web.example.test/en/le-mie-prenotazioni`);
    expect(event!.location).toBe('Adriatica Beach Arena, beach opposite Piazza Marconi, 47841 Cattolica (RN), Italy');
  });
});
