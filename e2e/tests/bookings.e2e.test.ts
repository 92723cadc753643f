// A member books a court on a phone in Chromium: picks a day and a C court slot, pays on the (double's)
// Stripe page, sees the confirmation and the booking in /le-mie-prenotazioni, cancels it and sees the
// refund; a second member racing for the same slot gets the 409 message.
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const PHONE = { width: 390, height: 844 };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
const dayButton = new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`);

async function phoneLogin(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE });
  page.on('dialog', (dialog) => void dialog.dismiss());
  await page.goto(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Demo2026!');
  await page.getByRole('button', { name: 'Accedi' }).click();
  return page;
}

/** Opens the grid on the test day and picks C2 at 18:00. */
async function pickSlot(page: Page) {
  await page.getByRole('heading', { name: 'Prenota un campo', level: 1 }).waitFor();
  await page.getByRole('button', { name: dayButton }).click();
  await page.getByRole('button', { name: /^Campo C2, 18:00–19:30: libero/ }).click();
}

beforeAll(async () => {
  // The whole year is season, so the test does not depend on today's date.
  await ctx.stack.db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  const hash = (await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } })).passwordHash;
  await ctx.stack.db.user.create({ data: { firstName: 'Secondo', lastName: 'Socio', email: 'secondo@e2e.test', passwordHash: hash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
});

describe('court booking on a phone, in Chromium', () => {
  it('books a C court slot, pays, sees it confirmed, cancels it and sees the refund', async () => {
    const page = await phoneLogin(ctx.browser, 'utente@demo.beach', '/prenotazioni?campo=C2');
    await pickSlot(page);
    const summary = page.getByRole('region', { name: 'Riepilogo' });
    await expect.poll(() => summary.textContent()).toContain('20,00');
    // A second, consecutive slot is added to the choice: 18:00 (day) + 19:30 (evening with lights).
    await page.getByRole('button', { name: /^Campo C2, 19:30–21:00: libero/ }).click();
    await expect.poll(() => summary.textContent()).toContain('60,00');
    await screenshot(page, 'bookings-grid-390', { fullPage: false });
    await page.getByRole('button', { name: /^Campo C2, 19:30–21:00/ }).click(); // deselects: back to nothing chosen
    await pickSlot(page);
    await summary.getByRole('button', { name: 'Prenota e paga' }).click();

    await page.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
    const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('timer').waitFor();
    expect(await page.textContent('main')).toContain('Campo C2');
    await screenshot(page, 'booking-payment-390');
    await page.getByRole('button', { name: 'Paga con carta' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Paga' }).click();

    await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await page.getByRole('heading', { name: 'Pagamento completato' }).waitFor();
    await expect.poll(() => page.textContent('main')).toContain('Campo C2');
    const [ics] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Aggiungi al calendario' }).click()]);
    expect(ics.suggestedFilename()).toBe(`prenotazione-C2-${day}.ics`);
    await screenshot(page, 'booking-paid-390');

    await page.getByRole('link', { name: 'Vai alle mie prenotazioni' }).click();
    await page.getByRole('heading', { name: 'Le mie prenotazioni', level: 1 }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'Campo C2' });
    await expect.poll(() => item.textContent()).toContain('Confermata');
    await item.getByRole('button', { name: 'Annulla' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annulla prenotazione' }).click();
    await page.getByRole('region', { name: 'Messaggi' }).getByText(/rimborso è in corso/).waitFor();
    // The status becomes 'Rimborsata'; Stripe is asked after the commit, by the stripe-request job.
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByRole('listitem').filter({ hasText: 'Campo C2' }).textContent();
      })
      .toContain('Rimborsata');
    await ctx.stack.jobs.waitUntilIdle();
    const payment = await ctx.stack.db.transaction.findFirstOrThrow({ where: { bookingId, type: 'payment' }, include: { refunds: true } });
    expect(payment.status).toBe('refunded');
    expect(payment.refunds.map((refund) => [refund.amountCents, refund.stripeRefundId?.startsWith('re_')])).toEqual([[2000, true]]);
    await screenshot(page, 'my-bookings-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${ctx.stack.webUrl}/prenotazioni`);
    await page.getByRole('button', { name: dayButton }).click();
    await page.getByRole('button', { name: /^Campo C2, 18:00–19:30: libero/ }).waitFor();
    await screenshot(page, 'bookings-grid-1280');
    await page.close();
  });

  it('a second member racing for the same slot gets the 409 message', async () => {
    const [first, second] = await Promise.all([phoneLogin(ctx.browser, 'utente@demo.beach', '/prenotazioni'), phoneLogin(ctx.browser, 'secondo@e2e.test', '/prenotazioni')]);
    await Promise.all([pickSlot(first), pickSlot(second)]);
    // The first member books; the second still sees the slot as free and tries too.
    await first.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
    await first.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
    await second.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
    await second.getByText('Questo orario è appena stato prenotato da un altro utente.').waitFor();
    await second.getByRole('main').getByText('Occupato').first().waitFor();
    // The taken slot offers "Avvisami se si libera" (its description); its name is what it shows, after court and time.
    const taken = second.getByRole('button', { name: 'Campo C2, 18:00–19:30: Occupato Avvisami', exact: true });
    expect(await taken.getAttribute('title')).toBe('Avvisami se si libera');
    await taken.click();
    await second.getByText('Sei in lista d’attesa per il Campo C2 alle 18:00: se si libera, in ordine di iscrizione è tenuto per te e ti scriviamo.').waitFor();
    await screenshot(second, 'bookings-race-390', { fullPage: false });
    await Promise.all([first.close(), second.close()]);
  });
});
