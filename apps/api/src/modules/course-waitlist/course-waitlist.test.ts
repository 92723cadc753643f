// The fair waiting list through the real database: joining only a full course, a freed place offered to
// the first waiting alone (held on the counter, e-mailed), the offer passing to the next after its hold
// and the place going back when nobody is left, no offer inside the cut-off, accepting within the hold
// without exceeding the maximum, and an accept racing the offer's expiry winning or losing exactly once.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { giveCard, makeCamp, makeChild, makeCourse } from '../enrolments/test-courses.js';

const mail = await startMailCatcher();
const { app, db, deps, services } = await useTestApp({ SMTP_URL: mail.url });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const HOUR = 3_600_000;

const carded = async () => {
  const member = await createMember(db);
  await giveCard(db, member.id);
  return member;
};
/** A course of `max` places whose first session is `firstInHours` away (default ten days: the cut-off far). */
async function fullCourse(max: number, firstInHours = 240) {
  const course = await makeCourse(db, { max });
  const [first] = await db.courseSession.findMany({ where: { courseId: course.id }, orderBy: { startsAt: 'asc' }, take: 1 });
  const shift = Date.now() + firstInHours * HOUR - first!.startsAt.getTime();
  await db.$executeRaw`UPDATE course_sessions SET starts_at = starts_at + ${shift} * interval '1 millisecond', ends_at = ends_at + ${shift} * interval '1 millisecond' WHERE course_id = ${course.id}`;
  const enrolled: { member: TestMember; id: number }[] = [];
  for (let i = 0; i < max; i += 1) {
    const member = await carded();
    enrolled.push({ member, id: (await request(app).post('/api/me/enrolments').set(bearer(member.token)).send({ course_id: course.id, kind: 'course' }).expect(201)).body.enrolment.id });
  }
  return { ...course, enrolled };
}
const join = (member: TestMember, body: Record<string, unknown>) => request(app).post('/api/me/course-waitlist').set(bearer(member.token)).send(body);
const entryOf = (id: number) => db.courseWaitlistEntry.findUniqueOrThrow({ where: { id } });
const placesTaken = async (courseId: number) => (await db.course.findUniqueOrThrow({ where: { id: courseId } })).placesTaken;
const cancelMine = (member: TestMember, id: number) => request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer(member.token)).expect(200);
const userOf = (member: TestMember) => db.user.findUniqueOrThrow({ where: { id: member.id } });

describe('joining', () => {
  it('is only for a full course, once per person, and not for someone enrolled', async () => {
    const course = await fullCourse(1);
    const open = await makeCourse(db, { max: 5 });
    const member = await carded();
    const refused = await join(member, { course_id: open.id }).expect(409);
    expect(refused.body.message).toBe('Ci sono ancora posti: iscriviti.');
    const joined = await join(member, { course_id: course.id }).expect(201);
    expect(joined.body.entry).toMatchObject({ status: 'waiting', position: 1, offer_expires_at: null, course: { id: course.id } });
    expect((await join(member, { course_id: course.id }).expect(409)).body.message).toBe('Questa persona è già in lista d’attesa per questo corso.');
    // Their child is another person; another member's child is not theirs to put on the list.
    const child = await makeChild(db, member.id);
    expect((await join(member, { course_id: course.id, child_id: child.id }).expect(201)).body.entry).toMatchObject({ position: 2, participant: { child_id: child.id } });
    await join(await carded(), { course_id: course.id, child_id: child.id }).expect(422);
    await join(course.enrolled[0]!.member, { course_id: course.id }).expect(409);
    await join(member, { course_id: 'x' }).expect(422);
    const mine = await request(app).get('/api/me/course-waitlist').set(bearer(member.token)).expect(200);
    expect(mine.body.data.map((row: { position: number }) => row.position).sort()).toEqual([1, 2]);
  });
});

