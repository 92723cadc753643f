// Two imports of one account at once (docs/annual-accounts.md#the-bank): the second is refused at once with an
// Italian 409 and writes nothing, instead of waiting inside its transaction until its time runs out (a 500). The
// first import is played by a session of the test that holds the account's import lock.
import type { TBankImportResult } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { camt053 } from './camt-fixture.js';
import { IMPORT_ERRORS } from './statement-import.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const IBAN = 'IT60X0542811101000000123456';
const day = addDays(todayInRome(), -1);

let admin: string;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
  await request(app).put('/api/admin/bank/account').set(bearer(admin)).send({ iban: IBAN, holder: 'ASD Beach Club' }).expect(200);
});

describe('imports of one account', () => {
  it('take turns: while another holds the account, the import answers 409 and writes nothing; then it imports', async () => {
    // Balanced: its one line is the opening balance's only movement, assigned at the end.
    const file = Buffer.from(camt053({ iban: IBAN, id: 'STMT-TURNS', openingCents: 10_000, from: day, to: day, lines: [{ bankRef: 'T-1', on: day, cents: -250, remittance: 'COMMISSIONI' }] }));
    const upload = () => request(app).post('/api/admin/bank/statements').set(bearer(admin)).attach('file', file, { filename: 'estratto.xml', contentType: 'application/xml' });

    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`bank:${IBAN}`}))`;
      const refused = await upload().expect(409);
      expect(refused.body.errors.file).toEqual([IMPORT_ERRORS.busy]);
    }, { timeout: 120_000 });
    expect(await db.bankStatement.count()).toBe(0);
    expect(await db.bankLine.count()).toBe(0);

    expect((await upload().expect(200)).body as TBankImportResult).toMatchObject({ lines_added: 1, lines_known: 0 });
    const [line] = await db.bankLine.findMany({ where: { iban: IBAN } });
    await request(app).post(`/api/admin/bank/lines/${line!.id}/assign`).set(bearer(admin)).send({ category: 'bank_fees' }).expect(200);
  });
});
