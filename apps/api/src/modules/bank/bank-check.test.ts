// The nightly bank check (docs/annual-accounts.md#matching) as a treasurer reads it: the books' bank balance as
// of the last day of the last statement that has a closing balance equals that balance. A CSV without balances
// whose later line is already assigned leaves it green; a wrong posting inside the statement's period turns it
// red, and its correction green again.
import type { TBankOverview, TReconciliation } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatItalianDate } from '../../lib/format.js';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { credit, debit, post } from '../ledger/index.js';
import { bankAccount, categoryAccount } from './bank-ledger.js';
import { camt053 } from './camt-fixture.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const IBAN = 'IT60X0542811101000000123456';
const today = todayInRome();
const [from, to, later] = [addDays(today, -4), addDays(today, -3), addDays(today, -1)];

let admin: string;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  await request(app).put('/api/admin/bank/account').set(bearer(admin)).send({ iban: IBAN, holder: 'ASD Beach Club' }).expect(200);
});

const upload = (file: string, filename: string, contentType: string) => request(app).post('/api/admin/bank/statements').set(bearer(admin)).attach('file', Buffer.from(file), { filename, contentType }).expect(200);
const overview = async () => (await request(app).get('/api/admin/bank').set(bearer(admin)).expect(200)).body as TBankOverview;
const bankCheck = async () => ((await request(app).post('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as TReconciliation).checks.find((check) => check.name === 'bank_statement');
/** The treasurer assigns every open line to a category, as in two clicks each. */
async function assignOpenLines(category: string) {
  for (const line of (await overview()).lines.filter((one) => one.state === 'open')) {
    await request(app).post(`/api/admin/bank/lines/${line.id}/assign`).set(bearer(admin)).send({ category }).expect(200);
  }
}

describe('the bank check', () => {
  it('compares the last closing balance with the books as of its day: a later CSV line assigned keeps it green, a wrong posting inside the period turns it red', async () => {
    // A CAMT statement with balances (10,00 € fees and 45,00 € received on its last day), every line assigned.
    const camt = camt053({ iban: IBAN, id: 'STMT-CHECK', openingCents: 50_000, from, to, lines: [
      { bankRef: 'C-1', on: from, cents: -1000, remittance: 'COMMISSIONI' },
      { bankRef: 'C-2', on: to, cents: 4500, counterparty: 'PINCO PALLINO', remittance: 'contributo' },
    ] });
    await upload(camt, 'estratto.xml', 'application/xml');
    await assignOpenLines('other_income');
    expect(await bankCheck()).toMatchObject({ ok: true });

    // A CSV without balances, the day before yesterday's line assigned: the books already hold it, the statement cannot.
    await request(app).put('/api/admin/bank/csv-mapping').set(bearer(admin)).send({ date: 'Data', amount: 'Importo', counterparty: 'Controparte', remittance: 'Causale', reference: '', delimiter: ';', decimal: ',', date_format: 'DD/MM/YYYY' }).expect(200);
    await upload(`Data;Importo;Controparte;Causale\n${formatItalianDate(later)};-1,20;;IMPOSTA DI BOLLO\n`, 'movimenti.csv', 'text/csv');
    await assignOpenLines('taxes');
    // The screen says the same: the books as of the statement's last day equal it, the later line aside.
    expect(await overview()).toMatchObject({ ledger_balance: '533.80', closing_balance: '535.00', closing_date: to, ledger_balance_at_closing: '535.00' });
    expect(await bankCheck()).toMatchObject({ ok: true });

    // A posting to the bank inside the statement's period that the statement does not show.
    const wrong = { kind: 'correction' as const, effectiveAt: instantInRome(to, '12:00'), legs: [debit(categoryAccount('supplies'), 999), credit(bankAccount(IBAN), 999)] };
    await post(db, { ...wrong, key: 'test:bank-check:wrong', description: 'Spesa registrata sul conto per errore' });
    const mismatch = new RegExp(`^Conto ${IBAN}: estratto 535,00\\s€, registro al ${formatItalianDate(to)} 525,01\\s€ \\(0 movimenti da abbinare\\)$`);
    expect(await bankCheck()).toMatchObject({ ok: false, details: [expect.stringMatching(mismatch)] });
    // Its correction, in the same period: green again.
    await post(db, { ...wrong, key: 'test:bank-check:wrong:correction', description: 'Storno della spesa registrata per errore', legs: [credit(categoryAccount('supplies'), 999), debit(bankAccount(IBAN), 999)] });
    expect(await bankCheck()).toMatchObject({ ok: true });
  });
});
