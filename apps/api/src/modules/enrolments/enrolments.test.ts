// Enrolments through the real database and the Stripe double: the public list and the pro rata price,
// the kinds (course, lesson, trial once), the requirements (a card for oneself; a child needs none, and
// only one's own child), 30 simultaneous enrolments for 10 places → exactly 10, a lapsed hold freeing
// its place exactly once, paying by card, by credit and at the desk with the ledger balancing, and the
// staff's cancellation giving the money back as credit.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { proRataCents } from './enrolment-terms.js';
import { balanceOf, giveCard, makeChild, makeCourse } from './test-courses.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let staff: string;
let admin: string;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});

const enrol = (member: TestMember, body: Record<string, unknown>) => request(app).post('/api/me/enrolments').set(bearer(member.token)).send(body);
const placesTaken = async (courseId: number) => (await db.course.findUniqueOrThrow({ where: { id: courseId } })).placesTaken;
const statusOf = async (id: number) => (await db.courseEnrolment.findUniqueOrThrow({ where: { id } })).status;
const carded = async () => {
  const member = await createMember(db);
  await giveCard(db, member.id);
  return member;
};

describe('the price of a whole course', () => {
  it('is the price × sessions left ÷ sessions, to whole euros', () => {
    expect(proRataCents(10_000, 6, 9)).toBe(6700);
    expect(proRataCents(10_000, 9, 9)).toBe(10_000);
    expect(proRataCents(12_345, 1, 3)).toBe(4100);
    expect(proRataCents(10_000, 0, 9)).toBe(0);
  });

  it('is listed publicly with places left, and charged pro rata on the sessions not started and not cancelled', async () => {
    const course = await makeCourse(db, { past: 3, future: 7, cancelledFuture: 1, lessonPriceCents: 1500, trialAllowed: true });
    const listed = (await request(app).get('/api/courses').expect(200)).body.data.find((row: { id: number }) => row.id === course.id);
    expect(listed).toMatchObject({ sessions_total: 9, sessions_left: 6, price_now: '67.00', price: '100.00', lesson_price: '15.00', trial_allowed: true, places_left: 10, courts: ['D1'], start_time: '18:00' });
    expect(listed.sessions).toHaveLength(6);
    const member = await carded();
    const made = await enrol(member, { course_id: course.id, kind: 'course' }).expect(201);
    expect(made.body.enrolment).toMatchObject({ kind: 'course', amount: '67.00', owed: '67.00', status: 'pending_payment', participant: { child_id: null } });
    expect(await placesTaken(course.id)).toBe(1);
    expect(await balanceOf(db, `enrolment:${made.body.enrolment.id}`)).toBe(6700);
  });

  it('is not listed for a course not published', async () => {
    const course = await makeCourse(db);
    await db.course.update({ where: { id: course.id }, data: { publishedAt: null } });
    const ids = (await request(app).get('/api/courses').expect(200)).body.data.map((row: { id: number }) => row.id);
    expect(ids).not.toContain(course.id);
    const member = await carded();
    await enrol(member, { course_id: course.id, kind: 'course' }).expect(409);
  });
});

