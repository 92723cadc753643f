// The audit log: each back-office use case names what it changed with audit(tx, …) in its own
// transaction, the route mounter names who asked and through which route, and admins read it filtered.
import { defineRoute, z } from '@beach/contracts';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-data.js';
import { errorHandler } from '../../lib/errors.js';
import { createRouteMounter } from '../../lib/http.js';
import type { Logger } from '../../lib/logger.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { whileRefusing } from '../../test/audit.js';
import { createMember } from '../../test/members.js';
import { createAccessGuards } from '../auth/guards.js';
import { createAuditTrail } from './audit-trail.js';

const { app, db, config } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let staff: string;
let adminId: number;
let staffId: number;

beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  const idOf = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email } })).id;
  [adminId, staffId] = await Promise.all([idOf(DEMO.admin), idOf(DEMO.staff)]);
});

const auditLog = (query: Record<string, string | number>, token = admin) => request(app).get('/api/admin/audit-log').query(query).set(bearer(token));

describe('recording', () => {
  it('records a role change with who, what, the row before and after, and never the password hash', async () => {
    const member = await createMember(db);
    await request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(admin)).send({ role: 'staff' }).expect(200);
    const { body } = await auditLog({ user_id: member.id }).expect(200);
    expect(body.total).toBe(1);
    const [entry] = body.data;
    expect(entry).toMatchObject({
      action: 'change-role',
      route: 'PUT /api/admin/users/:id/role',
      entity_type: 'users',
      entity_id: member.id,
      actor: { id: adminId, name: 'Alessandra Amministratrice' },
      subject_user: { id: member.id, name: 'Giulia Bianchi' },
      input: { role: 'staff' },
      before: { id: member.id, role: 'user', email: member.email },
      after: { id: member.id, role: 'staff' },
    });
    expect(entry.request_id).toBeTruthy();
    expect(JSON.stringify(entry)).not.toContain('password_hash');
  });

  it('records a coupon’s creation and edit with the values before and after', async () => {
    const created = await request(app)
      .post('/api/admin/coupons')
      .set(bearer(admin))
      .send({ code: `AUDIT${Date.now()}`, description: 'Prova', discount_type: 'percentage', discount_value: 10, applicable_to: 'membership', usage_limit: '', is_active: true, start_date: '2026-05-01', end_date: '2026-09-30' })
      .expect(201);
    const id = created.body.coupon.id as number;
    await request(app).put(`/api/admin/coupons/${id}`).set(bearer(admin)).send({ is_active: false }).expect(200);
    const entries = await db.auditLog.findMany({ where: { entityType: 'membership_coupons', entityId: id }, orderBy: { id: 'asc' } });
    expect(entries.map((entry) => [entry.action, entry.route])).toEqual([['create', 'POST /api/admin/coupons'], ['update', 'PUT /api/admin/coupons/:id']]);
    expect(entries[0]).toMatchObject({ beforeData: null, afterData: { id, is_active: true } });
    expect(entries[1]).toMatchObject({ input: { is_active: false }, beforeData: { id, is_active: true }, afterData: { id, is_active: false } });
  });

  it('records a card’s deletion under the card and its holder, and a staff member’s booking cancellation under the booking', async () => {
    const member = await createMember(db);
    const card = await db.membership.create({
      data: { membershipNumber: `A-${Date.now()}`, userId: member.id, type: 'daily', startDate: new Date('2026-07-01'), endDate: new Date('2026-07-01'), originalPriceCents: 500, priceCents: 500 },
    });
    await request(app).delete(`/api/admin/memberships/${card.id}`).set(bearer(admin)).expect(200);
    const byCard = await auditLog({ membership_id: card.id }).expect(200);
    expect(byCard.body.data).toMatchObject([{ action: 'delete', route: 'DELETE /api/admin/memberships/:id', before: { id: card.id, user_id: member.id }, after: null, subject_user: { id: member.id } }]);
    expect((await auditLog({ user_id: member.id })).body.data.map((entry: { entity_id: number }) => entry.entity_id)).toEqual([card.id]);

    const court = await db.court.findFirstOrThrow({ where: { isBookable: true } });
    const booking = await db.booking.create({
      data: { courtId: court.id, userId: member.id, startsAt: new Date('2030-07-01T08:00:00Z'), endsAt: new Date('2030-07-01T09:30:00Z'), status: 'confirmed', priceCents: 2000 },
    });
    await request(app).post(`/api/admin/bookings/${booking.id}/cancel`).set(bearer(staff)).send({ reason: 'Pioggia' }).expect(200);
    const byBooking = await auditLog({ booking_id: booking.id }).expect(200);
    expect(byBooking.body.data).toMatchObject([
      { action: 'cancel', route: 'POST /api/admin/bookings/:id/cancel', actor: { id: staffId }, before: { status: 'confirmed' }, after: { status: 'cancelled' }, subject_user: { id: member.id } },
    ]);
    expect((await auditLog({ actor_id: staffId })).body.data.every((entry: { actor: { id: number } }) => entry.actor.id === staffId)).toBe(true);
  });

  it('records nothing for reads, refused or invalid writes, and routes that only compute', async () => {
    const before = await db.auditLog.count();
    const member = await createMember(db);
    await request(app).get('/api/admin/users').set(bearer(admin)).expect(200);
    await request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(admin)).send({ role: 'boss' }).expect(422);
    await request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(staff)).send({ role: 'admin' }).expect(403);
    await request(app).post(`/api/admin/users/${adminId}/disable`).set(bearer(admin)).expect(403);
    await request(app).post('/api/admin/broadcast-email/count-recipients').set(bearer(admin)).send({ recipient_type: 'all' }).expect(200);
    expect(await db.auditLog.count()).toBe(before);
  });

  it('erasure keeps no personal values: its own entry has none, and earlier entries about the member lose theirs', async () => {
    const member = await createMember(db, { firstName: 'Ilaria', lastName: 'Costa' });
    await request(app).put(`/api/admin/users/${member.id}`).set(bearer(admin)).send({ first_name: 'Ilaria', last_name: 'Costa', email: member.email, phone: '+39 333 222 3333', birth_date: '' }).expect(200);
    await request(app).post(`/api/admin/users/${member.id}/erase`).set(bearer(admin)).expect(200);
    const { body } = await auditLog({ user_id: member.id }).expect(200);
    expect(body.data.map((entry: { action: string }) => entry.action)).toEqual(['erase', 'update']);
    expect(body.data[0]).toMatchObject({ input: null, before: null, after: null, subject_user: { id: member.id, name: 'Utente cancellato' } });
    const text = JSON.stringify(body.data);
    for (const personal of ['Ilaria', 'Costa', member.email, '+39 333 222 3333']) expect(text).not.toContain(personal);
  });

  it('erasure empties the entries about the member’s medical certificates: health data, whatever the key', async () => {
    const member = await createMember(db);
    const certificate = { id: 99, user_id: member.id, kind: 'agonistic', issued_by: 'Dr. Rossi', rejection_reason: 'Illeggibile' };
    const entry = await db.auditLog.create({
      data: { actorId: adminId, action: 'reject', route: 'POST /api/admin/certificates/:id/reject', entityType: 'medical_certificates', entityId: 99, subjectUserId: member.id, input: { reason: 'Illeggibile' }, beforeData: certificate, afterData: certificate },
    });
    await request(app).post(`/api/admin/users/${member.id}/erase`).set(bearer(admin)).expect(200);
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({ action: 'reject', input: null, beforeData: null, afterData: null });
  });
});

