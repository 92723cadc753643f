// The children on a parent's account through the real database: add, edit and remove; every field's
// check with its Italian message; a member never reads or changes another's children; the staff's view.
import { CHILD_MESSAGES } from '@beach/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs, useBackOfficeLogins } from '../../test/auth-helpers.js';
import { createMember, fiscalCodeOf } from '../../test/members.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
/** A birth date `years` years ago, give or take `days`. */
const bornYearsAgo = (years: number, days = 0) => addDays(`${Number(today.slice(0, 4)) - years}${today.slice(4)}`, days);

const childBody = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Luca',
  last_name: 'Bianchi',
  birth_date: bornYearsAgo(9, -30),
  health_notes: 'Allergico alle arachidi.',
  pickup_people: 'Nonna Maria Bianchi',
  photo_consent: true,
  guardian_consent: true,
  ...extra,
});

describe('a parent’s children', () => {
  it('adds, lists, edits and removes a child, with the fiscal code checked against the birth date', async () => {
    const parent = await createMember(db);
    await request(app).get('/api/me/children').set(bearer(parent.token)).expect(200, { data: [] });
    const birthDate = bornYearsAgo(9, -30);
    const fiscalCode = fiscalCodeOf('Luca', 'Bianchi', birthDate, 'M');
    const created = await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody({ fiscal_code: fiscalCode.toLowerCase() })).expect(201);
    expect(created.body).toMatchObject({ first_name: 'Luca', birth_date: birthDate, fiscal_code: fiscalCode, health_notes: 'Allergico alle arachidi.', photo_consent: true, has_enrolments: false });
    expect(await db.child.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ parentId: parent.id, pickupPeople: 'Nonna Maria Bianchi' });

    const id = created.body.id as number;
    const edited = await request(app)
      .put(`/api/me/children/${id}`)
      .set(bearer(parent.token))
      .send({ first_name: 'Luca', last_name: 'Bianchi', birth_date: birthDate, fiscal_code: '', health_notes: '  ', pickup_people: null, photo_consent: false })
      .expect(200);
    expect(edited.body).toMatchObject({ id, fiscal_code: null, health_notes: null, pickup_people: null, photo_consent: false });
    const listed = await request(app).get('/api/me/children').set(bearer(parent.token)).expect(200);
    expect(listed.body.data).toEqual([edited.body]);

    const removed = await request(app).delete(`/api/me/children/${id}`).set(bearer(parent.token)).expect(200);
    expect(removed.body.message).toBe('Figlio tolto dal tuo account.');
    expect(await db.child.count({ where: { parentId: parent.id } })).toBe(0);
    await request(app).delete(`/api/me/children/${id}`).set(bearer(parent.token)).expect(404);
  });

  it('refuses each wrong field with its Italian message, all at once', async () => {
    const parent = await createMember(db);
    const refused = await request(app)
      .post('/api/me/children')
      .set(bearer(parent.token))
      .send({ first_name: '', last_name: 'Bianchi', birth_date: addDays(today, 1), fiscal_code: 'ABC', health_notes: 'x'.repeat(1001), pickup_people: 'y'.repeat(501) })
      .expect(422);
    expect(refused.body.errors).toEqual({
      first_name: ['Campo obbligatorio.'],
      birth_date: [CHILD_MESSAGES.birthDateFuture],
      fiscal_code: ['Il codice fiscale è fatto di 16 lettere e cifre.'],
      health_notes: ['Al massimo 1000 caratteri.'],
      pickup_people: ['Al massimo 500 caratteri.'],
      guardian_consent: [CHILD_MESSAGES.guardianConsent],
    });
    const adult = await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody({ birth_date: bornYearsAgo(18) })).expect(422);
    expect(adult.body.errors).toEqual({ birth_date: [CHILD_MESSAGES.notMinor] });
    // The day before their 18th birthday they are still a minor.
    await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody({ birth_date: bornYearsAgo(18, 1) })).expect(201);

    const wrongCheck = await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody({ fiscal_code: 'BNCLCU17A01H294X' })).expect(422);
    expect(wrongCheck.body.errors).toEqual({ fiscal_code: ['Il codice fiscale non è valido: controlla lettere, cifre e carattere di controllo.'] });
    const otherBirth = fiscalCodeOf('Luca', 'Bianchi', bornYearsAgo(7), 'M');
    const mismatch = await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody({ fiscal_code: otherBirth })).expect(422);
    expect(mismatch.body.errors).toEqual({ fiscal_code: ['Il codice fiscale non corrisponde alla data di nascita.'] });
    expect(await db.child.count({ where: { parentId: parent.id } })).toBe(1);
  });

  it('answers in the request’s language', async () => {
    const parent = await createMember(db);
    const refused = await request(app).post('/api/me/children').set(bearer(parent.token)).set('Accept-Language', 'en').send(childBody({ birth_date: addDays(today, 1) })).expect(422);
    expect(refused.body.errors.birth_date).toEqual(['The date of birth cannot be in the future.']);
  });

  it('refuses a name over 100 characters in the request’s language, as registration does, and keeps the child as it was', async () => {
    const parent = await createMember(db);
    const long = 'A'.repeat(150);
    const refused = await request(app).post('/api/me/children').set(bearer(parent.token)).set('Accept-Language', 'de').send(childBody({ first_name: long })).expect(422);
    expect(refused.body.errors).toEqual({ first_name: ['Darf höchstens 100 Zeichen enthalten.'] });
    const child = (await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody()).expect(201)).body;
    const edited = await request(app).put(`/api/me/children/${child.id}`).set(bearer(parent.token)).set('Accept-Language', 'en').send(childBody({ last_name: long })).expect(422);
    expect(edited.body.errors).toEqual({ last_name: ['Can contain at most 100 characters.'] });
    expect(await db.child.findUniqueOrThrow({ where: { id: child.id } })).toMatchObject({ firstName: 'Luca', lastName: 'Bianchi' });
  });

  it('never shows or changes another member’s children', async () => {
    const parent = await createMember(db);
    const stranger = await createMember(db);
    const child = (await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody()).expect(201)).body;
    await request(app).get('/api/me/children').set(bearer(stranger.token)).expect(200, { data: [] });
    await request(app).put(`/api/me/children/${child.id}`).set(bearer(stranger.token)).send(childBody({ first_name: 'Preso' })).expect(404);
    await request(app).delete(`/api/me/children/${child.id}`).set(bearer(stranger.token)).expect(404);
    expect(await db.child.findUniqueOrThrow({ where: { id: child.id } })).toMatchObject({ parentId: parent.id, firstName: 'Luca' });
    await request(app).get('/api/me/children').expect(401);
  });

  it('shows a member’s children, health notes included, to the staff and admins only', async () => {
    const parent = await createMember(db);
    const stranger = await createMember(db);
    const child = (await request(app).post('/api/me/children').set(bearer(parent.token)).send(childBody()).expect(201)).body;
    for (const token of [logins.staff, logins.admin]) {
      const seen = await request(app).get(`/api/admin/users/${parent.id}/children`).set(bearer(token)).expect(200);
      expect(seen.body.data).toEqual([child]);
      expect(seen.body.data[0].health_notes).toBe('Allergico alle arachidi.');
    }
    await request(app).get(`/api/admin/users/${parent.id}/children`).set(bearer(stranger.token)).expect(403);
    await request(app).get(`/api/admin/users/${parent.id}/children`).set(bearer(await loginAs(app, DEMO.user))).expect(403);
    await request(app).get('/api/admin/users/2147483647/children').set(bearer(logins.staff)).expect(404);
  });
});
