// The member's page at the desk shows what each booking still owes, from the ledger as the planner reads it:
// a booking to be paid is not told from a paid one by its status. It lists too, from the ledger, the
// member's unpaid shares in others' bookings, enrolments and debt, with one total; a share is collected there.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeChild, makeCourse } from '../enrolments/test-courses.js';
import { accounts, credit, debit, post } from '../ledger/index.js';

const { app, db, services, stripe } = await useTestApp({}, { stripe: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
});

describe('a member’s page: what each booking still owes', () => {
  it('gives the ledger’s amount to collect for a booking paid later, zero for a paid one, and zero once collected', async () => {
    const member = await createMember(db);
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C2' } });
    const book = (start: string, payment: Record<string, unknown>) =>
      request(app).post('/api/admin/bookings').set(bearer(staff)).send({ court_id: court.id, date: addDays(todayInRome(), 3), start, user_id: member.id, customer_name: null, ...payment }).expect(201);
    const unpaid = (await book('09:00', { payment: 'later' })).body.booking.id as number;
    const paid = (await book('10:30', { payment: 'now', method: 'cash' })).body.booking.id as number;
    const owedOf = async () => {
      const page = await request(app).get(`/api/admin/users/${member.id}`).set(bearer(staff)).expect(200);
      return Object.fromEntries((page.body.bookings as { id: number; owed: string }[]).map((booking) => [booking.id, booking.owed]));
    };
    const before = await owedOf();
    expect(before[unpaid]).not.toBe('0.00');
    expect(before[unpaid]).toBe((await request(app).get(`/api/admin/bookings/${unpaid}`).set(bearer(staff)).expect(200)).body.owed);
    expect(before[paid]).toBe('0.00');
    await request(app).post(`/api/admin/bookings/${unpaid}/mark-paid`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    expect((await owedOf())[unpaid]).toBe('0.00');
  });
});

/** A confirmed 20 € booking of the organiser, the player added: the organiser paid their own half by card. */
async function bookingWithPlayer(organiser: TestMember, player: TestMember, court: number) {
  const held = await request(app).post('/api/bookings').set(bearer(organiser.token)).send({ date: addDays(todayInRome(), 4), court_id: court, start: '10:30' }).expect(201);
  const bookingId = held.body.booking.id as number;
  await request(app).post(`/api/bookings/${bookingId}/players`).set(bearer(organiser.token)).send({ user_id: player.id }).expect(201);
  const checkout = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(organiser.token)).send({}).expect(200);
  await stripe!.pay((checkout.body.checkout_url as string).split('/').pop()!);
  await services.bookingPlayers.runShareJob();
  return db.bookingPlayer.findFirstOrThrow({ where: { bookingId, userId: player.id } });
}

describe('a member’s page: everything the member owes, with one total', () => {
  it('lists an unpaid booking, a share in another’s booking, an enrolment and the debt, and totals them; the share is collected there, once', async () => {
    const member = await createMember(db, { firstName: 'Dora', lastName: 'Debiti' });
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Organizza' });
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
    await request(app).post('/api/admin/bookings').set(bearer(staff)).send({ court_id: court.id, date: addDays(todayInRome(), 3), start: '09:00', user_id: member.id, customer_name: null, payment: 'later' }).expect(201);
    const share = await bookingWithPlayer(organiser, member, court.id);
    const course = await makeCourse(db, { priceCents: 10_000 });
    const child = await makeChild(db, member.id);
    const enrolment = (await request(app).post('/api/me/enrolments').set(bearer(member.token)).send({ course_id: course.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment;
    await post(db, { key: `test:debt:${member.id}`, kind: 'correction', userId: member.id, legs: [debit(accounts.debt(member.id), 700), credit(accounts.revenue('extra'), 700)] });

    const page = async () => (await request(app).get(`/api/admin/users/${member.id}`).set(bearer(staff)).expect(200)).body;
    const before = await page();
    const bookingOwed = before.bookings[0].owed as string;
    expect(bookingOwed).not.toBe('0.00');
    expect(before.owed.shares).toEqual([
      { id: share.id, booking_id: share.bookingId, court_name: court.name, starts_at: expect.any(String), organiser: 'Olga Organizza', owed: '10.00' },
    ]);
    expect(before.owed.enrolments).toEqual([{ id: enrolment.id, course_name: course.name, participant: `${child.firstName} ${child.lastName}`, owed: '100.00' }]);
    expect(before.owed.debt).toBe('7.00');
    expect(before.owed.total).toBe((Number(bookingOwed) + 10 + 100 + 7).toFixed(2));

    const collect = () => request(app).post(`/api/admin/booking-shares/${share.id}/collect`).set(bearer(staff)).send({ method: 'card' });
    expect((await collect().expect(200)).body.message).toBe('Quota incassata.');
    const after = await page();
    expect(after.owed.shares).toEqual([]);
    expect(after.owed.total).toBe((Number(bookingOwed) + 100 + 7).toFixed(2));
    const payment = await db.transaction.findFirstOrThrow({ where: { userId: member.id, kind: 'booking_share' }, include: { receipt: true } });
    expect(payment).toMatchObject({ amountCents: 1000, method: 'card', status: 'completed', bookingPlayerId: share.id, receipt: expect.objectContaining({ transactionId: payment.id }) });
    expect(await db.bookingPlayer.findUniqueOrThrow({ where: { id: share.id } })).toMatchObject({ status: 'paid', transactionId: payment.id, paidWith: 'desk', paidAt: expect.any(Date) });
    expect(await lastAuditOf(db, 'booking_players', share.id)).toMatchObject({ action: 'mark-paid' });
    // Collected once: asked again, nothing is left to pay.
    expect((await collect().expect(409)).body.message).toBe('Questa quota non è da pagare.');
    expect(await db.transaction.count({ where: { userId: member.id, kind: 'booking_share' } })).toBe(1);
  });

  it('refuses a staff member collecting their own share (an admin may, once under two collections at once), and a share that does not exist', async () => {
    const organiser = await createMember(db, { firstName: 'Ugo', lastName: 'Organizza' });
    const staffUser = await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } });
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const share = await bookingWithPlayer(organiser, { id: staffUser.id, token: staff } as TestMember, court.id);
    await request(app).post(`/api/admin/booking-shares/${share.id}/collect`).set(bearer(staff)).send({ method: 'cash' }).expect(403);
    expect(await db.transaction.count({ where: { bookingPlayerId: share.id } })).toBe(0);
    const admin = await loginAs(app, DEMO.admin);
    // Two collections at once take turns on the share's lock: one is paid, the other finds nothing left.
    const both = await Promise.all([1, 2].map(() => request(app).post(`/api/admin/booking-shares/${share.id}/collect`).set(bearer(admin)).send({ method: 'cash' })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await db.transaction.count({ where: { bookingPlayerId: share.id } })).toBe(1);
    await request(app).post('/api/admin/booking-shares/999999/collect').set(bearer(admin)).send({ method: 'cash' }).expect(404);
    await request(app).post(`/api/admin/booking-shares/${share.id}/collect`).set(bearer(admin)).send({ method: 'nope' }).expect(422);
  });
});