describe('kinds and requirements', () => {
  it('sells a lesson at its price, a free trial once per person, and refuses what the course does not offer', async () => {
    const course = await makeCourse(db, { lessonPriceCents: 1500, trialAllowed: true });
    const member = await carded();
    const lesson = await enrol(member, { course_id: course.id, kind: 'lesson', session_id: course.sessions[0] }).expect(201);
    expect(lesson.body.enrolment).toMatchObject({ kind: 'lesson', amount: '15.00', status: 'pending_payment' });
    expect(await placesTaken(course.id)).toBe(0);
    const trial = await enrol(member, { course_id: course.id, kind: 'trial', session_id: course.sessions[1] }).expect(201);
    expect(trial.body.enrolment).toMatchObject({ kind: 'trial', amount: '0.00', owed: '0.00', status: 'confirmed' });
    const again = await enrol(member, { course_id: course.id, kind: 'trial', session_id: course.sessions[2] }).expect(409);
    expect(again.body.message).toBe('La lezione di prova di questo corso è già stata fatta.');
    // Their child is another person: a trial of their own.
    const child = await makeChild(db, member.id);
    await enrol(member, { course_id: course.id, kind: 'trial', session_id: course.sessions[2], child_id: child.id }).expect(201);

    const plain = await makeCourse(db);
    const noLesson = await enrol(member, { course_id: plain.id, kind: 'lesson', session_id: plain.sessions[0] }).expect(422);
    expect(noLesson.body.errors).toEqual({ kind: ['Questo corso non vende lezioni singole.'] });
    const noTrial = await enrol(member, { course_id: plain.id, kind: 'trial', session_id: plain.sessions[0] }).expect(422);
    expect(noTrial.body.errors).toEqual({ kind: ['Questo corso non prevede una lezione di prova.'] });
    const otherSession = await enrol(member, { course_id: plain.id, kind: 'lesson', session_id: course.sessions[0] }).expect(422);
    expect(otherSession.body.errors).toEqual({ session_id: ['Scegli una lezione del corso ancora da tenere.'] });
    const noSession = await enrol(member, { course_id: plain.id, kind: 'lesson' }).expect(422);
    expect(noSession.body.errors).toEqual({ session_id: ['Scegli la lezione.'] });
  });

  it('wants a card for oneself, none for a child, and only one’s own child; one live place per person', async () => {
    const course = await makeCourse(db);
    const member = await createMember(db);
    const refused = await enrol(member, { course_id: course.id, kind: 'course' }).expect(422);
    expect(refused.body.message).toBe('Per iscriverti serve una tessera valida per le date del corso.');
    const child = await makeChild(db, member.id);
    await enrol(member, { course_id: course.id, kind: 'course', child_id: child.id }).expect(201);
    const participants = await request(app).get('/api/me/enrolments/participants').set(bearer(member.token)).expect(200);
    expect(participants.body.data).toEqual([{ child_id: null, name: 'Giulia Bianchi', birth_date: '1995-09-01' }, { child_id: child.id, name: 'Luca Bianchi', birth_date: '2015-06-01' }]);
    const twice = await enrol(member, { course_id: course.id, kind: 'course', child_id: child.id }).expect(409);
    expect(twice.body.message).toBe('Risulta già un’iscrizione per questa persona.');
    const stranger = await createMember(db);
    const notTheirs = await enrol(stranger, { course_id: course.id, kind: 'course', child_id: child.id }).expect(422);
    expect(notTheirs.body.errors).toEqual({ child_id: ['Puoi iscrivere solo te stesso o i tuoi figli.'] });
    await request(app).post('/api/me/enrolments').send({ course_id: course.id, kind: 'course' }).expect(401);
  });
});