describe('in the write’s own transaction', () => {
  it('writes the entry before the change commits: a failing entry leaves the change undone', async () => {
    const member = await createMember(db);
    await whileRefusing(db, 'audit_log', () => request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(admin)).send({ role: 'staff' }).expect(500));
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).role).toBe('user');
    expect(await db.auditLog.count({ where: { entityType: 'users', entityId: member.id } })).toBe(0);
  });

  it('rolls the entry back with a change that fails', async () => {
    const member = await createMember(db);
    await whileRefusing(db, 'auth_sessions', () => request(app).post(`/api/admin/users/${member.id}/disable`).set(bearer(admin)).expect(500));
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).disabledAt).toBeNull();
    expect(await db.auditLog.count({ where: { entityType: 'users', entityId: member.id } })).toBe(0);
  });

  it('records the write once, with the row as the transaction left it', async () => {
    const member = await createMember(db);
    await request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(admin)).send({ role: 'staff' }).expect(200);
    const entries = await db.auditLog.findMany({ where: { entityType: 'users', entityId: member.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'change-role', actorId: adminId, subjectUserId: member.id, beforeData: expect.objectContaining({ role: 'user' }), afterData: expect.objectContaining({ role: 'staff' }) });
  });
});

describe('reading', () => {
  it('filters by Rome days, refuses a reversed range, and is for admins only', async () => {
    const member = await createMember(db);
    await request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(admin)).send({ role: 'staff' }).expect(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect((await auditLog({ user_id: member.id, date_from: today, date_to: today })).body.total).toBe(1);
    expect((await auditLog({ user_id: member.id, date_to: '2020-01-01' })).body.total).toBe(0);
    const reversed = await auditLog({ date_from: '2026-05-02', date_to: '2026-05-01' }).expect(422);
    expect(reversed.body.errors.date_to).toEqual(['La data finale non può precedere quella iniziale.']);
    await auditLog({}, staff).expect(403);
  });
});

describe('a write that names nothing it changed', () => {
  const probeApp = (env: 'test' | 'production', logger: Logger) => {
    const probe = express();
    probe.use(express.json());
    const router = express.Router();
    const mount = createRouteMounter(router, createAccessGuards({ db, config }), createAuditTrail({ db, logger, config: { ...config, NODE_ENV: env } }));
    mount(defineRoute({ method: 'post', path: '/api/admin/probe/:id', summary: 'probe', tag: 'test', access: 'admin', params: z.object({ id: z.coerce.number() }), response: z.object({ ok: z.boolean() }) }), () => ({ ok: true }));
    probe.use('/api', router);
    probe.use(errorHandler());
    return probe;
  };

  it('fails in tests, so a use case that forgets audit(tx, …) cannot pass', async () => {
    await request(probeApp('test', { error: vi.fn() } as unknown as Logger)).post('/api/admin/probe/7').set(bearer(admin)).send({}).expect(500);
  });

  it('in production still answers, records the route and operator, and logs the gap', async () => {
    const logger = { error: vi.fn() } as unknown as Logger;
    const response = await request(probeApp('production', logger)).post('/api/admin/probe/7').set(bearer(admin)).send({ password: DEMO_PASSWORD, note: 'x' }).expect(200);
    expect(response.body).toEqual({ ok: true });
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ route: 'POST /api/admin/probe/:id' }), 'audit log: a back-office write named nothing it changed');
    const entry = await db.auditLog.findFirstOrThrow({ where: { route: 'POST /api/admin/probe/:id' } });
    expect(entry).toMatchObject({ actorId: adminId, entityType: 'probe', entityId: 7 });
  });
});
