// Courses through the real database: sessions generated in Rome wall time across next year's daylight-saving
// changes, skipped dates, the courts held by closures (and freed when a session is cancelled), the
// preview's conflicts with bookings and closures, the schedule locked once someone enrolled, the places
// CHECK as a 409, and the roles (staff read, only the admin writes).
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs, useBackOfficeLogins } from '../../test/auth-helpers.js';
import { clockChangeSunday, mondayNextYear, nextYear, onOrAfter } from '../../test/days.js';
import { createMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const court: Record<string, number> = {};
let coachId: number;
let coachToken: string;
let userToken: string;
beforeAll(async () => {
  for (const row of await db.court.findMany({ where: { code: { in: ['D1', 'D2', 'D3', 'D4'] } } })) court[row.code] = row.id;
  const coach = await createMember(db, { firstName: 'Marco', lastName: 'Allenatore' });
  await db.user.update({ where: { id: coach.id }, data: { role: 'coach' } });
  [coachId, coachToken, userToken] = [coach.id, coach.token, await loginAs(app, DEMO.user)];
});

// Next year's days, all to come whatever the day of the run: the two Sundays the clocks change, and the
// spring course running from the Monday of the week they go forward.
const year = nextYear();
const clocksForward = clockChangeSunday(year, 'march');
const clocksBack = clockChangeSunday(year, 'october');
const spring = addDays(clocksForward, -6);
const springDays = (...offsets: number[]) => offsets.map((days) => addDays(spring, days));

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Under 14 primavera', level: 'Principianti', min_age: 10, max_age: 14, coach_id: coachId, court_ids: [court.D1, court.D2],
  starts_on: spring, ends_on: addDays(spring, 17), weekdays: [2, 4], start_time: '17:00', duration_minutes: 90,
  exceptions: [], min_participants: 4, max_participants: 12, price: '180', lesson_price: '15', trial_allowed: true, ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}) =>
  (await request(app).post('/api/admin/courses').set(bearer(logins.admin)).send(body(overrides)).expect(201)).body as { message: string; course: { id: number; sessions: { id: number; starts_at: string }[] }; skipped: unknown[] };
const closuresOf = (courseId: number) => db.courtClosure.findMany({ where: { courseSession: { courseId } }, orderBy: [{ startsAt: 'asc' }, { courtId: 'asc' }] });

