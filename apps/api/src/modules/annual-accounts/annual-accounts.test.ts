// The annual accounts through the real database (docs/annual-accounts.md#the-annual-accounts): a year of
// entries written here by hand — a membership paid in cash by a member, a court paid by card by a
// non-member and one at the desk's POS by the member, a top-up, expenses (a bank fee, a utility, one of
// finance's), a Stripe payout less its fee, a bank account's opening balance, extra income on the last
// evening of the year and of the year before — gives, line by line, the figures worked out by hand below;
// a figure lists its entries, page by page; a mapping changed by the admin moves a figure; the financial
// year follows its setting; the PDF reads back the same figures and the CSV holds them.
import { ACCOUNTS_SCHEMES, type TAnnualAccounts, type TFinancialYears } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '../../lib/format.js';
import { fromIsoDate } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';
import { parse } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import { pdfText } from '../../test/pdf-text.js';
import { accounts, type AccountRef, credit, debit, post } from '../ledger/index.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const YEAR = 2030;
const bankAccount: AccountRef = { key: 'bank:IT60X0542811101000000123456', kind: 'bank' };
const feesAccount: AccountRef = { key: 'expenses:bank_fees', kind: 'expenses' };
const utilitiesAccount: AccountRef = { key: 'expenses:utilities', kind: 'expenses' };

let admin: string;
let staff: string;

/** A Rome wall-clock moment as an instant (UTC+1 in winter, UTC+2 in summer: all dates here are winter ones or noon). */
const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00+01:00`);

beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
  const member = await createMember(db, { firstName: 'Sara', lastName: 'Socia' });
  const stranger = await createMember(db, { firstName: 'Ugo', lastName: 'Ospite' });
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${YEAR}) AS number`;
  const card = await db.membership.create({
    data: { membershipNumber: issued!.number, userId: member.id, type: 'seasonal', status: 'active', startDate: fromIsoDate(`${YEAR}-01-01`), endDate: fromIsoDate(`${YEAR}-12-31`), originalPriceCents: 5000, priceCents: 5000, activatedAt: at(`${YEAR}-02-01`) },
  });
  const earn = (source: 'membership' | 'booking', cents: number) => [debit(accounts.billed, cents), credit(accounts.revenue(source), cents)];
  const owed = (account: AccountRef, cents: number) => [debit(account, cents), credit(accounts.billed, cents)];
  const memberBooking: AccountRef = { key: 'booking:test-member', kind: 'booking_receivable' };
  const strangerBooking: AccountRef = { key: 'booking:test-stranger', kind: 'booking_receivable' };
  const entries = [
    { key: 'test:extra-before', kind: 'extra_income', effectiveAt: at(`${YEAR - 1}-12-31`, '23:30'), legs: [debit(accounts.till('cash'), 500), credit(accounts.revenue('extra'), 500)] },
    { key: 'test:opening', kind: 'bank_opening', effectiveAt: at(`${YEAR}-01-10`), legs: [debit(bankAccount, 100_000), credit(accounts.adjustments, 100_000)] },
    { key: 'test:card-charge', kind: 'charge', effectiveAt: at(`${YEAR}-02-01`), userId: member.id, legs: owed(accounts.membership(card.id), 5000) },
    { key: 'test:card-paid', kind: 'payment', effectiveAt: at(`${YEAR}-02-01`), userId: member.id, legs: [debit(accounts.till('cash'), 5000), credit(accounts.membership(card.id), 5000), ...earn('membership', 5000)] },
    { key: 'test:stranger-charge', kind: 'charge', effectiveAt: at(`${YEAR}-03-02`), userId: stranger.id, legs: owed(strangerBooking, 3000) },
    { key: 'test:stranger-paid', kind: 'payment', effectiveAt: at(`${YEAR}-03-02`), userId: stranger.id, legs: [debit(accounts.stripe, 3000), credit(strangerBooking, 3000), ...earn('booking', 3000)] },
    { key: 'test:member-charge', kind: 'charge', effectiveAt: at(`${YEAR}-03-03`), userId: member.id, legs: owed(memberBooking, 2000) },
    { key: 'test:member-paid', kind: 'payment', effectiveAt: at(`${YEAR}-03-03`), userId: member.id, legs: [debit(accounts.till('card'), 2000), credit(memberBooking, 2000), ...earn('booking', 2000)] },
    { key: 'test:top-up', kind: 'top_up', effectiveAt: at(`${YEAR}-03-04`), userId: member.id, legs: [debit(accounts.till('cash'), 4000), credit(accounts.funded(member.id, 990_001), 4000)] },
    { key: 'test:fee', kind: 'expense', effectiveAt: at(`${YEAR}-03-05`), legs: [debit(feesAccount, 250), credit(bankAccount, 250)] },
    { key: 'test:finance-expense', kind: 'expense', effectiveAt: at(`${YEAR}-03-06`), legs: [debit(accounts.expenses, 1000), credit(accounts.till('cash'), 1000)] },
    { key: 'test:payout', kind: 'payout', effectiveAt: at(`${YEAR}-03-07`), legs: [debit(bankAccount, 2900), debit(feesAccount, 100), credit(accounts.stripe, 3000)] },
    { key: 'test:utilities', kind: 'expense', effectiveAt: at(`${YEAR}-03-08`), legs: [debit(utilitiesAccount, 3000), credit(bankAccount, 3000)] },
    { key: 'test:extra-last', kind: 'extra_income', effectiveAt: at(`${YEAR}-12-31`, '23:30'), legs: [debit(accounts.till('cash'), 700), credit(accounts.revenue('extra'), 700)] },
    { key: 'test:extra-after', kind: 'extra_income', effectiveAt: at(`${YEAR + 1}-01-01`, '00:30'), legs: [debit(accounts.till('cash'), 900), credit(accounts.revenue('extra'), 900)] },
  ] as const;
  for (const entry of entries) await post(db, { ...entry, legs: [...entry.legs] });
});

