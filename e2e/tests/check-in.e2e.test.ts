// Check-in at the desk in Chromium with a camera: the camera is a video of the member's real card QR
// (the verification address their card list gives), the screen reads it by itself, shows the verdict,
// records the entrance and lists it; the dashboard counts it. Without the camera permission, or without a
// camera, the screen says so in Italian and the typed card number still works.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchCameraBrowser, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { writeQrVideo } from '../src/fake-camera.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const romeDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offsetDays * 86_400_000));

let camera: Browser;
let videoDir: string;
let card: { id: number; number: string };

beforeAll(async () => {
  const { db, webUrl } = ctx.stack;
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${Number(romeDay(0).slice(0, 4))}) AS number`;
  const membership = await db.membership.create({
    data: {
      membershipNumber: issued!.number, userId: member.id, type: 'seasonal', status: 'active', activatedAt: new Date(),
      startDate: new Date(`${romeDay(-10)}T00:00:00Z`), endDate: new Date(`${romeDay(30)}T00:00:00Z`),
      originalPriceCents: 6000, priceCents: 6000, qrCode: randomBytes(24).toString('base64url'),
    },
  });
  card = { id: membership.id, number: membership.membershipNumber };
  await postHistory(db);

  // The QR exactly as the member's card carries it: the address from the member's own card list.
  const login = await fetch(`${webUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'utente@demo.beach', password: 'Demo2026!', remember: false }) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const mine = (await (await fetch(`${webUrl}/api/memberships/mine`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: number; verify_url: string }[] };
  const verifyUrl = mine.data.find((entry) => entry.id === card.id)!.verify_url;
  expect(verifyUrl).toBe(`${webUrl}/verifica-tessera/${membership.qrCode}`);

  videoDir = mkdtempSync(join(tmpdir(), 'beach-camera-'));
  const video = join(videoDir, 'tessera.y4m');
  writeQrVideo(verifyUrl, video);
  camera = await launchCameraBrowser(video);
});

afterAll(async () => {
  await camera?.close();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

describe('check-in at the desk, in Chromium with a camera', () => {
  it('reads the card shown to the camera, records the entrance once and counts it', async () => {
    const { webUrl, db } = ctx.stack;
    const page = await openSignedIn(camera, webUrl, { email: 'staff@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' });
    await page.context().grantPermissions(['camera'], { origin: webUrl });
    const said: string[] = [];
    page.on('console', (message) => void said.push(`${message.type()}: ${message.text()}`));
    await page.goto(`${webUrl}/admin/check-in`);
    await page.getByRole('heading', { name: 'Check-in ingressi', level: 1 }).waitFor();

    // Nobody types anything: the camera's picture is the card's QR.
    const verdict = page.locator('section[aria-labelledby="verdict-title"]');
    await page.getByRole('heading', { name: 'Tessera valida', level: 2 }).waitFor().catch(async (error: Error) => {
      // What the screen and its camera were doing, to tell a reading that never came from a wrong verdict.
      const camera = await page.evaluate(() => {
        const video = document.querySelector('video');
        const tracks = (video?.srcObject as MediaStream | null)?.getTracks().map((track) => `${track.readyState}${track.muted ? ' muted' : ''}`);
        return { readyState: video?.readyState, currentTime: video?.currentTime, paused: video?.paused, size: `${video?.videoWidth}x${video?.videoHeight}`, tracks, visibility: document.visibilityState };
      });
      await screenshot(page, 'check-in-no-verdict-1280');
      throw new Error(`${error.message}\ncamera: ${JSON.stringify(camera)}\nscreen: ${await page.locator('main').textContent()}\nconsole: ${said.join(' | ')}`);
    });
    await expect.poll(() => verdict.textContent()).toContain('Giulia R.');
    expect(await verdict.textContent()).toContain(card.number);
    expect(await verdict.textContent()).toContain('Prenotazione di oggiNessuna');
    await screenshot(page, 'check-in-valid-1280');

    await page.getByRole('button', { name: 'Registra ingresso' }).click();
    await page.getByText('Ingresso registrato: Giulia R.').waitFor();
    const entrances = page.getByRole('list', { name: 'Ingressi' });
    await expect.poll(() => entrances.textContent()).toContain(card.number);
    expect(await entrances.textContent()).toContain('Fila B');
    expect(await page.locator('dl[aria-label="Conteggi"]').textContent()).toContain('Totale1');
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(1);

    await page.setViewportSize(PHONE);
    await screenshot(page, 'check-in-valid-390');
    // The card still in front of the camera is the same showing: read once, not recorded again.
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(1);

    await page.setViewportSize(DESKTOP);
    await page.goto(`${webUrl}/admin`);
    const entrancesCard = page.getByRole('group', { name: 'Ingressi di oggi' });
    await expect.poll(() => entrancesCard.textContent()).toBe('Ingressi di oggi1');
    await page.context().close();
  });

  it('explains a refused camera in Italian, and the typed number still reads the card', async () => {
    const { webUrl, db } = ctx.stack;
    // A context without the camera permission: headless Chromium refuses the prompt.
    const page = await openSignedIn(camera, webUrl, { email: 'staff@demo.beach', path: '/admin/check-in', heading: 'Check-in ingressi', width: PHONE.width });
    await page.getByRole('button', { name: 'Attiva la fotocamera' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Accesso alla fotocamera negato' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('scrivi il numero della tessera');

    const number = page.getByRole('textbox', { name: 'Numero tessera' });
    await number.fill('T2031-99999');
    await page.getByRole('button', { name: 'Verifica' }).click();
    await page.getByRole('heading', { name: 'Tessera sconosciuta', level: 2 }).waitFor();
    expect(await page.locator('section[aria-labelledby="verdict-title"]').textContent()).toContain('Nessuna tessera corrisponde a questo codice');

    await number.fill(` ${card.number.toLowerCase()} `);
    await page.getByRole('button', { name: 'Verifica' }).click();
    await page.getByRole('heading', { name: 'Tessera valida', level: 2 }).waitFor();
    await page.getByText(/^Già entrato oggi alle \d\d:\d\d$/).waitFor();
    await page.getByRole('button', { name: 'Registra ingresso' }).click();
    await page.getByText(/^Ingresso già registrato alle \d\d:\d\d: non viene contato due volte\.$/).waitFor();
    expect(await db.checkIn.count({ where: { membershipId: card.id } })).toBe(1);
    await screenshot(page, 'check-in-refused-camera-390');
    await page.context().close();
  });

  it('says so when the device has no camera at all', async () => {
    // The run's shared Chromium has no camera, fake or real; the permission is granted, so it starts at once.
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' });
    await page.context().grantPermissions(['camera'], { origin: ctx.stack.webUrl });
    await page.goto(`${ctx.stack.webUrl}/admin/check-in`);
    const missing = page.getByRole('alert').filter({ hasText: 'Nessuna fotocamera trovata' });
    await missing.waitFor();
    expect(await missing.textContent()).toContain('scrivi il numero della tessera');
    await page.context().close();
  });
});
