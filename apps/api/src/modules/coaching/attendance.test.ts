// Attendance as the coach taps it: one row per person and session, upserted, with who took it, in the
// audit log like every back-office write; only in the coach's own sessions, from the session's day.
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSACTION_OPTIONS } from '../../lib/db.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { createMember, type TestMember } from '../../test/members.js';
import { bearer, createCoach, createCourse, enrol } from './coaching.fixtures.js';

const { app, db, deps } = await useTestApp();
const today = todayInRome();
let coach: TestMember;
let otherCoach: TestMember;
let sessionId: number;
let laterSessionId: number;
let enrolmentId: number;
let strangerEnrolmentId: number;

beforeAll(async () => {
  [coach, otherCoach] = await Promise.all([createCoach(app, db, 'Presenze'), createCoach(app, db, 'Altro')]);
  const member = await createMember(db, { firstName: 'Sara', lastName: 'Presente' });
  const { course, sessions } = await createCourse(db, coach.id, [today, addDays(today, 3)], 'Intermedi');
  [sessionId, laterSessionId] = [sessions[0]!.id, sessions[1]!.id];
  enrolmentId = (await enrol(db, { courseId: course.id, userId: member.id })).id;
  const other = await createCourse(db, otherCoach.id, [today], 'Altro corso');
  strangerEnrolmentId = (await enrol(db, { courseId: other.course.id, userId: member.id })).id;
});

const take = (token: string, id: number, body: object) => request(app).put(`/api/coach/sessions/${id}/attendance`).set(bearer(token)).send(body);

describe('take attendance', () => {
  it('records present, then changes it to absent with a note: one row, by the coach, both audited', async () => {
    const first = await take(coach.token, sessionId, { enrolment_id: enrolmentId, present: true }).expect(200);
    expect(first.body).toMatchObject({ enrolment_id: enrolmentId, name: 'Sara Presente', present: true, note: null });
    const row = await db.courseAttendance.findUniqueOrThrow({ where: { sessionId_enrolmentId: { sessionId, enrolmentId } } });
    expect(row).toMatchObject({ present: true, recordedById: coach.id });
    expect(await lastAuditOf(db, 'course_attendances', row.id)).toMatchObject({
      action: 'create', actorId: coach.id, route: 'PUT /api/coach/sessions/:id/attendance', beforeData: null, afterData: expect.objectContaining({ present: true }),
    });

    const second = await take(coach.token, sessionId, { enrolment_id: enrolmentId, present: false, note: '  Influenza ' }).expect(200);
    expect(second.body).toMatchObject({ present: false, note: 'Influenza' });
    expect(await db.courseAttendance.count({ where: { sessionId } })).toBe(1);
    expect(await lastAuditOf(db, 'course_attendances', row.id)).toMatchObject({
      action: 'update', beforeData: expect.objectContaining({ present: true }), afterData: expect.objectContaining({ present: false, note: 'Influenza' }),
    });
    const listed = await request(app).get('/api/coach/sessions').query({ from: today }).set(bearer(coach.token)).expect(200);
    expect(listed.body.data[0]).toMatchObject({ participants: 1, recorded: 1 });
  });

  it('runs in a transaction with the app’s waits, not Prisma’s 2 s / 5 s', async () => {
    const transaction = vi.spyOn(deps.db, '$transaction');
    try {
      await take(coach.token, sessionId, { enrolment_id: enrolmentId, present: false, note: 'Influenza' }).expect(200);
      expect(transaction).toHaveBeenCalledWith(expect.any(Function), TRANSACTION_OPTIONS);
    } finally {
      transaction.mockRestore();
    }
  });

  it('writes nothing when the audit entry cannot be written', async () => {
    await whileRefusing(db, 'audit_log', () => take(coach.token, sessionId, { enrolment_id: enrolmentId, present: true, note: 'mai' }).expect(500));
    expect(await db.courseAttendance.findFirstOrThrow({ where: { sessionId } })).toMatchObject({ present: false, note: 'Influenza' });
  });

  it('refuses another coach’s session, a person not in the session, a later day, and bad input', async () => {
    await take(otherCoach.token, sessionId, { enrolment_id: enrolmentId, present: true }).expect(404);
    await take(coach.token, sessionId, { enrolment_id: strangerEnrolmentId, present: true }).expect(404);
    const later = await take(coach.token, laterSessionId, { enrolment_id: enrolmentId, present: true }).expect(409);
    expect(later.body.message).toMatch(/dal giorno della lezione/);
    const bad = await take(coach.token, sessionId, { enrolment_id: enrolmentId, present: 'forse', note: 'x'.repeat(501) }).expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['note', 'present']);
    expect(await db.courseAttendance.count({ where: { enrolmentId: strangerEnrolmentId } })).toBe(0);
  });

  it('refuses a cancelled session', async () => {
    await db.courseSession.update({ where: { id: sessionId }, data: { cancelledAt: new Date(), cancelReason: 'Pioggia' } });
    try {
      await take(coach.token, sessionId, { enrolment_id: enrolmentId, present: true }).expect(409);
    } finally {
      await db.courseSession.update({ where: { id: sessionId }, data: { cancelledAt: null, cancelReason: null } });
    }
  });
});
