// Nobody handles money on their own account, over HTTP on the real database: each desk money action a
// staff member takes on their own account (or their child's) is refused with a 403 that says why, and
// moves nothing; an admin takes it, and the staff member takes it for anyone else.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../generated/prisma/client.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp, ledgerSum } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeChild, makeCourse } from '../enrolments/test-courses.js';
import { OWN_MONEY } from './own-money.js';

const mail = await startMailCatcher();
const { app, db, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = todayInRome();

let admin: string;
/** A staff member of this file's own, who is also a member (their credit, their child, their bookings). */
let clerk: TestMember;
let clerkUser: User;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  clerk = await createMember(db, { firstName: 'Sergio', lastName: 'Sportello' });
  clerkUser = await db.user.update({ where: { id: clerk.id }, data: { role: 'staff' } });
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, paymentHoldMinutes: 15, splitDeadlineHours: 2 } });
});

const refusedOwn = (response: request.Response) => {
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body.message).toBe(OWN_MONEY.message);
};

describe('a staff member’s desk money on their own account', () => {
  it('tops up and refunds credit: refused for themselves, done by an admin; another member’s is theirs to do', async () => {
    refusedOwn(await request(app).post(`/api/admin/users/${clerk.id}/credit/top-up`).set(bearer(clerk.token)).send({ amount: '30', method: 'cash' }));
    expect(await ledgerSum(db, clerk.id)).toBe(0);
    await deskTopUp(app, admin, clerk, '30');
    refusedOwn(await request(app).post(`/api/admin/users/${clerk.id}/credit/refund`).set(bearer(clerk.token)).send({ amount: '5', method: 'cash' }));
    expect(await ledgerSum(db, clerk.id)).toBe(3000);
    await request(app).post(`/api/admin/users/${clerk.id}/credit/refund`).set(bearer(admin)).send({ amount: '5', method: 'cash' }).expect(200);
    expect(await ledgerSum(db, clerk.id)).toBe(2500);

    const member = await createMember(db);
    await deskTopUp(app, clerk.token, member, '30');
    await request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(clerk.token)).send({ amount: '5', method: 'cash' }).expect(200);
    expect(await ledgerSum(db, member.id)).toBe(2500);
  });

  it('collects or cancels (its money back to credit) their own child’s enrolment: refused, nothing moved; an admin does it', async () => {
    const course = await makeCourse(db, { priceCents: 4000 });
    const child = await makeChild(db, clerk.id);
    const { id } = (await request(app).post('/api/me/enrolments').set(bearer(clerk.token)).send({ course_id: course.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment;
    refusedOwn(await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(clerk.token)).send({ method: 'cash' }));
    expect(await db.transaction.count({ where: { enrolmentId: id } })).toBe(0);
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id } })).status).toBe('pending_payment');
    const collected = await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(admin)).send({ method: 'cash' }).expect(200);
    expect(collected.body.enrolment).toMatchObject({ status: 'confirmed', owed: '0.00' });
    // Cancelled, what was paid goes back into the parent's credit: the same rule.
    refusedOwn(await request(app).post(`/api/admin/enrolments/${id}/cancel`).set(bearer(clerk.token)));
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id } })).status).toBe('confirmed');
    await request(app).post(`/api/admin/enrolments/${id}/cancel`).set(bearer(admin)).expect(200);
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id } })).status).toBe('cancelled');
  });

  it('books at the desk paid now, marks paid or cancels with a refund their own booking: refused; an admin does it', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const day = addDays(today, 4);
    const deskBook = (token: string, body: Record<string, unknown>) =>
      request(app).post('/api/admin/bookings').set(bearer(token)).send({ court_id: court.id, date: day, user_id: clerk.id, customer_name: null, ...body });
    refusedOwn(await deskBook(clerk.token, { start: '09:00', payment: 'now', method: 'cash' }));
    expect(await db.booking.count({ where: { userId: clerk.id } })).toBe(0);

    const later = await deskBook(clerk.token, { start: '10:30', payment: 'later' });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    const bookingId = later.body.booking.id as number;
    refusedOwn(await request(app).post(`/api/admin/bookings/${bookingId}/mark-paid`).set(bearer(clerk.token)).send({ method: 'cash' }));
    expect(await db.transaction.count({ where: { bookingId } })).toBe(0);
    await request(app).post(`/api/admin/bookings/${bookingId}/mark-paid`).set(bearer(admin)).send({ method: 'cash' }).expect(200);
    expect(await db.transaction.count({ where: { bookingId, status: 'completed' } })).toBe(1);
    // Cancelled with its refund: the same rule; without a refund no money moves, and it is theirs to do.
    refusedOwn(await request(app).post(`/api/admin/bookings/${bookingId}/cancel`).set(bearer(clerk.token)).send({ refund: true }));
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
    await request(app).post(`/api/admin/bookings/${bookingId}/cancel`).set(bearer(admin)).send({ refund: true }).expect(200);
    expect(await db.transaction.count({ where: { bookingId, type: 'refund' } })).toBe(1);
  });

  it('collects a booking in which they owe a share: refused; an admin collects it, their share with it', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const organiser = await createMember(db);
    const bookingId = (await request(app).post('/api/bookings').set(bearer(organiser.token)).send({ date: addDays(today, 5), court_id: court.id, start: '12:00' }).expect(201)).body.booking.id as number;
    await request(app).post(`/api/bookings/${bookingId}/players`).set(bearer(organiser.token)).send({ user_id: clerk.id }).expect(201);
    // The organiser pays their part by card: the clerk's share is now theirs to pay.
    const checkout = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(organiser.token)).send({}).expect(200);
    await stripe!.pay((checkout.body.checkout_url as string).split('/').pop()!);
    await services.bookingPlayers.runShareJob();
    const share = await db.bookingPlayer.findFirstOrThrow({ where: { bookingId, userId: clerk.id } });
    refusedOwn(await request(app).post(`/api/admin/bookings/${bookingId}/mark-paid`).set(bearer(clerk.token)).send({ method: 'cash' }));
    expect((await db.bookingPlayer.findUniqueOrThrow({ where: { id: share.id } })).paidAt).toBeNull();
    await request(app).post(`/api/admin/bookings/${bookingId}/mark-paid`).set(bearer(admin)).send({ method: 'cash' }).expect(200);
    expect((await db.bookingPlayer.findUniqueOrThrow({ where: { id: share.id } })).paidAt).not.toBeNull();
  });

  it('sells themselves a carnet: refused; an admin sells it', async () => {
    const product = (
      await request(app)
        .post('/api/admin/carnet-products')
        .set(bearer(admin))
        .send({ name: 'Carnet 3 ingressi', uses: 3, band: 'day', court_ids: [], price: '50', valid_from: addDays(today, -30), valid_until: addDays(today, 60), is_active: true })
        .expect(201)
    ).body as { id: number };
    refusedOwn(await request(app).post(`/api/admin/users/${clerk.id}/carnets`).set(bearer(clerk.token)).send({ product_id: product.id, method: 'cash' }));
    expect(await db.carnet.count({ where: { userId: clerk.id } })).toBe(0);
    await request(app).post(`/api/admin/users/${clerk.id}/carnets`).set(bearer(admin)).send({ product_id: product.id, method: 'cash' }).expect(201);
  });

  it('starts a rain check that gives their own booking’s money back: refused, no court closed; another staff member starts it', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C2' } });
    const date = addDays(today, 8);
    await request(app).post('/api/admin/bookings').set(bearer(admin)).send({ court_id: court.id, date, start: '09:00', user_id: clerk.id, customer_name: null, payment: 'now', method: 'cash' }).expect(201);
    const rain = { date, from: '09:00', to: '10:30', court_ids: [court.id], return_to: 'credit' };
    refusedOwn(await request(app).post('/api/admin/rain-checks').set(bearer(clerk.token)).send(rain));
    expect(await db.rainCheck.count()).toBe(0);
    expect(await db.courtClosure.count({ where: { courtId: court.id } })).toBe(0);
    await request(app).post('/api/admin/rain-checks').set(bearer(await loginAs(app, DEMO.staff))).send(rain).expect(202);
  });

  it('cancels a session whose money goes back to their own child’s enrolments: refused, nothing moved; an admin does it', async () => {
    const course = await makeCourse(db, { priceCents: 4000, lessonPriceCents: 1500 });
    const enrol = async (body: Record<string, unknown>) => {
      const child = await makeChild(db, clerk.id, body.kind === 'course' ? 'Marta' : 'Piero');
      const { id } = (await request(app).post('/api/me/enrolments').set(bearer(clerk.token)).send({ course_id: course.id, child_id: child.id, ...body }).expect(201)).body.enrolment;
      await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(admin)).send({ method: 'cash' }).expect(200);
    };
    await enrol({ kind: 'course' });
    const [sessionId, lessonSessionId] = course.sessions as [number, number];
    await enrol({ kind: 'lesson', session_id: lessonSessionId });
    const credit = await ledgerSum(db, clerk.id);
    // The route is an admin's; the rule holds in the cancellation itself, for the make-up credit and for a lesson's money alike.
    await request(app).post(`/api/admin/courses/${course.id}/sessions/${sessionId}/cancel`).set(bearer(clerk.token)).send({ reason: 'Pioggia' }).expect(403);
    for (const [id, makeUp] of [[sessionId, 'credit'], [lessonSessionId, 'none']] as const) {
      await expect(services.courses.cancelSession(clerkUser, course.id, id, { reason: 'Pioggia', make_up: makeUp })).rejects.toMatchObject({ status: 403, message: OWN_MONEY.message });
      expect((await db.courseSession.findUniqueOrThrow({ where: { id } })).cancelledAt).toBeNull();
    }
    expect(await ledgerSum(db, clerk.id)).toBe(credit);
    const adminUser = await db.user.findUniqueOrThrow({ where: { email: DEMO.admin } });
    await services.courses.cancelSession(adminUser, course.id, sessionId, { reason: 'Pioggia', make_up: 'credit' });
    await services.courses.cancelSession(adminUser, course.id, lessonSessionId, { reason: 'Pioggia', make_up: 'none' });
    expect(await ledgerSum(db, clerk.id)).toBeGreaterThan(credit + 1500);
  });

  it('is the same rule for an admin’s role only: the clerk made admin may do it', async () => {
    await db.user.update({ where: { id: clerk.id }, data: { role: 'admin' } });
    try {
      await request(app).post(`/api/admin/users/${clerk.id}/credit/top-up`).set(bearer(clerk.token)).send({ amount: '10', method: 'cash' }).expect(200);
    } finally {
      await db.user.update({ where: { id: clerk.id }, data: { role: clerkUser.role } });
    }
  });
});
