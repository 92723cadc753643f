// A coach's sessions and participants: their own courses only, with what the coach must know of each
// person; staff and admins see any coach's; a coach is kept out of the back-office.
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { poolOf } from '../../lib/db.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { bearer, createCoach, createCourse, enrol, participantsSeenBy } from './coaching.fixtures.js';

const { app, db, deps } = await useTestApp();
const logins = useBackOfficeLogins(app);
const today = todayInRome();
let coach: TestMember;
let otherCoach: TestMember;
let member: TestMember;
let parent: TestMember;
let ownSessionId: number;
let otherSessionId: number;

beforeAll(async () => {
  [coach, otherCoach, member, parent] = await Promise.all([createCoach(app, db, 'Uno'), createCoach(app, db, 'Due'), createMember(db, { firstName: 'Marta', lastName: 'Adulti', birthDate: '1990-03-01' }), createMember(db, { firstName: 'Paolo', lastName: 'Genitore' })]);
  await db.user.update({ where: { id: member.id }, data: { phone: '+39 333 1111111' } });
  await db.user.update({ where: { id: parent.id }, data: { phone: '+39 333 2222222' } });
  await db.medicalCertificate.create({
    data: { userId: member.id, kind: 'non_agonistico', issuedBy: 'Dott. Verdi', issueDate: fromIsoDate(addDays(today, -100)), expiryDate: fromIsoDate(addDays(today, 200)), verifiedAt: new Date() },
  });
  const child = await db.child.create({
    data: { parentId: parent.id, firstName: 'Leo', lastName: 'Genitore', birthDate: fromIsoDate('2016-05-10'), healthNotes: 'Allergico alle api', pickupPeople: 'La nonna Rosa' },
  });
  const own = await createCourse(db, coach.id, [today, addDays(today, 2)], 'Minivolley');
  const other = await createCourse(db, otherCoach.id, [today], 'Avanzati');
  [ownSessionId, otherSessionId] = [own.sessions[0]!.id, other.sessions[0]!.id];
  const courseId = own.course.id;
  await enrol(db, { courseId, userId: member.id });
  await enrol(db, { courseId, userId: parent.id, childId: child.id });
  const trialist = await createMember(db, { firstName: 'Tina', lastName: 'Prova', birthDate: null });
  await enrol(db, { courseId, userId: trialist.id, kind: 'trial', sessionId: ownSessionId, status: 'pending_payment' });
  // Not in today's session: a cancelled place, and a single lesson of the other day.
  const gone = await createMember(db, { firstName: 'Rino', lastName: 'Ritirato' });
  await enrol(db, { courseId, userId: gone.id, status: 'cancelled' });
  await enrol(db, { courseId, userId: gone.id, kind: 'lesson', sessionId: own.sessions[1]!.id });
});

describe('coach role', () => {
  it('keeps a coach out of the back-office, whatever the route', async () => {
    const me = await request(app).get('/api/auth/user-profile').set(bearer(coach.token)).expect(200);
    expect(me.body.user ?? me.body).toMatchObject({ role: 'coach', permissions: { can_view_admin: false, can_view_bookings: false } });
    await request(app).get('/api/admin/users').set(bearer(coach.token)).expect(403);
    await request(app).get('/api/admin/carnet-products').set(bearer(coach.token)).expect(403);
    await request(app).get('/api/admin/bookings').query({ date: today }).set(bearer(coach.token)).expect(403);
    await request(app).post('/api/admin/carnet-products').set(bearer(coach.token)).send({}).expect(403);
  });

  it('lets an admin make a member a coach, who then reaches the coaches’ routes', async () => {
    const member = await createMember(db, { firstName: 'Nuovo', lastName: 'Allenatore' });
    await request(app).get('/api/coach/sessions').query({ from: today }).set(bearer(member.token)).expect(403);
    const changed = await request(app).put(`/api/admin/users/${member.id}/role`).set(bearer(logins.admin)).send({ role: 'coach' }).expect(200);
    expect(changed.body.message).toContain('Allenatore');
    const listed = await request(app).get('/api/coach/sessions').query({ from: today }).set(bearer(member.token)).expect(200);
    expect(listed.body.data).toEqual([]);
  });

  it('keeps members out of the coaches’ routes', async () => {
    await request(app).get('/api/coach/sessions').query({ from: today }).set(bearer(member.token)).expect(403);
    await request(app).get(`/api/coach/sessions/${ownSessionId}`).set(bearer(parent.token)).expect(403);
  });
});

