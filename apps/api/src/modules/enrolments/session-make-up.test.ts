// A session cancelled with a make-up credit, through the real database, SMTP on loopback and the Stripe
// double: three whole-course participants paid by card, with credit and at the desk each get the session's
// share of what they paid as credit (rain credit for money, their credit back for credit), whatever the
// number of concurrent cancels, with one e-mail each in their language; nothing owed changes, the books
// reconcile, and a later cancellation of the course returns exactly what is left. A course joined late
// shares over the sessions it paid for; without the make-up nobody gets anything; a camp week's day shares
// the deposit paid, the balance still owed.
import { moneyToCents } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { balanceOf, makeCamp, makeChild, makeCourse, memberRequests } from './test-courses.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const { enrol, carded, creditOf, payersOfEveryKind } = memberRequests(app, db, double);

let staff: string;
let admin: string;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});

const sentTo = (member: TestMember, since: number) => mail.messages.slice(since).filter((message) => JSON.stringify(message.to).includes(member.email));
const cancelSession = (courseId: number, sessionId: number, body: Record<string, unknown>) => request(app).post(`/api/admin/courses/${courseId}/sessions/${sessionId}/cancel`).set(bearer(admin)).send(body);
/** What the enrolment's receivable still has settled: the ledger's "paid". */
const paidOn = async (id: number) =>
  (
    await db.$queryRaw<{ cents: number }[]>`
      SELECT coalesce(-sum(p.amount_cents), 0)::int AS cents FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_entries e ON e.id = p.entry_id
      WHERE a.key = ${`enrolment:${id}`} AND e.kind NOT IN ('charge', 'discount', 'write_off') AND p.phase IN ('posted', 'post_pending')`
  )[0]!.cents;
const reconciled = async () => expect((await services.reconciliation.checks()).filter((check) => !check.ok)).toEqual([]);


