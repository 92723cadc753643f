// Credit first, the card for the rest, in Chromium: a member with 15 € of credit books a 20 € slot on a
// phone, chooses "Usa il credito (15,00 €) e paga il resto con carta", pays 5 € on the (double's) Stripe
// page and sees the booking confirmed and the balance at 0. The desk then gives credit back in cash on the
// member's page (only money paid in is refundable), and the admin sets the top-up limits and the staff's
// correction limit; screenshots at 390 and 1280 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { creditBalance, giveCredit } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
const dayButton = new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`);
let memberId: number;

beforeAll(async () => {
  // The whole year is season, so the test does not depend on today's date.
  await ctx.stack.db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  memberId = (await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } })).id;
  await giveCredit(ctx.stack.db, memberId, 1500);
});

describe('credit and card, in Chromium', () => {
  it('a member pays a 20 € booking with 15 € of credit and 5 € by card, and sees it confirmed with the balance at 0', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/prenotazioni?campo=C2', heading: 'Prenota un campo', width: PHONE.width });
    try {
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: dayButton }).click();
      await page.getByRole('button', { name: /^Campo C2, 18:00–19:30: libero/ }).click();
      const summary = page.getByRole('region', { name: 'Riepilogo' });
      await expect.poll(() => summary.textContent()).toContain('20,00');
      await summary.getByRole('button', { name: 'Prenota e paga' }).click();

      await page.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
      const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
      const both = page.getByRole('button', { name: /^Usa il credito \(15,00\s€\) e paga il resto con carta$/ });
      await both.waitFor();
      // Credit alone does not cover it: only the card or credit + card are offered.
      expect(await page.getByRole('button', { name: 'Paga con il credito' }).count()).toBe(0);
      await screenshot(page, 'booking-credit-and-card-390');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'booking-credit-and-card-1280');
      await both.click();

      await page.waitForURL(/\/checkout\/cs_test_/);
      await expect.poll(() => page.textContent('body')).toContain('5,00');
      await page.getByRole('button', { name: 'Paga' }).click();
      await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
      await page.getByRole('heading', { name: 'Pagamento completato' }).waitFor();
      await expect.poll(() => page.textContent('main')).toContain('Campo C2');
      expect((await ctx.stack.db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
      const payment = await ctx.stack.db.transaction.findFirstOrThrow({ where: { bookingId, type: 'payment' } });
      expect(payment).toMatchObject({ amountCents: 500, status: 'completed' });

      await page.goto(`${ctx.stack.webUrl}/profilo`);
      await page.getByRole('heading', { name: 'Il mio credito' }).waitFor();
      await expect.poll(() => page.getByTestId('credit-balance').textContent()).toMatch(/^0,00\s€$/);
      // The 15 € set aside with the checkout were spent when the card paid the rest.
      await expect.poll(() => page.getByRole('list', { name: 'Movimenti del credito' }).textContent()).toMatch(/Pagamento prenotazione: il resto con carta-15,00\s€/);
      expect(await page.getByRole('list', { name: 'Movimenti del credito' }).getByText('Riservato').count()).toBe(0);
      await screenshot(page, 'credit-after-card-rest-1280');
      await screenshotAtPhoneWidth(page, 'credit-after-card-rest');
    } finally {
      await page.close();
    }
  });

  it('the desk gives credit back in cash on the member’s page', async () => {
    await giveCredit(ctx.stack.db, memberId, 1200);
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/users', heading: 'Gestione Utenti' });
    try {
      await page.getByLabel('Cerca').fill('utente@demo.beach');
      await page.getByLabel('Cerca').press('Enter');
      await page.getByRole('button', { name: 'Apri la scheda di Giulia Rossi' }).click();
      const credit = page.getByRole('region', { name: 'Credito' });
      await credit.getByLabel('Ricarica (€)').fill('10');
      await credit.getByLabel('Pagata con').selectOption('cash');
      await credit.getByRole('button', { name: 'Ricarica', exact: true }).click();
      await credit.getByText('Ricarica registrata.').waitFor();
      // Only the cash top-up is money paid in: the correction's credit can be spent, never paid out.
      await expect.poll(() => credit.getByRole('list', { name: 'Dettaglio del credito' }).textContent()).toMatch(/^rimborsabili 10,00\s€: il resto \(rettifiche, credito per maltempo\) si può solo spendere$/);
      // A card refund needs online top-ups: none here, so the server says the desk's go back in cash.
      await credit.getByRole('button', { name: 'Rimborsa il credito' }).click();
      await credit.getByText('Non ci sono ricariche online da rimborsare sulla carta: quelle fatte in segreteria si rimborsano in contanti.').first().waitFor();
      await credit.getByLabel('Rimborso (€)').fill('10');
      await credit.getByLabel('Rimborsa', { exact: true }).selectOption('cash');
      await credit.getByRole('button', { name: 'Rimborsa il credito' }).click();
      await credit.getByText(/Rimborsati 10,00\s€ in contanti\./).waitFor();
      await expect.poll(() => credit.textContent()).toMatch(/Saldo12,00\s€/);
      await screenshot(page, 'credit-refund-1280');
      await page.setViewportSize(PHONE);
      await credit.getByRole('form', { name: 'Rimborsa il credito' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'credit-refund-390', { fullPage: false });
      expect(await ctx.stack.db.transaction.count({ where: { userId: memberId, kind: 'credit', type: 'refund', method: 'cash', amountCents: 1000 } })).toBe(1);
      expect(await creditBalance(ctx.stack.db, memberId)).toBe(1200);
    } finally {
      await page.close();
    }
  });

  it('the admin sets the top-up limits, a maximum below the minimum told under the field', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/listino-prezzi', heading: 'Listino prezzi' });
    try {
      const form = page.getByRole('form', { name: 'Ricariche del credito' });
      await form.getByLabel(/^Minimo/).fill('50');
      await form.getByLabel(/^Massimo/).fill('20');
      await form.getByRole('button', { name: 'Salva limiti' }).click();
      await form.getByText('Il massimo non può essere inferiore al minimo.').waitFor();
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, 'credit-limits-1280', { fullPage: false });
      await page.setViewportSize(PHONE);
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, 'credit-limits-390', { fullPage: false });
      await form.getByLabel(/^Minimo/).fill('5');
      await form.getByLabel(/^Massimo/).fill('300');
      // The third limit: the largest correction staff may add without an admin.
      await form.getByLabel(/^Rettifiche: massimo senza amministratore/).fill('25');
      await form.getByRole('button', { name: 'Salva limiti' }).click();
      await page.getByText('Limiti delle ricariche salvati.').waitFor();
      expect(await ctx.stack.db.setting.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ creditTopUpMinCents: 500, creditTopUpMaxCents: 30_000, creditCorrectionLimitCents: 2500 });
    } finally {
      await page.close();
    }
  });
});
