// A child's enrolment and their medical certificate (docs/school.md#prices), through the real database:
// while "richiedi certificato valido" is on, the child's own certificate must be valid on the first
// session covered (the parent's does not count, and no card is asked); with the setting off nothing is checked.
import { CERTIFICATE_MESSAGES } from '@beach/contracts';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatItalianDate } from '../../lib/format.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeChild, makeCourse } from './test-courses.js';

const { app, db } = await useTestApp({});
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const enrol = (member: TestMember, body: Record<string, unknown>) => request(app).post('/api/me/enrolments').set(bearer(member.token)).send(body);
const requireCertificate = (on: boolean) => db.setting.update({ where: { id: 1 }, data: { requireValidCertificate: on } });
const certificate = (userId: number, childId: number | null, expiry: string, verified = true) =>
  db.medicalCertificate.create({
    data: { userId, childId, kind: 'non_agonistico', issuedBy: 'Dott. Verdi', issueDate: fromIsoDate(addDays(today, -30)), expiryDate: fromIsoDate(expiry), verifiedAt: verified ? new Date() : null },
  });

beforeAll(() => requireCertificate(true));
afterAll(() => requireCertificate(false));

describe('a child’s certificate at enrolment', () => {
  it('is refused without the child’s own valid certificate on the first session, the parent’s not counting', async () => {
    const parent = await createMember(db);
    const child = await makeChild(db, parent.id, 'Matteo');
    const course = await makeCourse(db);
    // The parent's own valid certificate is not the child's.
    await certificate(parent.id, null, addDays(today, 200));
    // One ending before the first session (tomorrow), and one only uploaded, do not cover it either.
    await certificate(parent.id, child.id, today);
    await certificate(parent.id, child.id, addDays(today, 200), false);
    const refused = await enrol(parent, { course_id: course.id, kind: 'course', child_id: child.id }).expect(422);
    expect(refused.body.errors).toEqual({ child_id: [CERTIFICATE_MESSAGES.childEnrolmentRefused('Matteo', formatItalianDate(addDays(today, 1)))] });
    expect(await db.courseEnrolment.count({ where: { childId: child.id } })).toBe(0);
    expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).placesTaken).toBe(0);
  });

  it('is accepted with the child’s valid certificate, and without a card: a child has none', async () => {
    const parent = await createMember(db);
    const child = await makeChild(db, parent.id, 'Sofia');
    const course = await makeCourse(db);
    await certificate(parent.id, child.id, addDays(today, 200));
    await enrol(parent, { course_id: course.id, kind: 'course', child_id: child.id }).expect(201);
  });

  it('checks nothing while the setting is off', async () => {
    await requireCertificate(false);
    try {
      const parent = await createMember(db);
      const child = await makeChild(db, parent.id, 'Pietro');
      await enrol(parent, { course_id: (await makeCourse(db)).id, kind: 'course', child_id: child.id }).expect(201);
    } finally {
      await requireCertificate(true);
    }
  });
});
