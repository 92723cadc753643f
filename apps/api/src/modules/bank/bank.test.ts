// The bank through the real database and the Stripe double (docs/annual-accounts.md#the-bank): a CAMT.053
// statement built here — a Stripe payout, three transfers (one with its RF reference, one without that
// names its payer, one nobody can place), a bank fee, a supplier paid and the transfer returned — is
// imported and matched, the rest assigned in two clicks, and the bank account's ledger balance ends at the
// statement's closing balance; the same file again changes nothing, an overlapping one adds only its new
// line, and a malformed one writes nothing.
import type { TBankImportResult, TBankOverview, TEnrolment, TReconciliation } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { makeChild, makeCourse } from '../enrolments/test-courses.js';
import { camt053, type FixtureLine } from './camt-fixture.js';

const { app, db, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const IBAN = 'IT60X0542811101000000123456';
const today = todayInRome();
const yesterday = addDays(today, -1);

let admin: string;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
});

/** A child's pending enrolment in a new 100 € camp with a 30 € deposit due today. */
async function pendingEnrolment(parent: TestMember) {
  const course = await makeCourse(db, { priceCents: 10_000 });
  await db.course.update({ where: { id: course.id }, data: { depositCents: 3000, balanceDueOn: fromIsoDate(addDays(today, 10)) } });
  const child = await makeChild(db, parent.id);
  return (await request(app).post('/api/me/enrolments').set(bearer(parent.token)).send({ course_id: course.id, kind: 'course', child_id: child.id }).expect(201)).body.enrolment as TEnrolment;
}
const upload = (xml: string, name = 'estratto.xml') => request(app).post('/api/admin/bank/statements').set(bearer(admin)).attach('file', Buffer.from(xml), { filename: name, contentType: 'application/xml' });
const overview = async () => (await request(app).get('/api/admin/bank').set(bearer(admin)).expect(200)).body as TBankOverview;
const writes = async () => ({ statements: await db.bankStatement.count(), lines: await db.bankLine.count(), entries: await db.ledgerEntry.count(), payments: await db.transaction.count() });

