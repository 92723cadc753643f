import { linkIn } from '@beach/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowserStack, openBrowserStack, type Stack } from '../src/stack.js';

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ stack, browser, page } = await openBrowserStack());
});
afterAll(() => closeBrowserStack({ stack, browser }));

describe('an account from registration to logout, in Chromium', () => {
  const email = `lucia.${Date.now()}@esempio.it`;
  const password = 'Spiaggia2026';

  it('registers, verifies from the e-mail, logs in with remember-me, survives a reload, logs out', async () => {
    await page.goto(`${stack.webUrl}/registrazione`);
    await page.getByLabel(/^Nome/).fill('Lucia');
    await page.getByLabel('Cognome').fill('Verdi');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Telefono').fill('+39 347 555 1234');
    await page.getByLabel('Data di nascita').fill('1998-06-21');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Conferma password').fill(password);
    await page.getByLabel(/informativa sulla privacy/).check();
    await page.getByRole('button', { name: 'Crea il mio account' }).click();
    await page.getByRole('heading', { name: 'Controlla la tua e-mail' }).waitFor();

    const message = await stack.mail.waitFor(email);
    expect(message.subject).toBe('Conferma il tuo indirizzo e-mail');
    await page.goto(linkIn(message, `${stack.webUrl}/verify-email/`));
    await page.waitForURL(`${stack.webUrl}/verify-email/success`);
    await page.getByRole('heading', { name: 'E-mail confermata' }).waitFor();

    await page.getByRole('link', { name: 'Accedi' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Ricordami per 30 giorni').check();
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${stack.webUrl}/`);

    const profileButton = page.getByRole('button', { name: 'Menu profilo di Lucia' });
    await profileButton.waitFor();
    await profileButton.click();
    const menu = page.locator(`[id="${await profileButton.getAttribute('aria-controls')}"]`);
    await expect.poll(() => menu.textContent()).toContain('Lucia Verdi');
    expect(await menu.textContent()).toContain('Utente');
    expect(await page.evaluate(() => localStorage.getItem('remember_me'))).toBe('true');

    await page.reload();
    await page.getByRole('button', { name: 'Menu profilo di Lucia' }).waitFor();
    await page.goto(`${stack.webUrl}/profilo`);
    await page.getByRole('heading', { name: 'Il mio profilo' }).waitFor();

    await page.getByRole('button', { name: 'Menu profilo di Lucia' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${stack.webUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await page.goto(`${stack.webUrl}/profilo`);
    await page.waitForURL(`${stack.webUrl}/login?redirect=${encodeURIComponent('/profilo')}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${stack.webUrl}/profilo`);
  });

  it('shows the generic Italian message for a wrong password under the form', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${stack.webUrl}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('Sbagliata99');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Credenziali non valide. Controlla e-mail e password.');
  });
});
