// The installable web app on the production build (the same one `vite preview` serves every browser
// test): the manifest and its icons as Chromium's install check reads them, the service worker in
// control, and the member's card opening with no connection (the purchase form hidden, a screen that
// needs the server saying so instead of spinning) — until they log out.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@beach/api/testing';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { preview } from 'vite';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, forgetSession, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { WEB_DIST, WEB_ROOT } from '../src/build-web.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

// Chromium's install verdict is the whole browser's: the headless shell has no install check.
const ctx = useBrowserStack({ wholeChromium: true, serviceWorkers: 'allow', page: true });

/** Once the worker has precached the build and controls the page (it claims the page it was registered from). */
const serviceWorkerInControl = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });

/** Width and height from a PNG's header, after checking its signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** What the QR code image on the page encodes, read from its pixels. */
async function decodeQr(page: Page, alt: RegExp) {
  const image = page.getByRole('img', { name: alt });
  await image.waitFor();
  const { width, height, pixels } = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const size = 400;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(element, 0, 0, size, size);
    return { width: size, height: size, pixels: Array.from(context.getImageData(0, 0, size, size).data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data;
}

describe('installable app, in Chromium', () => {
  it('meets the install criteria: manifest with the centre name, PNG icons of the declared sizes (maskable too), service worker in control; the prerendered home stays the home', async () => {
    const { page } = ctx;
    const { webUrl } = ctx.stack;
    // The worker's registration code is fetched only after the page's load event: the first visit never waits on it.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const requestedBeforeLoad = new Promise<string[]>((resolve) => page.once('load', () => resolve([...requested])));
    await page.goto(webUrl);
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${webUrl}${manifestUrl}`);
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; lang: string; icons: Array<{ src: string; sizes: string; type: string; purpose: string }>; shortcuts: Array<{ name: string; url: string }> };
    expect(manifest).toMatchObject({ name: 'Adriatica Beach Arena', short_name: 'Adriatica', start_url: '/', scope: '/', display: 'standalone', lang: 'it' });
    // The installed app's title bar has the colour the site already declares.
    expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
    expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: 'La mia tessera', url: '/tesseramento' })]);
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(`${webUrl}${icon.src}`);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(icon.type).toBe('image/png');
      expect(pngSize(await image.body())).toBe(icon.sizes);
    }

    await serviceWorkerInControl(page);
    const registrationCode = (path: string) => /\/assets\/(update-prompt|workbox-window)[^/]*\.js$/.test(path);
    expect(requested.filter(registrationCode)).toHaveLength(2);
    expect((await requestedBeforeLoad).filter(registrationCode)).toEqual([]);
    const registration = await page.evaluate(async () => {
      const current = await navigator.serviceWorker.getRegistration();
      return { scope: current?.scope, script: current?.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${webUrl}/`, script: `${webUrl}/sw.js` });

    // Chromium's own verdict, as it decides whether to offer "Installa app".
    const cdp = await page.context().newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    // The one objection left is the test's own: a Playwright context is an off-the-record profile, where
    // Chromium never offers installation. Manifest, icons, worker and secure origin all pass.
    expect(installabilityErrors.map(({ errorId }) => errorId)).toEqual(['in-incognito']);
    await cdp.detach();

    // Reloaded through the worker: "/" is still the prerendered home page, an app address the empty shell.
    const home = await page.reload();
    expect(home!.fromServiceWorker()).toBe(true);
    expect(await home!.text()).toContain('data-prerendered="/"');
    await page.getByRole('heading', { name: 'Adriatica Beach Arena', level: 1 }).waitFor();
    const shell = await page.goto(`${webUrl}/prenotazioni`);
    expect(shell!.fromServiceWorker()).toBe(true);
    expect(await shell!.text()).toContain('<div id="root"></div>');
    // The API is never answered by the worker.
    const health = await page.goto(`${webUrl}/api/health`);
    expect(health!.fromServiceWorker()).toBe(false);
  });

  it('the active card opens offline after one online visit, with its QR code and when it was refreshed; logging out leaves nothing to show', async () => {
    const { page } = ctx;
    const { webUrl, db } = ctx.stack;
    const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(2026) AS number`;
    const token = 'offline-card-qr_token-0123456789';
    const today = new Date();
    await db.membership.create({
      data: {
        membershipNumber: issued!.number, userId: member.id, type: 'seasonal', status: 'active', activatedAt: new Date(), qrCode: token,
        startDate: new Date(today.getTime() - 10 * 86_400_000), endDate: new Date(today.getTime() + 20 * 86_400_000), originalPriceCents: 6000, priceCents: 6000,
      },
    });
    await postHistory(db);
    const card = await db.membership.findFirstOrThrow({ where: { qrCode: token } });
    const validity = (date: Date) => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

    // Online, signed in: the page is opened once.
    await forgetSession(page, webUrl);
    const before = Date.now();
    await page.goto(`${webUrl}/login?redirect=${encodeURIComponent('/tesseramento')}`);
    await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
    await page.getByLabel('E-mail').fill('utente@demo.beach');
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByRole('heading', { name: 'Tesseramento', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('article', { name: card.membershipNumber }).textContent()).toContain('Attiva');
    // Online, the card is renewed from here.
    const purchaseForm = page.getByRole('heading', { name: /^(Richiedi una tessera|Rinnova la tessera)$/, level: 2 });
    await purchaseForm.waitFor();
    await serviceWorkerInControl(page);
    const savedAt = await page.evaluate(() => (JSON.parse(localStorage.getItem('offline_cards') ?? 'null') as { saved_at: string } | null)?.saved_at);
    expect(new Date(savedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(savedAt!).getTime()).toBeLessThanOrEqual(Date.now());
    // Nothing of the member's is in the worker's caches: only the build.
    const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)))).flat());
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => url.includes('/api/'))).toEqual([]);

    // No connection: the page reopens from the worker and shows the saved card.
    await page.context().setOffline(true);
    const reopened = await page.reload();
    expect(reopened!.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Tesseramento', level: 1 }).waitFor();
    const offlineCard = page.getByRole('article', { name: card.membershipNumber });
    await offlineCard.waitFor();
    const refreshed = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(savedAt!));
    await page.getByText(`aggiornata il ${refreshed}`).waitFor();
    await page.getByText('Sei senza connessione', { exact: true }).waitFor();
    const text = await offlineCard.textContent();
    for (const shown of ['Giulia Rossi', card.membershipNumber, 'Tessera stagionale', `Valida dal ${validity(card.startDate)} al ${validity(card.endDate)}`]) expect(text).toContain(shown);
    expect(await decodeQr(page, new RegExp(`QR code della tessera ${card.membershipNumber}`))).toBe(`${webUrl}/verifica-tessera/${token}`);
    // Nothing can be bought without a connection: no form.
    expect(await purchaseForm.count()).toBe(0);
    expect(await page.getByLabel('Codice fiscale').count()).toBe(0);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'offline-card-1280');
    await screenshotAtPhoneWidth(page, 'offline-card');

    // A screen that needs the server says there is no connection, instead of spinning.
    const offlineScreen = await page.goto(`${webUrl}/prenotazioni`);
    expect(offlineScreen!.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Prenota un campo', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Sei senza connessione: la pagina si aggiorna appena torni online.' }).first().waitFor();
    expect(await page.locator('main .animate-spin').count()).toBe(0);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'offline-bookings-1280');
    await screenshotAtPhoneWidth(page, 'offline-bookings');

    // Back online, the member logs out; offline again, the page has no card to show.
    await page.context().setOffline(false);
    await page.goto(`${webUrl}/tesseramento`);
    await expect.poll(() => page.getByRole('article', { name: card.membershipNumber }).textContent()).toContain('Attiva');
    await page.getByRole('button', { name: 'Menu profilo di Giulia' }).click();
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
    const stored = await page.evaluate(() => ({ card: localStorage.getItem('offline_cards'), all: JSON.stringify({ ...localStorage }) }));
    expect(stored.card).toBeNull();
    expect(stored.all).not.toContain(card.membershipNumber);
    expect(stored.all).not.toContain(token);
    await page.context().setOffline(true);
    const afterLogout = await page.goto(`${webUrl}/tesseramento`);
    expect(afterLogout!.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
    expect(await page.getByText(card.membershipNumber).count()).toBe(0);
    await page.context().setOffline(false);
  });

  it('a new version is picked up without clearing any cache: the member is offered "Aggiorna", and the page reloads under the new worker', async () => {
    // A copy of the build on a server of its own, so the new version reaches no other test's pages.
    const dir = mkdtempSync(join(tmpdir(), 'beach-pwa-update-'));
    cpSync(WEB_DIST, dir, { recursive: true });
    const port = await freePort();
    const server = await preview({ root: WEB_ROOT, logLevel: 'warn', build: { outDir: dir }, preview: { port, strictPort: true, host: '127.0.0.1', proxy: { '/api': ctx.stack.webUrl } } });
    const context = await ctx.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await serviceWorkerInControl(page);
      const prompt = page.getByRole('status').filter({ hasText: 'È disponibile una nuova versione del sito.' });
      expect(await prompt.count()).toBe(0);

      // The next release: a worker that also answers which version it is.
      appendFileSync(join(dir, 'sw.js'), `\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.source.postMessage('next'); });\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await prompt.waitFor({ timeout: 30_000 });
      await screenshot(page, 'pwa-update-prompt-1280', { fullPage: false });
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Aggiorna' }).click()]);

      const version = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data as string));
            navigator.serviceWorker.controller!.postMessage('version?');
          }),
      );
      expect(version).toBe('next');
      expect(await prompt.count()).toBe(0);
    } finally {
      await context.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
