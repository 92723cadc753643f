// Receipts and the members' register in Chromium: a member downloads the receipt of a paid card from
// /tesseramento and of a paid booking from /le-mie-prenotazioni at phone width (the PDF read back);
// the admin fills in the association's details (an Italian error for a wrong fiscal code), opens the
// receipt from the transaction's detail, and exports the register as CSV (parsed) and as PDF.
import codiceFiscale from 'codice-fiscale-js';
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, downloadedBytes, keepFile, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };
const ctx = useBrowserStack();
const todayInRome = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const year = Number(todayInRome.slice(0, 4));
const fiscalCode = CodiceFiscale.compute({ name: 'Giulia', surname: 'Rossi', gender: 'F', day: 1, month: 1, year: 1990, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
const ASSOCIATION = 'ASD Riviera Beach';

async function pdfText(download: Download) {
  const parser = new PDFParse({ data: await downloadedBytes(download) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

async function tokenOf(email: string) {
  const response = await fetch(`${ctx.stack.webUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo2026!' }) });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function saved(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** The demo member's card (paid 60 € in cash) and a booking paid 40 € by POS: each gets its receipt. */
async function arrangePayments() {
  const { db } = ctx.stack;
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  await db.user.update({ where: { id: member.id }, data: { birthDate: new Date('1990-01-01T00:00:00Z') } });
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${year}) AS number`;
  const start = new Date(`${todayInRome}T00:00:00Z`);
  const card = await db.membership.create({
    data: { membershipNumber: issued!.number, userId: member.id, type: 'monthly', status: 'active', fiscalCode, startDate: start, endDate: new Date(start.getTime() + 29 * 86_400_000), originalPriceCents: 6000, priceCents: 6000, activatedAt: new Date() },
  });
  const cardPayment = await db.transaction.create({ data: { kind: 'membership', userId: member.id, membershipId: card.id, amountCents: 6000, method: 'cash', status: 'completed', paidAt: new Date() } });
  const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
  const play = new Date(Date.now() + 3 * 86_400_000);
  const booking = await db.booking.create({ data: { courtId: court.id, userId: member.id, startsAt: play, endsAt: new Date(play.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 4000 } });
  await db.transaction.create({ data: { kind: 'booking', userId: member.id, bookingId: booking.id, amountCents: 4000, method: 'card', status: 'completed', paidAt: new Date() } });
  // Their books: what the card and the booking owed, settled by their payments.
  await postHistory(db);
  const receipts = await db.receipt.findMany({ where: { transaction: { userId: member.id } }, orderBy: { number: 'asc' } });
  const number = (n: number) => `${year}/${String(n).padStart(6, '0')}`;
  return { card, cardPayment, cardReceipt: number(receipts[0]!.number), bookingReceipt: number(receipts[1]!.number) };
}

describe('receipts and the members’ register in Chromium', () => {
  let arranged: Awaited<ReturnType<typeof arrangePayments>>;

  it('admin: fills in the association’s details, refused first for a wrong fiscal code', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/associazione', heading: 'Dati dell’associazione' });
    // Empty receipt details: the admin is warned until they are saved.
    const warning = page.getByRole('alert').filter({ hasText: 'le ricevute sono emesse senza questi dati' });
    await warning.getByText('Mancano: sede legale, codice fiscale, e-mail, firmatario delle ricevute.').waitFor();
    await screenshot(page, 'association-warning-1280', { fullPage: false });
    await screenshotAtPhoneWidth(page, 'association-warning', { fullPage: false });
    await page.getByLabel('Denominazione').fill(ASSOCIATION);
    await page.getByLabel('Sede legale').fill('Lungomare Tintori 12, 47921 Rimini (RN)');
    await page.getByLabel('Codice fiscale').fill('91234560404');
    await page.getByLabel('Numero di iscrizione al RASD').fill('RASD-2026-77');
    await page.getByLabel('E-mail').fill('segreteria@riviera.example');
    await page.getByLabel('Firmatario delle ricevute').fill('Marta Ricci, presidente');
    await page.getByRole('button', { name: 'Salva dati' }).click();
    await page.getByText('Il codice fiscale è fatto di 11 cifre').waitFor();
    await screenshotAtPhoneWidth(page, 'association-error');
    await page.getByLabel('Codice fiscale').fill('91234560406');
    await page.getByRole('button', { name: 'Salva dati' }).click();
    await page.getByText('Dati dell’associazione salvati.').waitFor();
    await warning.waitFor({ state: 'detached' });
    await screenshot(page, 'association-1280');
    expect(await ctx.stack.db.association.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ name: ASSOCIATION, fiscalCode: '91234560406', rasdNumber: 'RASD-2026-77' });
    await page.close();
    // Paid only now: the minute job writes a receipt's PDF with the details of that moment, so payments
    // arranged before the save could be written with the old name if the job ran in between.
    arranged = await arrangePayments();
  });

  it('member at 390 px: downloads the receipts of the card and of the booking', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/tesseramento', heading: 'Tesseramento', width: PHONE.width });
    const card = page.getByRole('article', { name: arranged.card.membershipNumber });
    const cardReceipt = await saved(page, () => card.getByRole('button', { name: `Ricevuta n. ${arranged.cardReceipt}` }).click());
    expect(cardReceipt.suggestedFilename()).toBe(`ricevuta-${arranged.cardReceipt.replace('/', '-')}.pdf`);
    const text = await pdfText(cardReceipt);
    for (const expected of [ASSOCIATION, 'C.F. 91234560406', `Ricevuta n. ${arranged.cardReceipt}`, 'Giulia Rossi', fiscalCode, 'Quota associativa', '60,00 €', 'Contanti']) expect(text).toContain(expected);
    await screenshot(page, 'receipt-membership-390');

    await page.goto(`${ctx.stack.webUrl}/le-mie-prenotazioni`);
    const bookingReceipt = await saved(page, () => page.getByRole('button', { name: `Ricevuta n. ${arranged.bookingReceipt}` }).click());
    const bookingText = await pdfText(bookingReceipt);
    for (const expected of [`Ricevuta n. ${arranged.bookingReceipt}`, 'Prenotazione campo', '40,00 €', 'Carta (POS)']) expect(bookingText).toContain(expected);
    await screenshot(page, 'receipt-booking-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${ctx.stack.webUrl}/tesseramento`);
    await card.getByRole('button', { name: `Ricevuta n. ${arranged.cardReceipt}` }).waitFor();
    await screenshot(page, 'receipt-membership-1280');
    await page.close();
  });

  it('member at 390 and 1280 px: every receipt on /profilo (top-ups under the credit, the carnet under the carnets); the stamp duty above 77,47 € only', async () => {
    const { db, webUrl } = ctx.stack;
    const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const desk = async (path: string, body: unknown) => {
      const response = await fetch(`${webUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf('admin@demo.beach')}` }, body: JSON.stringify(body) });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return response.json() as Promise<{ id?: number }>;
    };
    // A 100 € and a 50 € top-up at the desk, and a carnet of 5 uses for 90 €: money received, each its receipt.
    await desk(`/api/admin/users/${member.id}/credit/top-up`, { amount: '100', method: 'cash' });
    await desk(`/api/admin/users/${member.id}/credit/top-up`, { amount: '50', method: 'card' });
    const product = await desk('/api/admin/carnet-products', { name: 'Carnet 5 ingressi', uses: '5', band: 'any', covers: 'share', court_ids: [], price: '90', valid_from: todayInRome, valid_until: `${year}-12-31`, is_active: true });
    await desk(`/api/admin/users/${member.id}/carnets`, { product_id: String(product.id), method: 'cash' });
    const receipts = await db.receipt.findMany({ where: { transaction: { userId: member.id, kind: { in: ['credit', 'carnet'] } } }, include: { transaction: true }, orderBy: { number: 'asc' } });
    const number = (cents: number, kind: string) => {
      const receipt = receipts.find((row) => row.transaction.amountCents === cents && row.transaction.kind === kind)!;
      return `${receipt.year}/${String(receipt.number).padStart(6, '0')}`;
    };
    const [hundred, fifty, carnet] = [number(10000, 'credit'), number(5000, 'credit'), number(9000, 'carnet')];

    const page = await openSignedIn(ctx.browser, webUrl, { email: 'utente@demo.beach', path: '/profilo', heading: 'Il mio profilo', width: PHONE.width });
    const list = page.getByRole('region', { name: 'Le mie ricevute' });
    for (const receipt of [hundred, fifty, carnet, arranged.cardReceipt, arranged.bookingReceipt]) await list.getByRole('button', { name: `Ricevuta n. ${receipt}` }).waitFor();
    await page.getByRole('region', { name: 'Il mio credito' }).getByRole('button', { name: `Ricevuta n. ${hundred}` }).waitFor();
    await page.getByRole('region', { name: 'I miei carnet' }).getByRole('button', { name: `Ricevuta n. ${carnet}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'my-receipts-390', { fullPage: false });

    const withDuty = await saved(page, () => list.getByRole('button', { name: `Ricevuta n. ${hundred}` }).click());
    const bytes = await downloadedBytes(withDuty);
    keepFile('receipt-top-up-100.pdf', bytes);
    const text = await pdfText(withDuty);
    for (const expected of [`Ricevuta n. ${hundred}`, 'Ricarica', '100,00 €', 'IMPOSTA DI BOLLO', 'Assolta: 2,00 €']) expect(text).toContain(expected);
    const without = await saved(page, () => page.getByRole('region', { name: 'Il mio credito' }).getByRole('button', { name: `Ricevuta n. ${fifty}` }).click());
    keepFile('receipt-top-up-50.pdf', await downloadedBytes(without));
    const fiftyText = await pdfText(without);
    expect(fiftyText).toContain('50,00 €');
    expect(fiftyText).not.toContain('IMPOSTA DI BOLLO');
    const carnetText = await pdfText(await saved(page, () => page.getByRole('region', { name: 'I miei carnet' }).getByRole('button', { name: `Ricevuta n. ${carnet}` }).click()));
    for (const expected of ['Carnet 5 ingressi', '90,00 €', 'Assolta: 2,00 €']) expect(carnetText).toContain(expected);
    // The card's membership fee is exempt.
    expect(await pdfText(await saved(page, () => list.getByRole('button', { name: `Ricevuta n. ${arranged.cardReceipt}` }).click()))).not.toContain('IMPOSTA DI BOLLO');

    await page.setViewportSize(DESKTOP);
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'my-receipts-1280', { fullPage: false });
    await screenshot(page, 'profile-receipts-1280');
    await page.close();
  });

  it('admin: the transaction’s detail has its receipt, and the register exports as CSV and PDF', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/transactions', heading: 'Transazioni' });
    await page.getByRole('button', { name: `Dettagli del movimento n. ${arranged.cardPayment.id}` }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText(`Ricevuta n. ${arranged.cardReceipt}`).first().waitFor();
    const fromDesk = await saved(page, () => detail.getByRole('button', { name: `Ricevuta n. ${arranged.cardReceipt}` }).click());
    expect(fromDesk.suggestedFilename()).toBe(`ricevuta-${arranged.cardReceipt.replace('/', '-')}.pdf`);
    await screenshot(page, 'transaction-receipt-1280', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${ctx.stack.webUrl}/admin/libro-soci`);
    await page.getByRole('heading', { name: 'Libro soci', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: arranged.card.membershipNumber });
    await row.waitFor();
    expect(await row.textContent()).toContain('RIMINI (RN)');
    await screenshot(page, 'members-register-1280');
    await screenshotAtPhoneWidth(page, 'members-register');

    const csv = await saved(page, () => page.getByRole('button', { name: 'Esporta CSV' }).click());
    expect(csv.suggestedFilename()).toBe(`libro-soci-${year}.csv`);
    const rows = parse((await downloadedBytes(csv)).toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    expect(rows).toContainEqual(expect.objectContaining({ 'Numero tessera': arranged.card.membershipNumber, Cognome: 'Rossi', Nome: 'Giulia', 'Codice fiscale': fiscalCode, 'Luogo di nascita': 'RIMINI (RN)', 'Data di nascita': '01/01/1990', 'Tipo di tessera': 'Mensile' }));

    const pdf = await saved(page, () => page.getByRole('button', { name: 'PDF da stampare' }).click());
    const text = await pdfText(pdf);
    for (const expected of [ASSOCIATION, `Libro soci · stagione ${year}`, arranged.card.membershipNumber, 'Pagina 1 di 1']) expect(text).toContain(expected);
    await page.close();
  });
});
