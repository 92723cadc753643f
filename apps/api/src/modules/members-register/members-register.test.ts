// The members' register through the real database: the admitted cards of a season in order of
// admission, the birth place read from the fiscal code, search and pages, the CSV (formulas escaped)
// and the printable PDF with its numbered pages; admins only.
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MembershipStatus, MembershipType } from '../../generated/prisma/enums.js';
import { addDays, fromIsoDate } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: string;
let ada: TestMember;
let formula: TestMember;

async function card(member: TestMember, number: string, { type = 'seasonal' as MembershipType, status = 'active' as MembershipStatus, start = '2031-05-01', end = '2031-09-30', activatedAt = null as Date | null } = {}) {
  return db.membership.create({
    data: { membershipNumber: number, userId: member.id, type, status, fiscalCode: member.fiscalCode, startDate: fromIsoDate(start), endDate: fromIsoDate(end), originalPriceCents: 6000, priceCents: 6000, activatedAt: status === 'pending' ? null : (activatedAt ?? new Date(`${start}T10:00:00Z`)) },
  });
}

async function pdfPages(pdf: Buffer) {
  const parser = new PDFParse({ data: pdf });
  try {
    const text = await parser.getText();
    return Array.from({ length: text.total }, (_, index) => text.getPageText(index + 1).replace(/\s+/g, ' '));
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  ada = await createMember(db, { firstName: 'Ada', lastName: 'Zanzibar', birthDate: '1991-02-03' });
  formula = await createMember(db, { firstName: '=SOMMA(1;2)', lastName: 'Zappa', birthDate: '1985-07-20' });
  const pending = await createMember(db, { firstName: 'Piero', lastName: 'Zattera' });
  // Admitted second, though its card starts first: the register follows admission.
  await card(ada, 'T2031-00002', { activatedAt: new Date('2031-04-20T09:00:00Z') });
  await card(formula, 'T2031-00001', { type: 'monthly', status: 'expired', start: '2031-06-01', end: '2031-06-30', activatedAt: new Date('2031-04-10T09:00:00Z') });
  await card(pending, 'T2031-00003', { status: 'pending' });
  await card(ada, 'T2030-00001', { status: 'expired', start: '2030-05-01', end: '2030-09-30' });
  await request(app).put('/api/admin/association').set(bearer(admin)).send({ name: 'ASD Registro Prova', address: 'Via del Porto 1, Rimini', fiscal_code: '91234560406', rasd_number: 'RASD-42', email: 'asd@esempio.it', receipt_signatory: 'Il presidente', stamp_duty_on_receipts: true }).expect(200);
});

