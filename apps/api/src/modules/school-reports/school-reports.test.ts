// The school's reports through the real database: per course its confirmed places, a camp's bands,
// sessions held, attendance rate, money received and owed from the ledger, totals per coach, the filters,
// the CSV read back with csv-parse (formula-escaped, euros with a comma); and the sign-in sheet's PDF
// read back, a coach printing only their own sessions.
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { bearer, createCoach, createCourse } from '../coaching/coaching.fixtures.js';
import { pdfText } from '../../test/pdf-text.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const today = todayInRome();
let coach: TestMember;
let campCoach: TestMember;
let parent: TestMember;
let courseId: number;
let campId: number;
let sessionId: number;
let paidEnrolmentId: number;

beforeAll(async () => {
  [coach, campCoach, parent] = await Promise.all([createCoach(app, db, 'Report'), createCoach(app, db, 'Estate'), createMember(db, { firstName: 'Giulia', lastName: 'Rovere' })]);
  await db.user.update({ where: { id: parent.id }, data: { phone: '+39 333 4444444' } });
  const { course, sessions } = await createCourse(db, coach.id, [addDays(today, -7), addDays(today, -5), addDays(today, -3), addDays(today, 5)], 'Minivolley report');
  courseId = course.id;
  sessionId = sessions[3]!.id;
  await db.courseSession.update({ where: { id: sessions[1]!.id }, data: { cancelledAt: new Date(), cancelReason: 'Pioggia' } });
  const [anna, marco] = await Promise.all([
    db.child.create({ data: { parentId: parent.id, firstName: 'Anna', lastName: 'Rovere', birthDate: fromIsoDate('2016-03-01'), pickupPeople: 'Nonno Piero' } }),
    db.child.create({ data: { parentId: parent.id, firstName: 'Marco', lastName: 'Rovere', birthDate: fromIsoDate('2018-09-15') } }),
  ]);
  // One place paid at the desk (1 session of 3 left: 40 €), one still waiting to be paid.
  const enrol = async (childId: number) => (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: courseId, child_id: childId, kind: 'course' }).expect(201)).body.enrolment.id as number;
  paidEnrolmentId = await enrol(anna.id);
  await request(app).post(`/api/admin/enrolments/${paidEnrolmentId}/collect`).set(bearer(logins.staff)).send({ method: 'cash' }).expect(200);
  await enrol(marco.id);
  await db.courseAttendance.createMany({ data: [{ sessionId: sessions[0]!.id, enrolmentId: paidEnrolmentId, present: true }, { sessionId: sessions[2]!.id, enrolmentId: paidEnrolmentId, present: false }] });

  const camp = await db.course.create({
    data: {
      name: '=HYPERLINK("x")', offer: 'camp', coachId: campCoach.id, startsOn: fromIsoDate(addDays(today, 200)), endsOn: fromIsoDate(addDays(today, 204)), recurrence: 'FREQ=DAILY',
      startTime: '09:00', durationMinutes: 420, maxParticipants: 20, priceCents: 15000, publishedAt: new Date(),
      bands: { create: [{ minAge: 6, maxAge: 9, capacity: 10 }, { minAge: 10, maxAge: 13, capacity: 10 }] },
    },
    include: { bands: { orderBy: { minAge: 'asc' } } },
  });
  campId = camp.id;
  const campers = await Promise.all(['Uno', 'Due', 'Tre'].map((name) => db.child.create({ data: { parentId: parent.id, firstName: name, lastName: 'Campo', birthDate: fromIsoDate('2017-01-01') } })));
  await db.courseEnrolment.createMany({
    data: campers.map((child, index) => ({ courseId: campId, userId: parent.id, childId: child.id, kind: 'course' as const, bandId: camp.bands[index === 2 ? 1 : 0]!.id, amountCents: 15000, status: 'confirmed' as const, confirmedAt: new Date() })),
  });
});

