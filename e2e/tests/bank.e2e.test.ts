// The bank in Chromium (docs/annual-accounts.md#the-bank): at 1280 px the treasurer (an admin) imports a
// CAMT.053 statement on /admin/banca, confirms the two transfers proposed by their payers' names (each pays
// a camp's deposit, with its receipt) and assigns the bank's fee to "Commissioni bancarie" in two clicks,
// until the ledger's bank balance equals the statement's; at 390 px a parent opens "Paga con bonifico" on
// /profilo and sees the QR code, the IBAN and the RF reference of the deposit. Screenshots at both widths.
import { camt053 } from '@beach/api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { apiCaller } from '../src/api-as.js';
import { importConfirmAndAssignFee } from '../src/bank-statement.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const IBAN = 'IT60X0542811101000000123456';
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const today = romeToday();
const dayFromToday = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

const callAs = apiCaller(ctx);

/** A camp week three weeks ahead: 150 €, a 50 € deposit due now and the balance in five days. */
async function createCamp() {
  const { db } = ctx.stack;
  const court = await db.court.findFirstOrThrow({ where: { code: 'D1' } });
  const course = await db.course.create({
    data: {
      name: 'Centro estivo bonifici', offer: 'camp', minAge: 6, maxAge: 14, startsOn: new Date(`${dayFromToday(21)}T00:00:00Z`), endsOn: new Date(`${dayFromToday(25)}T00:00:00Z`),
      recurrence: 'FREQ=DAILY', startTime: '09:00', durationMinutes: 480, maxParticipants: 20, priceCents: 15000, publishedAt: new Date(),
      depositCents: 5000, balanceDueOn: new Date(`${dayFromToday(5)}T00:00:00Z`), courts: { create: [{ courtId: court.id }] }, bands: { create: [{ minAge: 6, maxAge: 14, capacity: 20 }] },
    },
  });
  for (let days = 21; days <= 25; days += 1) {
    const startsAt = new Date(`${dayFromToday(days)}T08:00:00Z`);
    await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 8 * 3_600_000) } });
  }
  return course.id;
}

/** The parent's child, enrolled in the camp: pending, its 50 € deposit due. */
async function enrolChild(email: string, courseId: number) {
  const { db } = ctx.stack;
  const parent = await db.user.findUniqueOrThrow({ where: { email } });
  const child = await db.child.create({ data: { parentId: parent.id, firstName: 'Nico', lastName: parent.lastName, birthDate: new Date(`${dayFromToday(-9 * 365)}T00:00:00Z`) } });
  await callAs(email, 'POST', '/api/me/enrolments', { course_id: courseId, kind: 'course', child_id: child.id });
  return parent;
}

