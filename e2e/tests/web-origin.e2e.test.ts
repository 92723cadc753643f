// A member who opened the app at its other address (localhost instead of 127.0.0.1, as www. and the
// bare domain in production) pays on Stripe's page and comes back to that same address, still signed
// in: the return addresses follow the address in use, not only WEB_ORIGIN.
import codiceFiscale from 'codice-fiscale-js';
import { describe, expect, it } from 'vitest';
import { useBrowserStack } from '../src/stack.js';

const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };
const ctx = useBrowserStack({ page: true });

describe('return from paying, at the address the member opened', () => {
  it('opens the app at the second address, pays a card and lands back there signed in', async () => {
    const { page, stack } = ctx;
    expect(new URL(stack.webAliasUrl).origin).not.toBe(new URL(stack.webUrl).origin);
    await page.goto(`${stack.webAliasUrl}/login?redirect=${encodeURIComponent('/tesseramento')}`);
    await page.getByLabel('E-mail').fill('utente@demo.beach');
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByRole('heading', { name: 'Tesseramento', level: 1 }).waitFor();

    await page.getByLabel('Data di nascita').fill('1990-01-01');
    await page.getByRole('radio', { name: /Stagionale/ }).check();
    const fiscalCode = CodiceFiscale.compute({ name: 'Giulia', surname: 'Rossi', gender: 'F', day: 1, month: 1, year: 1990, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
    await page.getByLabel('Codice fiscale').fill(fiscalCode);
    await page.getByRole('button', { name: /Paga 60,00\s€ online/ }).click();

    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Paga' }).click();

    await page.waitForURL((url) => url.origin === new URL(stack.webAliasUrl).origin && url.pathname === '/pagamento-completato');
    await page.getByRole('heading', { name: 'Pagamento completato' }).waitFor();
    const number = (await stack.db.membership.findFirstOrThrow({ where: { user: { email: 'utente@demo.beach' } } })).membershipNumber;
    // The page reconciles the payment through the member's session: it would send a signed-out visitor to /login.
    await expect.poll(() => page.textContent('main')).toContain(number);
    expect(new URL(page.url()).origin).toBe(new URL(stack.webAliasUrl).origin);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });
});
