// The enrolment rules a review found open, through the real database: what is read under the course's
// lock (a course, session or child changed while an enrolment waits for it), a checkout opened while the
// enrolment is cancelled, one place per person in a course, ownership before Stripe is asked, ages, and a
// session's cancellation taking its lessons with it.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { fromIsoDate } from '../../lib/time.js';
import { accounts, credit, debit, post } from '../ledger/index.js';
import { balanceOf, giveCard, makeChild, makeCourse } from './test-courses.js';

const { app, db, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const enrol = (member: TestMember, body: Record<string, unknown>) => request(app).post('/api/me/enrolments').set(bearer(member.token)).send(body);
const carded = async () => {
  const member = await createMember(db);
  await giveCard(db, member.id);
  return member;
};

/** Holds `lockSql`'s row lock while `started` waits for it, runs `meanwhile`, commits, then answers what `started` got. */
async function whileLocked<T>(lockSql: (tx: typeof db) => Promise<unknown>, start: () => Promise<T>, meanwhile: (tx: typeof db) => Promise<unknown>): Promise<T> {
  let answer: Promise<T> | undefined;
  await db.$transaction(async (tx) => {
    await lockSql(tx as typeof db);
    answer = start();
    await expect
      .poll(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0]!.n, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await meanwhile(tx as typeof db);
  }, { maxWait: 10_000, timeout: 20_000 });
  return answer!;
}
let staff: string;
let admin: string;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});

const lockCourse = (id: number) => (tx: typeof db) => tx.$queryRaw`SELECT id FROM courses WHERE id = ${id} FOR UPDATE`;

describe('what an enrolment reads under the course’s lock', () => {
  it('refuses a lesson in a session cancelled while it waited, and one in a course cancelled meanwhile', async () => {
    const course = await makeCourse(db, { lessonPriceCents: 1500 });
    const member = await carded();
    const session = await whileLocked(lockCourse(course.id), () => enrol(member, { course_id: course.id, kind: 'lesson', session_id: course.sessions[0] }).then((r) => r), (tx) =>
      tx.courseSession.update({ where: { id: course.sessions[0] }, data: { cancelledAt: new Date(), cancelReason: 'Pioggia' } }),
    );
    expect(session.status).toBe(409);
    expect(session.body.message).toBe('Scegli una lezione del corso ancora da tenere.');
    const whole = await whileLocked(lockCourse(course.id), () => enrol(member, { course_id: course.id, kind: 'lesson', session_id: course.sessions[1] }).then((r) => r), (tx) =>
      tx.course.update({ where: { id: course.id }, data: { cancelledAt: new Date() } }),
    );
    expect(whole.status).toBe(409);
    expect(whole.body.message).toBe('Questo corso non accetta iscrizioni.');
    expect(await db.courseEnrolment.count({ where: { courseId: course.id } })).toBe(0);
  });

  it('prices the whole course on the sessions as they are once locked', async () => {
    const course = await makeCourse(db, { past: 2, future: 2, priceCents: 12_000 });
    const member = await carded();
    const made = await whileLocked(lockCourse(course.id), () => enrol(member, { course_id: course.id, kind: 'course' }).then((r) => r), (tx) =>
      tx.courseSession.update({ where: { id: course.sessions[1] }, data: { cancelledAt: new Date(), cancelReason: 'Festa' } }),
    );
    expect(made.status).toBe(201);
    // 120 € × 1 session left ÷ 3 held.
    expect(made.body.enrolment.amount).toBe('40.00');
  });

  it('answers a 4xx, never a 500, for a child removed while it waited', async () => {
    const course = await makeCourse(db);
    const parent = await createMember(db);
    const child = await makeChild(db, parent.id);
    const gone = await whileLocked(lockCourse(course.id), () => enrol(parent, { course_id: course.id, kind: 'course', child_id: child.id }).then((r) => r), (tx) => tx.child.delete({ where: { id: child.id } }));
    expect(gone.status).toBe(422);
    expect(gone.body.errors).toEqual({ child_id: ['Puoi iscrivere solo te stesso o i tuoi figli.'] });
  });
});

