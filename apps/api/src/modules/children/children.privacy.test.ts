// A child the school's records name: removing it is refused (409), and the member's data export and
// erasure cover their children — the export holds them, the erasure scrubs who they are and keeps the
// rows that enrolments and payments need (docs/school.md#families).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-data.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO } from '../../test/auth-helpers.js';
import { createMember, fiscalCodeOf } from '../../test/members.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const today = todayInRome();
const birthDate = `${Number(today.slice(0, 4)) - 10}-03-15`;

async function addChild(token: string, firstName: string) {
  const body = {
    first_name: firstName, last_name: 'Galli', birth_date: birthDate, fiscal_code: fiscalCodeOf(firstName, 'Galli', birthDate, 'F'),
    health_notes: 'Asma da sforzo.', pickup_people: 'Zio Piero Galli', photo_consent: true, guardian_consent: true,
  };
  return (await request(app).post('/api/me/children').set(bearer(token)).send(body).expect(201)).body as { id: number };
}

/** A course enrolment of the child, made as the enrolment work will (a cancelled one counts too). */
async function enrol(parentId: number, childId: number, status: 'confirmed' | 'cancelled' = 'confirmed') {
  const course = await db.course.create({
    data: { name: 'Minivolley', startsOn: fromIsoDate(today), endsOn: fromIsoDate(addDays(today, 60)), recurrence: 'FREQ=WEEKLY;BYDAY=MO', startTime: '17:00', durationMinutes: 60, maxParticipants: 10, priceCents: 12000 },
  });
  return db.courseEnrolment.create({ data: { courseId: course.id, userId: parentId, childId, kind: 'course', amountCents: 12000, status } });
}

describe('a child the school names', () => {
  it('cannot be removed once enrolled, even if the enrolment was cancelled', async () => {
    const parent = await createMember(db);
    const child = await addChild(parent.token, 'Sara');
    await enrol(parent.id, child.id, 'cancelled');
    const listed = await request(app).get('/api/me/children').set(bearer(parent.token)).expect(200);
    expect(listed.body.data).toMatchObject([{ id: child.id, has_enrolments: true }]);
    const refused = await request(app).delete(`/api/me/children/${child.id}`).set(bearer(parent.token)).expect(409);
    expect(refused.body.message).toBe('Non puoi togliere un figlio che è stato iscritto a un corso: le iscrizioni e i pagamenti restano legati a lui.');
    expect(await db.child.count({ where: { id: child.id } })).toBe(1);
  });
});

describe('the member’s data', () => {
  it('exports the member’s children, health notes included, and nobody else’s', async () => {
    const parent = await createMember(db);
    const other = await createMember(db);
    const child = await addChild(parent.token, 'Marta');
    await addChild(other.token, 'Ugo');
    const exported = await request(app).get('/api/me/export').set(bearer(parent.token)).expect(200);
    expect(exported.body.children).toMatchObject([{ id: child.id, first_name: 'Marta', health_notes: 'Asma da sforzo.', pickup_people: 'Zio Piero Galli', photo_consent: true }]);
    expect(JSON.stringify(exported.body)).not.toContain('Ugo');
  });

  it('erasure deletes a child never enrolled and anonymises one the enrolments need', async () => {
    const parent = await createMember(db);
    const enrolled = await addChild(parent.token, 'Elena');
    const never = await addChild(parent.token, 'Irene');
    const enrolment = await enrol(parent.id, enrolled.id);
    // What a back-office write about the member may have kept of a child (a desk enrolment's body).
    const staff = await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } });
    const entry = await db.auditLog.create({
      data: { actorId: staff.id, action: 'enrol', entityType: 'course_enrolments', entityId: enrolment.id, subjectUserId: parent.id, afterData: { child: { first_name: 'Elena', health_notes: 'Asma da sforzo.', pickup_people: 'Zio Piero Galli' } } },
    });
    await request(app).post('/api/me/erasure').set(bearer(parent.token)).send({ password: DEMO_PASSWORD }).expect(200);

    expect(await db.child.count({ where: { id: never.id } })).toBe(0);
    const kept = await db.child.findUniqueOrThrow({ where: { id: enrolled.id } });
    expect(kept).toMatchObject({ parentId: parent.id, firstName: 'Minore', lastName: 'cancellato', fiscalCode: null, healthNotes: null, pickupPeople: null, photoConsent: false });
    // Only the year of birth is left (a course's ages are read from it).
    expect(kept.birthDate.toISOString().slice(0, 10)).toBe(`${birthDate.slice(0, 4)}-01-01`);
    expect(await db.courseEnrolment.findUniqueOrThrow({ where: { id: enrolment.id } })).toMatchObject({ childId: enrolled.id, amountCents: 12000, status: 'confirmed' });
    expect((await db.auditLog.findUniqueOrThrow({ where: { id: entry.id } })).afterData).toEqual({ child: { first_name: '[cancellato]', health_notes: '[cancellato]', pickup_people: '[cancellato]' } });
  });
});
