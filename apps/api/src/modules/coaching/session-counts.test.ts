// A session's counts are one rule (docs/school.md#coaches): the coach's list and the session's page show
// the same participants, the same attendances recorded and the same "Presenti" — a whole-course place
// made after the session started takes part in neither.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { createMember } from '../../test/members.js';
import { bearer, createCoach, createCourse, enrol, participantsSeenBy } from './coaching.fixtures.js';

const { app, db } = await useTestApp();
const day = addDays(todayInRome(), -2);
let token: string;
let sessionId: number;

beforeAll(async () => {
  const coach = await createCoach(app, db, 'Conti');
  token = coach.token;
  const { course, sessions } = await createCourse(db, coach.id, [day], 'Conteggi');
  sessionId = sessions[0]!.id;
  const members = await Promise.all(['Uno', 'Due', 'Tre', 'Tardi'].map((lastName) => createMember(db, { firstName: 'Conto', lastName })));
  const [one, two, three] = await Promise.all(members.slice(0, 3).map((member) => enrol(db, { courseId: course.id, userId: member.id })));
  // Enrolled today, after the session: not one of its participants.
  await enrol(db, { courseId: course.id, userId: members[3]!.id, createdAt: new Date() });
  const marks: [number, boolean][] = [[one!.id, true], [two!.id, true], [three!.id, false]];
  for (const [enrolmentId, present] of marks) {
    await request(app).put(`/api/coach/sessions/${sessionId}/attendance`).set(bearer(token)).send({ enrolment_id: enrolmentId, present }).expect(200);
  }
});

describe('a session’s counts', () => {
  it('are the same in the coach’s list and on the session’s page: 3 taking part, 3 recorded, 2 present', async () => {
    const listed = await request(app).get('/api/coach/sessions').query({ from: day }).set(bearer(token)).expect(200);
    const detail = await participantsSeenBy(app, token, sessionId);
    expect(detail.participants).toHaveLength(3);
    const counts = { participants: 3, recorded: 3, present: 2 };
    expect(listed.body.data.find((session: { id: number }) => session.id === sessionId)).toMatchObject(counts);
    expect(detail.session).toMatchObject(counts);
  });
});
