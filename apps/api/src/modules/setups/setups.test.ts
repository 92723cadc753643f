// Setups back-office through the real database: the seeded standard setups, CRUD with its refusals,
// assignments to courts by date range and the database's one-setup-per-court-per-day guarantee.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const logins = useBackOfficeLogins(app);

const padel = { name: 'Beach volley ridotto', sport: 'beach_volley', net_height_cm: '215', length_m: '14,5', width_m: 7, equipment: 'Rete bassa', notes: '' };

describe('setups', () => {
  it('has the standard setups seeded (beach volley, beach tennis, foot volley), no court assigned', async () => {
    const list = await request(app).get('/api/admin/setups').set(bearer(logins.admin)).expect(200);
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sport: 'beach_volley', net_height_cm: 243, length_m: 16, width_m: 8 }),
        expect.objectContaining({ sport: 'beach_tennis', net_height_cm: 170, length_m: 16, width_m: 8 }),
        expect.objectContaining({ sport: 'foot_volley', net_height_cm: 220, length_m: 18, width_m: 9 }),
      ]),
    );
    expect(await db.courtSetup.count()).toBe(0);
  });

  it('creates, edits and deletes a setup, refusing a twin name and bad sizes', async () => {
    const created = await request(app).post('/api/admin/setups').set(bearer(logins.admin)).send(padel).expect(201);
    expect(created.body).toMatchObject({ name: 'Beach volley ridotto', net_height_cm: 215, length_m: 14.5, width_m: 7, notes: null });
    const twin = await request(app).post('/api/admin/setups').set(bearer(logins.admin)).send(padel).expect(422);
    expect(twin.body.errors.name).toEqual(['Esiste già un allestimento con questo nome.']);
    const bad = await request(app).post('/api/admin/setups').set(bearer(logins.admin)).send({ ...padel, name: 'X', net_height_cm: 20, length_m: '0', sport: 'padel' }).expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['length_m', 'net_height_cm', 'sport']);
    const edited = await request(app).put(`/api/admin/setups/${created.body.id}`).set(bearer(logins.admin)).send({ ...padel, net_height_cm: 210 }).expect(200);
    expect(edited.body.net_height_cm).toBe(210);
    await request(app).delete(`/api/admin/setups/${created.body.id}`).set(bearer(logins.admin)).expect(200);
    await request(app).put(`/api/admin/setups/${created.body.id}`).set(bearer(logins.admin)).send(padel).expect(404);
  });

  it('is for admins only', async () => {
    await request(app).get('/api/admin/setups').set(bearer(logins.staff)).expect(403);
    await request(app).post('/api/admin/court-setups').set(bearer(logins.staff)).send({}).expect(403);
  });
});

