import { linkIn } from '@beach/api/testing';
import { describe, expect, it } from 'vitest';
import { forgetSession, openSignedIn } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });

describe('an account from registration to logout, in Chromium', () => {
  const email = `lucia.${Date.now()}@esempio.it`;
  const password = 'Spiaggia2026';

  it('registers, verifies from the e-mail, logs in with remember-me, survives a reload, logs out', async () => {
    await ctx.page.goto(`${ctx.stack.webUrl}/registrazione`);
    await ctx.page.getByLabel(/^Nome/).fill('Lucia');
    await ctx.page.getByLabel('Cognome').fill('Verdi');
    await ctx.page.getByLabel('E-mail').fill(email);
    await ctx.page.getByLabel('Telefono').fill('+39 347 555 1234');
    await ctx.page.getByLabel('Data di nascita').fill('1998-06-21');
    await ctx.page.getByLabel(/^Password/).fill(password);
    await ctx.page.getByLabel('Conferma password').fill(password);
    await ctx.page.getByLabel(/informativa sulla privacy/).check();
    await ctx.page.getByRole('button', { name: 'Crea il mio account' }).click();
    await ctx.page.getByRole('heading', { name: 'Controlla la tua e-mail' }).waitFor();

    const message = await ctx.stack.mail.waitFor(email);
    expect(message.subject).toBe('Conferma il tuo indirizzo e-mail');
    await ctx.page.goto(linkIn(message, `${ctx.stack.webUrl}/verify-email/`));
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/verify-email/success`);
    await ctx.page.getByRole('heading', { name: 'E-mail confermata' }).waitFor();

    await ctx.page.getByRole('link', { name: 'Accedi' }).click();
    await ctx.page.getByLabel('E-mail').fill(email);
    await ctx.page.getByLabel('Password').fill(password);
    await ctx.page.getByLabel('Ricordami per 30 giorni').check();
    await ctx.page.getByRole('button', { name: 'Accedi' }).click();
    // A member lands on their own page.
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/profilo`);
    await ctx.page.getByRole('heading', { name: 'Il mio profilo', level: 1 }).waitFor();

    const profileButton = ctx.page.getByRole('button', { name: 'Menu profilo di Lucia' });
    await profileButton.waitFor();
    await profileButton.click();
    const menu = ctx.page.locator(`[id="${await profileButton.getAttribute('aria-controls')}"]`);
    await expect.poll(() => menu.textContent()).toContain('Lucia Verdi');
    expect(await menu.textContent()).toContain('Utente');
    expect(await ctx.page.evaluate(() => localStorage.getItem('remember_me'))).toBe('true');

    await ctx.page.reload();
    await ctx.page.getByRole('button', { name: 'Menu profilo di Lucia' }).waitFor();
    await ctx.page.goto(`${ctx.stack.webUrl}/profilo`);
    await ctx.page.getByRole('heading', { name: 'Il mio profilo' }).waitFor();

    await ctx.page.getByRole('button', { name: 'Menu profilo di Lucia' }).click();
    await ctx.page.getByRole('button', { name: 'Esci' }).click();
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/login`);
    expect(await ctx.page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await ctx.page.goto(`${ctx.stack.webUrl}/profilo`);
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent('/profilo')}`);
    await ctx.page.getByLabel('E-mail').fill(email);
    await ctx.page.getByLabel('Password').fill(password);
    await ctx.page.getByRole('button', { name: 'Accedi' }).click();
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/profilo`);
  });

  it('shows the generic Italian message for a wrong password under the form', async () => {
    await forgetSession(ctx.page, ctx.stack.webUrl);
    await ctx.page.goto(`${ctx.stack.webUrl}/login`);
    await ctx.page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
    await ctx.page.getByLabel('E-mail').fill(email);
    await ctx.page.getByLabel('Password').fill('Sbagliata99');
    await ctx.page.getByRole('button', { name: 'Accedi' }).click();
    await expect.poll(() => ctx.page.getByRole('alert').textContent()).toContain('Credenziali non valide. Controlla e-mail e password.');
  });
});

describe('signed-in pages one after another, in Chromium', () => {
  it('a page opened after another member’s closed one reuses its browser context and keeps nothing of theirs', async () => {
    const { webUrl } = ctx.stack;
    const first = await openSignedIn(ctx.browser, webUrl, { email: 'utente@demo.beach', path: '/profilo', heading: 'Il mio profilo' });
    // Everything a page can leave behind in its context: storage of each kind, a cookie, a permission.
    await first.evaluate(async () => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
      document.cookie = 'left-behind=1; path=/; max-age=3600';
      await new Promise((resolve, reject) => Object.assign(indexedDB.open('left-behind'), { onsuccess: resolve, onerror: reject }));
    });
    await first.context().grantPermissions(['notifications'], { origin: webUrl });
    const context = first.context();
    await first.close();

    const second = await openSignedIn(ctx.browser, webUrl, { email: 'staff@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' });
    expect(second.context()).toBe(context);
    const left = await second.evaluate(async () => ({
      local: localStorage.getItem('left-behind'),
      session: sessionStorage.getItem('left-behind'),
      cookie: document.cookie.includes('left-behind'),
      database: (await indexedDB.databases()).some((database) => database.name === 'left-behind'),
      notifications: (await navigator.permissions.query({ name: 'notifications' })).state,
    }));
    expect(left).toEqual({ local: null, session: null, cookie: false, database: false, notifications: 'prompt' });
    // The staff member's own session, not the member's: the back office's dashboard opened above, and the account is theirs.
    await expect.poll(() => second.evaluate(() => Object.values(localStorage).join(' '))).toContain('staff@demo.beach');
    await second.close();
  });
});