describe('places', () => {
  it('gives 30 simultaneous enrolments for 10 places exactly 10', async () => {
    const course = await makeCourse(db, { max: 10 });
    const parent = await createMember(db);
    const children = await Promise.all(Array.from({ length: 30 }, (_, i) => makeChild(db, parent.id, `Figlio${i}`)));
    const answers = await Promise.all(children.map((child) => enrol(parent, { course_id: course.id, kind: 'course', child_id: child.id })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const full = answers.filter((answer) => answer.status === 409);
    expect(full).toHaveLength(20);
    expect(new Set(full.map((answer) => answer.body.message))).toEqual(new Set(['Corso al completo.']));
    expect(await placesTaken(course.id)).toBe(10);
    expect(await db.courseEnrolment.count({ where: { courseId: course.id, status: { not: 'cancelled' } } })).toBe(10);
  });

  it('lets a lapsed hold free its place exactly once, and what it owed is written off', async () => {
    const course = await makeCourse(db, { max: 1 });
    const member = await carded();
    const { id } = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment;
    await enrol(await carded(), { course_id: course.id, kind: 'course' }).expect(409);
    await db.courseEnrolment.update({ where: { id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    const lapsed = await request(app).post(`/api/me/enrolments/${id}/checkout`).set(bearer(member.token)).expect(409);
    expect(lapsed.body.message).toBe('Il tempo per pagare è scaduto: il posto non è più tenuto. Iscriviti di nuovo.');
    const released = await Promise.all([services.enrolments.expireLapsedHolds(), services.enrolments.expireLapsedHolds()]);
    expect(released.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await services.enrolments.expireLapsedHolds()).toBe(0);
    expect(await statusOf(id)).toBe('cancelled');
    expect(await placesTaken(course.id)).toBe(0);
    expect(await balanceOf(db, `enrolment:${id}`)).toBe(0);
    await enrol(await carded(), { course_id: course.id, kind: 'course' }).expect(201);
  });

  it('counts lessons in their session beside the whole-course places, both ways', async () => {
    const course = await makeCourse(db, { max: 1, lessonPriceCents: 1000 });
    await enrol(await carded(), { course_id: course.id, kind: 'lesson', session_id: course.sessions[0] }).expect(201);
    const full = await enrol(await carded(), { course_id: course.id, kind: 'lesson', session_id: course.sessions[0] }).expect(409);
    expect(full.body.message).toBe('Questa lezione è al completo.');
    await enrol(await carded(), { course_id: course.id, kind: 'lesson', session_id: course.sessions[1] }).expect(201);
    // The whole course would no longer fit those sessions.
    const whole = await enrol(await carded(), { course_id: course.id, kind: 'course' }).expect(409);
    expect(whole.body.message).toBe('Corso al completo.');
    expect(await placesTaken(course.id)).toBe(0);
  });
});

describe('paying', () => {
  it('by card through Stripe completes the enrolment once, the ledger balanced, and the payer told in their language', async () => {
    const course = await makeCourse(db, { priceCents: 8000 });
    const parent = await createMember(db);
    await db.user.update({ where: { id: parent.id }, data: { locale: 'en' } });
    const child = await makeChild(db, parent.id, 'Sara');
    const { id } = (await enrol(parent, { course_id: course.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment;
    const stranger = await createMember(db);
    await request(app).post(`/api/me/enrolments/${id}/checkout`).set(bearer(stranger.token)).expect(404);
    const schoolIncome = async () => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
      const { body } = await request(app).get(`/api/admin/incomes/stats?date_from=${today}&date_to=${today}`).set(bearer(admin)).expect(200);
      return Number(body.by_month[0].school);
    };
    const before = await schoolIncome();
    const opened = await request(app).post(`/api/me/enrolments/${id}/checkout`).set(bearer(parent.token)).expect(200);
    const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
    await double.pay(sessionId);
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('confirmed');
    const payment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
    expect(payment).toMatchObject({ kind: 'enrolment', enrolmentId: id, status: 'completed', amountCents: 8000 });
    expect(await balanceOf(db, `enrolment:${id}`)).toBe(0);
    const [entries] = await db.$queryRaw<{ revenue: number }[]>`
      SELECT coalesce(-sum(p.amount_cents), 0)::int AS revenue FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE a.kind = 'revenue_school' AND e.enrolment_id = ${id}`;
    expect(entries!.revenue).toBe(8000);
    const [account] = await db.$queryRaw<{ enrolmentId: number }[]>`SELECT enrolment_id AS "enrolmentId" FROM ledger_accounts WHERE key = ${`enrolment:${id}`}`;
    expect(account!.enrolmentId).toBe(id);
    // The finance screens' income counts it as the school's.
    expect((await schoolIncome()) - before).toBe(80);
    const mine = await request(app).get('/api/me/enrolments').set(bearer(parent.token)).expect(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ id, status: 'confirmed', owed: '0.00', participant: { child_id: child.id, name: 'Sara Bianchi' } })]);
    await deps.jobs.waitUntilIdle();
    const told = mail.messages.filter((message) => JSON.stringify(message.to).includes(parent.email));
    expect(told.map((message) => message.subject)).toEqual([`Enrolment confirmed: ${course.name}`]);
  });

  it('with credit, all of it, or refused when the credit is short', async () => {
    const course = await makeCourse(db, { priceCents: 5000 });
    const member = await carded();
    const { id } = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment;
    const short = await request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(member.token)).expect(409);
    expect(short.body.message).toBe('Credito insufficiente per questo movimento.');
    await deskTopUp(app, staff, member, '60');
    const paid = await request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(member.token)).expect(200);
    expect(paid.body.enrolment).toMatchObject({ status: 'confirmed', owed: '0.00' });
    expect((await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200)).body).toMatchObject({ balance: '10.00' });
    await request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(member.token)).expect(409);
  });

  it('once, whether the webhook comes three times at once or credit is asked twice at once', async () => {
    const course = await makeCourse(db, { priceCents: 3000 });
    const parent = await createMember(db);
    const card = (await enrol(parent, { course_id: course.id, kind: 'course', child_id: (await makeChild(db, parent.id, 'Ada')).id }).expect(201)).body.enrolment.id as number;
    double.setAutoDeliver(false);
    try {
      const opened = await request(app).post(`/api/me/enrolments/${card}/checkout`).set(bearer(parent.token)).expect(200);
      const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
      await double.pay(sessionId);
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)])).toEqual([200, 200, 200]);
    } finally {
      double.setAutoDeliver(true);
    }
    expect(await statusOf(card)).toBe('confirmed');
    expect(await db.transaction.count({ where: { enrolmentId: card, status: 'completed' } })).toBe(1);
    expect(await db.ledgerEntry.count({ where: { enrolmentId: card, kind: 'payment' } })).toBe(1);
    expect(await balanceOf(db, `enrolment:${card}`)).toBe(0);

    const member = await carded();
    await deskTopUp(app, staff, member, '60');
    const credit = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment.id as number;
    const answers = await Promise.all([1, 2].map(() => request(app).post(`/api/me/enrolments/${credit}/pay-with-credit`).set(bearer(member.token))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200)).body).toMatchObject({ balance: '30.00' });
    expect(await balanceOf(db, `enrolment:${credit}`)).toBe(0);
  });

  it('at the desk by staff only, audited; the staff cancel a confirmed one and the money goes back as credit', async () => {
    const course = await makeCourse(db, { priceCents: 4000 });
    const member = await carded();
    const { id } = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment;
    await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(member.token)).send({ method: 'cash' }).expect(403);
    const bad = await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(staff)).send({ method: 'gold' }).expect(422);
    expect(bad.body.errors.method).toEqual(['Scegli come è stato pagato: contanti, POS o bonifico.']);
    const collected = await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    expect(collected.body.enrolment).toMatchObject({ status: 'confirmed', owed: '0.00' });
    expect(await db.auditLog.count({ where: { entityType: 'course_enrolments', entityId: id, action: 'mark-paid' } })).toBe(1);
    const listed = await request(app).get(`/api/admin/users/${member.id}/enrolments`).set(bearer(staff)).expect(200);
    expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([id]);
    await request(app).get(`/api/admin/users/${member.id}/enrolments`).set(bearer(member.token)).expect(403);

    const cancelled = await request(app).post(`/api/admin/enrolments/${id}/cancel`).set(bearer(staff)).expect(200);
    expect(cancelled.body.enrolment).toMatchObject({ status: 'cancelled' });
    expect(await placesTaken(course.id)).toBe(0);
    expect((await request(app).get('/api/me/credit').set(bearer(member.token)).expect(200)).body).toMatchObject({ balance: '40.00' });
    await request(app).post(`/api/admin/enrolments/${id}/cancel`).set(bearer(staff)).expect(409);
  });

  it('lets a member cancel their own pending enrolment only', async () => {
    const course = await makeCourse(db);
    const member = await carded();
    const { id } = (await enrol(member, { course_id: course.id, kind: 'course' }).expect(201)).body.enrolment;
    await request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer((await createMember(db)).token)).expect(404);
    const done = await request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer(member.token)).expect(200);
    expect(done.body.enrolment).toMatchObject({ status: 'cancelled', owed: '0.00' });
    expect(await placesTaken(course.id)).toBe(0);
    await request(app).post(`/api/me/enrolments/${id}/cancel`).set(bearer(member.token)).expect(409);
  });
});
