// Instalments through the real database, the Stripe double and a loopback mail server: a camp's deposit
// confirms the enrolment and its balance is paid later by credit, by card or at the desk (each instalment
// paid once, however often asked at once), the instalments' paid state read from the ledger, the reminders
// three days before and on the day sent once each however many workers run them, and an overdue
// instalment shown to the desk and at the check-in.
import type { TEnrolment } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatEuros, formatItalianDate } from '../../lib/format.js';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { referenceOf } from '../bank-transfer/index.js';
import { balanceOf, giveCard, makeChild, makeCourse } from './test-courses.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let today = todayInRome();
beforeEach(() => {
  today = todayInRome();
});

let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
});

/** A camp week of 100 € with a 30 € deposit, its balance due in ten days. */
async function makeCamp() {
  const course = await makeCourse(db, { priceCents: 10_000 });
  await db.course.update({ where: { id: course.id }, data: { depositCents: 3000, balanceDueOn: fromIsoDate(addDays(today, 10)) } });
  return course;
}
/** A parent with a child enrolled in a new camp: the pending enrolment. */
async function enrolledChild(parent?: TestMember) {
  const course = await makeCamp();
  const payer = parent ?? (await createMember(db));
  const child = await makeChild(db, payer.id);
  const made = await request(app).post('/api/me/enrolments').set(bearer(payer.token)).send({ course_id: course.id, kind: 'course', child_id: child.id }).expect(201);
  return { course, parent: payer, enrolment: made.body.enrolment as TEnrolment };
}
const mine = async (member: TestMember, id: number) =>
  ((await request(app).get('/api/me/enrolments').set(bearer(member.token)).expect(200)).body.data as TEnrolment[]).find((row) => row.id === id)!;
const payWithCredit = (member: TestMember, id: number, body: Record<string, unknown> = {}) => request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(member.token)).send(body);
const collect = (id: number, body: Record<string, unknown> = { method: 'cash' }) => request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(staff)).send(body);
const mailsTo = (email: string) => mail.messages.filter((message) => JSON.stringify(message.to).includes(email)).map((message) => message.subject);
const moveDue = (enrolmentId: number, seq: number, day: string) => db.enrolmentInstalment.update({ where: { enrolmentId_seq: { enrolmentId, seq } }, data: { dueOn: fromIsoDate(day) } });

