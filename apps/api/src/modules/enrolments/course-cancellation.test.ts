// A whole course cancelled with every payment returned in full, through the real database, SMTP on loopback
// and the Stripe double: a camp week under its minimum on its check day, with one enrolment paid by card
// (checkout and webhook), one with credit, one at the desk and one still pending, checked by the job twice
// at once and once more: cancelled once, one Stripe refund of the card payment, the credit back, the desk
// money in refundable credit, nothing owed, one e-mail per payer in their language, the books reconciled.
// A course at its minimum is marked checked and left alone; one not yet at its check day is not read. The
// admin's cancellation of a course with places taken does the same, audited.
import { moneyToCents } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { balanceOf, makeCourse, memberRequests } from './test-courses.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const { enrol, carded, paidByCard, creditOf, payersOfEveryKind } = memberRequests(app, db, double);

let staff: string;
let admin: string;
beforeAll(async () => {
  [staff, admin] = await Promise.all([loginAs(app, DEMO.staff), loginAs(app, DEMO.admin)]);
});



/** A course turned into what the minimum check reads (set once its enrolments are made). */
const checkedOn = (id: number, minParticipants: number, day: string) => db.course.update({ where: { id }, data: { offer: 'camp', minParticipants, minimumCheckOn: fromIsoDate(day) } });
const sentTo = (member: TestMember, since: number) => mail.messages.slice(since).filter((message) => JSON.stringify(message.to).includes(member.email));