describe('a session cancelled with a make-up credit', () => {
  it('credits each paid participant the session’s share once, keeps what is owed, and the books reconcile', async () => {
    // 100 € over three sessions: a share of 33,33 € (rounded down).
    const course = await makeCourse(db, { priceCents: 10_000, future: 3 });
    const { cardPayer, byCard, creditPayer, byCredit, deskPayer, atDesk, pendingPayer, pending } = await payersOfEveryKind(course.id, staff);
    await db.course.update({ where: { id: course.id }, data: { titleEn: 'Evening course' } });

    await deps.jobs.waitUntilIdle();
    const mailsBefore = mail.messages.length;
    await request(app).post(`/api/admin/courses/${course.id}/sessions/${course.sessions[0]}/cancel`).set(bearer(staff)).send({ reason: 'Pioggia', make_up: 'credit' }).expect(403);
    const bad = await cancelSession(course.id, course.sessions[0]!, { reason: 'Pioggia', make_up: 'sempre' }).expect(422);
    expect(bad.body.errors.make_up).toEqual(['Scegli se dare un credito di recupero o annullare senza recupero.']);
    const answers = await Promise.all([1, 2].map(() => cancelSession(course.id, course.sessions[0]!, { reason: 'Pioggia', make_up: 'credit' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await deps.jobs.waitUntilIdle();

    // Card and desk money as rain credit (spendable, not paid out); credit back where it came from.
    expect(await creditOf(staff, cardPayer)).toMatchObject({ balance: '33.33', refundable: '0.00' });
    expect(await creditOf(staff, creditPayer)).toMatchObject({ balance: '183.33', refundable: '183.33' });
    expect(await creditOf(staff, deskPayer)).toMatchObject({ balance: '33.33', refundable: '0.00' });
    expect(moneyToCents((await creditOf(staff, pendingPayer)).balance)).toBe(0);
    expect(await db.stripeRequest.count({ where: { kind: 'refund', paymentId: byCard.payment.id } })).toBe(0);
    // Nothing owed changes (all three had paid in full); what each has paid is less by the share.
    for (const id of [byCard.id, byCredit, atDesk]) {
      expect(await balanceOf(db, `enrolment:${id}`)).toBe(0);
      expect(await paidOn(id)).toBe(10_000 - 3333);
    }
    expect(await balanceOf(db, `enrolment:${pending}`)).toBe(10_000);
    expect(await db.courseEnrolment.count({ where: { id: { in: [byCard.id, byCredit, atDesk] }, status: 'confirmed' } })).toBe(3);

    // One e-mail per payer who paid, in their language, naming the session, the reason and the credit.
    const [toCard] = sentTo(cardPayer, mailsBefore);
    expect(sentTo(cardPayer, mailsBefore)).toHaveLength(1);
    // The English payer reads the course's English title; the Italian ones its name.
    expect(toCard!.subject).toContain('Session cancelled: Evening course');
    expect(toCard!.text).toContain('(Pioggia)');
    expect(toCard!.text).toContain('€33.33');
    for (const member of [creditPayer, deskPayer]) {
      const sent = sentTo(member, mailsBefore);
      expect(sent.map((message) => message.subject?.startsWith(`Lezione annullata: ${course.name}`))).toEqual([true]);
      expect(sent[0]!.text?.replace(/\s+/g, ' ')).toContain('ti diamo 33,33 € di credito');
    }
    expect(sentTo(pendingPayer, mailsBefore)).toEqual([]);
    await reconciled();

    // A retry of the same make-up writes nothing twice (its ledger keys are the enrolment's and the session's).
    expect(await db.ledgerEntry.count({ where: { enrolmentId: { in: [byCard.id, byCredit, atDesk] }, kind: 'discount' } })).toBe(3);

    // The course cancelled later gives back exactly what is left: 66,67 € each.
    await deps.jobs.waitUntilIdle();
    await request(app).post(`/api/admin/courses/${course.id}/cancel`).set(bearer(admin)).expect(200);
    await deps.jobs.waitUntilIdle();
    expect((await db.stripeRequest.findMany({ where: { kind: 'refund', paymentId: byCard.payment.id } })).map((row) => row.amountCents)).toEqual([6667]);
    expect(await creditOf(staff, creditPayer)).toMatchObject({ balance: '250.00', refundable: '250.00' });
    expect(await creditOf(staff, deskPayer)).toMatchObject({ balance: '100.00', refundable: '66.67' });
    for (const id of [byCard.id, byCredit, atDesk, pending]) expect(await balanceOf(db, `enrolment:${id}`)).toBe(0);
    await reconciled();
  });

  it('shares what a late joiner paid over the sessions it covers, and gives nothing without the make-up', async () => {
    // Two sessions past, four to come of which one already cancelled: 100 € × 3 ÷ 5 = 60 €, over 3 sessions.
    const course = await makeCourse(db, { priceCents: 10_000, past: 2, future: 4, cancelledFuture: 1 });
    const member = await carded();
    const id = await enrol(member, { course_id: course.id, kind: 'course' });
    await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(staff)).send({ method: 'card' }).expect(200);
    expect(await paidOn(id)).toBe(6000);

    // 20 € each: the sessions before it joined and the one cancelled before do not count.
    await cancelSession(course.id, course.sessions[0]!, { reason: 'Pioggia', make_up: 'credit' }).expect(200);
    expect(await creditOf(staff, member)).toMatchObject({ balance: '20.00', refundable: '0.00' });
    expect(await paidOn(id)).toBe(4000);
    expect(await balanceOf(db, `enrolment:${id}`)).toBe(0);

    await cancelSession(course.id, course.sessions[1]!, { reason: 'Vento forte' }).expect(200);
    expect(await creditOf(staff, member)).toMatchObject({ balance: '20.00' });
    expect(await paidOn(id)).toBe(4000);
    await reconciled();
  });

  it('gives back the part of a credit payment it was paid with, never money topped up since', async () => {
    const course = await makeCourse(db, { priceCents: 9000, past: 0, future: 3 });
    const member = await carded();
    // Paid with promotional credit only; money topped up afterwards stays money paid in.
    await request(app).post(`/api/admin/users/${member.id}/credit/adjustment`).set(bearer(admin)).send({ amount: '90', reason: 'Premio torneo' }).expect(200);
    const id = await enrol(member, { course_id: course.id, kind: 'course' });
    await request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(member.token)).expect(200);
    await deskTopUp(app, staff, member, '100');
    expect(await creditOf(staff, member)).toMatchObject({ balance: '100.00', refundable: '100.00' });

    await cancelSession(course.id, course.sessions[0]!, { reason: 'Pioggia', make_up: 'credit' }).expect(200);
    expect(await creditOf(staff, member)).toMatchObject({ balance: '130.00', refundable: '100.00' });
    expect(await paidOn(id)).toBe(6000);
    await reconciled();
  });

  it('gives a camp week’s day its share of the deposit paid, the balance still owed', async () => {
    // 150 € over five days, 50 € deposit paid at the desk: 10 € for the day; the 100 € balance is still owed.
    const camp = await makeCamp(db);
    const parent = await createMember(db);
    const id = await enrol(parent, { course_id: camp.id, kind: 'course', child_id: (await makeChild(db, parent.id)).id });
    await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    const [day] = await db.courseSession.findMany({ where: { courseId: camp.id }, orderBy: { startsAt: 'asc' } });
    await cancelSession(camp.id, day!.id, { reason: 'Allerta meteo', make_up: 'credit' }).expect(200);
    expect(await creditOf(staff, parent)).toMatchObject({ balance: '10.00', refundable: '0.00' });
    expect(await paidOn(id)).toBe(4000);
    expect(await balanceOf(db, `enrolment:${id}`)).toBe(10_000);
    await reconciled();
  });
});
