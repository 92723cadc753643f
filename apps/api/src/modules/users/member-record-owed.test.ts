// The member's page at the desk shows what each booking still owes, from the ledger as the planner reads it:
// a booking to be paid is not told from a paid one by its status.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
});

describe('a member’s page: what each booking still owes', () => {
  it('gives the ledger’s amount to collect for a booking paid later, zero for a paid one, and zero once collected', async () => {
    const member = await createMember(app, db);
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