let statement: string;
beforeAll(async () => {
  await callAs('admin@demo.beach', 'PUT', '/api/admin/bank/account', { iban: IBAN, holder: 'ASD Beach Club Demo' });
  const camp = await createCamp();
  const staff = await enrolChild('staff@demo.beach', camp);
  // A second parent of a surname nobody else has, who signs in with the demo password.
  const { db } = ctx.stack;
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: 'staff@demo.beach' } });
  await db.user.create({ data: { email: 'ettore.bonifacio@e2e.test', firstName: 'Ettore', lastName: 'Bonifacio', passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
  const coach = await enrolChild('ettore.bonifacio@e2e.test', camp);
  await enrolChild('utente@demo.beach', camp);
  statement = camt053({
    iban: IBAN, id: 'E2E-1', openingCents: 50_000, from: today, to: today,
    lines: [
      { bankRef: 'E2E-001', on: today, cents: 5000, counterparty: `${staff.lastName} ${staff.firstName}`.toUpperCase(), remittance: 'acconto campo estivo' },
      { bankRef: 'E2E-002', on: today, cents: 5000, counterparty: `${coach.lastName} ${coach.firstName}`.toUpperCase(), remittance: 'centro estivo Nico' },
      { bankRef: 'E2E-003', on: today, cents: -350, remittance: 'COMMISSIONI BONIFICI' },
    ],
  });
});

describe('the bank, in Chromium', () => {
  it('the treasurer imports a statement at 1280 px, confirms two proposed matches and assigns the fee', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/banca', heading: 'Banca' });
    await importConfirmAndAssignFee(page, statement, { imported: () => screenshot(page, 'bank-statement-imported-1280') });
    expect(plain(await page.locator('dl[aria-label="Saldi"]').textContent())).toContain('Saldo nel registro596,50 €');
    await screenshot(page, 'bank-statement-matched-1280');
    await screenshotAtPhoneWidth(page, 'bank-statement-matched');
    const { db } = ctx.stack;
    const paid = await db.transaction.findMany({ where: { method: 'bank_transfer', status: 'completed', kind: 'enrolment' } });
    expect(paid.map((row) => row.amountCents)).toEqual([5000, 5000]);
    await page.close();
  });

  it('the treasurer saves the CSV columns and closes last year at 1280 px; the desk counts the till; the cash book shows the day', async () => {
    const lastYear = Number(romeToday().slice(0, 4)) - 1;
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/banca', heading: 'Banca' });
    const columns = page.getByRole('form', { name: 'Colonne del CSV' });
    await columns.getByLabel('Colonna della data').fill('Data contabile');
    await columns.getByLabel('Colonna dell’importo').fill('Importo');
    await columns.getByLabel('Colonna della controparte').fill('Ordinante');
    await columns.getByLabel('Colonna della causale').fill('Descrizione');
    await columns.getByRole('button', { name: 'Salva colonne' }).click();
    await page.getByText('Colonne del CSV salvate.').waitFor();
    await page.getByText('(salvate: usate per ogni CSV importato)').waitFor();

    const years = page.getByRole('region', { name: 'Esercizi' });
    await years.getByRole('button', { name: `Chiudi esercizio ${lastYear}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Chiudi esercizio' }).click();
    await page.getByText(`Esercizio ${lastYear} chiuso: nessun movimento può più avere una data al suo interno.`).waitFor();
    await years.getByRole('listitem', { name: `Esercizio ${lastYear}` }).getByText('Chiuso', { exact: true }).waitFor();
    await years.scrollIntoViewIfNeeded();
    await screenshot(page, 'bank-years-closed-1280');
    await screenshotAtPhoneWidth(page, 'bank-years-closed');
    expect(await ctx.stack.db.closedYear.count({ where: { startsOn: new Date(`${lastYear}-01-01T00:00:00Z`), reopenedAt: null } })).toBe(1);

    await page.goto(`${ctx.stack.webUrl}/admin`);
    const till = page.getByRole('region', { name: 'Conteggio di cassa' });
    await till.getByLabel('Contanti contati (€)').fill('12,50');
    await till.getByLabel('Nota (facoltativa)').fill('Chiusura serale');
    const dayBefore = romeToday();
    await till.getByRole('button', { name: 'Registra conteggio' }).click();
    await till.getByRole('status').getByText(/^Conteggio registrato/).waitFor();
    // The count belongs to the day in Rome it was made on: a run across midnight may have made it on either.
    const countedOn = [...new Set([dayBefore, romeToday()])].map((on) => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${on}T12:00:00Z`)));
    await till.getByRole('cell', { name: 'Chiusura serale' }).waitFor();
    await till.scrollIntoViewIfNeeded();
    await screenshot(till, 'till-count-1280');

    await page.goto(`${ctx.stack.webUrl}/admin/prima-nota`);
    const day = page.getByRole('region', { name: new RegExp(countedOn.join('|')) });
    await day.getByRole('cell', { name: /Differenza di cassa al conteggio n\. \d+: Chiusura serale/ }).waitFor();
    await screenshot(page, 'cash-book-1280');
    await page.close();
  });

  it('a parent at 390 px sees the QR code, the IBAN and the RF reference of the deposit', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/profilo', heading: 'Il mio profilo', width: PHONE.width });
    const enrolment = page.getByRole('listitem', { name: 'Centro estivo bonifici' });
    await enrolment.getByRole('button', { name: 'Paga con bonifico' }).click();
    await enrolment.getByRole('img', { name: 'Codice QR del bonifico' }).waitFor();
    expect(plain(await enrolment.textContent())).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(plain(await enrolment.getByLabel('Riferimento RF').textContent())).toMatch(/^RF\d{2}( [A-Z0-9]{1,4})+$/);
    expect(plain(await enrolment.textContent())).toContain('50,00 €');
    await enrolment.scrollIntoViewIfNeeded();
    await screenshot(enrolment, 'bank-transfer-qr-390');
    await page.close();
  });
});