describe('a deposit and the balance', () => {
  it('lists the instalments; the deposit confirms; the balance paid later with credit, once however often asked at once', async () => {
    const { course, parent, enrolment } = await enrolledChild();
    expect(enrolment).toMatchObject({
      status: 'pending_payment', owed: '100.00', due_now: '30.00',
      instalments: [
        { seq: 1, amount: '30.00', due_on: today, paid: false, overdue: false },
        { seq: 2, amount: '70.00', due_on: addDays(today, 10), paid: false, overdue: false },
      ],
      next_due: { seq: 1, amount: '30.00' },
      pay_now: { seq: 1, amount: '30.00' },
    });
    await deskTopUp(app, staff, parent, '100');
    const deposit = await payWithCredit(parent, enrolment.id).expect(200);
    expect(deposit.body.message).toBe('Iscrizione pagata con il credito e confermata.');
    expect(deposit.body.enrolment).toMatchObject({ status: 'confirmed', owed: '70.00', due_now: '0.00', next_due: { seq: 2, amount: '70.00' }, pay_now: { seq: 2, amount: '70.00' } });
    expect(deposit.body.enrolment.instalments.map((row: { paid: boolean }) => row.paid)).toEqual([true, false]);
    expect((await request(app).get('/api/me/credit').set(bearer(parent.token)).expect(200)).body).toMatchObject({ balance: '70.00' });

    const again = await payWithCredit(parent, enrolment.id, { seq: 1 }).expect(409);
    expect(again.body.message).toBe('Questa rata è già pagata.');
    const bad = await payWithCredit(parent, enrolment.id, { seq: 'due' }).expect(422);
    expect(bad.body.errors).toEqual({ seq: ['Scegli la rata da pagare.'] });

    // "Paga ora" clicked twice: the balance is paid once.
    const answers = await Promise.all([1, 2].map(() => payWithCredit(parent, enrolment.id, { seq: 2 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body.message).toBe('Rata pagata con il credito.');
    const paid = await mine(parent, enrolment.id);
    expect(paid).toMatchObject({ status: 'confirmed', owed: '0.00', due_now: '0.00', next_due: null, pay_now: null });
    expect(paid.instalments.map((row) => row.paid)).toEqual([true, true]);
    expect((await request(app).get('/api/me/credit').set(bearer(parent.token)).expect(200)).body).toMatchObject({ balance: '0.00' });
    expect(await balanceOf(db, `enrolment:${enrolment.id}`)).toBe(0);
    const nothing = await payWithCredit(parent, enrolment.id).expect(409);
    expect(nothing.body.message).toBe('Questa iscrizione è già pagata.');

    await deps.jobs.waitUntilIdle();
    expect(mailsTo(parent.email).filter((subject) => subject?.endsWith(course.name))).toEqual([`Iscrizione confermata: ${course.name}`, `Rata pagata: ${course.name}`]);
  });

  it('pays the balance by card on the same payment target, once when the webhook comes three times', async () => {
    const { parent, enrolment } = await enrolledChild();
    const pay = async () => {
      const opened = await request(app).post(`/api/me/enrolments/${enrolment.id}/checkout`).set(bearer(parent.token)).send({}).expect(200);
      return (opened.body.checkout_url as string).split('/').pop()!;
    };
    await double.pay(await pay());
    await expect.poll(async () => (await mine(parent, enrolment.id)).status, { timeout: 15_000 }).toBe('confirmed');
    expect((await mine(parent, enrolment.id)).owed).toBe('70.00');

    double.setAutoDeliver(false);
    try {
      const sessionId = await pay();
      await double.pay(sessionId);
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)])).toEqual([200, 200, 200]);
    } finally {
      double.setAutoDeliver(true);
    }
    const payments = await db.transaction.findMany({ where: { enrolmentId: enrolment.id, status: 'completed' }, orderBy: { id: 'asc' } });
    expect(payments.map((row) => row.amountCents)).toEqual([3000, 7000]);
    expect(await db.ledgerEntry.count({ where: { enrolmentId: enrolment.id, kind: 'payment' } })).toBe(2);
    expect(await mine(parent, enrolment.id)).toMatchObject({ owed: '0.00', next_due: null });
    await request(app).post(`/api/me/enrolments/${enrolment.id}/checkout`).set(bearer(parent.token)).expect(409);
  });

  it('collects the deposit and then the balance at the desk, each audited', async () => {
    const { enrolment } = await enrolledChild();
    expect((await collect(enrolment.id).expect(200)).body).toMatchObject({ message: 'Iscrizione incassata e confermata.', enrolment: { status: 'confirmed', owed: '70.00' } });
    expect((await collect(enrolment.id, { method: 'card', seq: 2 }).expect(200)).body).toMatchObject({ message: 'Rata incassata.', enrolment: { owed: '0.00', next_due: null } });
    expect(await db.auditLog.count({ where: { entityType: 'course_enrolments', entityId: enrolment.id, action: 'mark-paid' } })).toBe(2);
    await collect(enrolment.id).expect(409);
    expect(await balanceOf(db, `enrolment:${enrolment.id}`)).toBe(0);
  });

  it('pays whatever is due at once when the balance date has passed at enrolment', async () => {
    const { parent, enrolment } = await enrolledChild();
    await moveDue(enrolment.id, 2, today);
    expect(await mine(parent, enrolment.id)).toMatchObject({ due_now: '100.00' });
    // Even naming the deposit alone: a pending enrolment is confirmed only by what is due now.
    expect((await collect(enrolment.id, { method: 'cash', seq: 1 }).expect(200)).body.enrolment).toMatchObject({ status: 'confirmed', owed: '0.00' });
  });
});

