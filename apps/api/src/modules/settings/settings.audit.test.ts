// The booking settings' audit trail: a save is recorded as the one settings row before and after, in the
// save's own transaction, so a refused entry leaves the settings as they were.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;

beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
});

const current = async () => (await request(app).get('/api/admin/settings').set(bearer(admin)).expect(200)).body;

describe('PUT /api/admin/settings', () => {
  it('records the settings row before and after, without an id', async () => {
    const settings = await current();
    await request(app).put('/api/admin/settings').set(bearer(admin)).send({ ...settings, booking_horizon_days: 30 }).expect(200);
    expect(await lastAuditOf(db, 'settings', null)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/settings',
      subjectUserId: null,
      input: expect.objectContaining({ booking_horizon_days: 30 }),
      beforeData: expect.objectContaining({ id: 1, booking_horizon_days: settings.booking_horizon_days }),
      afterData: expect.objectContaining({ id: 1, booking_horizon_days: 30 }),
    });
  });

  it('records a save that changes nothing, once', async () => {
    const entries = await db.auditLog.count({ where: { entityType: 'settings' } });
    await request(app).put('/api/admin/settings').set(bearer(admin)).send(await current()).expect(200);
    expect(await db.auditLog.count({ where: { entityType: 'settings' } })).toBe(entries + 1);
  });

  it('keeps neither the change nor its entry when the audit log refuses the entry', async () => {
    const settings = await current();
    const entries = await db.auditLog.count({ where: { entityType: 'settings' } });
    const changed = { ...settings, reminder_hours: 48 };
    await whileRefusing(db, 'audit_log', () => request(app).put('/api/admin/settings').set(bearer(admin)).send(changed).expect(500));
    expect(await current()).toEqual(settings);
    expect(await db.auditLog.count({ where: { entityType: 'settings' } })).toBe(entries);
  });
});
