// Moving a course session through the real database: to a free time its closures follow it (same
// duration, Rome wall time across the spring change of time), the participants' payers are e-mailed and
// attendance stays attached; a booking or another closure on a course court at the new time is a 409
// naming it; never into the past, never a cancelled session; only the admin; audited.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { clockChangeSunday, italianDay, nextYear } from '../../test/days.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember } from '../../test/members.js';

const mail = await startMailCatcher();
const { app, db, deps } = await useTestApp({ SMTP_URL: mail.url });
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const court: Record<string, number> = {};
beforeAll(async () => {
  for (const row of await db.court.findMany({ where: { code: { in: ['D5', 'D6'] } } })) court[row.code] = row.id;
});

// The courses run Monday to Friday of the week before next year's spring change of time (the last Sunday of March);
// sessions move to the week after it.
const clocksForward = clockChangeSunday(nextYear(), 'march');
const monday = addDays(clocksForward, -6);
const mondayAfter = addDays(clocksForward, 1);
const tuesdayAfter = addDays(clocksForward, 2);
const wednesdayAfter = addDays(clocksForward, 3);

type Detail = { id: number; sessions: { id: number; starts_at: string; ends_at: string }[] };
const create = async (name: string, startTime: string) =>
  (
    await request(app).post('/api/admin/courses').set(bearer(logins.admin)).send({
      name, court_ids: [court.D5, court.D6], starts_on: monday, ends_on: addDays(monday, 4), weekdays: [1, 3, 5], start_time: startTime,
      duration_minutes: 75, max_participants: 8, price: '60',
    }).expect(201)
  ).body.course as Detail;
const move = (courseId: number, sessionId: number, body: Record<string, unknown>, token = logins.admin) =>
  request(app).post(`/api/admin/courses/${courseId}/sessions/${sessionId}/move`).set(bearer(token)).send(body);

describe('moving a session', () => {
  it('takes its closures to the new day and Rome time, keeps attendance, tells the participants and is audited', async () => {
    const course = await create('Adulti marzo', '07:00');
    const [first] = course.sessions;
    const member = await createMember(db);
    const enrolment = await db.courseEnrolment.create({ data: { courseId: course.id, userId: member.id, kind: 'course', amountCents: 6000, status: 'confirmed', confirmedAt: new Date(), createdAt: new Date() } });
    const attendance = await db.courseAttendance.create({ data: { sessionId: first!.id, enrolmentId: enrolment.id, present: true, recordedById: member.id } });
    // A German participant reads the course's German title.
    await db.course.update({ where: { id: course.id }, data: { titleDe: 'Erwachsene März' } });
    const german = await createMember(db);
    await db.user.update({ where: { id: german.id }, data: { locale: 'de' } });
    await db.courseEnrolment.create({ data: { courseId: course.id, userId: german.id, kind: 'course', amountCents: 6000, status: 'confirmed', confirmedAt: new Date(), createdAt: new Date() } });
    await deps.jobs.waitUntilIdle();
    const before = mail.messages.length;

    await move(course.id, first!.id, { date: mondayAfter, start_time: '07:30' }, logins.staff).expect(403);
    // Across the change of time: 07:30 in Rome is 05:30 UTC, 75 minutes as before.
    const moved = (await move(course.id, first!.id, { date: mondayAfter, start_time: '07:30' }).expect(200)).body as Detail;
    const session = moved.sessions.find((row) => row.id === first!.id)!;
    expect([session.starts_at, session.ends_at]).toEqual([`${mondayAfter}T05:30:00.000Z`, `${mondayAfter}T06:45:00.000Z`]);
    const closures = await db.courtClosure.findMany({ where: { courseSessionId: first!.id }, orderBy: { courtId: 'asc' } });
    expect(closures.map((row) => [row.courtId, row.startsAt, row.endsAt])).toEqual(
      [court.D5, court.D6].map((id) => [id, instantInRome(mondayAfter, '07:30'), instantInRome(mondayAfter, '08:45')]),
    );
    expect(await db.courseAttendance.findUniqueOrThrow({ where: { id: attendance.id } })).toMatchObject({ sessionId: first!.id });
    expect(await db.auditLog.count({ where: { entityType: 'course_sessions', entityId: first!.id, action: 'move' } })).toBe(1);

    await deps.jobs.waitUntilIdle();
    const sent = mail.messages.slice(before).filter((message) => JSON.stringify(message.to).includes(member.email));
    expect(sent.map((message) => message.subject)).toEqual(['Lezione spostata: Adulti marzo']);
    expect(sent[0]!.text?.replace(/\s+/g, ' ')).toContain(`la lezione di «Adulti marzo» del ${italianDay(monday)} 07:00–08:15 è spostata al ${italianDay(mondayAfter)} 07:30–08:45.`);
    const toGerman = mail.messages.slice(before).filter((message) => JSON.stringify(message.to).includes(german.email));
    expect(toGerman.map((message) => message.subject)).toEqual([expect.stringContaining('Erwachsene März')]);
    expect(toGerman[0]!.text).not.toContain('Adulti marzo');
  });

  it('is refused with what is in the way, into the past, onto its own course’s session, or once cancelled', async () => {
    const course = await create('Adulti sera', '19:00');
    const [first, second, third] = course.sessions;
    expect(course.sessions).toHaveLength(3);
    const startsAt = instantInRome(tuesdayAfter, '10:00');
    await db.booking.create({ data: { courtId: court.D6!, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 2000, customerName: 'Cliente' } });
    await db.courtClosure.create({ data: { courtId: court.D5!, startsAt: instantInRome(tuesdayAfter, '10:30'), endsAt: instantInRome(tuesdayAfter, '12:00'), reason: 'Manutenzione' } });

    const clash = await move(course.id, first!.id, { date: tuesdayAfter, start_time: '09:30' }).expect(409);
    expect(clash.body.message).toBe('Alla nuova ora i campi del corso sono occupati: D6: prenotazione 10:00–11:30; D5: Manutenzione 10:30–12:00.');
    const own = await move(course.id, first!.id, { date: addDays(monday, 2), start_time: '19:30' }).expect(409);
    expect(own.body.message).toContain('un’altra lezione del corso');
    const past = await move(course.id, first!.id, { date: '2026-01-05', start_time: '07:30' }).expect(422);
    expect(past.body.errors.date).toEqual(['Scegli un giorno e un orario non ancora passati.']);
    const bad = await move(course.id, first!.id, { date: tuesdayAfter, start_time: '25:00' }).expect(422);
    expect(bad.body.errors.start_time).toBeDefined();

    await request(app).post(`/api/admin/courses/${course.id}/sessions/${second!.id}/cancel`).set(bearer(logins.admin)).send({ reason: 'Pioggia' }).expect(200);
    expect((await move(course.id, second!.id, { date: wednesdayAfter, start_time: '19:00' }).expect(409)).body.message).toBe('La lezione è annullata: non si può spostare.');
    await move(course.id, third!.id + 999_999, { date: wednesdayAfter, start_time: '07:00' }).expect(404);
    // Nothing moved.
    const unchanged = await db.courseSession.findUniqueOrThrow({ where: { id: first!.id } });
    expect(unchanged.startsAt).toEqual(instantInRome(monday, '19:00'));
  });
});
