// Private lessons through the real database and the Stripe double: a coach publishes a slot on a D court
// at their price; a member books it as a booking of that court, priced from the slot, and three people
// split it as any booking; two members racing for one slot get one booking; a cancelled booking frees the
// slot; a coach reaches only their own slots.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { bearer, createCoach } from '../coaching/coaching.fixtures.js';

const { app, db, services, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const today = todayInRome();
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

let staff: string;
let coach: TestMember;
let otherCoach: TestMember;
let courtD: Record<string, number>;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  [coach, otherCoach] = await Promise.all([createCoach(app, db, 'Privato'), createCoach(app, db, 'Altro')]);
  courtD = Object.fromEntries((await db.court.findMany({ where: { code: { in: ['D3', 'D4', 'D5', 'D6', 'C1'] } } })).map((court) => [court.code, court.id]));
  await db.setting.update({ where: { id: 1 }, data: { maxFutureBookings: 4, paymentHoldMinutes: 15, splitDeadlineHours: 2 } });
});

/** Each test on its own day ahead, so the coach's slots never meet. */
const publish = (who: TestMember | string, body: Record<string, unknown>) =>
  request(app)
    .post('/api/coach/lesson-slots')
    .set(bearer(typeof who === 'string' ? who : who.token))
    .send({ court_id: courtD.D3, start: '10:00', duration_minutes: 60, price: '60', ...body });
const published = async (daysAhead: number, body: Record<string, unknown> = {}) =>
  (await publish(coach, { date: addDays(today, daysAhead), ...body }).expect(201)).body.slot.id as number;
const book = (member: TestMember, slotId: number) => request(app).post(`/api/lesson-slots/${slotId}/book`).set(bearer(member.token));
const openIds = async () => ((await request(app).get('/api/lesson-slots').expect(200)).body.data as { id: number }[]).map((lesson) => lesson.id);

describe('publishing availability', () => {
  it('publishes a slot on a D court at the coach’s price, audited', async () => {
    const answer = await publish(coach, { date: addDays(today, 3), price: '45,50', duration_minutes: 90 }).expect(201);
    expect(answer.body.message).toBe('Disponibilità pubblicata.');
    expect(answer.body.slot).toMatchObject({ coach: { id: coach.id }, court: { code: 'D3' }, price: '45.50', booking: null });
    expect(Date.parse(answer.body.slot.ends_at) - Date.parse(answer.body.slot.starts_at)).toBe(90 * 60_000);
    expect(await lastAuditOf(db, 'lesson_slots', answer.body.slot.id)).toMatchObject({ action: 'create', actorId: coach.id });
    const open = (await request(app).get('/api/lesson-slots').expect(200)).body.data;
    expect(open).toContainEqual(expect.objectContaining({ id: answer.body.slot.id, coach_name: 'Allenatore', court: 'D3', price: '45.50' }));
  });

  it('refuses bad input with Italian field messages, a non-D court, the past and an overlap', async () => {
    const date = addDays(today, 4);
    const bad = await publish(coach, { date, duration_minutes: 45, start: '10:15', price: '0' }).expect(422);
    expect(bad.body.errors).toMatchObject({ duration_minutes: ['La lezione dura 60 o 90 minuti.'], start: ['Scegli un orario tra le 07:00 e le 21:00, all’ora o alla mezz’ora.'] });
    expect(bad.body.errors.price).toBeDefined();
    expect((await publish(coach, { date, court_id: courtD.C1 }).expect(422)).body.errors.court_id).toEqual(['Le lezioni private si tengono sui campi D.']);
    expect((await publish(coach, { date: addDays(today, -1) }).expect(422)).body.errors.start).toEqual(['Quest’orario è già passato.']);
    await publish(coach, { date }).expect(201);
    expect((await publish(coach, { date, court_id: courtD.D4, start: '10:30' }).expect(409)).body.message).toBe('L’allenatore ha già una lezione a quell’ora.');
    expect((await publish(otherCoach, { date, start: '10:30' }).expect(409)).body.message).toBe('Su quel campo c’è già una lezione pubblicata a quell’ora.');
  });

  it('lets a coach publish only for themself, and keeps members out', async () => {
    const date = addDays(today, 5);
    expect((await publish(coach, { date, coach_id: otherCoach.id }).expect(403)).body.message).toBe('Puoi pubblicare solo le tue disponibilità.');
    const member = await createMember(db);
    await publish(member, { date }).expect(403);
    await request(app).get('/api/coach/lesson-slots').query({ from: today }).set(bearer(member.token)).expect(403);
    // Staff publish for a coach they name.
    expect((await publish(staff, { date }).expect(422)).body.errors.coach_id).toEqual(['Scegli un allenatore.']);
    const forOther = await publish(staff, { date, coach_id: otherCoach.id, court_id: courtD.D5 }).expect(201);
    expect(forOther.body.slot.coach.id).toBe(otherCoach.id);
  });

  it('shows a coach only their own slots; the staff every coach’s', async () => {
    const own = await published(6, { court_id: courtD.D6 });
    const other = (await publish(otherCoach, { date: addDays(today, 6), court_id: courtD.D5 }).expect(201)).body.slot.id;
    const seen = async (token: string, query: Record<string, unknown> = {}) =>
      ((await request(app).get('/api/coach/lesson-slots').query({ from: addDays(today, 6), to: addDays(today, 6), ...query }).set(bearer(token)).expect(200)).body.data as { id: number }[]).map((slot) => slot.id);
    expect(await seen(coach.token)).toEqual([own]);
    expect(await seen(coach.token, { coach_id: otherCoach.id })).toEqual([own]);
    expect((await seen(staff)).sort()).toEqual([own, other].sort());
    expect(await seen(staff, { coach_id: otherCoach.id })).toEqual([other]);
    // Nor can a coach withdraw another's.
    await request(app).delete(`/api/coach/lesson-slots/${other}`).set(bearer(coach.token)).expect(404);
  });
});

