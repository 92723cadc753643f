// A large statement through the real database (docs/annual-accounts.md#the-bank): a month of a busy account
// imports whole even when writing its lines is slow, as on a loaded machine — where a fixed 15 s transaction
// expired and the import answered 500. The slowness is a trigger that sleeps 16 s when the lines are
// written; the lines, their order and the statement's count are read back, and the file again adds nothing.
import type { TBankImportResult } from '@beach/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { camt053, type FixtureLine } from './camt-fixture.js';

const { app, db } = await useTestApp({}, { books: { reported: ['bank_statement'], because: 'its 3,000 imported lines are left for the treasurer to match (assigning them, one request each, would cost far more than the import it tests): the books do not hold them yet, and the bank check must say so' } });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const IBAN = 'IT60X0542811101000000123456';
const LINES = 3000;
/** Writing the lines takes this long: past the 15 s every other transaction of the API allows. */
const SLOW_WRITE_SECONDS = 16;

let admin: string;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  await request(app).put('/api/admin/bank/account').set(bearer(admin)).send({ iban: IBAN, holder: 'ASD Beach Club' }).expect(200);
  await db.$executeRawUnsafe(`CREATE FUNCTION slow_bank_lines() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(${SLOW_WRITE_SECONDS}); RETURN NULL; END $$`);
  await db.$executeRawUnsafe('CREATE TRIGGER slow_bank_lines BEFORE INSERT ON bank_lines FOR EACH STATEMENT EXECUTE FUNCTION slow_bank_lines()');
});
afterAll(async () => {
  await db.$executeRawUnsafe('DROP TRIGGER slow_bank_lines ON bank_lines');
});

describe('a month of a busy account', () => {
  it('imports whole, in the file’s order, when writing its lines takes longer than 15 s; the same file again adds nothing', async () => {
    const day = addDays(todayInRome(), -1);
    const lines: FixtureLine[] = Array.from({ length: LINES }, (_, index) =>
      index % 3 === 0
        ? { bankRef: `L-${index}`, on: day, cents: -(500 + index), counterparty: 'FORNITORE RETI SRL', remittance: `fattura ${index}` }
        : { bankRef: `L-${index}`, on: day, cents: 1000 + index, counterparty: `SOCIO SCONOSCIUTO ${index}`, remittance: `quota ${index}` },
    );
    const file = Buffer.from(camt053({ iban: IBAN, id: 'STMT-BIG', openingCents: 0, from: day, to: day, lines }));
    const upload = () => request(app).post('/api/admin/bank/statements').set(bearer(admin)).attach('file', file, { filename: 'estratto.xml', contentType: 'application/xml' });

    const result = (await upload().expect(200)).body as TBankImportResult;
    expect(result).toMatchObject({ lines_added: LINES, lines_known: 0 });
    const stored = await db.bankLine.findMany({ where: { iban: IBAN }, orderBy: { id: 'asc' }, select: { lineKey: true, amountCents: true, counterparty: true, bookedOn: true } });
    expect(stored.map((line) => [line.lineKey, line.amountCents, line.counterparty])).toEqual(lines.map((line) => [`ref:${line.bankRef}`, line.cents, line.counterparty]));
    expect(stored.every((line) => line.bookedOn.toISOString().startsWith(day))).toBe(true);
    expect(await db.bankStatement.findMany({ where: { iban: IBAN }, select: { linesAdded: true } })).toEqual([{ linesAdded: LINES }]);

    expect((await upload().expect(200)).body).toMatchObject({ lines_added: 0, lines_known: LINES });
    expect(await db.bankLine.count({ where: { iban: IBAN } })).toBe(LINES);
  }, 150_000);
});