describe('a camp week under its minimum on its check day', () => {
  it('is cancelled once, however many run the check, and every payment comes back in full', async () => {
    const today = todayInRome();
    const camp = await makeCourse(db, { priceCents: 20_000, future: 5 });
    const { cardPayer, byCard, creditPayer, byCredit, deskPayer, atDesk, pendingPayer, pending } = await payersOfEveryKind(camp.id, staff);
    await checkedOn(camp.id, 8, today);
    const waiting = await db.courseWaitlistEntry.create({ data: { courseId: camp.id, userId: (await carded()).id } });

    // At its minimum: marked checked, never cancelled. Its check day not come yet: not read.
    const full = await makeCourse(db, { priceCents: 5000 });
    const fullMember = await carded();
    const fullEnrolment = await enrol(fullMember, { course_id: full.id, kind: 'course' });
    await request(app).post(`/api/admin/enrolments/${fullEnrolment}/collect`).set(bearer(staff)).send({ method: 'card' }).expect(200);
    await checkedOn(full.id, 1, addDays(today, -1));
    const later = await makeCourse(db);
    await checkedOn(later.id, 8, addDays(today, 1));

    await deps.jobs.waitUntilIdle();
    const mailsBefore = mail.messages.length;
    const runs = await Promise.all([services.courses.checkMinimums(), services.courses.checkMinimums()]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await services.courses.checkMinimums()).toBe(0);
    await deps.jobs.waitUntilIdle();

    const course = await db.course.findUniqueOrThrow({ where: { id: camp.id }, include: { sessions: true } });
    expect(course).toMatchObject({ cancelledAt: expect.any(Date), publishedAt: null, placesTaken: 0 });
    expect(new Set(course.sessions.map((session) => session.cancelReason))).toEqual(new Set(['Numero minimo di iscritti non raggiunto']));
    expect(await db.courtClosure.count({ where: { courseSession: { courseId: camp.id } } })).toBe(0);
    // Nobody is left waiting for a place in a course that will not run.
    expect(await db.courseWaitlistEntry.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: 'withdrawn' });
    const enrolments = await db.courseEnrolment.findMany({ where: { courseId: camp.id } });
    expect(enrolments.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    for (const id of [byCard.id, byCredit, atDesk, pending]) expect(await balanceOf(db, `enrolment:${id}`)).toBe(0);

    // The card: one refund asked once and made by Stripe.
    const requests = await db.stripeRequest.findMany({ where: { kind: 'refund', paymentId: byCard.payment.id } });
    expect(requests.map((row) => [row.amountCents, row.status])).toEqual([[20_000, 'done']]);
    expect((await deps.stripe!.refunds.list({ payment_intent: byCard.payment.stripePaymentIntentId! })).data.map((refund) => refund.amount)).toEqual([20_000]);
    expect(await balanceOf(db, `refund:${byCard.payment.id}`)).toBe(0);
    // The credit back where it came from; the desk's cash as credit the member may have paid back.
    expect(await creditOf(staff, creditPayer)).toMatchObject({ balance: '250.00', refundable: '250.00' });
    expect(await creditOf(staff, deskPayer)).toMatchObject({ balance: '200.00', refundable: '200.00' });
    expect(moneyToCents((await creditOf(staff, pendingPayer)).balance)).toBe(0);

    // One e-mail each, in their language, saying how the money comes back.
    const [toCard] = sentTo(cardPayer, mailsBefore);
    expect(sentTo(cardPayer, mailsBefore)).toHaveLength(1);
    expect(toCard!.subject).toBe(`${camp.name} cancelled`);
    expect(toCard!.text).toContain('we did not reach the minimum number of participants');
    expect(toCard!.text).toContain('€200.00');
    for (const [member, words] of [
      [creditPayer, 'Ti restituiamo 200,00 € sul tuo credito'],
      [deskPayer, 'Ti restituiamo 200,00 € sul tuo credito'],
      [pendingPayer, 'Non avevi ancora pagato nulla'],
    ] as const) {
      const sent = sentTo(member, mailsBefore);
      expect(sent.map((message) => message.subject)).toEqual([`${camp.name} annullato`]);
      expect(sent[0]!.text).toContain('non abbiamo raggiunto il numero minimo di iscritti');
      expect(sent[0]!.text?.replace(/\s+/g, ' ')).toContain(words.replace(/\s+/g, ' '));
    }

    expect(await db.course.findUniqueOrThrow({ where: { id: full.id } })).toMatchObject({ cancelledAt: null, minimumCheckedAt: expect.any(Date), placesTaken: 1 });
    expect(await db.course.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({ cancelledAt: null, minimumCheckedAt: null });
    const failing = (await services.reconciliation.checks()).filter((check) => !check.ok);
    expect(failing).toEqual([]);
  });
});

describe('the admin’s cancellation of a course with places taken', () => {
  it('returns everything in full the same way, audited, and only once', async () => {
    const course = await makeCourse(db, { priceCents: 9000 });
    const parent = await createMember(db);
    const { id, payment } = await paidByCard(course.id, parent);
    await deps.jobs.waitUntilIdle();
    const mailsBefore = mail.messages.length;
    await request(app).post(`/api/admin/courses/${course.id}/cancel`).set(bearer(staff)).expect(403);
    const answers = await Promise.all([1, 2].map(() => request(app).post(`/api/admin/courses/${course.id}/cancel`).set(bearer(admin))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await deps.jobs.waitUntilIdle();
    expect(await db.courseEnrolment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'cancelled' });
    expect(await db.courseSession.findFirst({ where: { courseId: course.id } })).toMatchObject({ cancelReason: 'Corso annullato' });
    expect((await deps.stripe!.refunds.list({ payment_intent: payment.stripePaymentIntentId! })).data.map((refund) => refund.amount)).toEqual([9000]);
    expect(await balanceOf(db, `enrolment:${id}`)).toBe(0);
    const sent = sentTo(parent, mailsBefore);
    expect(sent.map((message) => message.subject)).toEqual([`${course.name} annullato`]);
    expect(sent[0]!.text).toContain('è stato annullato dal centro');
    expect(sent[0]!.text?.replace(/\s+/g, ' ')).toContain('Ti restituiamo 90,00 € sulla carta con cui hai pagato');
    const audited = await db.auditLog.findMany({ where: { OR: [{ entityType: 'courses', entityId: course.id }, { entityType: 'course_enrolments', entityId: id }], action: 'cancel' } });
    expect(audited.map((entry) => entry.entityType).sort()).toEqual(['course_enrolments', 'courses']);
  });
});