describe('booking a lesson', () => {
  it('books for three people at the slot’s price, split and paid as any booking; the coach sees who comes', async () => {
    const slotId = await published(7, { price: '60' });
    const [organiser, anna, bea] = await Promise.all([
      createMember(db, { firstName: 'Olga', lastName: 'Lezione' }),
      createMember(db, { firstName: 'Anna', lastName: 'Allieva' }),
      createMember(db, { firstName: 'Bea', lastName: 'Allieva' }),
    ]);
    const booked = await book(organiser, slotId).send({ price: '1' }).expect(201);
    const bookingId = booked.body.booking_id as number;
    // The price is the slot's: what the member sends is not read.
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ priceCents: 6000, lessonSlotId: slotId, courtId: courtD.D3, status: 'pending_payment' });
    expect(await openIds()).not.toContain(slotId);

    for (const player of [anna, bea]) await request(app).post(`/api/bookings/${bookingId}/players`).set(bearer(organiser.token)).send({ user_id: player.id }).expect(201);
    const checkout = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(organiser.token)).send({}).expect(200);
    await double.pay(sessionIdOf(checkout.body.checkout_url));
    expect(await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionIdOf(checkout.body.checkout_url) } })).toMatchObject({ amountCents: 2000, status: 'completed' });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');

    await services.bookingPlayers.runShareJob();
    const shares = await db.bookingPlayer.findMany({ where: { bookingId }, orderBy: { id: 'asc' } });
    for (const [player, share] of [[anna, shares[0]!], [bea, shares[1]!]] as const) {
      const shareCheckout = await request(app).post(`/api/booking-shares/${share.id}/checkout`).set(bearer(player.token)).expect(200);
      await double.pay(sessionIdOf(shareCheckout.body.checkout_url));
    }
    const split = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser.token)).expect(200);
    expect(split.body).toMatchObject({ price: '60.00', organiser_paid: '20.00', owed: '0.00' });

    const slots = (await request(app).get('/api/coach/lesson-slots').query({ from: addDays(today, 7), to: addDays(today, 7) }).set(bearer(coach.token)).expect(200)).body.data;
    expect(slots).toEqual([
      expect.objectContaining({
        id: slotId,
        booking: { id: bookingId, payment_pending: false, people: [expect.objectContaining({ name: 'Olga Lezione', organiser: true }), expect.objectContaining({ name: 'Anna Allieva' }), expect.objectContaining({ name: 'Bea Allieva' })] },
      }),
    ]);
    // A booked slot cannot be withdrawn.
    expect((await request(app).delete(`/api/coach/lesson-slots/${slotId}`).set(bearer(coach.token)).expect(409)).body.message).toBe('La lezione è prenotata: non si può ritirare.');
  });

  it('gives a slot raced for by two members to one of them', async () => {
    const slotId = await published(8);
    const [first, second] = await Promise.all([createMember(db), createMember(db)]);
    const answers = await Promise.all([book(first, slotId), book(second, slotId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('Questa lezione è già stata prenotata.');
    expect(await db.booking.count({ where: { lessonSlotId: slotId, status: 'pending_payment' } })).toBe(1);
  });

  it('frees the slot when its booking is cancelled, for another member to book', async () => {
    const slotId = await published(9);
    const [first, second] = await Promise.all([createMember(db), createMember(db)]);
    const bookingId = (await book(first, slotId).expect(201)).body.booking_id;
    await book(second, slotId).expect(409);
    // The desk cannot move the lesson's booking away from its slot.
    const moved = await request(app).post(`/api/admin/bookings/${bookingId}/move`).set(bearer(staff)).send({ court_id: courtD.D3, date: addDays(today, 9), start: '12:00' }).expect(409);
    expect(moved.body.message).toBe('È una lezione privata: per cambiarla, annullala e l’allenatore pubblica un altro orario.');
    await request(app).post(`/api/bookings/${bookingId}/cancel`).set(bearer(first.token)).send({}).expect(200);
    expect(await openIds()).toContain(slotId);
    await book(second, slotId).expect(201);
  });

  it('refuses a withdrawn slot, a slot on a court taken meanwhile, and the coach’s own lesson', async () => {
    const member = await createMember(db);
    const withdrawn = await published(10);
    expect((await request(app).delete(`/api/coach/lesson-slots/${withdrawn}`).set(bearer(coach.token)).expect(200)).body.message).toBe('Disponibilità ritirata.');
    expect(await openIds()).not.toContain(withdrawn);
    expect((await book(member, withdrawn).expect(404)).body.message).toBe('Lezione non trovata.');

    const closedOver = await published(10, { start: '15:00' });
    const slot = await db.lessonSlot.findUniqueOrThrow({ where: { id: closedOver } });
    await db.courtClosure.create({ data: { courtId: slot.courtId, startsAt: slot.startsAt, endsAt: slot.endsAt, reason: 'Manutenzione' } });
    expect(await openIds()).not.toContain(closedOver);
    expect((await book(member, closedOver).expect(409)).body.message).toBe('Il campo è chiuso in quell’orario.');

    expect((await book(coach, await published(10, { start: '18:00' })).expect(409)).body.message).toBe('Non puoi prenotare una tua lezione.');
  });
});