describe('generated sessions', () => {
  it('keep 17:00 in Rome across both changes of time', async () => {
    const [springSaturday, autumnSaturday] = [addDays(clocksForward, -1), addDays(clocksBack, -1)];
    const weekend = await create({ name: 'Weekend marzo', court_ids: [court.D4], starts_on: springSaturday, ends_on: clocksForward, weekdays: [6, 7] });
    expect(weekend.course.sessions.map((session) => session.starts_at)).toEqual([`${springSaturday}T16:00:00.000Z`, `${clocksForward}T15:00:00.000Z`]);
    const autumn = await request(app).post('/api/admin/courses/preview').set(bearer(logins.admin))
      .send({ court_ids: [court.D4], starts_on: autumnSaturday, ends_on: clocksBack, weekdays: [6, 7], start_time: '17:00', duration_minutes: 60 }).expect(200);
    expect(autumn.body.occurrences.map((occurrence: { starts_at: string; ends_at: string }) => [occurrence.starts_at, occurrence.ends_at])).toEqual([
      [`${autumnSaturday}T15:00:00.000Z`, `${autumnSaturday}T16:00:00.000Z`],
      [`${clocksBack}T16:00:00.000Z`, `${clocksBack}T17:00:00.000Z`],
    ]);
  });

  it('skip the exception dates, store the rule as an RRULE with EXDATE and hold every court with a closure', async () => {
    const [exception] = springDays(10);
    const { course } = await create({ exceptions: [exception] });
    const lessons = springDays(1, 3, 8, 15, 17);
    const [firstLesson] = lessons;
    expect(course.sessions.map((session) => session.starts_at.slice(0, 10))).toEqual(lessons);
    const row = await db.course.findUniqueOrThrow({ where: { id: course.id } });
    expect(row.recurrence).toBe(`FREQ=WEEKLY;BYDAY=TU,TH\nEXDATE;VALUE=DATE:${exception!.replaceAll('-', '')}`);
    const closures = await closuresOf(course.id);
    expect(closures).toHaveLength(10);
    expect(closures[0]).toMatchObject({ courtId: court.D1, reason: 'Corso: Under 14 primavera', startsAt: instantInRome(firstLesson!, '17:00'), endsAt: instantInRome(firstLesson!, '18:30') });
    expect(await db.auditLog.count({ where: { entityType: 'courses', entityId: course.id, action: 'create' } })).toBe(1);
    // The desk's planner draws the session as the course's, linked to it.
    const planner = await request(app).get('/api/admin/bookings/planner').query({ date: firstLesson }).set(bearer(logins.staff)).expect(200);
    expect(planner.body.closures).toContainEqual(expect.objectContaining({ court_id: court.D1, reason: 'Corso: Under 14 primavera', course_id: course.id }));

    // One session cancelled: its courts are free again, the session stays as cancelled.
    const session = course.sessions[1]!;
    await request(app).post(`/api/admin/courses/${course.id}/sessions/${session.id}/cancel`).set(bearer(logins.admin)).send({ reason: 'Pioggia' }).expect(200);
    expect(await db.courtClosure.count({ where: { courseSessionId: session.id } })).toBe(0);
    expect(await db.courseSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({ cancelReason: 'Pioggia', cancelledAt: expect.any(Date) });
    expect(await closuresOf(course.id)).toHaveLength(8);
    const again = await request(app).post(`/api/admin/courses/${course.id}/sessions/${session.id}/cancel`).set(bearer(logins.admin)).send({ reason: 'Pioggia' }).expect(409);
    expect(again.body.message).toBe('La lezione è già annullata.');
  });
});

describe('conflicts', () => {
  it('are previewed with what is in the way, and those dates are skipped when saving', async () => {
    const [monday, tuesday, thursday, nextTuesday, nextThursday, friday] = [0, 1, 3, 8, 10, 11].map((days) => addDays(mondayNextYear('05-10'), days));
    const startsAt = instantInRome(tuesday!, '17:30');
    await db.booking.create({ data: { courtId: court.D3!, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 2000, customerName: 'Cliente' } });
    await db.courtClosure.create({ data: { courtId: court.D3!, startsAt: instantInRome(thursday!, '08:00'), endsAt: instantInRome(thursday!, '20:00'), reason: 'Manutenzione' } });
    const schedule = { court_ids: [court.D3], starts_on: monday, ends_on: friday, weekdays: [2, 4], start_time: '17:00', duration_minutes: 60 };
    const preview = await request(app).post('/api/admin/courses/preview').set(bearer(logins.admin)).send(schedule).expect(200);
    expect(preview.body).toMatchObject({ free: 2, skipped: 2 });
    expect(preview.body.occurrences.map((occurrence: { date: string; state: string; conflicts: string[] }) => [occurrence.date, occurrence.state, occurrence.conflicts])).toEqual([
      [tuesday, 'conflict', ['D3: prenotazione 17:30–19:00']],
      [thursday, 'conflict', ['D3: Manutenzione 08:00–20:00']],
      [nextTuesday, 'free', []],
      [nextThursday, 'free', []],
    ]);
    const saved = await create({ ...schedule, name: 'Adulti maggio' });
    expect(saved.message).toBe('Corso salvato: 2 lezioni, 2 saltate per conflitti.');
    expect(saved.course.sessions.map((session) => session.starts_at.slice(0, 10))).toEqual([nextTuesday, nextThursday]);
    // Another course on the same court and time meets the first one's sessions.
    const clash = await request(app).post('/api/admin/courses/preview').set(bearer(logins.admin)).send({ ...schedule, starts_on: nextTuesday, ends_on: nextTuesday }).expect(200);
    expect(clash.body.occurrences[0].conflicts).toEqual(['D3: Corso: Adulti maggio 17:00–18:00']);
    // …but editing the course itself does not.
    const own = await request(app).post('/api/admin/courses/preview').set(bearer(logins.admin)).send({ ...schedule, course_id: saved.course.id, starts_on: nextTuesday }).expect(200);
    expect(own.body.free).toBe(2);
  });
});

describe('editing and cancelling', () => {
  it('regenerates the schedule while nobody is enrolled, refuses it after, and keeps places within the maximum', async () => {
    const june = onOrAfter(`${year}-06-01`, 2);
    const dates = { starts_on: june, ends_on: addDays(june, 9) };
    const { course } = await create({ name: 'Junior', court_ids: [court.D4], ...dates });
    const moved = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body({ name: 'Junior', court_ids: [court.D4], ...dates, start_time: '18:00' })).expect(200);
    // 18:00 in Rome's summer time is 16:00 UTC.
    expect(moved.body.course.sessions.map((session: { starts_at: string }) => session.starts_at)).toEqual([0, 2, 7, 9].map((days) => `${addDays(june, days)}T16:00:00.000Z`));
    expect((await closuresOf(course.id)).map((closure) => closure.startsAt.toISOString())).toEqual(moved.body.course.sessions.map((session: { starts_at: string }) => session.starts_at));

    await db.course.update({ where: { id: course.id }, data: { placesTaken: 3 } });
    const same = { name: 'Junior', court_ids: [court.D4], ...dates, start_time: '18:00' };
    const locked = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body({ ...same, start_time: '19:00' })).expect(409);
    expect(locked.body.message).toBe('Il corso ha già iscritti: date, giorni, orario, durata e campi non si possono più cambiare.');
    const renamed = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body({ ...same, name: 'Junior Pro', price: '200', max_participants: 10 })).expect(200);
    expect(renamed.body.course).toMatchObject({ name: 'Junior Pro', price: '200.00', max_participants: 10, sessions_count: 4 });
    expect(new Set((await closuresOf(course.id)).map((closure) => closure.reason))).toEqual(new Set(['Corso: Junior Pro']));
    const below = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body({ ...same, min_participants: 1, max_participants: 2 })).expect(409);
    expect(below.body.message).toBe('Il massimo di partecipanti non può essere inferiore ai posti già occupati.');

    await db.course.update({ where: { id: course.id }, data: { placesTaken: 0 } });
    const cancelled = await request(app).post(`/api/admin/courses/${course.id}/cancel`).set(bearer(logins.admin)).expect(200);
    expect(cancelled.body).toMatchObject({ cancelled: true, published: false, sessions_count: 0 });
    expect(await closuresOf(course.id)).toHaveLength(0);
    await request(app).post(`/api/admin/courses/${course.id}/cancel`).set(bearer(logins.admin)).expect(409);
  });

  it('refuses a schedule change while any enrolment is live, even one lesson; once cancelled, keeps the session it names', async () => {
    const august = mondayNextYear('08-02');
    const [tuesday, wednesday, thursday] = [1, 2, 3].map((days) => addDays(august, days));
    const { course } = await create({ name: 'Lezioni singole', court_ids: [court.D4], starts_on: august, ends_on: addDays(august, 4) });
    const [named, other] = course.sessions;
    const enrolment = await db.courseEnrolment.create({ data: { courseId: course.id, userId: coachId, kind: 'lesson', sessionId: named!.id, amountCents: 1500 } });
    const same = { name: 'Lezioni singole', court_ids: [court.D4], starts_on: august, ends_on: addDays(august, 4), duration_minutes: 60 };
    const locked = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body(same)).expect(409);
    expect(locked.body.message).toBe('Il corso ha già iscritti: date, giorni, orario, durata e campi non si possono più cambiare.');
    await db.courseEnrolment.update({ where: { id: enrolment.id }, data: { status: 'cancelled', cancelledAt: new Date() } });

    // Same days, shorter: the session the cancelled lesson names is made again in place, the other anew.
    const shorter = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body(same)).expect(200);
    const sessions = shorter.body.course.sessions as { id: number; starts_at: string; ends_at: string; cancelled_at: string | null; cancel_reason: string | null }[];
    expect(sessions.map((session) => [session.id === named!.id, session.ends_at, session.cancelled_at])).toEqual([
      [true, instantInRome(tuesday!, '18:00').toISOString(), null],
      [false, instantInRome(thursday!, '18:00').toISOString(), null],
    ]);
    expect((await closuresOf(course.id)).map((closure) => [closure.courseSessionId, closure.endsAt])).toEqual(sessions.map((session) => [session.id, new Date(session.ends_at)]));
    expect(await db.courseSession.count({ where: { id: other!.id } })).toBe(0);

    // Another weekday: the named session stays, cancelled with its court freed; the other goes.
    const moved = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body({ ...same, weekdays: [3] })).expect(200);
    expect(moved.body.course.sessions.map((session: { id: number; starts_at: string; cancel_reason: string | null }) => [session.starts_at.slice(0, 10), session.id === named!.id, session.cancel_reason])).toEqual([
      [tuesday, true, 'Calendario del corso cambiato'],
      [wednesday, false, null],
    ]);
    expect((await closuresOf(course.id)).map((closure) => closure.startsAt)).toEqual([instantInRome(wednesday!, '17:00')]);
    expect(await db.courseEnrolment.findUniqueOrThrow({ where: { id: enrolment.id } })).toMatchObject({ sessionId: named!.id, status: 'cancelled' });

    const audited = async (id: number) => (await db.auditLog.findMany({ where: { entityType: 'course_sessions', entityId: id }, orderBy: { id: 'asc' } })).map((entry) => entry.action);
    expect(await audited(named!.id)).toEqual(['create', 'update', 'cancel']);
    expect(await audited(other!.id)).toEqual(['create', 'delete']);
    expect(await audited(sessions[1]!.id)).toEqual(['create', 'delete']);
  });

  it('refuses a maximum below the places taken plus the lessons and trials of the busiest session to come', async () => {
    const september = mondayNextYear('09-06');
    const { course } = await create({ name: 'Affollato', court_ids: [court.D4], starts_on: september, ends_on: addDays(september, 4), max_participants: 8 });
    const [first, second] = course.sessions;
    const people = await Promise.all(['Uno', 'Due', 'Tre'].map((lastName) => createMember(db, { firstName: 'Lezione', lastName })));
    for (const person of people) await db.courseEnrolment.create({ data: { courseId: course.id, userId: person.id, kind: 'lesson', sessionId: first!.id, amountCents: 1500 } });
    await db.courseEnrolment.create({ data: { courseId: course.id, userId: people[0]!.id, kind: 'trial', sessionId: second!.id, amountCents: 0 } });
    // A cancelled lesson holds no place.
    await db.courseEnrolment.create({ data: { courseId: course.id, userId: coachId, kind: 'lesson', sessionId: first!.id, amountCents: 1500, status: 'cancelled', cancelledAt: new Date() } });
    await db.course.update({ where: { id: course.id }, data: { placesTaken: 2 } });
    const same = { name: 'Affollato', court_ids: [court.D4], starts_on: september, ends_on: addDays(september, 4), min_participants: 1 };
    const below = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body({ ...same, max_participants: 4 })).expect(409);
    expect(below.body.message).toBe('Il massimo di partecipanti non può essere inferiore ai posti già occupati.');
    expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).maxParticipants).toBe(8);
    const fits = await request(app).put(`/api/admin/courses/${course.id}`).set(bearer(logins.admin)).send(body({ ...same, max_participants: 5 })).expect(200);
    expect(fits.body.course.max_participants).toBe(5);
  });

  it('publishes and withdraws a course', async () => {
    const { course } = await create({ name: 'Pubblicabile', court_ids: [court.D4], starts_on: `${year}-07-01`, ends_on: `${year}-07-08` });
    expect((await request(app).post(`/api/admin/courses/${course.id}/publish`).set(bearer(logins.admin)).expect(200)).body.published).toBe(true);
    expect((await request(app).post(`/api/admin/courses/${course.id}/unpublish`).set(bearer(logins.admin)).expect(200)).body.published).toBe(false);
  });
});

