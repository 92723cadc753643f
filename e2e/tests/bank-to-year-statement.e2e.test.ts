// The treasurer's journey of issue 53 in one go, in Chromium at 1280 px (docs/annual-accounts.md): two
// members asked for a monthly card and paid it by transfer without a reference; the treasurer imports the
// day's CAMT.053 statement on /admin/banca, confirms the two matches proposed by the payers' names (each card
// paid and activated, with its receipt), assigns the bank's fee in two clicks, then prints the year's
// statement on /admin/rendiconto — the fee on its Mod. D line, on screen and in the PDF for the assembly.
import { camt053 } from '@beach/api/testing';
import codiceFiscale from 'codice-fiscale-js';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, keepFile, openSignedIn, screenshot } from '../src/browser.js';
import { apiCaller } from '../src/api-as.js';
import { importConfirmAndAssignFee } from '../src/bank-statement.js';
import { useBrowserStack } from '../src/stack.js';

const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };
const ctx = useBrowserStack();
const callAs = apiCaller(ctx);
const IBAN = 'IT60X0542811101000000123456';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
// A monthly card starts in the season (default settings: 1 May - 30 September), not in the past.
const seasonStart = `${today > `${today.slice(0, 4)}-09-30` ? Number(today.slice(0, 4)) + 1 : today.slice(0, 4)}-05-01`;
const cardStart = today < seasonStart ? seasonStart : today;

/** A member of a surname nobody else has, signing in with the demo password, who asks for a monthly card: its price in cents. */
async function cardAskedBy(firstName: string, lastName: string) {
  const { db } = ctx.stack;
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const email = `${lastName.toLowerCase()}@e2e.test`;
  await db.user.create({ data: { email, firstName, lastName, passwordHash, birthDate: new Date('1990-01-01T00:00:00Z'), emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
  const fiscalCode = CodiceFiscale.compute({ name: firstName, surname: lastName, gender: 'M', day: 1, month: 1, year: 1990, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
  const { membership } = await callAs<{ membership: { price: string } }>(email, 'POST', '/api/memberships', { type: 'monthly', start_date: cardStart, fiscal_code: fiscalCode });
  return Math.round(Number(membership.price) * 100);
}

let statement: string;
beforeAll(async () => {
  await callAs('admin@demo.beach', 'PUT', '/api/admin/bank/account', { iban: IBAN, holder: 'ASD Beach Club Demo' });
  const [first, second] = [await cardAskedBy('Ottavio', 'Zanzottera'), await cardAskedBy('Primo', 'Quaglierini')];
  statement = camt053({
    iban: IBAN, id: 'E2E-YEAR-1', openingCents: 100_000, from: today, to: today,
    lines: [
      { bankRef: 'E2E-Y-001', on: today, cents: first, counterparty: 'ZANZOTTERA OTTAVIO', remittance: 'tessera mensile' },
      { bankRef: 'E2E-Y-002', on: today, cents: second, counterparty: 'QUAGLIERINI PRIMO', remittance: 'tessera' },
      { bankRef: 'E2E-Y-003', on: today, cents: -350, remittance: 'COMMISSIONI BONIFICI' },
    ],
  });
});

describe('from the bank statement to the year’s statement, in Chromium', () => {
  it('the treasurer imports the statement, confirms two proposed matches, assigns the fee and prints the year’s statement with it, at 1280 px', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/banca', heading: 'Banca' });
    await importConfirmAndAssignFee(page, statement);
    await screenshot(page, 'bank-to-year-statement-bank-1280');
    // Each card paid by transfer, with its receipt, and active (the checkout its request opened closed unpaid).
    const { db } = ctx.stack;
    const cards = await db.membership.findMany({ where: { user: { email: { in: ['zanzottera@e2e.test', 'quaglierini@e2e.test'] } } }, include: { transactions: { where: { status: 'completed' }, include: { receipt: true } } } });
    expect(cards.map((card) => [card.status, card.transactions.map((paid) => [paid.method, paid.status, paid.receipt !== null])])).toEqual([
      ['active', [['bank_transfer', 'completed', true]]],
      ['active', [['bank_transfer', 'completed', true]]],
    ]);

    await page.goto(`${ctx.stack.webUrl}/admin/rendiconto`);
    await page.getByRole('heading', { name: 'Rendiconto', level: 1 }).waitFor();
    const financial = page.getByRole('table', { name: 'D) Uscite da attività finanziarie e patrimoniali' });
    const fees = financial.getByRole('button', { name: /scritture di 1\) Su rapporti bancari$/ });
    await fees.waitFor();
    expect(plain(await fees.textContent())).toBe('3,50 €');
    await screenshot(page, 'bank-to-year-statement-accounts-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF per l’assemblea' }).click()]);
    const pdf = await downloadedBytes(download);
    keepFile('bank-to-year-statement.pdf', pdf);
    const parser = new PDFParse({ data: pdf });
    try {
      expect(plain((await parser.getText()).text)).toMatch(/1\) Su rapporti bancari 3,50\s€/);
    } finally {
      await parser.destroy();
    }
    await page.close();
  });
});