const statement = async (year = YEAR) => (await request(app).get(`/api/admin/annual-accounts/years/${year}`).set(bearer(admin)).expect(200)).body as TAnnualAccounts;
/** The lines with a figure other than zero. */
const nonZero = (figures: Record<string, string>) => Object.fromEntries(Object.entries(figures).filter(([, amount]) => amount !== '0.00'));

describe('the annual accounts of a year written by hand', () => {
  it('draws Mod. D from the money that moved, by what it was for, and cash and bank at the start and end', async () => {
    const { label, from, to, mod_d } = await statement();
    expect({ label, from, to }).toEqual({ label: '2030', from: '2030-01-01', to: '2030-12-31' });
    // Members' card 50; the member's court 20 and top-up 40 (institutional); the stranger's court 30
    // (commercial); extra income 7. Bank fees 2,50 + the payout's 1,00; finance's expense 10; utilities 30.
    expect(nonZero(mod_d.figures)).toEqual({ 'A.E1': '50.00', 'A.E3': '60.00', 'B.E3': '30.00', 'A.E10': '7.00', 'D.U1': '3.50', 'A.U5': '10.00', 'E.U2': '30.00' });
    expect(mod_d).toMatchObject({ receipts: '147.00', payments: '43.50', result: '103.50', institutional: '117.00', commercial: '30.00' });
    // The cash before (5 of the year before) and the bank's opening balance are where the year starts.
    expect(mod_d.start).toEqual({ cash: '5.00', bank: '1000.00' });
    expect(mod_d.end).toEqual({ cash: '92.00', bank: '1016.50' });
  });

  it('draws Mod. B from what was earned and spent', async () => {
    const { mod_b } = await statement();
    expect(nonZero(mod_b.figures)).toEqual({ 'A.R1': '50.00', 'A.R3': '20.00', 'B.R3': '30.00', 'A.R10': '7.00', 'D.C1': '3.50', 'A.C7': '10.00', 'E.C2': '30.00' });
    expect(mod_b).toMatchObject({ income: '107.00', costs: '43.50', result: '63.50', institutional: '77.00', commercial: '30.00' });
  });

  it('lists the entries behind a figure, page by page, with what each brought to it', async () => {
    const page = (number: number) => request(app).get(`/api/admin/annual-accounts/years/${YEAR}/D/A.E3/entries?per_page=1&page=${number}`).set(bearer(admin)).expect(200);
    const first = (await page(1)).body;
    expect(first).toMatchObject({ total: 2, last_page: 2, current_page: 1 });
    expect(first.data).toEqual([expect.objectContaining({ key: 'test:member-paid', kind: 'payment', effective_on: '2030-03-03', amount: '20.00' })]);
    expect((await page(2)).body.data).toEqual([expect.objectContaining({ key: 'test:top-up', amount: '40.00' })]);
    const fees = (await request(app).get(`/api/admin/annual-accounts/years/${YEAR}/B/D.C1/entries`).set(bearer(admin)).expect(200)).body;
    expect(fees.data.map((entry: { key: string; amount: string }) => [entry.key, entry.amount])).toEqual([['test:fee', '2.50'], ['test:payout', '1.00']]);
    await request(app).get(`/api/admin/annual-accounts/years/${YEAR}/D/Z.Z9/entries`).set(bearer(admin)).expect(404);
  });

  it('moves a figure when the admin maps its account to another line, and refuses a line the scheme has not', async () => {
    const rows = (await request(app).get('/api/admin/annual-accounts/mappings').set(bearer(admin)).expect(200)).body as { id: number; category: string | null; account: string }[];
    const utilities = rows.find((row) => row.category === 'utilities')!;
    expect(utilities.account).toBe('Spese · Utenze');
    const bad = await request(app).put(`/api/admin/annual-accounts/mappings/${utilities.id}`).set(bearer(admin)).send({ cash_line: 'A.R1', accrual_line: 'A.C2', commercial: false }).expect(422);
    expect(bad.body.errors.cash_line).toEqual(['Scegli una voce dello schema.']);
    await request(app).put(`/api/admin/annual-accounts/mappings/${utilities.id}`).set(bearer(admin)).send({ cash_line: 'A.U2', accrual_line: 'A.C2', commercial: false }).expect(200);
    try {
      const { mod_d, mod_b } = await statement();
      expect([mod_d.figures['E.U2'], mod_d.figures['A.U2'], mod_b.figures['E.C2'], mod_b.figures['A.C2']]).toEqual(['0.00', '30.00', '0.00', '30.00']);
    } finally {
      await request(app).put(`/api/admin/annual-accounts/mappings/${utilities.id}`).set(bearer(admin)).send({ cash_line: 'E.U2', accrual_line: 'E.C2', commercial: false }).expect(200);
    }
  });

  it('follows the financial year’s start month, and refuses a month that is not one', async () => {
    const years = (await request(app).get('/api/admin/annual-accounts').set(bearer(admin)).expect(200)).body as TFinancialYears;
    expect(years.start_month).toBe(1);
    expect(years.years[0]).toBe(years.current_year);
    const bad = await request(app).put('/api/admin/annual-accounts/financial-year').set(bearer(admin)).send({ start_month: 13 }).expect(422);
    expect(bad.body.errors.start_month).toEqual(['Scegli il mese in cui comincia l’esercizio (da 1 a 12).']);
    await request(app).put('/api/admin/annual-accounts/financial-year').set(bearer(admin)).send({ start_month: 9 }).expect(200);
    try {
      const { label, from, to, mod_d } = await statement(YEAR - 1);
      // September 2029 to August 2030: everything above but the last evening of 2030 and the day after.
      expect({ label, from, to }).toEqual({ label: '2029/30', from: '2029-09-01', to: '2030-08-31' });
      expect(mod_d.figures['A.E10']).toBe('5.00');
      expect(mod_d.end).toEqual({ cash: '85.00', bank: '1016.50' });
    } finally {
      await request(app).put('/api/admin/annual-accounts/financial-year').set(bearer(admin)).send({ start_month: 1 }).expect(200);
    }
  });

  it('prints the PDF with the same figures, and the CSV for the accountant', async () => {
    const accounts = await statement();
    const pdf = await request(app).get(`/api/admin/annual-accounts/years/${YEAR}/pdf`).set(bearer(admin)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(pdf.headers['content-disposition']).toContain('rendiconto-2030.pdf');
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Rendiconto dell’esercizio 2030');
    for (const scheme of ['D', 'B'] as const) {
      const figures = scheme === 'D' ? accounts.mod_d.figures : accounts.mod_b.figures;
      for (const line of ACCOUNTS_SCHEMES[scheme].sections.flatMap((section) => section.lines)) {
        if (figures[line.code] !== '0.00') expect(text, line.code).toContain(`${line.label} ${formatEuros(Math.round(Number(figures[line.code]) * 100))}`.replace(/\s+/g, ' '));
      }
    }
    expect(text).toContain(`Totale entrate ${formatEuros(14_700)}`.replace(/\s+/g, ' '));
    expect(text).toContain(`Depositi bancari e postali a fine esercizio ${formatEuros(101_650)}`.replace(/\s+/g, ' '));

    const csv = await request(app).get(`/api/admin/annual-accounts/years/${YEAR}/csv`).set(bearer(admin)).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('2030;Mod. D;A) Entrate da attività di interesse generale;A.E3;3) Entrate per prestazioni e cessioni ad associati e fondatori;60,00');
    expect(csv.text).toContain('2030;Mod. B;Natura dei ricavi;;Ricavi commerciali;30,00');
    // As the accountant's spreadsheet reads it: a header, then one row of six fields per line, the BOM aside.
    const rows = parse(csv.text, { delimiter: ';', bom: true, relax_column_count: false }) as string[][];
    expect(rows.slice(1).every((row) => row.length === rows[0]!.length)).toBe(true);
    expect(rows).toContainEqual(['2030', 'Mod. D', 'A) Entrate da attività di interesse generale', 'A.E3', '3) Entrate per prestazioni e cessioni ad associati e fondatori', '60,00']);
    expect(rows).toContainEqual(['2030', 'Mod. B', 'Natura dei ricavi', '', 'Ricavi commerciali', '30,00']);
  });

  it('gives the accountant the XLSX, a sheet per statement with the figures as numbers in euros, read back by another reader', async () => {
    const accounts = await statement();
    const file = await request(app).get(`/api/admin/annual-accounts/years/${YEAR}/xlsx`).set(bearer(admin)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(file.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain('rendiconto-2030.xlsx');
    // SheetJS, not the library that wrote it, as the accountant's spreadsheet would open it.
    const workbook = XLSX.read(file.body as Buffer, { type: 'buffer', cellNF: true });
    expect(workbook.SheetNames).toEqual(['Mod. D · Per cassa', 'Mod. B · Gestionale']);
    for (const [index, scheme] of (['D', 'B'] as const).entries()) {
      const sheet = workbook.Sheets[workbook.SheetNames[index]!]!;
      const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1 });
      expect(rows[0]).toEqual(['Esercizio', 'Sezione', 'Codice', 'Voce', 'Importo']);
      const figures = scheme === 'D' ? accounts.mod_d.figures : accounts.mod_b.figures;
      const lines = ACCOUNTS_SCHEMES[scheme].sections.flatMap((section) => section.lines);
      // Every line of the scheme, its figure the ledger's, as a number (not text).
      for (const line of lines) expect(rows, `Mod. ${scheme} ${line.code}`).toContainEqual([YEAR.toString(), expect.any(String), line.code, line.label, Number(figures[line.code])]);
      const amountCell = sheet[`E${rows.findIndex((row) => row[2] === 'A.E3') + 1}`] as XLSX.CellObject | undefined;
      if (scheme === 'D') expect(amountCell).toMatchObject({ t: 'n', v: 60, z: expect.stringContaining('€') });
    }
    const modD = XLSX.utils.sheet_to_json<(string | number)[]>(workbook.Sheets['Mod. D · Per cassa']!, { header: 1 });
    expect(modD).toContainEqual([YEAR.toString(), 'Totali', undefined, 'Totale entrate', 147]);
    expect(modD).toContainEqual([YEAR.toString(), 'Cassa e banca', undefined, 'Depositi bancari e postali a fine esercizio', 1016.5]);
    const modB = XLSX.utils.sheet_to_json<(string | number)[]>(workbook.Sheets['Mod. B · Gestionale']!, { header: 1 });
    expect(modB).toContainEqual([YEAR.toString(), 'Natura dei ricavi', undefined, 'Ricavi commerciali', 30]);
  });

  it('is the admin’s alone', async () => {
    await request(app).get(`/api/admin/annual-accounts/years/${YEAR}`).set(bearer(staff)).expect(403);
    await request(app).get(`/api/admin/annual-accounts/years/${YEAR}/xlsx`).set(bearer(staff)).expect(403);
    await request(app).get('/api/admin/annual-accounts/mappings').expect(401);
    // A year outside the ledger's range is no address of a statement.
    await request(app).get('/api/admin/annual-accounts/years/1999').set(bearer(admin)).expect(404);
  });
});
