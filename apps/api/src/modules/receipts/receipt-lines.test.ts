// The member's list of receipts in their page's language (docs/i18n.md#data-words): each line worded from
// what the payment records, never the Italian stored with it, and a course by its title in that language.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { fromIsoDate, yearInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember } from '../../test/members.js';
import { makeCourse } from '../enrolments/test-courses.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Read again before each test: a file may run across midnight in Rome (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let year = yearInRome();
beforeEach(() => {
  year = yearInRome();
});
const linesIn = async (token: string, language: string) =>
  ((await request(app).get('/api/me/receipts').set(bearer(token)).set('Accept-Language', language).expect(200)).body.data as { description: string }[]).map((receipt) => receipt.description).sort();

describe('the member’s receipt lines', () => {
  it('are German and English on /de and /en — a card, a credit top-up and its refund, a carnet — and stay as recorded in Italian', async () => {
    const member = await createMember(db, { firstName: 'Greta', lastName: 'Sprachen' });
    await db.membership.create({ data: { membershipNumber: `L-${member.id}`, userId: member.id, type: 'seasonal', status: 'active', activatedAt: new Date(), fiscalCode: member.fiscalCode, startDate: fromIsoDate(`${year}-01-01`), endDate: fromIsoDate(`${year}-12-31`), originalPriceCents: 6000, priceCents: 6000, transactions: { create: { kind: 'membership', userId: member.id, amountCents: 6000, method: 'cash', status: 'completed', paidAt: new Date() } } } });
    // Written without the API: posted as the ledger's history is, so the books have it.
    await db.$executeRaw`SELECT ledger_post_history()`;
    // The top-up, its refund and the carnet as the desk records them, with their entries in the books.
    const staff = await loginAs(app, DEMO.staff);
    await deskTopUp(app, staff, member, '20');
    await request(app).post(`/api/admin/users/${member.id}/credit/refund`).set(bearer(staff)).send({ amount: '5', method: 'cash' }).expect(200);
    const product = await db.carnetProduct.create({ data: { name: 'Carnet 10 ingressi', uses: 10, priceCents: 9000, validFrom: fromIsoDate(`${year}-01-01`), validUntil: fromIsoDate(`${year}-12-31`) } });
    await request(app).post(`/api/admin/users/${member.id}/carnets`).set(bearer(staff)).send({ product_id: String(product.id), method: 'cash' }).expect(201);
    const validity = `01/01/${year}`;

    expect(await linesIn(member.token, 'it')).toEqual(['Carnet 10 ingressi', `Quota associativa · Tessera stagionale n. L-${member.id}, valida dal ${validity} al 31/12/${year}`, 'Ricarica credito in segreteria', 'Rimborso del credito in contanti'].sort());
    expect(await linesIn(member.token, 'de')).toEqual(['Erstattung des Guthabens', 'Guthaben-Aufladung', 'Mehrfachkarte', `Mitgliedsbeitrag · Mitgliedskarte (Saison) Nr. L-${member.id}, gültig vom 01.01.${year} bis 31.12.${year}`].sort());
    expect(await linesIn(member.token, 'en')).toEqual(['Credit refund', 'Credit top-up', `Membership fee · Seasonal membership card no. L-${member.id}, valid from ${validity} to 31/12/${year}`, 'Punch card'].sort());
  });

  it('name a course by its German or English title, else by its Italian name', async () => {
    const parent = await createMember(db, { firstName: 'Jonas', lastName: 'Titel' });
    const staff = await loginAs(app, DEMO.staff);
    const child = await db.child.create({ data: { parentId: parent.id, firstName: 'Lena', lastName: 'Titel', birthDate: fromIsoDate('2016-04-10') } });
    const course = await makeCourse(db, { priceCents: 12000 });
    await db.course.update({ where: { id: course.id }, data: { titleDe: 'Minivolley für Kinder' } });
    const { id } = (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: course.id, child_id: child.id, kind: 'course' }).expect(201)).body.enrolment;
    await request(app).post(`/api/admin/enrolments/${id}/collect`).set(bearer(staff)).send({ method: 'cash' }).expect(200);

    expect(await linesIn(parent.token, 'it')).toEqual([`Iscrizione · Corso: ${course.name} · per Lena Titel`]);
    expect(await linesIn(parent.token, 'de')).toEqual(['Anmeldung · Kurs: Minivolley für Kinder · für Lena Titel']);
    expect(await linesIn(parent.token, 'en')).toEqual([`Enrolment · Course: ${course.name} · for Lena Titel`]);
  });
});
