// Courts back-office through the real database: editing a court, closures and the live bookings a
// new closure hits, the refusals, and the admin-only rule the server enforces.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, useBackOfficeLogins } from '../../test/auth-helpers.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const logins = useBackOfficeLogins(app);

describe('courts', () => {
  it('lists every court and saves an edit, upper-casing the code', async () => {
    const list = await request(app).get('/api/admin/courts').set(bearer(logins.admin)).expect(200);
    const court = list.body.data.find((c: { code: string }) => c.code === 'C2');
    const body = { ...court, name: 'Campo C2 rinnovato', code: 'c2', description: 'Sabbia nuova', has_lights: false };
    const saved = await request(app).put(`/api/admin/courts/${court.id}`).set(bearer(logins.admin)).send(body).expect(200);
    expect(saved.body).toMatchObject({ id: court.id, name: 'Campo C2 rinnovato', code: 'C2', has_lights: false, description: 'Sabbia nuova' });
    expect((await db.court.findUniqueOrThrow({ where: { id: court.id } })).hasLights).toBe(false);
  });

  it('refuses a code another court has, an invalid purpose, and an unknown court', async () => {
    const courts = (await request(app).get('/api/admin/courts').set(bearer(logins.admin))).body.data;
    const [first, second] = courts;
    const taken = await request(app).put(`/api/admin/courts/${second.id}`).set(bearer(logins.admin)).send({ ...second, code: first.code }).expect(422);
    expect(taken.body.errors.code).toEqual(['Esiste già un campo con questo codice.']);
    const purpose = await request(app).put(`/api/admin/courts/${second.id}`).set(bearer(logins.admin)).send({ ...second, purpose: 'pool' }).expect(422);
    expect(purpose.body.errors.purpose).toEqual(['Destinazione non valida.']);
    await request(app).put('/api/admin/courts/99999').set(bearer(logins.admin)).send(second).expect(404);
  });

  it('is for admins only: staff get 403', async () => {
    await request(app).get('/api/admin/courts').set(bearer(logins.staff)).expect(403);
    await request(app).post('/api/admin/court-closures').set(bearer(logins.staff)).send({}).expect(403);
    await request(app).get('/api/admin/court-closures').expect(401);
  });
});

describe('closures', () => {
  it('creates a closure and lists the live bookings it hits, not the cancelled or outside ones', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const user = await db.user.findUniqueOrThrow({ where: { email: DEMO.user } });
    const at = (time: string) => new Date(`2031-07-10T${time}:00Z`);
    const live = await db.booking.create({ data: { courtId: court.id, userId: user.id, startsAt: at('08:00'), endsAt: at('09:30'), status: 'confirmed', priceCents: 2000 } });
    const walkIn = await db.booking.create({ data: { courtId: court.id, customerName: 'Pino Walk-in', startsAt: at('12:00'), endsAt: at('13:30'), status: 'pending_payment', priceCents: 2000 } });
    await db.booking.create({ data: { courtId: court.id, userId: user.id, startsAt: at('09:30'), endsAt: at('11:00'), status: 'cancelled', cancelledAt: new Date(), priceCents: 2000 } });
    await db.booking.create({ data: { courtId: court.id, userId: user.id, startsAt: at('16:00'), endsAt: at('17:30'), status: 'confirmed', priceCents: 2000 } });

    const response = await request(app)
      .post('/api/admin/court-closures')
      .set(bearer(logins.admin))
      .send({ court_id: court.id, starts_at: '2031-07-10T09:00:00+02:00', ends_at: '2031-07-10T16:00:00+02:00', reason: 'Livellamento sabbia' })
      .expect(201);
    expect(response.body.closure).toMatchObject({ court: { code: 'C3' }, starts_at: '2031-07-10T07:00:00.000Z', ends_at: '2031-07-10T14:00:00.000Z', reason: 'Livellamento sabbia' });
    expect(response.body.closure.created_by).toMatch(/\S+ \S+/);
    expect(response.body.affected_bookings.map((b: { id: number }) => b.id)).toEqual([live.id, walkIn.id]);
    expect(response.body.affected_bookings[1].customer).toBe('Pino Walk-in');

    const list = await request(app).get('/api/admin/court-closures').query({ from: '2031-07-10' }).set(bearer(logins.admin)).expect(200);
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(response.body.closure.id);
    const later = await request(app).get('/api/admin/court-closures').query({ from: '2031-07-11' }).set(bearer(logins.admin)).expect(200);
    expect(later.body.data.map((c: { id: number }) => c.id)).not.toContain(response.body.closure.id);

    await request(app).delete(`/api/admin/court-closures/${response.body.closure.id}`).set(bearer(logins.admin)).expect(200);
    await request(app).delete(`/api/admin/court-closures/${response.body.closure.id}`).set(bearer(logins.admin)).expect(404);
    expect(await db.courtClosure.count({ where: { id: response.body.closure.id } })).toBe(0);
  });

  it('refuses an end before the start, a missing reason and an unknown court, writing nothing', async () => {
    const before = await db.courtClosure.count();
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
    const backwards = await request(app)
      .post('/api/admin/court-closures')
      .set(bearer(logins.admin))
      .send({ court_id: court.id, starts_at: '2031-07-10T12:00:00Z', ends_at: '2031-07-10T09:00:00Z', reason: '  ' })
      .expect(422);
    expect(backwards.body.errors).toMatchObject({ ends_at: ['La fine deve seguire l’inizio.'], reason: ['Campo obbligatorio.'] });
    const unknown = await request(app)
      .post('/api/admin/court-closures')
      .set(bearer(logins.admin))
      .send({ court_id: 99999, starts_at: '2031-07-10T09:00:00Z', ends_at: '2031-07-10T12:00:00Z', reason: 'Evento' })
      .expect(422);
    expect(unknown.body.errors.court_id).toEqual(['Campo non trovato.']);
    expect(await db.courtClosure.count()).toBe(before);
  });
});