describe('assignments', () => {
  it('assigns a setup to a court for a range and refuses an overlapping one with a clear 409', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C4' } });
    const [volley, tennis] = await Promise.all([db.setup.findFirstOrThrow({ where: { sport: 'beach_volley' } }), db.setup.findFirstOrThrow({ where: { sport: 'beach_tennis' } })]);
    const first = await request(app).post('/api/admin/court-setups').set(bearer(logins.admin)).send({ court_id: court.id, setup_id: volley.id, valid_from: '2031-06-01', valid_to: '2031-06-30' }).expect(201);
    expect(first.body).toMatchObject({ court: { code: 'C4' }, setup: { id: volley.id, sport: 'beach_volley' }, valid_from: '2031-06-01', valid_to: '2031-06-30' });

    const overlap = await request(app).post('/api/admin/court-setups').set(bearer(logins.admin)).send({ court_id: court.id, setup_id: tennis.id, valid_from: '2031-06-30', valid_to: '2031-07-15' }).expect(409);
    expect(overlap.body.message).toBe('Il campo ha già un allestimento in alcuni di questi giorni: un campo può avere un solo allestimento al giorno.');
    await request(app).post('/api/admin/court-setups').set(bearer(logins.admin)).send({ court_id: court.id, setup_id: tennis.id, valid_from: '2031-07-01', valid_to: '2031-07-15' }).expect(201);

    const backwards = await request(app).post('/api/admin/court-setups').set(bearer(logins.admin)).send({ court_id: court.id, setup_id: tennis.id, valid_from: '2031-08-10', valid_to: '2031-08-01' }).expect(422);
    expect(backwards.body.errors.valid_to).toEqual(['La data di fine non può precedere quella di inizio.']);

    const list = await request(app).get('/api/admin/court-setups').set(bearer(logins.admin)).expect(200);
    expect(list.body.data).toHaveLength(2);

    const inUse = await request(app).delete(`/api/admin/setups/${volley.id}`).set(bearer(logins.admin)).expect(409);
    expect(inUse.body.message).toBe('L’allestimento è assegnato a uno o più campi: togli prima le assegnazioni.');
    await request(app).delete(`/api/admin/court-setups/${first.body.id}`).set(bearer(logins.admin)).expect(200);
    await request(app).delete(`/api/admin/court-setups/${first.body.id}`).set(bearer(logins.admin)).expect(404);
  });

  it('lets only one of two concurrent overlapping assignments in', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C5' } });
    const setup = await db.setup.findFirstOrThrow({ where: { sport: 'foot_volley' } });
    const body = { court_id: court.id, setup_id: setup.id, valid_from: '2031-09-01', valid_to: '2031-09-10' };
    const statuses = (await Promise.all([1, 2, 3].map(() => request(app).post('/api/admin/court-setups').set(bearer(logins.admin)).send(body)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });
});

describe('audit', () => {
  it('records each write under its table, with the row before and after', async () => {
    const created = await request(app).post('/api/admin/setups').set(bearer(logins.admin)).send({ ...padel, name: 'Da registrare' }).expect(201);
    const id = created.body.id as number;
    expect(await lastAuditOf(db, 'setups', id)).toMatchObject({
      action: 'create',
      route: 'POST /api/admin/setups',
      beforeData: null,
      afterData: expect.objectContaining({ id, name: 'Da registrare' }),
    });
    await request(app).put(`/api/admin/setups/${id}`).set(bearer(logins.admin)).send({ ...padel, name: 'Da registrare', net_height_cm: 200 }).expect(200);
    expect(await lastAuditOf(db, 'setups', id)).toMatchObject({
      action: 'update',
      route: 'PUT /api/admin/setups/:id',
      beforeData: expect.objectContaining({ net_height_cm: 215 }),
      afterData: expect.objectContaining({ net_height_cm: 200 }),
    });

    const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
    const assigned = await request(app)
      .post('/api/admin/court-setups')
      .set(bearer(logins.admin))
      .send({ court_id: court.id, setup_id: id, valid_from: '2032-06-01', valid_to: '2032-06-05' })
      .expect(201);
    expect(await lastAuditOf(db, 'court_setups', assigned.body.id)).toMatchObject({
      action: 'create',
      route: 'POST /api/admin/court-setups',
      afterData: expect.objectContaining({ court_id: court.id, setup_id: id, valid_from: '2032-06-01' }),
    });
    await request(app).delete(`/api/admin/court-setups/${assigned.body.id}`).set(bearer(logins.admin)).expect(200);
    expect(await lastAuditOf(db, 'court_setups', assigned.body.id)).toMatchObject({
      action: 'delete',
      route: 'DELETE /api/admin/court-setups/:id',
      beforeData: expect.objectContaining({ id: assigned.body.id }),
      afterData: null,
    });
    await request(app).delete(`/api/admin/setups/${id}`).set(bearer(logins.admin)).expect(200);
    expect(await lastAuditOf(db, 'setups', id)).toMatchObject({
      action: 'delete',
      route: 'DELETE /api/admin/setups/:id',
      beforeData: expect.objectContaining({ id }),
      afterData: null,
    });
  });

  it('keeps no change when the audit log refuses the entry', async () => {
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
    const setup = await db.setup.findFirstOrThrow({ where: { sport: 'beach_tennis' } });
    const [setups, assignments] = await Promise.all([db.setup.count(), db.courtSetup.count()]);
    await whileRefusing(db, 'audit_log', async () => {
      await request(app).post('/api/admin/setups').set(bearer(logins.admin)).send({ ...padel, name: 'Mai salvato' }).expect(500);
      await request(app).put(`/api/admin/setups/${setup.id}`).set(bearer(logins.admin)).send({ ...padel, name: 'Mai salvato' }).expect(500);
      const assignment = { court_id: court.id, setup_id: setup.id, valid_from: '2032-07-01', valid_to: '2032-07-05' };
      await request(app).post('/api/admin/court-setups').set(bearer(logins.admin)).send(assignment).expect(500);
    });
    expect([await db.setup.count(), await db.courtSetup.count()]).toEqual([setups, assignments]);
    expect((await db.setup.findUniqueOrThrow({ where: { id: setup.id } })).name).toBe(setup.name);
  });
});
