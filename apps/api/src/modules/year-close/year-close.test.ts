// Closing the financial year (docs/annual-accounts.md#closing-the-year): once closed, the database refuses
// any entry dated inside it — posted straight to the ledger or through the API (409 in Italian, nothing
// written) —, a replay of an entry already there is no error, a closed year's entry is corrected by a
// reversal in the open year naming it, and reopening is an admin's, audited.
import type { TFinancialYear } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { isConstraintViolation } from '../../lib/db.js';
import { todayInRome, yearInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { useBackOfficeLogins } from '../../test/auth-helpers.js';
import { accounts, credit, debit, type Entry, post } from '../ledger/index.js';

const { app, db } = await useTestApp();
const logins = useBackOfficeLogins(app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Two years back: over (and closable) whatever today's date.
const CLOSED = yearInRome() - 2;
const OPEN = yearInRome() - 1;
const inYear = (year: number, key: string, cents = 1500): Entry => ({
  key, kind: 'extra_income', effectiveAt: new Date(`${year}-06-15T10:00:00Z`), description: 'Prova',
  legs: [debit(accounts.till('cash'), cents), credit(accounts.revenue('extra'), cents)],
});
const expense = (date: string) => ({ date, category: 'Materiali', description: 'Palloni', amount: '45,00', payment_method: 'cash' });
const close = (year: number, token = logins.admin) => request(app).post('/api/admin/years/close').set(bearer(token)).send({ year });
const yearOf = async (year: number) =>
  ((await request(app).get('/api/admin/years').set(bearer(logins.admin)).expect(200)).body.years as TFinancialYear[]).find((row) => row.year === year);

let postedBefore: number;
beforeAll(async () => {
  postedBefore = (await post(db, inYear(CLOSED, 'test:closed-year:before')))!.id;
  await close(CLOSED).expect(200);
});

describe('a closed financial year', () => {
  it('is listed closed, by whom; this year cannot be closed yet, nor a closed year twice', async () => {
    expect(await yearOf(CLOSED)).toMatchObject({ state: 'closed', starts_on: `${CLOSED}-01-01`, ends_on: `${CLOSED}-12-31`, closed_by: expect.any(String), ended: true });
    expect(await yearOf(yearInRome())).toMatchObject({ state: 'open', ended: false });
    expect((await close(yearInRome()).expect(409)).body.message).toMatch(/non è ancora finito/);
    expect((await close(CLOSED).expect(409)).body.message).toBe(`L’esercizio ${CLOSED} è già chiuso.`);
    expect((await close(OPEN, logins.staff).expect(403)).body.message).toBeTruthy();
  });

  it('refuses at the database an entry dated inside it, and writes nothing', async () => {
    const entries = await db.ledgerEntry.count();
    const refused = await post(db, inYear(CLOSED, 'test:closed-year:late')).catch((error: unknown) => error);
    expect(isConstraintViolation(refused, 'ledger_entries_year_closed')).toBe(true);
    // The last day of the closed year in Rome is refused too (23:30 UTC on 31 December is already the next year there).
    const lastDay = await post(db, { ...inYear(CLOSED, 'test:closed-year:eve'), effectiveAt: new Date(`${CLOSED}-12-31T22:30:00Z`) }).catch((error: unknown) => error);
    expect(isConstraintViolation(lastDay, 'ledger_entries_year_closed')).toBe(true);
    expect(await db.ledgerEntry.count()).toBe(entries);
    // The open year still takes a back-dated entry, and the first minute of it in Rome.
    expect((await post(db, inYear(OPEN, 'test:closed-year:open-year')))?.created).toBe(true);
    expect((await post(db, { ...inYear(OPEN, 'test:closed-year:new-year'), effectiveAt: new Date(`${CLOSED}-12-31T23:30:00Z`) }))?.created).toBe(true);
  });

  it('lets an entry already posted be replayed (nothing written, no error)', async () => {
    expect(await post(db, inYear(CLOSED, 'test:closed-year:before'))).toEqual({ id: postedBefore, created: false });
  });

  it('answers 409 in Italian through the API, and nothing is written', async () => {
    const expenses = await db.expense.count();
    const answer = await request(app).post('/api/admin/expenses').set(bearer(logins.admin)).send(expense(`${CLOSED}-03-10`)).expect(409);
    expect(answer.body.message).toBe('La data cade in un esercizio chiuso: nessun movimento può esservi registrato. Registra la correzione nell’esercizio aperto, indicando cosa corregge.');
    expect(await db.expense.count()).toBe(expenses);
    await request(app).post('/api/admin/expenses').set(bearer(logins.admin)).send(expense(`${OPEN}-03-10`)).expect(201);
  });

  it('is corrected in the open year by a reversal that names the entry', async () => {
    const answer = await request(app).post('/api/admin/years/corrections').set(bearer(logins.admin)).send({ entry_id: postedBefore, reason: 'Incasso registrato due volte' }).expect(201);
    const correction = await db.ledgerEntry.findUniqueOrThrow({ where: { id: answer.body.entry_id } });
    expect(correction).toMatchObject({ key: `year-correction:${postedBefore}`, kind: 'correction', reversesId: postedBefore });
    expect(correction.description).toContain(`movimento n. ${postedBefore} (esercizio ${CLOSED})`);
    expect(correction.effectiveAt.toISOString().slice(0, 4)).toBe(todayInRome().slice(0, 4));
    await request(app).post('/api/admin/years/corrections').set(bearer(logins.admin)).send({ entry_id: postedBefore, reason: 'Di nuovo' }).expect(409);
    const openEntry = await db.ledgerEntry.findUniqueOrThrow({ where: { key: 'test:closed-year:open-year' } });
    expect((await request(app).post('/api/admin/years/corrections').set(bearer(logins.admin)).send({ entry_id: openEntry.id, reason: 'Sbagliato' }).expect(409)).body.message).toMatch(/che è aperto/);
  });

  it('is reopened by an admin only, with a reason, audited; then it takes entries again', async () => {
    await request(app).post('/api/admin/years/reopen').set(bearer(logins.staff)).send({ year: CLOSED, reason: 'Errore in un incasso' }).expect(403);
    expect((await request(app).post('/api/admin/years/reopen').set(bearer(logins.admin)).send({ year: CLOSED, reason: 'no' }).expect(422)).body.errors.reason).toBeTruthy();
    await request(app).post('/api/admin/years/reopen').set(bearer(logins.admin)).send({ year: CLOSED, reason: 'Errore in un incasso' }).expect(200);
    expect(await yearOf(CLOSED)).toMatchObject({ state: 'open', reopened: { reason: 'Errore in un incasso', by: expect.any(String) } });
    const logged = await db.auditLog.findMany({ where: { entityType: 'closed_years' }, orderBy: { id: 'asc' } });
    expect(logged.map((row) => row.action)).toEqual(['close', 'reopen']);
    await request(app).post('/api/admin/expenses').set(bearer(logins.admin)).send(expense(`${CLOSED}-03-10`)).expect(201);
    await request(app).post('/api/admin/years/reopen').set(bearer(logins.admin)).send({ year: CLOSED, reason: 'Ancora una volta' }).expect(409);
  });
});