describe('audit', () => {
  const closureBody = (courtId: number) => ({ court_id: courtId, starts_at: '2032-08-01T09:00:00Z', ends_at: '2032-08-01T12:00:00Z', reason: 'Torneo' });

  it('records a court’s edit and a closure’s creation and deletion, each with its row before and after', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C4' } });
    const listed = (await request(app).get('/api/admin/courts').set(bearer(logins.admin))).body.data.find((c: { id: number }) => c.id === court.id);
    await request(app).put(`/api/admin/courts/${court.id}`).set(bearer(logins.admin)).send({ ...listed, description: 'Rete nuova' }).expect(200);
    expect(await lastAuditOf(db, 'courts', court.id)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/courts/:id',
      subjectUserId: null,
      beforeData: expect.objectContaining({ id: court.id, description: court.description }),
      afterData: expect.objectContaining({ id: court.id, description: 'Rete nuova' }),
    });

    const created = await request(app).post('/api/admin/court-closures').set(bearer(logins.admin)).send(closureBody(court.id)).expect(201);
    const id = created.body.closure.id as number;
    expect(await lastAuditOf(db, 'court_closures', id)).toMatchObject({
      action: 'create',
      route: 'POST /api/admin/court-closures',
      beforeData: null,
      afterData: expect.objectContaining({ id, court_id: court.id, reason: 'Torneo' }),
    });
    await request(app).delete(`/api/admin/court-closures/${id}`).set(bearer(logins.admin)).expect(200);
    expect(await lastAuditOf(db, 'court_closures', id)).toMatchObject({
      action: 'delete',
      route: 'DELETE /api/admin/court-closures/:id',
      beforeData: expect.objectContaining({ id }),
      afterData: null,
    });
    const entries = await db.auditLog.count({ where: { entityType: 'court_closures', entityId: id } });
    await request(app).delete(`/api/admin/court-closures/${id}`).set(bearer(logins.admin)).expect(404);
    expect(await db.auditLog.count({ where: { entityType: 'court_closures', entityId: id } })).toBe(entries);
  });

  it('keeps no change when the audit log refuses the entry', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C4' } });
    const listed = (await request(app).get('/api/admin/courts').set(bearer(logins.admin))).body.data.find((c: { id: number }) => c.id === court.id);
    const closures = await db.courtClosure.count();
    await whileRefusing(db, 'audit_log', async () => {
      await request(app).put(`/api/admin/courts/${court.id}`).set(bearer(logins.admin)).send({ ...listed, name: 'Mai salvato' }).expect(500);
      await request(app).post('/api/admin/court-closures').set(bearer(logins.admin)).send(closureBody(court.id)).expect(500);
    });
    expect((await db.court.findUniqueOrThrow({ where: { id: court.id } })).name).toBe(court.name);
    expect(await db.courtClosure.count()).toBe(closures);

    const kept = await request(app).post('/api/admin/court-closures').set(bearer(logins.admin)).send(closureBody(court.id)).expect(201);
    await whileRefusing(db, 'audit_log', () => request(app).delete(`/api/admin/court-closures/${kept.body.closure.id}`).set(bearer(logins.admin)).expect(500));
    expect(await db.courtClosure.count({ where: { id: kept.body.closure.id } })).toBe(1);
  });
});