describe('GET /api/admin/members-register', () => {
  it('lists the admitted cards of the season in order of admission, with birth place from the fiscal code', async () => {
    const response = await request(app).get('/api/admin/members-register?season=2031').set(bearer(admin)).expect(200);
    expect(response.body).toMatchObject({ season: 2031, total: 2, current_page: 1, last_page: 1, members: 2, missing_data: 0 });
    expect(response.body.data).toEqual([
      { membership_id: expect.any(Number), card_number: 'T2031-00001', admitted_on: '2031-04-10', last_name: 'Zappa', first_name: '=SOMMA(1;2)', birth_date: '1985-07-20', birth_place: 'RIMINI (RN)', fiscal_code: formula.fiscalCode, residence: null, missing: [], card_type: 'monthly', is_bvu_member: false, ends_on: '2031-06-30' },
      { membership_id: expect.any(Number), card_number: 'T2031-00002', admitted_on: '2031-04-20', last_name: 'Zanzibar', first_name: 'Ada', birth_date: '1991-02-03', birth_place: 'RIMINI (RN)', fiscal_code: ada.fiscalCode, residence: null, missing: [], card_type: 'seasonal', is_bvu_member: false, ends_on: '2031-09-30' },
    ]);
  });

  it('searches by name, fiscal code or card number, and pages', async () => {
    const byName = await request(app).get('/api/admin/members-register?season=2031&search=zanz').set(bearer(admin)).expect(200);
    expect(byName.body.data.map((row: { card_number: string }) => row.card_number)).toEqual(['T2031-00002']);
    const byCode = await request(app).get(`/api/admin/members-register?season=2031&search=${formula.fiscalCode.toLowerCase()}`).set(bearer(admin)).expect(200);
    expect(byCode.body.data.map((row: { card_number: string }) => row.card_number)).toEqual(['T2031-00001']);
    const byNumber = await request(app).get('/api/admin/members-register?season=2030&search=t2030').set(bearer(admin)).expect(200);
    expect(byNumber.body).toMatchObject({ total: 1, data: [{ card_number: 'T2030-00001', last_name: 'Zanzibar' }] });
    const second = await request(app).get('/api/admin/members-register?season=2031&per_page=1&page=2').set(bearer(admin)).expect(200);
    expect(second.body).toMatchObject({ total: 2, last_page: 2, current_page: 2, data: [{ card_number: 'T2031-00002' }] });
  });

  it('flags, counts and filters the members without fiscal code or place of birth, and shows the residence the desk wrote', async () => {
    const named = await createMember(db, { firstName: 'Nadia', lastName: 'Completa' });
    const unnamed = await createMember(db, { firstName: 'Ugo', lastName: 'Senzacodice' });
    await card(named, 'T2033-00001', { start: '2033-05-01', end: '2033-09-30' });
    await db.membership.update({ where: { id: (await card(unnamed, 'T2033-00002', { start: '2033-05-01', end: '2033-09-30' })).id }, data: { fiscalCode: null } });
    const residence = 'Via dei Mille 4, 47921 Rimini (RN)';
    await request(app).put(`/api/admin/users/${named.id}`).set(bearer(admin)).send({ first_name: 'Nadia', last_name: 'Completa', email: named.email, phone: '', birth_date: '', residence }).expect(200);

    const all = await request(app).get('/api/admin/members-register?season=2033').set(bearer(admin)).expect(200);
    expect(all.body).toMatchObject({ total: 2, members: 2, missing_data: 1 });
    expect(all.body.data).toMatchObject([
      { card_number: 'T2033-00001', residence, missing: [] },
      { card_number: 'T2033-00002', residence: null, fiscal_code: null, birth_place: null, missing: ['fiscal_code', 'birth_place'] },
    ]);
    const missing = await request(app).get('/api/admin/members-register?season=2033&data=missing').set(bearer(admin)).expect(200);
    expect(missing.body).toMatchObject({ total: 1, members: 2, missing_data: 1, data: [{ card_number: 'T2033-00002' }] });
    const csv = await request(app).get('/api/admin/members-register/csv?season=2033').set(bearer(admin)).expect(200);
    const rows = parse(csv.text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Residenza)).toEqual([residence, '']);
    expect((await request(app).get('/api/admin/members-register?data=qualcuno').set(bearer(admin)).expect(422)).body.errors).toEqual({ data: ['Filtro non valido.'] });
  });

  it('refuses a bad season and is for admins only', async () => {
    const bad = await request(app).get('/api/admin/members-register?season=abc').set(bearer(admin)).expect(422);
    expect(bad.body.errors.season).toEqual(['Stagione non valida.']);
    const staff = await loginAs(app, DEMO.staff);
    for (const path of ['', '/csv', '/pdf']) await request(app).get(`/api/admin/members-register${path}`).set(bearer(staff)).expect(403);
  });
});

describe('register exports', () => {
  it('CSV: one row per card in register order, dates it-IT, a formula-looking name written as text', async () => {
    const response = await request(app).get('/api/admin/members-register/csv?season=2031').set(bearer(admin)).expect(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename=libro-soci-2031.csv');
    const rows = parse(response.text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { 'N.': '1', 'Numero tessera': 'T2031-00001', 'Data di ammissione': '10/04/2031', Cognome: 'Zappa', Nome: "'=SOMMA(1;2)", 'Data di nascita': '20/07/1985', 'Luogo di nascita': 'RIMINI (RN)', 'Codice fiscale': formula.fiscalCode, Residenza: '', 'Tipo di tessera': 'Mensile', 'Data di cessazione': '30/06/2031' },
      { 'N.': '2', 'Numero tessera': 'T2031-00002', 'Data di ammissione': '20/04/2031', Cognome: 'Zanzibar', Nome: 'Ada', 'Data di nascita': '03/02/1991', 'Luogo di nascita': 'RIMINI (RN)', 'Codice fiscale': ada.fiscalCode, Residenza: '', 'Tipo di tessera': 'Stagionale', 'Data di cessazione': '30/09/2031' },
    ]);
  });

  it('PDF: the association’s header and "Pagina n di N" on every page, every card listed', async () => {
    const many = await createMember(db, { firstName: 'Giornaliero', lastName: 'Zucchi' });
    for (let day = 0; day < 45; day++) {
      const date = addDays('2032-05-01', day);
      await card(many, `T2032-${String(day + 1).padStart(5, '0')}`, { type: 'daily', status: 'expired', start: date, end: date });
    }
    const response = await request(app).get('/api/admin/members-register/pdf?season=2032').set(bearer(admin)).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(response.body as Buffer);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('ASD Registro Prova');
      expect(page).toContain('RASD n. RASD-42');
      expect(page).toContain('Libro soci · stagione 2032');
      expect(page).toContain(`Pagina ${index + 1} di ${pages.length}`);
    });
    const all = pages.join(' ');
    for (let number = 1; number <= 45; number++) expect(all).toContain(`T2032-${String(number).padStart(5, '0')}`);
  });
});
