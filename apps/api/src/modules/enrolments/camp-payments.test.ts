// Paying a family's camp weeks through the real database, the Stripe double and a loopback mail server
// (docs/school.md#camps): the deposit e-mail in the payer's language with the week, the price, the sibling
// discount and the balance by its day, linking the profile once in that language; the sibling discount
// and the order of payment in the list; and a double tap on "Paga con la carta" opening one checkout.
import type { TEnrolment } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeCamp, makeChild } from './test-courses.js';

const mail = await startMailCatcher();
const { app, db, deps, stripe } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const YOUNG = '2018-01-01';

let staff: string;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
});

const enrolChild = async (parent: TestMember, courseId: number, name: string) => {
  const child = await makeChild(db, parent.id, name, YOUNG);
  return (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: courseId, kind: 'course', child_id: child.id }).expect(201)).body.enrolment as TEnrolment;
};
const mine = async (member: TestMember) => (await request(app).get('/api/me/enrolments').set(bearer(member.token)).expect(200)).body.data as TEnrolment[];

/** The e-mails to the member about one participant, oldest first. */
const mailsAbout = async (member: TestMember, participant: string) => {
  await expect.poll(() => mail.messages.filter((one) => JSON.stringify(one.to).includes(member.email) && one.text!.includes(participant)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return mail.messages.filter((one) => JSON.stringify(one.to).includes(member.email) && one.text!.includes(participant));
};
const mailAbout = async (member: TestMember, participant: string) => (await mailsAbout(member, participant))[0]!;

/** Two children in a new camp week (150 €, 50 € deposit, 10 % sibling discount): the full-price one and the discounted one. */
async function siblingsInACamp(locale = 'it') {
  const camp = await makeCamp(db);
  const parent = await createMember(db);
  await db.user.update({ where: { id: parent.id }, data: { locale } });
  const full = await enrolChild(parent, camp.id, 'Anna');
  const discounted = await enrolChild(parent, camp.id, 'Bruno');
  const course = await db.course.findUniqueOrThrow({ where: { id: camp.id } });
  return { camp, course, parent, full, discounted };
}

describe('the deposit e-mail', () => {
  const days = { it: (iso: string) => iso.split('-').reverse().join('/'), de: (iso: string) => iso.split('-').reverse().join('.'), en: (iso: string) => iso.split('-').reverse().join('/') };
  const expected = {
    it: { price: 'Prezzo: 135,00\u00a0€, con lo sconto fratelli di 15,00\u00a0€.', left: 'Resta da pagare 85,00\u00a0€ entro il', link: 'http://localhost:5173/profilo' },
    de: { price: 'Preis: 135,00\u00a0€, mit dem Geschwisterrabatt von 15,00\u00a0€.', left: 'Noch zu zahlen: 85,00\u00a0€ bis zum', link: 'http://localhost:5173/de/profilo' },
    en: { price: 'Price: €135.00, with the sibling discount of €15.00.', left: 'Left to pay: €85.00 by', link: 'http://localhost:5173/en/profilo' },
  } as const;

  for (const locale of ['it', 'de', 'en'] as const) {
    it(`gives the week, the price with the sibling discount and the balance by its day, linking the profile once (${locale})`, async () => {
      const { course, parent, full, discounted } = await siblingsInACamp(locale);
      await deskTopUp(app, staff, parent, '200');
      const payWithCredit = (id: number, seq: number) => request(app).post(`/api/me/enrolments/${id}/pay-with-credit`).set(bearer(parent.token)).send({ seq }).expect(200);
      for (const id of [full.id, discounted.id]) await payWithCredit(id, 1);
      await deps.jobs.waitUntilIdle();
      const first = await mailAbout(parent, 'Anna Bianchi');
      const second = await mailAbout(parent, 'Bruno Bianchi');
      // Then the balance: its e-mail links the profile once too.
      await payWithCredit(discounted.id, 2);
      await deps.jobs.waitUntilIdle();
      const balance = (await mailsAbout(parent, 'Bruno Bianchi')).at(-1)!;
      expect(balance.subject).not.toBe(second.subject);
      const text = second.text!;
      const day = days[locale];
      expect(text).toContain(`${day(todayInRome(course.startsOn))}`);
      expect(text).toContain(`${day(todayInRome(course.endsOn))}`);
      expect(text).toContain(expected[locale].price);
      expect(text).toContain(`${expected[locale].left} ${day(addDays(todayInRome(), 3))}`);
      // The full-price child's confirmation names no discount.
      expect(first.text).not.toContain(expected[locale].price);
      for (const message of [first, second, balance]) {
        const links = message.text!.split(/\s+/).filter((word) => word.startsWith('http://localhost:5173/'));
        expect(new Set(links)).toEqual(new Set([expected[locale].link]));
      }
    });
  }
});

describe('a family’s camp places', () => {
  it('name the sibling discount and list the place to pay first first', async () => {
    const { parent, full, discounted } = await siblingsInACamp();
    expect([full.sibling_discount, discounted.sibling_discount]).toEqual(['0.00', '15.00']);
    // The discounted place was made last, yet comes after the one it is discounted for.
    expect((await mine(parent)).map((row) => [row.id, row.sibling_discount])).toEqual([[full.id, '0.00'], [discounted.id, '15.00']]);
  });
});

describe('paying a camp deposit by card', () => {
  it('answers a double tap with the one checkout, still open, and it is paid once', async () => {
    const { parent, full } = await siblingsInACamp();
    const checkout = () => request(app).post(`/api/me/enrolments/${full.id}/checkout`).set(bearer(parent.token)).send({ seq: 1 });
    const answers = await Promise.all([checkout(), checkout()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => answer.body.checkout_url as string);
    expect(second).toBe(first);
    const sessionId = first!.split('/').pop()!;
    expect((await deps.stripe!.checkout.sessions.retrieve(sessionId)).status).toBe('open');
    expect(await db.transaction.count({ where: { enrolmentId: full.id, status: 'pending' } })).toBe(1);
    // Paid on that page: one payment.
    await double.pay(sessionId);
    await expect.poll(async () => (await mine(parent)).find((row) => row.id === full.id)?.status, { timeout: 15_000 }).toBe('confirmed');
    expect(await db.transaction.count({ where: { enrolmentId: full.id, status: 'completed' } })).toBe(1);
  });

  it('opens a new checkout when the one it would reuse was closed on Stripe before its webhook arrived', async () => {
    const { parent, full } = await siblingsInACamp();
    const checkout = () => request(app).post(`/api/me/enrolments/${full.id}/checkout`).set(bearer(parent.token)).send({ seq: 1 }).expect(200);
    const first = (await checkout()).body.checkout_url as string;
    double.setAutoDeliver(false);
    try {
      await double.expireNow(first.split('/').pop()!);
      const again = (await checkout()).body.checkout_url as string;
      expect(again).not.toBe(first);
      expect((await deps.stripe!.checkout.sessions.retrieve(again.split('/').pop()!)).status).toBe('open');
    } finally {
      double.setAutoDeliver(true);
    }
  });
});