describe('a freed place', () => {
  it('is offered to the first waiting alone, held on the counter, and e-mailed', async () => {
    const course = await fullCourse(1);
    const [first, second] = [await carded(), await carded()];
    const a = (await join(first, { course_id: course.id }).expect(201)).body.entry.id;
    const b = (await join(second, { course_id: course.id }).expect(201)).body.entry.id;
    const before = Date.now();
    await cancelMine(course.enrolled[0]!.member, course.enrolled[0]!.id);
    const offered = await entryOf(a);
    expect(offered.status).toBe('offered');
    expect(offered.offerExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 12 * HOUR);
    expect(offered.offerExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
    expect((await entryOf(b)).status).toBe('waiting');
    expect(await placesTaken(course.id)).toBe(1);
    // Held for the first: nobody else can enrol into it.
    await request(app).post('/api/me/enrolments').set(bearer((await carded()).token)).send({ course_id: course.id, kind: 'course' }).expect(409);
    const seen = await request(app).get('/api/me/course-waitlist').set(bearer(second.token)).expect(200);
    expect(seen.body.data).toEqual([expect.objectContaining({ id: b, status: 'waiting', position: 1 })]);
    await deps.jobs.waitUntilIdle();
    expect(mail.messages.filter((message) => JSON.stringify(message.to).includes(first.email)).map((message) => message.subject)).toEqual([`Si è liberato un posto: ${course.name}`]);
    expect(mail.messages.some((message) => JSON.stringify(message.to).includes(second.email))).toBe(false);
  });

  it('passes to the next after its hold, then goes back to the course when nobody is left', async () => {
    const course = await fullCourse(1);
    const [first, second] = [await carded(), await carded()];
    const a = (await join(first, { course_id: course.id }).expect(201)).body.entry.id;
    const b = (await join(second, { course_id: course.id }).expect(201)).body.entry.id;
    await cancelMine(course.enrolled[0]!.member, course.enrolled[0]!.id);
    const held = (await entryOf(a)).offerExpiresAt!;
    await services.courseWaitlist.expireOffers(new Date(held.getTime() - 1000));
    expect((await entryOf(a)).status).toBe('offered');

    const later = new Date(held.getTime() + 60_000);
    await services.courseWaitlist.expireOffers(later);
    expect(await entryOf(a)).toMatchObject({ status: 'lapsed', offerExpiresAt: null });
    expect(await entryOf(b)).toMatchObject({ status: 'offered', offerExpiresAt: new Date(later.getTime() + 12 * HOUR) });
    expect(await placesTaken(course.id)).toBe(1);
    // Too late for the first.
    await request(app).post(`/api/me/course-waitlist/${a}/accept`).set(bearer(first.token)).expect(409);

    await services.courseWaitlist.expireOffers(new Date(later.getTime() + 13 * HOUR));
    expect((await entryOf(b)).status).toBe('lapsed');
    expect(await placesTaken(course.id)).toBe(0);
  });

  it('is not offered inside the cut-off before the next session: it goes back to the course', async () => {
    const course = await fullCourse(1, 10);
    const waiting = await carded();
    const a = (await join(waiting, { course_id: course.id }).expect(201)).body.entry.id;
    await cancelMine(course.enrolled[0]!.member, course.enrolled[0]!.id);
    expect((await entryOf(a)).status).toBe('waiting');
    expect(await placesTaken(course.id)).toBe(0);
  });

  it('passes on when the one offered withdraws', async () => {
    const course = await fullCourse(1);
    const [first, second] = [await carded(), await carded()];
    const a = (await join(first, { course_id: course.id }).expect(201)).body.entry.id;
    const b = (await join(second, { course_id: course.id }).expect(201)).body.entry.id;
    await cancelMine(course.enrolled[0]!.member, course.enrolled[0]!.id);
    expect((await request(app).post(`/api/me/course-waitlist/${a}/withdraw`).set(bearer(first.token)).expect(200)).body.entry.status).toBe('withdrawn');
    expect((await entryOf(b)).status).toBe('offered');
    await request(app).post(`/api/me/course-waitlist/${b}/withdraw`).set(bearer(first.token)).expect(404);
    await request(app).post(`/api/me/course-waitlist/${b}/withdraw`).set(bearer(second.token)).expect(200);
    expect(await placesTaken(course.id)).toBe(0);
  });
});

describe('accepting', () => {
  it('within the hold enrols into the held place without exceeding the maximum', async () => {
    const course = await fullCourse(2);
    const waiting = await carded();
    const a = (await join(waiting, { course_id: course.id }).expect(201)).body.entry.id;
    await request(app).post(`/api/me/course-waitlist/${a}/accept`).set(bearer(waiting.token)).expect(409);
    await cancelMine(course.enrolled[0]!.member, course.enrolled[0]!.id);
    const accepted = await request(app).post(`/api/me/course-waitlist/${a}/accept`).set(bearer(waiting.token)).expect(200);
    expect(accepted.body.message).toBe('Posto tenuto: completa il pagamento per confermare l’iscrizione.');
    expect(accepted.body.entry).toMatchObject({ status: 'enrolled', offer_expires_at: null });
    const enrolment = await db.courseEnrolment.findUniqueOrThrow({ where: { id: accepted.body.entry.enrolment_id } });
    expect(enrolment).toMatchObject({ status: 'pending_payment', userId: waiting.id, kind: 'course' });
    expect(enrolment.holdExpiresAt).not.toBeNull();
    expect(await db.enrolmentInstalment.count({ where: { enrolmentId: enrolment.id } })).toBe(1);
    expect(await placesTaken(course.id)).toBe(2);
    await request(app).post(`/api/me/course-waitlist/${a}/accept`).set(bearer(waiting.token)).expect(409);
    // The staff read the list; a member may not.
    const list = await request(app).get(`/api/admin/courses/${course.id}/waitlist`).set(bearer(await loginAs(app, DEMO.staff))).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: a, status: 'enrolled', member: expect.objectContaining({ id: waiting.id, email: waiting.email }) })]);
    await request(app).get(`/api/admin/courses/${course.id}/waitlist`).set(bearer(waiting.token)).expect(403);
  });

  it('on a camp, holds the band’s place for the child: a birth date changed since is refused, and the child cannot be removed while waiting', async () => {
    const camp = await makeCamp(db, { bands: [{ minAge: 6, maxAge: 10, capacity: 1 }, { minAge: 11, maxAge: 14, capacity: 1 }] });
    const [holder, parent] = await Promise.all([createMember(db), createMember(db)]);
    const taken = (await request(app).post('/api/me/enrolments').set(bearer(holder.token)).send({ course_id: camp.id, kind: 'course', child_id: (await makeChild(db, holder.id, 'Ada', '2018-01-01')).id }).expect(201)).body.enrolment.id;
    const child = await makeChild(db, parent.id, 'Bruno', '2018-01-01');
    const entry = (await join(parent, { course_id: camp.id, child_id: child.id }).expect(201)).body.entry.id;
    // Waiting: the child stays on the account until taken off the list.
    expect((await request(app).delete(`/api/me/children/${child.id}`).set(bearer(parent.token)).expect(409)).body.message).toBe('È in lista d’attesa per un corso: toglilo dalla lista prima di rimuoverlo.');
    await cancelMine(holder, taken);
    expect(await entryOf(entry)).toMatchObject({ status: 'offered', bandId: camp.bands[0] });
    // Eleven on the first day now: another band than the place held.
    await db.child.update({ where: { id: child.id }, data: { birthDate: new Date('2015-01-01T00:00:00Z') } });
    const refused = await request(app).post(`/api/me/course-waitlist/${entry}/accept`).set(bearer(parent.token)).expect(409);
    expect(refused.body.message).toBe('Con la data di nascita di oggi la fascia d’età non è più quella per cui il posto è tenuto: chiedi in segreteria.');
    expect((await db.courseBand.findMany({ where: { courseId: camp.id }, orderBy: { minAge: 'asc' } })).map((band) => band.placesTaken)).toEqual([1, 0]);
    expect(await db.courseEnrolment.count({ where: { courseId: camp.id, childId: child.id } })).toBe(0);
  });

  it('racing the offer’s expiry: exactly one of them wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const course = await fullCourse(1);
      const waiting = await carded();
      const a = (await join(waiting, { course_id: course.id }).expect(201)).body.entry.id;
      await cancelMine(course.enrolled[0]!.member, course.enrolled[0]!.id);
      const held = (await entryOf(a)).offerExpiresAt!;
      const user = await userOf(waiting);
      const [accept] = await Promise.allSettled([
        services.courseWaitlist.accept(user, a, new Date(held.getTime() - 1000)),
        services.courseWaitlist.expireOffers(new Date(held.getTime() + 1000)),
      ]);
      const entry = await entryOf(a);
      const live = await db.courseEnrolment.count({ where: { courseId: course.id, status: { not: 'cancelled' } } });
      if (accept.status === 'fulfilled') {
        expect(entry.status).toBe('enrolled');
        expect([live, await placesTaken(course.id)]).toEqual([1, 1]);
      } else {
        expect(entry.status).toBe('lapsed');
        expect([live, await placesTaken(course.id)]).toEqual([0, 0]);
      }
    }
  });
});