describe('a bank statement', () => {
  let statement: string;
  let lines: FixtureLine[];
  let byReference: TEnrolment;
  let byName: TEnrolment;
  let referenced: TestMember;

  beforeAll(async () => {
    await request(app).put('/api/admin/bank/account').set(bearer(admin)).send({ iban: 'IT60 X054 2811 1010 0000 0123 456', holder: 'ASD Beach Club' }).expect(200);
    referenced = await createMember(db, { firstName: 'Anna', lastName: 'Quadrelli' });
    const named = await createMember(db, { firstName: 'Marta', lastName: 'Zanardelli' });
    byReference = await pendingEnrolment(referenced);
    byName = await pendingEnrolment(named);
    // A card payment on Stripe (a third camp's deposit), paid out less Stripe's 1,50 € fee.
    const carded = await createMember(db, { firstName: 'Luigi', lastName: 'Cartaceo' });
    const paidByCard = await pendingEnrolment(carded);
    const checkout = await request(app).post(`/api/me/enrolments/${paidByCard.id}/checkout`).set(bearer(carded.token)).send({}).expect(200);
    await double.pay(checkout.body.checkout_url.split('/').pop());
    const payout = double.payOutBalance({ fee: 150, arrivalDate: Math.floor(Date.parse(`${yesterday}T08:00:00Z`) / 1000) });
    expect(payout.amount).toBe(2850);

    const transfer = await request(app).get(`/api/me/enrolments/${byReference.id}/transfer`).set(bearer(referenced.token)).expect(200);
    expect(transfer.body).toMatchObject({ iban: IBAN, holder: 'ASD Beach Club', amount: '30.00', reference: expect.stringMatching(/^RF\d{2}E\d+S1$/) });
    lines = [
      { bankRef: 'B-001', on: today, cents: 2850, counterparty: 'STRIPE PAYMENTS EUROPE LTD', remittance: 'STRIPE PAYOUT' },
      { bankRef: 'B-002', on: today, cents: 3000, counterparty: 'QUADRELLI ANNA', reference: transfer.body.reference },
      { bankRef: 'B-003', on: today, cents: 3000, counterparty: 'ZANARDELLI MARTA', remittance: 'campo estivo figlio' },
      { bankRef: 'B-004', on: today, cents: 4500, counterparty: 'PINCO PALLINO', remittance: 'contributo' },
      { bankRef: 'B-005', on: today, cents: -250, remittance: 'COMMISSIONI TENUTA CONTO' },
      { bankRef: 'B-006', on: today, cents: -8000, counterparty: 'FORNITORE RETI SRL', remittance: 'fattura 12' },
      { bankRef: 'B-007', on: today, cents: 8000, counterparty: 'FORNITORE RETI SRL', remittance: 'STORNO bonifico: conto beneficiario chiuso' },
    ];
    statement = camt053({ iban: IBAN, id: 'STMT-1', openingCents: 100_000, from: yesterday, to: today, lines });
  });

  it('is imported and matched: the payout and the referenced transfer paid, the named payer proposed, the rest left', async () => {
    const result = (await upload(statement).expect(200)).body as TBankImportResult;
    expect(result).toMatchObject({ lines_added: 7, lines_known: 0, matched: 2, proposed: 1 });
    const { lines: shown, closing_balance } = await overview();
    expect(closing_balance).toBe('1131.00');
    const state = (amount: string, counterparty: string) => shown.find((line) => line.amount === amount && line.counterparty === counterparty)!;
    expect(state('28.50', 'STRIPE PAYMENTS EUROPE LTD')).toMatchObject({ state: 'matched', match: expect.stringMatching(/^Accredito Stripe po_/) });
    expect(state('30.00', 'QUADRELLI ANNA')).toMatchObject({ state: 'matched', match: `Iscrizione n. ${byReference.id}, rata 1 (${lines[1]!.reference})` });
    expect(state('30.00', 'ZANARDELLI MARTA')).toMatchObject({ state: 'proposed', match: expect.stringContaining('Zanardelli Marta') });
    expect(state('45.00', 'PINCO PALLINO').state).toBe('open');
    // The referenced transfer paid the deposit as the desk would: the enrolment confirmed, a completed transfer with its receipt.
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id: byReference.id } })).status).toBe('confirmed');
    const paid = await db.transaction.findFirstOrThrow({ where: { enrolmentId: byReference.id, status: 'completed' } });
    expect(paid).toMatchObject({ method: 'bank_transfer', amountCents: 3000 });
  });

  it('takes the treasurer’s confirmation and categories, remembered per counterparty, and balances the bank account', async () => {
    const shown = (await overview()).lines;
    const proposed = shown.find((line) => line.state === 'proposed')!;
    expect((await request(app).post(`/api/admin/bank/lines/${proposed.id}/confirm`).set(bearer(admin)).expect(200)).body.state).toBe('matched');
    expect((await db.courseEnrolment.findUniqueOrThrow({ where: { id: byName.id } })).status).toBe('confirmed');
    const assign = (amount: string, category: string) =>
      request(app).post(`/api/admin/bank/lines/${shown.find((line) => line.amount === amount && line.state === 'open')!.id}/assign`).set(bearer(admin)).send({ category }).expect(200);
    const midway = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
    expect(midway.checks.find((one) => one.name === 'bank_statement')).toMatchObject({ ok: false, details: [expect.stringMatching(/^Conto IT60X0542811101000000123456: estratto 1131,00\s€, registro al \d{2}\/\d{2}\/\d{4} 1088,50\s€ \(4 movimenti da abbinare\)$/)] });
    expect((await assign('-2.50', 'bank_fees')).body).toMatchObject({ state: 'assigned', category: 'bank_fees' });
    await assign('-80.00', 'supplies');
    // The returned transfer comes from the same counterparty: its category is proposed.
    expect((await overview()).lines.find((line) => line.amount === '80.00')!.suggested_category).toBe('supplies');
    await assign('80.00', 'supplies');
    expect((await overview()).ledger_balance).not.toBe('1131.00');
    await assign('45.00', 'other_income');
    const after = await overview();
    expect(after.lines.every((line) => line.state === 'matched' || line.state === 'assigned')).toBe(true);
    expect(after.ledger_balance).toBe('1131.00');
    expect(after.ledger_balance).toBe(after.closing_balance);
    // The nightly reconciliation agrees: the bank equals the statement, and the payout's entry is Stripe's payout.
    const proof = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
    expect(proof.checks.filter((one) => !one.ok)).toEqual([]);
    // A matched line cannot be assigned again.
    expect((await request(app).post(`/api/admin/bank/lines/${proposed.id}/assign`).set(bearer(admin)).send({ category: 'rent' })).status).toBe(409);
  });

  it('imported twice changes nothing; an overlapping statement adds only its new line', async () => {
    const before = await writes();
    expect((await upload(statement).expect(200)).body).toMatchObject({ lines_added: 0, matched: 0, proposed: 0 });
    expect(await writes()).toEqual(before);
    // It starts before the fee it repeats (the fee, the supplier paid and returned are the first statement's last lines).
    const next = camt053({ iban: IBAN, id: 'STMT-2', openingCents: 113_350, from: today, to: today, lines: [lines[4]!, { bankRef: 'B-008', on: today, cents: -120, remittance: 'IMPOSTA DI BOLLO' }] });
    expect((await upload(next).expect(200)).body).toMatchObject({ lines_added: 1, lines_known: 1 });
    expect(await db.bankLine.count()).toBe(before.lines + 1);
    // The treasurer assigns the new line: the bank equals the new statement's closing balance again.
    const stamp = (await overview()).lines.find((line) => line.amount === '-1.20')!;
    await request(app).post(`/api/admin/bank/lines/${stamp.id}/assign`).set(bearer(admin)).send({ category: 'taxes' }).expect(200);
    expect((await overview()).ledger_balance).toBe('1129.80');
    const proof = (await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation;
    expect(proof.checks.find((one) => one.name === 'bank_statement')).toMatchObject({ ok: true });
  });

  it('refuses a malformed file, another account’s statement or a bad entry with an Italian message, writing nothing', async () => {
    const before = await writes();
    const truncated = await upload(statement.slice(0, 400)).expect(422);
    expect(truncated.body.errors.file[0]).toMatch(/non è un estratto conto CAMT\.053/);
    const badAmount = statement.replace('<Amt Ccy="EUR">45.00</Amt>', '<Amt Ccy="EUR">45,00</Amt>').replace('STMT-1', 'STMT-X');
    expect((await upload(badAmount).expect(422)).body.errors.file[0]).toMatch(/Il movimento n\. 4 .*importo/);
    const other = camt053({ iban: 'IT02L1234512345123456789012', id: 'STMT-O', openingCents: 0, from: today, to: today, lines: [{ on: today, cents: 100 }] });
    expect((await upload(other).expect(422)).body.errors.file[0]).toMatch(/non di quello dell’associazione/);
    expect((await upload('not a statement', 'foto.png').expect(422)).body.errors.file[0]).toMatch(/CAMT\.053 \(XML\) o un CSV/);
    expect(await writes()).toEqual(before);
  });

  it('takes a CSV export with the columns saved once: Italian dates and decimal commas, once per line', async () => {
    const uploadCsv = (csv: string) => request(app).post('/api/admin/bank/statements').set(bearer(admin)).attach('file', Buffer.from(csv), { filename: 'movimenti.csv', contentType: 'text/csv' });
    expect((await uploadCsv('Data;Importo\n01/06/2026;-1,00\n').expect(422)).body.errors.file[0]).toBe('Per importare un CSV salva prima le colonne del file della banca.');
    expect((await overview()).csv_mapping).toBeNull();
    const mapping = { date: 'Data contabile', amount: 'Importo', counterparty: 'Beneficiario/Ordinante', remittance: 'Causale', reference: '', delimiter: ';', decimal: ',', date_format: 'DD/MM/YYYY' };
    expect((await request(app).put('/api/admin/bank/csv-mapping').set(bearer(admin)).send({ ...mapping, amount: ' ' }).expect(422)).body.errors.amount).toEqual(['Scrivi il nome della colonna come nell’intestazione del file.']);
    await request(app).put('/api/admin/bank/csv-mapping').set(bearer(admin)).send(mapping).expect(200);
    // Saved once: the bank screen's form shows it again, an empty reference column being none.
    expect((await overview()).csv_mapping).toEqual({ ...mapping, reference: null });
    const day = today.split('-').reverse().join('/');
    const csv = `Data contabile;Importo;Beneficiario/Ordinante;Causale\n${day};-1.234,56;ACQUA SPA;bolletta giugno\n${day};-1.234,56;ACQUA SPA;bolletta giugno\n${day};12,00;;interessi\n`;
    const before = await db.bankLine.count();
    // Two identical lines of one export are two payments: the second occurrence is a line of its own.
    expect((await uploadCsv(csv).expect(200)).body).toMatchObject({ lines_added: 3, lines_known: 0 });
    expect(await db.bankLine.findMany({ where: { id: { gt: 0 }, counterparty: 'ACQUA SPA' }, select: { amountCents: true } })).toEqual([{ amountCents: -123_456 }, { amountCents: -123_456 }]);
    expect((await uploadCsv(`${csv}${day};-5,00;BAR;caffè\n`).expect(200)).body).toMatchObject({ lines_added: 1, lines_known: 3 });
    const writesBefore = await writes();
    expect((await uploadCsv(`Data contabile;Importo;Beneficiario/Ordinante;Causale\n31-06-2026;-1,00;X;y\n`).expect(422)).body.errors.file[0]).toMatch(/La riga 2 del CSV non è leggibile \(data\)/);
    expect(await writes()).toEqual(writesBefore);
    expect(await db.bankLine.count()).toBe(before + 4);
  });

  it('is the treasurer’s: members and staff are refused', async () => {
    const staff = await loginAs(app, DEMO.staff);
    expect((await request(app).get('/api/admin/bank').set(bearer(staff))).status).toBe(403);
    expect((await request(app).post('/api/admin/bank/statements').set(bearer(staff)).attach('file', Buffer.from(statement), 'e.xml')).status).toBe(403);
  });
});