describe('the checkout', () => {
  it('is refused for an enrolment cancelled while it was being opened', async () => {
    const course = await makeCourse(db);
    const member = await carded();
    const { id } = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment;
    const opened = await whileLocked((tx) => tx.$queryRaw`SELECT id FROM course_enrolments WHERE id = ${id} FOR UPDATE`, () => request(app).post(`/api/me/enrolments/${id}/checkout`).set(bearer(member.token)).then((r) => r), (tx) =>
      tx.courseEnrolment.update({ where: { id }, data: { status: 'cancelled', cancelledAt: new Date(), holdExpiresAt: null } }),
    );
    expect(opened.status).toBe(409);
    expect(opened.body.message).toBe('Il tempo per pagare è scaduto: il posto non è più tenuto. Iscriviti di nuovo.');
    expect(await db.transaction.count({ where: { enrolmentId: id, status: 'pending' } })).toBe(0);
  });
});

describe('one place per person in a course', () => {
  it('refuses a lesson or trial beside the whole course, and the whole course beside a lesson still to come', async () => {
    const course = await makeCourse(db, { lessonPriceCents: 1500, trialAllowed: true });
    const member = await carded();
    await enrol(member, { course_id: course.id, kind: 'course' }).expect(201);
    const lesson = await enrol(member, { course_id: course.id, kind: 'lesson', session_id: course.sessions[0] }).expect(409);
    expect(lesson.body.message).toBe('È già iscritto/a al corso.');
    await enrol(member, { course_id: course.id, kind: 'trial', session_id: course.sessions[1] }).expect(409);
    // Their child is a person of their own.
    const child = await makeChild(db, member.id);
    await enrol(member, { course_id: course.id, kind: 'lesson', session_id: course.sessions[0], child_id: child.id }).expect(201);
    const whole = await enrol(member, { course_id: course.id, kind: 'course', child_id: child.id }).expect(409);
    expect(whole.body.message).toBe('Ha già lezioni singole o una prova in questo corso: annullale prima dell’iscrizione al corso intero.');
  });
});

describe('ownership before Stripe is asked', () => {
  it('answers 404 to a stranger cancelling or paying an enrolment whose checkout was paid', async () => {
    const course = await makeCourse(db);
    const member = await carded();
    const { id } = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment;
    const opened = await request(app).post(`/api/me/enrolments/${id}/checkout`).set(bearer(member.token)).expect(200);
    const withheldFrom = double.events.length;
    double.setAutoDeliver(false);
    try {
      await double.pay((opened.body.checkout_url as string).split('/').pop()!);
      const stranger = await createMember(db);
      await request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer(stranger.token)).expect(404);
      await request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(stranger.token)).expect(404);
      await request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer(member.token)).expect(409);
    } finally {
      double.setAutoDeliver(true);
    }
    // Stripe's news of the payment arrives after all: the money paid is in the books.
    for (const event of double.events.slice(withheldFrom)) expect(await double.deliver(event)).toBe(200);
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id } })).status).toBe('confirmed');
  });
});

describe('the course’s ages', () => {
  it('are checked on the first session for a child, and for a member whose birth date is known', async () => {
    const course = await makeCourse(db);
    await db.course.update({ where: { id: course.id }, data: { minAge: 8, maxAge: 12 } });
    const parent = await carded();
    const small = await db.child.create({ data: { parentId: parent.id, firstName: 'Ada', lastName: 'Bianchi', birthDate: fromIsoDate('2022-01-10') } });
    const young = await enrol(parent, { course_id: course.id, kind: 'course', child_id: small.id }).expect(422);
    expect(young.body.errors).toEqual({ child_id: ['Questo corso è per chi ha almeno 8 anni alla prima lezione.'] });
    const old = await enrol(parent, { course_id: course.id, kind: 'course' }).expect(422);
    expect(old.body.errors).toEqual({ course_id: ['Questo corso è per chi ha al massimo 12 anni alla prima lezione.'] });
    const fitting = await makeChild(db, parent.id);
    await enrol(parent, { course_id: course.id, kind: 'course', child_id: fitting.id }).expect(201);
    const unknown = await createMember(db, { birthDate: null });
    await giveCard(db, unknown.id);
    await enrol(unknown, { course_id: course.id, kind: 'course' }).expect(201);
  });
});

