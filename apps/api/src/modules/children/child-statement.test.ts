// A child's yearly statement through the real database: the year's payments for the child's enrolments
// as the ledger holds them (a refund taken off, credit spent counted but not as traceable), the PDF read
// back, and only the parent reaching it.
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromIsoDate, yearInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeCourse } from '../enrolments/test-courses.js';
import { pdfText } from '../../test/pdf-text.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// Read again before each test, and the card covers the next year too: a file may run across New Year's midnight
// in Rome, and then pays in the new year (docs/testing.md#session-19-a-run-across-midnight-in-rome).
let year = yearInRome();
beforeEach(() => {
  year = yearInRome();
});
let staff: string;
let parent: TestMember;
let childId: number;

const enrolChild = async (priceCents: number) => {
  const course = await makeCourse(db, { priceCents });
  const { id } = (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: course.id, child_id: childId, kind: 'course' }).expect(201)).body.enrolment;
  return { id: id as number, course };
};

beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  await request(app).put('/api/admin/association').set(bearer(await loginAs(app, DEMO.admin))).send({ name: 'ASD Riviera Beach', address: 'Lungomare 1, 47921 Rimini (RN)', fiscal_code: '91234560406', vat_number: null, rasd_number: 'RASD-000123', email: 'segreteria@riviera.it', receipt_signatory: 'Marta Ricci, presidente', stamp_duty_on_receipts: false }).expect(200);
  parent = await createMember(db, { firstName: 'Elena', lastName: 'Sforza' });
  await db.membership.create({ data: { membershipNumber: `S-${parent.id}`, userId: parent.id, type: 'seasonal', status: 'active', activatedAt: new Date(), fiscalCode: parent.fiscalCode, startDate: fromIsoDate(`${year}-01-01`), endDate: fromIsoDate(`${year + 1}-12-31`), originalPriceCents: 6000, priceCents: 6000 } });
  childId = (await db.child.create({ data: { parentId: parent.id, firstName: 'Bianca', lastName: 'Sforza', birthDate: fromIsoDate('2015-02-20'), fiscalCode: 'SFRBNC15B60H294X' } })).id;
});

describe('a child’s yearly statement', () => {
  it('lists the year’s payments with their receipts, a refund taken off, credit spent as not traceable, and the totals', async () => {
    const paidByCard = await enrolChild(18_000);
    await request(app).post(`/api/admin/enrolments/${paidByCard.id}/collect`).set(bearer(staff)).send({ method: 'card' }).expect(200);
    const receipt = (await db.transaction.findFirstOrThrow({ where: { enrolmentId: paidByCard.id }, include: { receipt: true } })).receipt!;
    // Paid in cash, then cancelled by the staff: the money goes back to the parent's credit…
    const cancelled = await enrolChild(5_000);
    await request(app).post(`/api/admin/enrolments/${cancelled.id}/collect`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    await request(app).post(`/api/admin/enrolments/${cancelled.id}/cancel`).set(bearer(staff)).expect(200);
    // …and 30 € of that credit pays another course.
    const byCredit = await enrolChild(3_000);
    await request(app).post(`/api/me/enrolments/${byCredit.id}/pay-with-credit`).set(bearer(parent.token)).expect(200);

    expect((await request(app).get(`/api/me/children/${childId}/statement-years`).set(bearer(parent.token)).expect(200)).body).toEqual({ years: [year] });
    const response = await request(app).get(`/api/me/children/${childId}/statement`).query({ year }).set(bearer(parent.token)).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=dichiarazione-${year}-bianca-sforza.pdf`);
    const text = await pdfText(response.body as Buffer);
    for (const expected of [
      `Dichiarazione annuale ${year} delle spese sportive`,
      'Percipiente: ASD Riviera Beach · C.F. 91234560406',
      'Atleta: Bianca Sforza, nato/a il 20/02/2015 · C.F. SFRBNC15B60H294X',
      `Versato da (genitore o tutore): Elena Sforza · C.F. ${parent.fiscalCode}`,
      'Sport: Beach volley',
      `Corso: ${paidByCard.course.name}`,
      '180,00 €',
      `${year}/${String(receipt.number).padStart(6, '0')}`,
      '0,00 € (versati 50,00 €, restituiti 50,00 €)',
      'Credito prepagato (non tracciabile)',
      `Totale versato nel ${year}: 210,00 €`,
      'di cui con mezzi tracciabili (carta, POS, bonifico): 180,00 €',
      'lettera i-quinquies, TUIR',
    ]) expect(text).toContain(expected);

    const earlier = await request(app).get(`/api/me/children/${childId}/statement`).query({ year: year - 1 }).set(bearer(parent.token)).buffer(true).expect(200);
    const empty = await pdfText(earlier.body as Buffer);
    expect(empty).toContain(`Nessun pagamento nel ${year - 1}.`);
    expect(empty).toContain(`Totale versato nel ${year - 1}: 0,00 €`);
  });

  it('is the parent’s only: another member’s child is not found; a year out of range is refused', async () => {
    const other = await createMember(db);
    const notFound = await request(app).get(`/api/me/children/${childId}/statement`).query({ year }).set(bearer(other.token)).expect(404);
    expect(notFound.body.message).toBe('Figlio non trovato.');
    await request(app).get(`/api/me/children/${childId}/statement-years`).set(bearer(other.token)).expect(404);
    await request(app).get(`/api/me/children/${childId}/statement`).query({ year }).expect(401);
    const bad = await request(app).get(`/api/me/children/${childId}/statement`).query({ year: 'abc' }).set(bearer(parent.token)).expect(422);
    expect(bad.body.errors.year).toEqual(['Scegli un anno tra il 2020 e il 2100.']);
  });
});
