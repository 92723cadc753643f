// The rain check in the audit log: starting one records the rain check and each court closure it makes,
// in the transaction that makes them; the job that then cancels the bookings has no operator to name.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';

const { app, db, deps } = await useTestApp();
const day = addDays(todayInRome(), 3);
let staff: Record<string, string>;
let c1: number;

beforeAll(async () => {
  staff = { Authorization: `Bearer ${await loginAs(app, DEMO.staff)}` };
  c1 = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14 } });
});

const walkIn = async (start: string) =>
  (await request(app).post('/api/admin/bookings').set(staff).send({ court_id: c1, date: day, start, payment: 'now', method: 'cash', customer_name: `Passante ${start}` }).expect(201)).body.booking.id as number;

describe('POST /api/admin/rain-checks', () => {
  it('records the rain check and its closure; the cancellations its job makes later record nothing', async () => {
    const booking = await walkIn('09:00');
    const started = await request(app).post('/api/admin/rain-checks').set(staff).send({ date: day, from: '09:00', to: '10:30', court_ids: [c1], reason: 'Temporale' }).expect(202);
    const id = started.body.id as number;
    expect(await lastAuditOf(db, 'rain_checks', id)).toMatchObject({
      action: 'create',
      route: 'POST /api/admin/rain-checks',
      subjectUserId: null,
      input: { reason: 'Temporale', court_ids: [c1] },
      beforeData: null,
      afterData: { id, reason: 'Temporale', court_ids: [c1], return_to: 'credit' },
    });
    const closure = await db.courtClosure.findFirstOrThrow({ where: { courtId: c1, reason: 'Temporale' } });
    expect(await lastAuditOf(db, 'court_closures', closure.id)).toMatchObject({ action: 'create', route: 'POST /api/admin/rain-checks', afterData: { id: closure.id, court_id: c1 } });

    await deps.jobs.waitUntilIdle();
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking } })).status).toBe('cancelled');
    expect((await db.auditLog.findMany({ where: { entityType: 'bookings', entityId: booking } })).map((entry) => entry.action)).toEqual(['create']);
  });

  it('keeps no rain check, closure or queued job when the audit entry cannot be written', async () => {
    const booking = await walkIn('12:00');
    const rainChecks = await db.rainCheck.count();
    await whileRefusing(db, 'audit_log', () => request(app).post('/api/admin/rain-checks').set(staff).send({ date: day, from: '12:00', to: '13:30', court_ids: [c1], reason: 'Grandine' }).expect(500));
    expect(await db.rainCheck.count()).toBe(rainChecks);
    expect(await db.courtClosure.count({ where: { reason: 'Grandine' } })).toBe(0);
    await deps.jobs.waitUntilIdle();
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking } })).status).toBe('confirmed');
  });
});
