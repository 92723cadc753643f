// The medical certificate at the check-in desk in Chromium: while an admin has "richiedi certificato
// valido" on, the desk types the card number of a member without a valid certificate and sees its state
// and a warning; once staff record a verified certificate on the member's page, the same card reads
// without the warning. The setting is switched back off whatever happens.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const MEMBER = { email: 'utente@demo.beach', name: 'Giulia Rossi' };
const WARNING = 'Certificato medico mancante: non può giocare finché non ne presenta uno valido.';
const romeDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offsetDays * 86_400_000));

let cardNumber: string;
let adminToken: string;

async function saveRequireValidCertificate(on: boolean) {
  const response = await fetch(`${ctx.stack.webUrl}/api/admin/certificates/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ require_valid_certificate: on }),
  });
  expect(response.status).toBe(200);
}

/** Types the card number on the check-in screen and waits for the verdict of a valid card. */
async function lookUpCard(page: Page) {
  await page.goto(`${ctx.stack.webUrl}/admin/check-in`);
  await page.getByRole('heading', { name: 'Check-in ingressi', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Numero tessera' }).fill(cardNumber);
  await page.getByRole('button', { name: 'Verifica' }).click();
  await page.getByRole('heading', { name: 'Tessera valida', level: 2 }).waitFor();
  return page.locator('section[aria-labelledby="verdict-title"]');
}

beforeAll(async () => {
  const { db, webUrl } = ctx.stack;
  const member = await db.user.findUniqueOrThrow({ where: { email: MEMBER.email } });
  const membership = await db.membership.create({
    data: {
      membershipNumber: `T${romeDay(0).slice(0, 4)}-09001`, userId: member.id, type: 'seasonal', status: 'active', activatedAt: new Date(),
      startDate: new Date(`${romeDay(-10)}T00:00:00Z`), endDate: new Date(`${romeDay(60)}T00:00:00Z`), originalPriceCents: 6000, priceCents: 6000,
    },
  });
  cardNumber = membership.membershipNumber;
  await postHistory(db);
  const login = await fetch(`${webUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.beach', password: 'Demo2026!', remember: false }) });
  adminToken = ((await login.json()) as { access_token: string }).access_token;
});

// Other tests of the run's browser must find the setting as it ships: off.
afterAll(() => saveRequireValidCertificate(false));

describe('the medical certificate at check-in, in Chromium', () => {
  it('warns the desk while "richiedi certificato valido" is on and the holder has none; not once one is recorded', async () => {
    await saveRequireValidCertificate(true);
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' });

    const verdict = await lookUpCard(page);
    await expect.poll(() => verdict.textContent()).toContain('Certificato medicoMancante');
    const warning = page.getByRole('alert').filter({ hasText: 'Certificato medico' });
    expect(await warning.textContent()).toBe(WARNING);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'check-in-certificate-warning-1280');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'check-in-certificate-warning-390');
    await page.setViewportSize(DESKTOP);

    // The member brings a paper certificate: the desk records it on the member's page, verified at once.
    await page.goto(`${ctx.stack.webUrl}/admin/users`);
    await page.getByRole('heading', { name: 'Gestione Utenti', level: 1 }).waitFor();
    await page.getByLabel('Cerca').fill(MEMBER.name);
    await page.getByLabel('Cerca').press('Enter');
    await page.getByRole('button', { name: `Apri la scheda di ${MEMBER.name}` }).click();
    const certificate = page.getByRole('dialog', { name: MEMBER.name }).getByRole('region', { name: 'Certificato medico' });
    await certificate.getByRole('button', { name: 'Registra un certificato' }).click();
    await certificate.getByLabel('Tipo di certificato').selectOption('non_agonistico');
    await certificate.getByLabel('Medico o centro che l’ha rilasciato').fill('Centro di medicina sportiva Lido');
    await certificate.getByLabel('Data di rilascio').fill(romeDay(-3));
    await certificate.getByLabel('Data di scadenza').fill(romeDay(362));
    await certificate.getByRole('button', { name: 'Registra certificato' }).click();
    await certificate.getByText('Certificato registrato.').waitFor();
    await certificate.getByText('Valido', { exact: true }).first().waitFor();

    const cleared = await lookUpCard(page);
    await expect.poll(() => cleared.textContent()).toContain('Certificato medicoValido');
    expect(await page.getByRole('alert').filter({ hasText: 'Certificato medico' }).count()).toBe(0);
    expect(await cleared.textContent()).not.toContain('non può giocare');
    await screenshot(page, 'check-in-certificate-valid-1280');
    await page.context().close();
  });
});
