// Carnets in Chromium: the admin defines a carnet on /admin/carnet; a member buys it on /profilo through
// the (double's) Stripe page, sees its uses, books a court on a phone and pays the booking with one use,
// which /le-mie-prenotazioni and the desk's booking detail show as "Pagata con carnet"; the admin is told a
// name is taken; the home page's "Tariffe" lists the carnet and the credit to anyone; a member buys one
// with credit; screenshots at 1280 and 390 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, forgetSession, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { giveCredit } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const dayFromToday = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const day = dayFromToday(2);
const dayButton = new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`);

beforeAll(async () => {
  // The whole year is season, so the test does not depend on today's date.
  await ctx.stack.db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
});

describe('carnets, in Chromium', () => {
  it('the admin defines a carnet of 5 uses for any booking on every bookable court', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/carnet', heading: 'Carnet' });
    try {
      await page.getByRole('button', { name: 'Nuovo carnet' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nome').fill('Carnet 5 ingressi');
      await dialog.getByLabel('Ingressi').fill('5');
      await dialog.getByLabel('Prezzo (€)').fill('60');
      await dialog.getByLabel('Prenotazioni coperte').selectOption('any');
      // One use pays the organiser's share (the default): alone on the court, the whole price.
      expect(await dialog.getByLabel('Ogni ingresso paga').inputValue()).toBe('share');
      await dialog.getByLabel('Valido dal').fill(dayFromToday(-1));
      await dialog.getByLabel('Valido fino al').fill(dayFromToday(60));
      await dialog.getByRole('button', { name: 'Salva' }).click();
      await page.getByText('Carnet “Carnet 5 ingressi” salvato.').waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Carnet 5 ingressi' });
      await expect.poll(() => row.textContent()).toMatch(/Ingressi5CopreQualsiasi · Tutti i campi prenotabiliUn ingresso pagaLa quota di chi prenotaPrezzo60,00\s€.*In vendita/);
      await screenshot(page, 'carnet-products-1280');
      await screenshotAtPhoneWidth(page, 'carnet-products');
      // A second product of the same name is warned about, not refused.
      await page.getByRole('button', { name: 'Nuovo carnet' }).click();
      await dialog.getByLabel('Nome').fill('carnet 5 INGRESSI');
      await dialog.getByRole('status').filter({ hasText: 'Esiste già un carnet con questo nome (in vendita)' }).waitFor();
      await screenshot(page, 'carnet-product-same-name-1280', { fullPage: false });
      await dialog.getByRole('button', { name: 'Annulla' }).click();
    } finally {
      await page.close();
    }
  });

  it('a member buys it online, sees 5 uses on the profile and pays a booking with one use', async () => {
    const page = ctx.page;
    await forgetSession(page, ctx.stack.webUrl);
    await page.goto(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent('/profilo')}`);
    await page.getByLabel('E-mail').fill('utente@demo.beach');
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    const section = page.getByRole('region', { name: 'I miei carnet' });
    await section.getByText('Nessun carnet.').waitFor();
    await section.getByRole('button', { name: 'Compra con carta' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await expect.poll(() => page.textContent('body')).toContain('60,00');
    await page.getByRole('button', { name: 'Paga' }).click();

    await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await page.getByText('Carnet acquistato: trovi gli ingressi nel tuo profilo.').waitFor();
    await page.getByRole('link', { name: 'Vai ai tuoi carnet' }).click();
    await section.getByText('5 ingressi rimasti su 5').waitFor();
    await screenshot(page, 'carnet-profile-1280');
    await screenshotAtPhoneWidth(page, 'carnet-profile');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${ctx.stack.webUrl}/prenotazioni?campo=C2`);
    await page.getByRole('heading', { name: 'Prenota un campo', level: 1 }).waitFor();
    await page.getByRole('button', { name: dayButton }).click();
    await page.getByRole('button', { name: /^Campo C2, 12:00–13:30: libero/ }).click();
    await page.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
    await page.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
    await page.getByRole('button', { name: 'Paga con il carnet' }).click();
    await page.getByText('Questa prenotazione è già pagata e confermata.').waitFor();
    await screenshot(page, 'carnet-booking-paid-390');

    await page.goto(`${ctx.stack.webUrl}/profilo`);
    await section.getByText('4 ingressi rimasti su 5').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const carnet = await ctx.stack.db.carnet.findFirstOrThrow({ where: { userId: user.id } });
    expect(carnet.usesLeft).toBe(4);
    expect(await ctx.stack.db.carnetUse.count({ where: { carnetId: carnet.id, returnedAt: null } })).toBe(1);
  });

  it('the member’s bookings and the desk’s booking detail say it was paid with the carnet', async () => {
    const page = ctx.page;
    await page.goto(`${ctx.stack.webUrl}/le-mie-prenotazioni`);
    await page.getByRole('heading', { name: 'Le mie prenotazioni', level: 1 }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Campo C2' }).getByText('Pagata con carnet').waitFor();
    await screenshot(page, 'carnet-my-bookings-1280');
    await screenshotAtPhoneWidth(page, 'carnet-my-bookings');

    const desk = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: '/admin/prenotazioni?vista=elenco', heading: 'Prenotazioni' });
    try {
      const row = desk.getByRole('row').filter({ hasText: 'Pagata con carnet' });
      await row.getByRole('button', { name: /^Dettagli della prenotazione/ }).click();
      const detail = desk.getByRole('dialog');
      await detail.getByText('Pagata con carnet').waitFor();
      // Already paid by the use: the desk is not offered to take money for it.
      expect(await detail.getByRole('button', { name: 'Segna pagata' }).count()).toBe(0);
      await screenshot(desk, 'carnet-desk-booking-1280', { fullPage: false });
      await screenshotAtPhoneWidth(desk, 'carnet-desk-booking', { fullPage: false });
    } finally {
      await desk.close();
    }
  });

  it('the home page lists the carnet and the credit to anyone; a member buys one with credit', async () => {
    const page = ctx.page;
    await forgetSession(page, ctx.stack.webUrl);
    await page.goto(`${ctx.stack.webUrl}/#pricing`);
    const offers = page.getByRole('heading', { name: 'Carnet e credito' }).locator('..');
    await expect.poll(async () => (await offers.textContent())?.replace(/\s+/g, ' ')).toMatch(/Carnet 5 ingressi5 ingressi · ogni fascia · valido fino al \d{2}\/\d{2}\/\d{4}60,00 €Credito prepagato/);
    for (const [viewport, name] of [[DESKTOP, 'carnet-home-pricing-1280'], [PHONE, 'carnet-home-pricing-390']] as const) {
      await page.setViewportSize(viewport);
      await offers.scrollIntoViewIfNeeded();
      await screenshot(page, name, { fullPage: false });
    }
    await page.setViewportSize(DESKTOP);

    const user = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    await giveCredit(ctx.stack.db, user.id, 7000, { reason: 'Prova' });
    await page.goto(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent('/profilo')}`);
    await page.getByLabel('E-mail').fill('utente@demo.beach');
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    const section = page.getByRole('region', { name: 'I miei carnet' });
    await section.getByRole('button', { name: 'Paga con il credito' }).click();
    const confirm = page.getByRole('dialog', { name: 'Comprare «Carnet 5 ingressi» con il credito?' });
    await confirm.getByText('Dal tuo credito togliamo 60,00').waitFor();
    await confirm.getByRole('button', { name: 'Paga con il credito' }).click();
    await section.getByText('Carnet acquistato con il tuo credito: puoi già usarlo.').waitFor();
    await section.getByText('5 ingressi rimasti su 5').waitFor();
    await screenshot(page, 'carnet-credit-bought-1280');
    await screenshotAtPhoneWidth(page, 'carnet-credit-bought');
    expect(await ctx.stack.db.carnet.count({ where: { userId: user.id } })).toBe(2);
  });
});