describe('a session cancelled', () => {
  it('cancels its lessons with it: a paid one’s money back as credit, a pending one no longer payable', async () => {
    const course = await makeCourse(db, { lessonPriceCents: 2500 });
    const [paid, pending] = [await carded(), await carded()];
    const paidId = (await enrol(paid, { course_id: course.id, kind: 'lesson', session_id: course.sessions[0] }).expect(201)).body.enrolment.id;
    await request(app).post(`/api/admin/enrolments/${paidId}/collect`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    const pendingId = (await enrol(pending, { course_id: course.id, kind: 'lesson', session_id: course.sessions[0] }).expect(201)).body.enrolment.id;
    await request(app).post(`/api/admin/courses/${course.id}/sessions/${course.sessions[0]}/cancel`).set(bearer(admin)).send({ reason: 'Pioggia' }).expect(200);
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id: paidId } })).status).toBe('cancelled');
    expect((await request(app).get('/api/me/credit').set(bearer(paid.token)).expect(200)).body).toMatchObject({ balance: '25.00' });
    expect(await db.auditLog.count({ where: { entityType: 'course_enrolments', entityId: paidId, action: 'cancel' } })).toBe(1);
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id: pendingId } })).status).toBe('cancelled');
    await request(app).post(`/api/me/enrolments/${pendingId}/checkout`).set(bearer(pending.token)).expect(409);
    await deskTopUp(app, staff, pending, '30');
    await request(app).post(`/api/me/enrolments/${pendingId}/pay-with-credit`).set(bearer(pending.token)).expect(409);
    expect(await balanceOf(db, `enrolment:${pendingId}`)).toBe(0);
  });
});

describe('the public list’s places left', () => {
  it('leaves out of the whole course the places its busiest session’s lessons take', async () => {
    const course = await makeCourse(db, { max: 3, lessonPriceCents: 1000 });
    await enrol(await carded(), { course_id: course.id, kind: 'lesson', session_id: course.sessions[1] }).expect(201);
    await enrol(await carded(), { course_id: course.id, kind: 'lesson', session_id: course.sessions[1] }).expect(201);
    await enrol(await carded(), { course_id: course.id, kind: 'lesson', session_id: course.sessions[2] }).expect(201);
    const listed = (await request(app).get('/api/courses').expect(200)).body.data.find((row: { id: number }) => row.id === course.id);
    expect(listed.places_left).toBe(1);
    expect(listed.sessions.map((session: { places_left: number }) => session.places_left)).toEqual([3, 1, 2, 3]);
    await enrol(await carded(), { course_id: course.id, kind: 'course' }).expect(201);
    const full = (await request(app).get('/api/courses').expect(200)).body.data.find((row: { id: number }) => row.id === course.id);
    expect(full.places_left).toBe(0);
    await enrol(await carded(), { course_id: course.id, kind: 'course' }).expect(409);
  });
});

describe('credit given back on a staff cancellation', () => {
  it('settles what the member owed, on the enrolment’s books', async () => {
    const course = await makeCourse(db, { priceCents: 4000 });
    const member = await carded();
    const { id } = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment;
    await deskTopUp(app, staff, member, '60');
    await request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(member.token)).expect(200);
    await post(db, { key: `test:debt:${member.id}`, kind: 'correction', userId: member.id, legs: [debit(accounts.debt(member.id), 5000), credit(accounts.revenue('extra'), 5000)] });
    await request(app).post(`/api/admin/enrolments/${id}/cancel`).set(bearer(staff)).expect(200);
    const settled = await db.ledgerEntry.findMany({ where: { userId: member.id, kind: 'debt_settled' } });
    expect(settled.map((entry) => entry.enrolmentId)).toEqual([id]);
  });
});
