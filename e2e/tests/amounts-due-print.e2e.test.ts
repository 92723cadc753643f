// The desk's print of what a member owes (docs/annual-accounts.md#paying-by-transfer), in Chromium at 1280 px:
// staff open "Importi da pagare" from the member's card in /admin/users, see the tournament part with the
// association's IBAN, the amount and the RF reference, and in print media the controls, the site's header and
// footer are gone while the EPC QR code stays; the QR code is read back from the printed page's pixels and
// carries the EPC069-12 fields.
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { apiCaller } from '../src/api-as.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const IBAN = 'IT60X0542811101000000123456';
const HOLDER = 'ASD Beach Club Stampa';
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

const callAs = apiCaller(ctx);

/** What the QR code in `section` encodes, read from a screenshot of it as the page renders now (the browser decodes the PNG). */
async function qrOnScreen(page: Page, section: Locator) {
  const png = (await section.getByRole('img', { name: 'Codice QR del bonifico' }).screenshot()).toString('base64');
  const { width, height, pixels } = await page.evaluate(async (source) => {
    const image = new Image();
    image.src = `data:image/png;base64,${source}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return { width: canvas.width, height: canvas.height, pixels: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  }, png);
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data;
}

let memberId: number;
let tournamentId: number;
let tournamentName: string;
beforeAll(async () => {
  const { db } = ctx.stack;
  await callAs('admin@demo.beach', 'PUT', '/api/admin/bank/account', { iban: IBAN, holder: HOLDER });
  // A member holding a card, entered alone in a King of the Beach with a 25 € fee: their part is owed.
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: 'staff@demo.beach' } });
  const member = await db.user.create({ data: { email: 'rita.stampini@e2e.test', firstName: 'Rita', lastName: 'Stampini', passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
  memberId = member.id;
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2034) AS number`;
  const day = new Date(Date.now() + 10 * 86_400_000);
  await db.membership.create({
    data: { membershipNumber: issued!.number, userId: member.id, type: 'seasonal', status: 'active', startDate: new Date(Date.now() - 5 * 86_400_000), endDate: new Date(Date.now() + 60 * 86_400_000), originalPriceCents: 500, priceCents: 500, activatedAt: new Date() },
  });
  tournamentName = 'Re della spiaggia in stampa';
  const tournament = await db.tournament.create({
    data: {
      name: tournamentName, sport: 'beach_volley', category: 'open', format: 'king_of_the_beach', matchFormat: 'one_set_21', matchMinutes: 30, entryFeeCents: 2500, maxEntries: 8,
      registrationOpensAt: new Date(Date.now() - 60_000), registrationClosesAt: new Date(day.getTime() - 86_400_000), startsOn: day, endsOn: day, status: 'published',
    },
  });
  tournamentId = tournament.id;
  await callAs(member.email, 'POST', `/api/tournaments/${tournament.id}/entries`, { partner_email: null });
});

describe('the desk’s print of what a member owes, in Chromium', () => {
  it('shows each amount due with IBAN, amount and RF reference at 1280 px, and prints its EPC QR code, read back from the page', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: '/admin/users', heading: 'Gestione Utenti' });
    const search = page.getByLabel('Cerca');
    await search.fill('Stampini');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Apri la scheda di Rita Stampini' }).click();
    await page.getByRole('link', { name: 'Importi da pagare' }).click();
    await page.getByRole('heading', { name: 'Importi da pagare', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/users/${memberId}/da-pagare`);
    const part = page.getByRole('region', { name: `Quota torneo: ${tournamentName}` });
    await part.getByRole('img', { name: 'Codice QR del bonifico' }).waitFor();
    expect(plain(await part.textContent())).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(plain(await part.textContent())).toContain('25,00 €');
    const reference = plain(await part.getByLabel('Riferimento RF').textContent()).replace(/ /g, '');
    expect(reference).toMatch(/^RF\d{2}T\d+$/);
    await screenshot(page, 'amounts-due-1280');

    // On paper: the controls are left out, the QR code stays and still reads.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('button', { name: 'Stampa' }).isVisible()).toBe(false);
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    await screenshot(page, 'amounts-due-print');
    const payload = await qrOnScreen(page, part);
    expect(payload?.split('\n').slice(0, 10)).toEqual(['BCD', '002', '1', 'SCT', '', HOLDER, IBAN, 'EUR25.00', '', reference]);
    await page.close();
  });

  it('the member sees the same reference and QR code beside their part, in German at 390 px', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'rita.stampini@e2e.test', path: `/de/tornei/${tournamentId}`, heading: tournamentName, width: PHONE.width });
    await page.getByRole('button', { name: 'Per Überweisung zahlen' }).click();
    await page.getByRole('img', { name: 'QR-Code der Überweisung' }).waitFor();
    expect(plain(await page.getByLabel('RF-Referenz').textContent())).toMatch(/^RF\d{2} T\d+$/);
    expect(plain(await page.locator('main').textContent())).toContain('IT60 X054 2811 1010 0000 0123 456');
    await screenshot(page, 'tournament-part-transfer-de-390');
    await page.close();
  });
});