describe('coach sessions', () => {
  it('lists a coach’s own sessions of a day or a range, never another coach’s', async () => {
    const day = await request(app).get('/api/coach/sessions').query({ from: today }).set(bearer(coach.token)).expect(200);
    expect(day.body.data).toEqual([expect.objectContaining({ id: ownSessionId, course: expect.objectContaining({ name: 'Minivolley' }), courts: ['D1', 'D2'], participants: 3, recorded: 0 })]);
    const range = await request(app).get('/api/coach/sessions').query({ from: today, to: addDays(today, 7), coach_id: otherCoach.id }).set(bearer(coach.token)).expect(200);
    expect(range.body.data.map((session: { course: { name: string } }) => session.course.name)).toEqual(['Minivolley', 'Minivolley']);
    // The later day: the two whole-course places and Rino's single lesson (not today's trial).
    expect(range.body.data.map((session: { participants: number; recorded: number }) => [session.participants, session.recorded])).toEqual([[3, 0], [3, 0]]);
  });

  it('counts participants and attendances in a fixed number of queries, however many sessions are listed', async () => {
    const queriesFor = async (to: string) => {
      const query = vi.spyOn(poolOf(deps.db)!, 'query');
      try {
        await request(app).get('/api/coach/sessions').query({ from: today, to }).set(bearer(coach.token)).expect(200);
        return query.mock.calls.length;
      } finally {
        query.mockRestore();
      }
    };
    await queriesFor(today);
    expect(await queriesFor(addDays(today, 7))).toBe(await queriesFor(today));
  });

  it('lets staff ask for any coach’s sessions', async () => {
    const answer = await request(app).get('/api/coach/sessions').query({ from: today, coach_id: otherCoach.id }).set(bearer(logins.staff)).expect(200);
    expect(answer.body.data.map((session: { id: number }) => session.id)).toEqual([otherSessionId]);
  });

  it('refuses a range backwards or too long with a field message', async () => {
    const answer = await request(app).get('/api/coach/sessions').query({ from: today, to: addDays(today, -1) }).set(bearer(coach.token)).expect(422);
    expect(answer.body.errors.to).toBeDefined();
    await request(app).get('/api/coach/sessions').query({ from: today, to: addDays(today, 90) }).set(bearer(coach.token)).expect(422);
  });
});

describe('session participants', () => {
  it('shows the coach each participant with age, certificate, phone, and a child’s health notes and pickup', async () => {
    const { participants } = await participantsSeenBy(app, coach.token, ownSessionId);
    expect(participants).toEqual([
      expect.objectContaining({ name: 'Leo Genitore', kind: 'course', is_child: true, certificate: 'missing', phone: '+39 333 2222222', health_notes: 'Allergico alle api', pickup_people: 'La nonna Rosa', present: null, payment_pending: false }),
      expect.objectContaining({ name: 'Marta Adulti', kind: 'course', is_child: false, certificate: 'valid', phone: '+39 333 1111111', health_notes: null, payment_pending: false }),
      // Held, not yet paid: on the register, marked.
      expect.objectContaining({ name: 'Tina Prova', kind: 'trial', age: null, certificate: 'missing', payment_pending: true }),
    ]);
    expect(participants[0].age).toBeGreaterThanOrEqual(9);
  });

  it('hides another coach’s session, its people and notes, from a coach; staff read it', async () => {
    await request(app).get(`/api/coach/sessions/${otherSessionId}`).set(bearer(coach.token)).expect(404);
    const { participants } = await participantsSeenBy(app, logins.admin, ownSessionId);
    expect(participants.find((person: { is_child: boolean }) => person.is_child).health_notes).toBe('Allergico alle api');
  });
});

describe('a child’s certificate on the register', () => {
  it('is the child’s own on the session’s day, never the parent’s', async () => {
    const leo = () => participantsSeenBy(app, coach.token, ownSessionId).then(({ participants }) => participants.find((row: { name: string }) => row.name === 'Leo Genitore'));
    const certificate = { kind: 'non_agonistico' as const, issuedBy: 'Dott. Verdi', issueDate: fromIsoDate(addDays(today, -100)), verifiedAt: new Date() };
    await db.medicalCertificate.create({ data: { ...certificate, userId: parent.id, expiryDate: fromIsoDate(addDays(today, 200)) } });
    expect((await leo()).certificate).toBe('missing');
    const child = await db.child.findFirstOrThrow({ where: { parentId: parent.id, firstName: 'Leo' } });
    await db.medicalCertificate.create({ data: { ...certificate, userId: parent.id, childId: child.id, expiryDate: fromIsoDate(addDays(today, 10)) } });
    expect((await leo()).certificate).toBe('expiring');
  });
});
