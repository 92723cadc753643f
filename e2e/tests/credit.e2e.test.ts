// A member tops up their credit on /profilo, pays on the (double's) Stripe page, lands on the
// payment-completed page and sees the new balance and the movement on the profile.
import { describe, expect, it } from 'vitest';
import { forgetSession, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();

describe('credit top-up online, in Chromium', () => {
  it('tops up 25 € through Stripe Checkout and shows the balance on the profile', async () => {
    await forgetSession(ctx.page, ctx.stack.webUrl);
    await ctx.page.goto(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent('/profilo')}`);
    await ctx.page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
    await ctx.page.getByLabel('E-mail').fill('utente@demo.beach');
    await ctx.page.getByLabel('Password').fill('Demo2026!');
    await ctx.page.getByRole('button', { name: 'Accedi' }).click();
    await ctx.page.getByRole('heading', { name: 'Il mio credito' }).waitFor();
    await expect.poll(() => ctx.page.getByTestId('credit-balance').textContent()).toMatch(/^0,00\s€$/);

    // Below the minimum the server's message shows under the field.
    await ctx.page.getByLabel('Importo (€)').fill('5');
    await ctx.page.getByRole('button', { name: 'Ricarica con carta' }).click();
    await ctx.page.getByText(/Puoi ricaricare da 10,00\s€ a 200,00\s€\./).waitFor();

    await ctx.page.getByLabel('Importo (€)').fill('25');
    await ctx.page.getByRole('button', { name: 'Ricarica con carta' }).click();
    await ctx.page.waitForURL(/\/checkout\/cs_test_/);
    await expect.poll(() => ctx.page.textContent('body')).toContain('25,00');
    await ctx.page.getByRole('button', { name: 'Paga' }).click();

    await ctx.page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await ctx.page.getByText('Ricarica completata: il credito è già disponibile.').waitFor();
    await ctx.page.getByRole('link', { name: 'Vai al tuo credito' }).click();
    await ctx.page.getByRole('heading', { name: 'Il mio credito' }).waitFor();
    await expect.poll(() => ctx.page.getByTestId('credit-balance').textContent()).toMatch(/^25,00\s€$/);
    await expect.poll(() => ctx.page.getByRole('list', { name: 'Movimenti del credito' }).textContent()).toContain('Ricarica');
    await screenshot(ctx.page, 'credit-profile-1280');
  });
});