describe('roles and input', () => {
  it('lets staff read, only the admin write, and answers bad input with Italian field messages', async () => {
    for (const token of [userToken, coachToken, logins.staff]) await request(app).post('/api/admin/courses').set(bearer(token)).send(body()).expect(403);
    await request(app).get('/api/admin/courses').set(bearer(userToken)).expect(403);
    const list = await request(app).get('/api/admin/courses?per_page=2').set(bearer(logins.staff)).expect(200);
    expect(list.body).toMatchObject({ per_page: 2, current_page: 1 });
    expect(list.body.total).toBeGreaterThan(2);
    const coaches = await request(app).get('/api/admin/course-coaches').set(bearer(logins.staff)).expect(200);
    expect(coaches.body.data).toContainEqual({ id: coachId, name: 'Marco Allenatore' });

    const bad = await request(app).post('/api/admin/courses').set(bearer(logins.admin)).send(body({ weekdays: [], start_time: '25:00', max_participants: 2, ends_on: `${year}-03-01` })).expect(422);
    expect(bad.body.errors).toMatchObject({
      weekdays: ['Scegli almeno un giorno della settimana.'],
      start_time: ['Orario di inizio non valido (HH:MM).'],
    });
    const notCoach = await request(app).post('/api/admin/courses').set(bearer(logins.admin)).send(body({ coach_id: (await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } })).id })).expect(422);
    expect(notCoach.body.errors).toEqual({ coach_id: ['L’allenatore scelto non esiste o non ha il ruolo di allenatore.'] });
  });
});
