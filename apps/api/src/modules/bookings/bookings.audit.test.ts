// The desk's booking writes in the audit log: each names the booking (and a series its series) with the
// row before and after, in the transaction that changes it, so a refused entry leaves the change undone.
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';

const { app, db, deps } = await useTestApp();
const day = addDays(todayInRome(), 5);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let staff: Record<string, string>;
let admin: Record<string, string>;
let alice: TestMember;
let c1: number;
let c2: number;

const walkIn = async (body: Record<string, unknown> = {}) => {
  const created = await request(app).post('/api/admin/bookings').set(staff).send({ court_id: c1, date: day, start: '09:00', payment: 'later', customer_name: 'Mario Passante', ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.booking.id as number;
};
const entriesOf = (entity: string, id: number) => db.auditLog.findMany({ where: { entityType: entity, entityId: id }, orderBy: { id: 'asc' } });

beforeAll(async () => {
  const [staffToken, adminToken] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
  staff = bearer(staffToken);
  admin = bearer(adminToken);
  alice = await createMember(db, { firstName: 'Alice', lastName: 'Socia' });
  [c1, c2] = (await Promise.all(['C1', 'C2'].map(async (code) => (await db.court.findUniqueOrThrow({ where: { code } })).id))) as [number, number];
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
});
beforeEach(async () => {
  await deps.jobs.waitUntilIdle();
  // The bookings go; their payments stay, the documents of the books' entries (the file ends with the books reconciled).
  await db.booking.deleteMany({});
  await db.recurringBooking.deleteMany({});
});

describe('desk bookings', () => {
  it('records a booking made, paid, moved, cancelled with a refund and restored, each with its row before and after', async () => {
    const id = await walkIn({ user_id: alice.id, customer_name: null });
    expect(await lastAuditOf(db, 'bookings', id)).toMatchObject({ action: 'create', route: 'POST /api/admin/bookings', subjectUserId: alice.id, beforeData: null, afterData: { id, status: 'confirmed', user_id: alice.id } });

    await request(app).post(`/api/admin/bookings/${id}/mark-paid`).set(staff).send({ method: 'cash' }).expect(200);
    await request(app).post(`/api/admin/bookings/${id}/move`).set(staff).send({ court_id: c2, date: day, start: '10:30' }).expect(200);
    await request(app).post(`/api/admin/bookings/${id}/cancel`).set(staff).send({ reason: 'Rete rotta', refund: true }).expect(200);
    await request(app).post(`/api/admin/bookings/${id}/restore`).set(staff).expect(200);

    const entries = await entriesOf('bookings', id);
    expect(entries.map((entry) => [entry.action, entry.route])).toEqual([
      ['create', 'POST /api/admin/bookings'],
      ['mark-paid', 'POST /api/admin/bookings/:id/mark-paid'],
      ['move', 'POST /api/admin/bookings/:id/move'],
      ['cancel', 'POST /api/admin/bookings/:id/cancel'],
      ['restore', 'POST /api/admin/bookings/:id/restore'],
    ]);
    const [, , moved, cancelled, restored] = entries;
    expect(entries.every((entry) => entry.subjectUserId === alice.id)).toBe(true);
    expect(moved).toMatchObject({ beforeData: { court_id: c1 }, afterData: { court_id: c2 } });
    expect(cancelled).toMatchObject({ input: { reason: 'Rete rotta', refund: true }, beforeData: { status: 'confirmed' }, afterData: { status: 'cancelled', cancellation_reason: 'Rete rotta' } });
    expect(restored).toMatchObject({ beforeData: { status: 'cancelled' }, afterData: { status: 'confirmed', cancellation_reason: null } });
  });

  it('records nothing for a member cancelling their own booking: the shared cancellation has no back-office scope', async () => {
    const id = await walkIn({ user_id: alice.id, customer_name: null });
    await request(app).post(`/api/bookings/${id}/cancel`).set(bearer(alice.token)).expect(200);
    expect((await db.booking.findUniqueOrThrow({ where: { id } })).status).toBe('cancelled');
    expect((await entriesOf('bookings', id)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('keeps no booking, payment or cancellation when the audit entry cannot be written', async () => {
    await whileRefusing(db, 'audit_log', () => request(app).post('/api/admin/bookings').set(staff).send({ court_id: c1, date: day, start: '12:00', payment: 'now', method: 'cash', customer_name: 'Senza traccia' }).expect(500));
    expect(await db.booking.count({ where: { customerName: 'Senza traccia' } })).toBe(0);

    const id = await walkIn({ payment: 'now', method: 'cash' });
    await whileRefusing(db, 'audit_log', () => request(app).post(`/api/admin/bookings/${id}/cancel`).set(staff).send({ refund: true }).expect(500));
    expect((await db.booking.findUniqueOrThrow({ where: { id } })).status).toBe('confirmed');
    expect(await db.transaction.count({ where: { bookingId: id, type: 'refund' } })).toBe(0);
    expect((await entriesOf('bookings', id)).map((entry) => entry.action)).toEqual(['create']);
  });
});

describe('weekly series', () => {
  const monday = () => {
    let date = addDays(todayInRome(), 1);
    while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, 1);
    return date;
  };
  const seriesBody = () => ({ court_id: c1, weekday: 1, start: '18:00', end: '19:30', valid_from: monday(), valid_to: addDays(monday(), 14), customer_name: 'Scuola Beach' });

  it('records the series and each of its dates when made, edited and cancelled', async () => {
    const created = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody()).expect(201);
    const id = created.body.series.id as number;
    const dates = await db.booking.findMany({ where: { recurringBookingId: id }, orderBy: { startsAt: 'asc' } });
    expect(dates).toHaveLength(3);
    expect(await lastAuditOf(db, 'recurring_bookings', id)).toMatchObject({ action: 'create', route: 'POST /api/admin/recurring-bookings', beforeData: null, afterData: { id, customer_name: 'Scuola Beach' } });
    for (const date of dates) expect(await lastAuditOf(db, 'bookings', date.id)).toMatchObject({ action: 'create', afterData: { id: date.id, recurring_booking_id: id } });

    await request(app).put(`/api/admin/recurring-bookings/${id}`).set(admin).send({ customer_name: 'Scuola Beach ASD', price: '18', price_reason: 'Convenzione' }).expect(200);
    expect(await lastAuditOf(db, 'recurring_bookings', id)).toMatchObject({ action: 'update', beforeData: { price_cents: 2000 }, afterData: { price_cents: 1800, customer_name: 'Scuola Beach ASD' } });
    for (const date of dates) expect(await lastAuditOf(db, 'bookings', date.id)).toMatchObject({ action: 'update', route: 'PUT /api/admin/recurring-bookings/:id', beforeData: { price_cents: 2000 }, afterData: { price_cents: 1800 } });

    await request(app).post(`/api/admin/recurring-bookings/${id}/cancel`).set(staff).send({ from_date: addDays(monday(), 7) }).expect(200);
    expect(await lastAuditOf(db, 'recurring_bookings', id)).toMatchObject({ action: 'cancel', route: 'POST /api/admin/recurring-bookings/:id/cancel', afterData: { valid_to: addDays(monday(), 6) } });
    expect(await lastAuditOf(db, 'bookings', dates[0]!.id)).toMatchObject({ action: 'update' });
    for (const date of dates.slice(1)) expect(await lastAuditOf(db, 'bookings', date.id)).toMatchObject({ action: 'cancel', beforeData: { status: 'confirmed' }, afterData: { status: 'cancelled' } });
  });

  it('keeps no series, date or cancellation when the audit entry cannot be written', async () => {
    await whileRefusing(db, 'audit_log', () => request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody()).expect(500));
    expect(await db.recurringBooking.count()).toBe(0);
    expect(await db.booking.count()).toBe(0);

    const created = await request(app).post('/api/admin/recurring-bookings').set(staff).send(seriesBody()).expect(201);
    const id = created.body.series.id as number;
    await whileRefusing(db, 'audit_log', () => request(app).post(`/api/admin/recurring-bookings/${id}/cancel`).set(staff).send({ from_date: monday() }).expect(500));
    expect(await db.booking.count({ where: { recurringBookingId: id, status: 'confirmed' } })).toBe(3);
    expect(await db.auditLog.count({ where: { entityType: 'recurring_bookings', entityId: id } })).toBe(1);
  });
});