describe('the school report', () => {
  it('gives per course the confirmed places, sessions held, attendance rate, money received and owed, and the coach', async () => {
    const { body } = await request(app).get('/api/admin/school/report').query({ coach_id: coach.id }).set(bearer(logins.staff)).expect(200);
    expect(body.courses).toEqual([
      {
        course_id: courseId, name: 'Minivolley report', offer: 'course', starts_on: addDays(today, -30), ends_on: addDays(today, 60),
        coach: { id: coach.id, name: 'Allenatore Report' }, participants: 1, single_sessions: 0, bands: [], sessions_held: 2,
        attendance: { present: 1, taken: 2, rate: 0.5 }, received: '40.00', outstanding: '40.00',
      },
    ]);
    expect(body.coaches).toEqual([{ coach: { id: coach.id, name: 'Allenatore Report' }, courses: 1, participants: 1, sessions_held: 2, attendance: { present: 1, taken: 2, rate: 0.5 }, received: '40.00', outstanding: '40.00' }]);
  });

  it('counts a camp week’s places by band, and filters by offer, coach and dates', async () => {
    const camps = (await request(app).get('/api/admin/school/report').query({ offer: 'camp', coach_id: campCoach.id }).set(bearer(logins.staff)).expect(200)).body;
    expect(camps.courses).toMatchObject([{ course_id: campId, offer: 'camp', participants: 3, sessions_held: 0, attendance: { rate: null }, bands: [{ min_age: 6, max_age: 9, participants: 2, capacity: 10 }, { min_age: 10, max_age: 13, participants: 1, capacity: 10 }] }]);
    expect((await request(app).get('/api/admin/school/report').query({ offer: 'course', coach_id: campCoach.id }).set(bearer(logins.staff)).expect(200)).body.courses).toEqual([]);
    // Only what meets the range: the course runs now, the camp in the summer.
    const now = (await request(app).get('/api/admin/school/report').query({ date_from: today, date_to: addDays(today, 10) }).set(bearer(logins.staff)).expect(200)).body;
    expect(now.courses.map((row: { course_id: number }) => row.course_id)).toContain(courseId);
    expect(now.courses.map((row: { course_id: number }) => row.course_id)).not.toContain(campId);
    // Sessions held within the range only.
    const lastDays = (await request(app).get('/api/admin/school/report').query({ coach_id: coach.id, date_from: addDays(today, -4), date_to: today }).set(bearer(logins.staff)).expect(200)).body;
    expect(lastDays.courses[0]).toMatchObject({ sessions_held: 1, attendance: { present: 0, taken: 1, rate: 0 } });

    const badOffer = await request(app).get('/api/admin/school/report').query({ offer: 'gelato' }).set(bearer(logins.staff)).expect(422);
    expect(badOffer.body.errors).toEqual({ offer: ['Scegli corsi o centri estivi.'] });
    const badRange = await request(app).get('/api/admin/school/report').query({ date_from: today, date_to: addDays(today, -1) }).set(bearer(logins.staff)).expect(422);
    expect(badRange.body.errors).toEqual({ date_to: ['La data finale non può precedere quella iniziale.'] });
  });

  it('is for the staff only', async () => {
    await request(app).get('/api/admin/school/report').set(bearer(parent.token)).expect(403);
    await request(app).get('/api/admin/school/report').set(bearer(coach.token)).expect(403);
    await request(app).get('/api/admin/school/report.csv').set(bearer(coach.token)).expect(403);
  });

  it('exports a CSV with Italian headers, euros with a comma and no cell a spreadsheet would run', async () => {
    const csv = await request(app).get('/api/admin/school/report.csv').query({ offer: '' }).set(bearer(logins.admin)).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.Corso === 'Minivolley report')).toEqual({
      Corso: 'Minivolley report', Tipo: 'Corsi', Dal: addDays(today, -30).split('-').reverse().join('/'), Al: addDays(today, 60).split('-').reverse().join('/'),
      Allenatore: 'Allenatore Report', Partecipanti: '1', 'Lezioni singole e prove': '0', Fasce: '', 'Lezioni svolte': '2', 'Presenti/rilevati': '1/2',
      'Tasso di presenza': '50,0%', Incassato: '40,00', 'Da incassare': '40,00',
    });
    expect(rows.find((row) => row.Allenatore === 'Allenatore Estate' && row.Tipo === 'Centri estivi')).toMatchObject({ Corso: `'=HYPERLINK("x")`, Fasce: '6-9 anni: 2/10, 10-13 anni: 1/10', Incassato: '0,00' });
    expect(rows.find((row) => row.Corso === 'Totale Allenatore Report')).toMatchObject({ Tipo: '1 corsi', Partecipanti: '1', Incassato: '40,00', 'Da incassare': '40,00' });
  });
});

describe('the sign-in sheet', () => {
  it('prints the session with its participants, ages, the parent’s phone, signature boxes and who may collect the child', async () => {
    const response = await request(app).get(`/api/admin/courses/${courseId}/sessions/${sessionId}/sign-in-sheet`).set(bearer(logins.staff)).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.body as Buffer);
    for (const expected of ['Foglio presenze · Minivolley report', `${addDays(today, 5).split('-').reverse().join('/')}, 17:00–18:30`, 'Campi D1, D2', 'Allenatore: Allenatore Report', 'Firma arrivo', 'Firma ritiro', 'Chi può ritirare', 'Anna Rovere', 'Marco Rovere', '+39 333 4444444', 'Nonno Piero', 'Partecipanti: 2']) {
      expect(text).toContain(expected);
    }
    // The session of another course is not this course's.
    await request(app).get(`/api/admin/courses/${campId}/sessions/${sessionId}/sign-in-sheet`).set(bearer(logins.staff)).expect(404);
  });

  it('lets a coach print their own sessions only', async () => {
    const own = await request(app).get(`/api/coach/sessions/${sessionId}/sign-in-sheet`).set(bearer(coach.token)).buffer(true).expect(200);
    expect(await pdfText(own.body as Buffer)).toContain('Anna Rovere');
    await request(app).get(`/api/coach/sessions/${sessionId}/sign-in-sheet`).set(bearer(campCoach.token)).expect(404);
    await request(app).get(`/api/admin/courses/${courseId}/sessions/${sessionId}/sign-in-sheet`).set(bearer(coach.token)).expect(403);
    await request(app).get(`/api/coach/sessions/${sessionId}/sign-in-sheet`).set(bearer(parent.token)).expect(403);
  });
});