describe('reminders', () => {
  it('go out three days before and on the day, once each, in the payer’s language; none for a paid instalment or a cancelled enrolment', async () => {
    const payer = await createMember(db);
    await db.user.update({ where: { id: payer.id }, data: { locale: 'en' } });
    const { course, enrolment } = await enrolledChild(payer);
    await collect(enrolment.id).expect(200);
    const paidUp = await enrolledChild(payer);
    await collect(paidUp.enrolment.id, { method: 'cash', seq: 2 }).expect(200);
    const cancelled = await enrolledChild(payer);
    await collect(cancelled.enrolment.id).expect(200);
    await request(app).post(`/api/admin/enrolments/${cancelled.enrolment.id}/cancel`).set(bearer(staff)).expect(200);
    for (const id of [enrolment.id, paidUp.enrolment.id, cancelled.enrolment.id]) await moveDue(id, 2, addDays(today, 3));
    await deps.jobs.waitUntilIdle();
    const before = mailsTo(payer.email).length;

    const run = () => services.enrolments.sendInstalmentReminders(today);
    await run();
    await Promise.all([run(), run(), run()]);
    await run();
    for (const id of [enrolment.id, paidUp.enrolment.id, cancelled.enrolment.id]) await moveDue(id, 2, today);
    await Promise.all([run(), run(), run()]);
    await run();
    await deps.jobs.waitUntilIdle();
    expect(mailsTo(payer.email).slice(before)).toEqual([`Instalment due on ${formatItalianDate(addDays(today, 3))}: ${course.name}`, `Instalment due today: ${course.name}`]);
    const reminder = await mail.waitFor(payer.email, 5000, /^Instalment due today/);
    expect(reminder.text).toContain('70.00');
    expect(reminder.text).toContain('Luca Bianchi');
    expect(reminder.text).toContain('/en/profilo');
    const marked = await db.enrolmentInstalment.findUniqueOrThrow({ where: { enrolmentId_seq: { enrolmentId: enrolment.id, seq: 2 } } });
    expect(marked.remindedBeforeAt).not.toBeNull();
    expect(marked.remindedOnDayAt).not.toBeNull();
  });
});

describe('a reminder once the association’s IBAN is set', () => {
  it('says how to pay by transfer: IBAN, holder, amount, the RF reference of the instalment and its EPC QR code', async () => {
    await request(app).put('/api/admin/bank/account').set(bearer(await loginAs(app, DEMO.admin))).send({ iban: 'IT60X0542811101000000123456', holder: 'ASD Beach Club' }).expect(200);
    const payer = await createMember(db);
    const { enrolment } = await enrolledChild(payer);
    await collect(enrolment.id).expect(200);
    await moveDue(enrolment.id, 2, today);
    await services.enrolments.sendInstalmentReminders(today);
    const reminder = await mail.waitFor(payer.email, 5000, /^Rata in scadenza oggi/);
    const grouped = (text: string) => text.replace(/(.{4})/g, '$1 ').trim();
    expect(reminder.text).toContain(`IBAN IT60 X054 2811 1010 0000 0123 456, intestato a ASD Beach Club, importo ${formatEuros(7000)}, causale ${grouped(referenceOf({ kind: 'enrolment', id: enrolment.id, seq: 2 }))}`);
    expect(reminder.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="Codice QR del bonifico"/);
    // Sent as an inline attachment the HTML names by its content id (mailparser above put it back as data):
    // clients such as Gmail do not show a data: picture.
    expect(reminder.attachments.map((file) => [file.contentType, file.contentDisposition, file.related])).toEqual([['image/png', 'inline', true]]);
  });
});

describe('an overdue instalment', () => {
  it('is overdue after the grace days, shown to the desk and warned about at the check-in of the payer', async () => {
    const payer = await createMember(db);
    await giveCard(db, payer.id);
    const { course, enrolment } = await enrolledChild(payer);
    await collect(enrolment.id).expect(200);
    const { instalmentGraceDays } = await db.setting.findUniqueOrThrow({ where: { id: 1 } });
    const card = await db.membership.findFirstOrThrow({ where: { userId: payer.id } });
    const lookup = async () => (await request(app).get('/api/admin/check-ins/lookup').query({ code: card.membershipNumber }).set(bearer(staff)).expect(200)).body;

    await moveDue(enrolment.id, 2, addDays(today, -instalmentGraceDays));
    expect((await mine(payer, enrolment.id)).instalments[1]).toMatchObject({ paid: false, overdue: false });
    expect((await lookup()).instalment_warning).toBeNull();

    const due = addDays(today, -instalmentGraceDays - 1);
    await moveDue(enrolment.id, 2, due);
    expect((await mine(payer, enrolment.id)).instalments[1]).toMatchObject({ paid: false, overdue: true });
    const desk = await request(app).get(`/api/admin/users/${payer.id}/enrolments`).set(bearer(staff)).expect(200);
    expect(desk.body.data[0]).toMatchObject({ id: enrolment.id, next_due: { seq: 2, overdue: true }, due_now: '70.00' });
    expect((await lookup()).instalment_warning).toBe(`Rata del corso non pagata: ${course.name} (Luca Bianchi), ${formatEuros(7000)} scaduta il ${formatItalianDate(due)}.`);

    await collect(enrolment.id).expect(200);
    expect((await lookup()).instalment_warning).toBeNull();
  });
});
