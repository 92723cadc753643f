// A member tops up their credit on /profilo, pays on the (double's) Stripe page, lands on the
// payment-completed page and sees the new balance and the movement on the profile; the desk then tops it
// up in cash and corrects it on the member's page in /admin/users.
import { describe, expect, it } from 'vitest';
import { forgetSession, openSignedIn, screenshot } from '../src/browser.js';
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

  it('the desk tops up in cash and corrects with a reason on the member’s page', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', password: 'Demo2026!', path: '/admin/users', heading: 'Gestione Utenti' });
    try {
      await page.getByLabel('Cerca').fill('utente@demo.beach');
      await page.getByLabel('Cerca').press('Enter');
      await page.getByRole('button', { name: 'Apri la scheda di Giulia Rossi' }).click();
      const credit = page.getByRole('region', { name: 'Credito' });
      await credit.getByLabel('Ricarica (€)').fill('10');
      await credit.getByLabel('Pagata con').selectOption('cash');
      await credit.getByRole('button', { name: 'Ricarica', exact: true }).click();
      await credit.getByText('Ricarica registrata.').waitFor();
      await credit.getByLabel('Rettifica (€)').fill('-2,50');
      await credit.getByLabel('Motivo').fill('Errore di cassa');
      await credit.getByRole('button', { name: 'Rettifica', exact: true }).click();
      await credit.getByText('Rettifica registrata.').waitFor();
      await expect.poll(() => credit.textContent()).toMatch(/Saldo32,50\s€/);
      const user = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
      expect((await ctx.stack.db.creditBalance.findUniqueOrThrow({ where: { userId: user.id } })).balanceCents).toBe(3250);
    } finally {
      await page.close();
    }
  });
});
