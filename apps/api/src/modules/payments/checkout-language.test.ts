// Stripe Checkout in the member's language (docs/domain.md#payments), through the real database and the
// Stripe double read back with the real SDK: the page's locale is the member's, and each line names what
// is paid in that language — the part (deposit, balance), the course and the child — so a parent paying
// for two children sees two different lines. The payment row keeps the Italian, for the desk.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createMember, type TestMember } from '../../test/members.js';
import { giveCard, makeCamp, makeChild } from '../enrolments/test-courses.js';
import { makeTournament } from '../tournaments/test-tournaments.js';

const { app, db, deps, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function memberReading(locale: string) {
  const member = await createMember(db);
  await db.user.update({ where: { id: member.id }, data: { locale } });
  return member;
}

const enrolChild = async (parent: TestMember, courseId: number, firstName: string) => {
  const child = await makeChild(db, parent.id, firstName, '2018-01-01');
  return (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: courseId, kind: 'course', child_id: child.id }).expect(201)).body.enrolment.id as number;
};

/** Opens the enrolment's checkout; its session and the names of its line items, as Stripe has them. */
async function checkoutOf(parent: TestMember, enrolmentId: number, body: Record<string, unknown> = {}) {
  const opened = await request(app).post(`/api/me/enrolments/${enrolmentId}/checkout`).set(bearer(parent.token)).send(body).expect(200);
  const sessionId = (opened.body.checkout_url as string).split('/').pop()!;
  const session = await deps.stripe!.checkout.sessions.retrieve(sessionId);
  const items = await deps.stripe!.checkout.sessions.listLineItems(sessionId);
  const payment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
  return { sessionId, locale: session.locale, names: items.data.map((item) => item.description), description: payment.description };
}

async function payDeposit(enrolmentId: number, sessionId: string) {
  await double.pay(sessionId);
  await expect.poll(async () => (await db.courseEnrolment.findUniqueOrThrow({ where: { id: enrolmentId } })).status, { timeout: 15_000 }).toBe('confirmed');
}

describe('a camp paid by card', () => {
  it('opens Checkout in German for a German member, each child’s deposit and balance named in German', async () => {
    const camp = await makeCamp(db);
    const course = await db.course.findUniqueOrThrow({ where: { id: camp.id } });
    const parent = await memberReading('de');
    const lena = await enrolChild(parent, camp.id, 'Lena');
    const tim = await enrolChild(parent, camp.id, 'Tim');

    const lenaDeposit = await checkoutOf(parent, lena);
    expect(lenaDeposit).toMatchObject({ locale: 'de', names: [`Anzahlung · ${course.name} · Lena`], description: `Acconto · ${course.name} · Lena` });
    await payDeposit(lena, lenaDeposit.sessionId);

    const timDeposit = await checkoutOf(parent, tim);
    expect(timDeposit).toMatchObject({ locale: 'de', names: [`Anzahlung · ${course.name} · Tim`] });
    const lenaBalance = await checkoutOf(parent, lena, { seq: 2 });
    expect(lenaBalance).toMatchObject({ locale: 'de', names: [`Restzahlung · ${course.name} · Lena`], description: `Saldo · ${course.name} · Lena` });
  });

  it('stays in Italian for an Italian member and speaks English to an English one', async () => {
    const camp = await makeCamp(db);
    const course = await db.course.findUniqueOrThrow({ where: { id: camp.id } });
    const italian = await memberReading('it');
    expect(await checkoutOf(italian, await enrolChild(italian, camp.id, 'Luca'))).toMatchObject({ locale: 'it', names: [`Acconto · ${course.name} · Luca`] });
    const english = await memberReading('en');
    expect(await checkoutOf(english, await enrolChild(english, camp.id, 'Amy'))).toMatchObject({ locale: 'en', names: [`Deposit · ${course.name} · Amy`] });
  });

  it('names the camp by its title in the member’s language; the payment row keeps its Italian name', async () => {
    const camp = await makeCamp(db);
    const course = await db.course.update({ where: { id: camp.id }, data: { titleDe: 'Sommercamp Woche 4', titleEn: 'Summer camp week 4' } });
    const german = await memberReading('de');
    expect(await checkoutOf(german, await enrolChild(german, camp.id, 'Lena'))).toMatchObject({ locale: 'de', names: ['Anzahlung · Sommercamp Woche 4 · Lena'], description: `Acconto · ${course.name} · Lena` });
    const english = await memberReading('en');
    expect(await checkoutOf(english, await enrolChild(english, camp.id, 'Amy'))).toMatchObject({ locale: 'en', names: ['Deposit · Summer camp week 4 · Amy'], description: `Acconto · ${course.name} · Amy` });
  });
});

describe('other payments by card', () => {
  const namesOf = async (checkoutUrl: string) => {
    const sessionId = checkoutUrl.split('/').pop()!;
    const session = await deps.stripe!.checkout.sessions.retrieve(sessionId);
    const items = await deps.stripe!.checkout.sessions.listLineItems(sessionId);
    const payment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
    return { locale: session.locale, names: items.data.map((item) => item.description), description: payment.description };
  };

  it('names a German member’s card by its German name and number, and an English member’s top-up with the amount as English writes it', async () => {
    const german = await memberReading('de');
    const created = await request(app).post('/api/memberships').set(bearer(german.token)).send({ type: 'seasonal', fiscal_code: german.fiscalCode, with_insurance: false }).expect(201);
    const number = created.body.membership.membership_number as string;
    expect(await namesOf(created.body.checkout_url)).toEqual({ locale: 'de', names: [`Saison-Mitgliedskarte ${number}`], description: `Tessera stagionale ${number}` });

    const english = await memberReading('en');
    const topUp = await request(app).post('/api/me/credit/top-up').set(bearer(english.token)).send({ amount: '40' }).expect(200);
    expect(await namesOf(topUp.body.checkout_url)).toEqual({ locale: 'en', names: ['Credit top-up €40.00'], description: 'Ricarica credito 40,00\u00a0€' });
  });

  it('names a German player’s tournament fee by the tournament’s German title; the payment row keeps its Italian name', async () => {
    const tournament = await db.tournament.update({ where: { id: (await makeTournament(db)).id }, data: { titleDe: 'Sommerturnier' } });
    const german = await memberReading('de');
    await giveCard(db, german.id);
    const registered = await request(app).post(`/api/tournaments/${tournament.id}/entries`).set(bearer(german.token)).send({ partner_email: `partner.${german.id}@esempio.it` }).expect(201);
    const opened = await request(app).post(`/api/me/tournament-entries/${registered.body.entry.id}/checkout`).set(bearer(german.token)).expect(200);
    expect(await namesOf(opened.body.checkout_url)).toEqual({ locale: 'de', names: ['Turniergebühr · Sommerturnier'], description: `Quota torneo · ${tournament.name}` });
  });
});
