// A member buys a seasonal card with insurance and a coupon, pays on the (double's) Stripe page, lands
// on the payment-completed page, sees the active card and downloads its PDF; a declined card leaves the
// card unpaid, the member told once that nothing was charged. A member whose card covers today sees no
// purchase form until 30 days before it ends, then a renewal starting the day after.
import codiceFiscale from 'codice-fiscale-js';
import { describe, expect, it } from 'vitest';
import { DESKTOP, downloadedBytes, forgetSession, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };
const ctx = useBrowserStack({ page: true });

async function login(email: string) {
  await forgetSession(ctx.page, ctx.stack.webUrl);
  await ctx.page.goto(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent('/tesseramento')}`);
  await ctx.page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
  await ctx.page.getByLabel('E-mail').fill(email);
  await ctx.page.getByLabel('Password').fill('Demo2026!');
  await ctx.page.getByRole('button', { name: 'Accedi' }).click();
  await ctx.page.getByRole('heading', { name: 'Tesseramento', level: 1 }).waitFor();
}

describe('membership card, bought and paid online, in Chromium', () => {
  it('buys a seasonal card with insurance and a coupon, pays, sees it active and downloads the PDF', async () => {
    await ctx.stack.db.membershipCoupon.create({ data: { code: 'SPIAGGIA10', discountType: 'percentage', discountValue: 10 } });
    await login('utente@demo.beach');
    await ctx.page.getByText('Pagamenti in modalità di prova').waitFor();
    await ctx.page.getByText('Non hai ancora una tessera.').waitFor();

    // The demo member has no birth date yet: the form asks for it.
    await ctx.page.getByLabel('Data di nascita').fill('1990-01-01');
    await ctx.page.getByRole('radio', { name: /Stagionale/ }).check();
    const fiscalCode = CodiceFiscale.compute({ name: 'Giulia', surname: 'Rossi', gender: 'F', day: 1, month: 1, year: 1990, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
    await ctx.page.getByLabel('Codice fiscale').fill(fiscalCode.toLowerCase());
    await ctx.page.getByLabel(/Aggiungi l'assicurazione/).check();
    await ctx.page.getByLabel('Codice coupon').fill('spiaggia10');
    // 60 + 10 insurance - 10 % = 63,00 €, computed by the server.
    const pay = ctx.page.getByRole('button', { name: /Paga 63,00\s€ online/ });
    await pay.waitFor();
    await screenshot(ctx.page, 'membership-purchase-1280');
    await pay.click();

    await ctx.page.waitForURL(/\/checkout\/cs_test_/);
    await expect.poll(() => ctx.page.textContent('body')).toContain('63,00');
    await ctx.page.getByRole('button', { name: 'Paga' }).click();

    await ctx.page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await ctx.page.getByRole('heading', { name: 'Pagamento completato' }).waitFor();
    const number = (await ctx.stack.db.membership.findFirstOrThrow({ where: { user: { email: 'utente@demo.beach' } } })).membershipNumber;
    await expect.poll(() => ctx.page.textContent('main')).toContain(number);

    await ctx.page.goto(`${ctx.stack.webUrl}/tesseramento`);
    const card = ctx.page.getByRole('article', { name: number });
    await expect.poll(() => card.textContent()).toContain('Attiva');
    await card.getByRole('img', { name: /QR/ }).waitFor();
    const [download] = await Promise.all([ctx.page.waitForEvent('download'), card.getByRole('button', { name: /Scarica PDF/ }).click()]);
    expect(download.suggestedFilename()).toBe(`tessera-${number}.pdf`);
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(ctx.page, 'membership-active-1280');

    await ctx.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(ctx.page, 'membership-active-390');
    await ctx.page.setViewportSize({ width: 1280, height: 900 });

    const message = await ctx.stack.mail.waitFor('utente@demo.beach', 15_000);
    expect(message.attachments[0]?.filename).toBe(`tessera-${number}.pdf`);
  });

  it('leaves the card awaiting payment, with a clear message, when the card is declined', async () => {
    await ctx.stack.db.user.update({ where: { email: 'staff@demo.beach' }, data: { birthDate: new Date('1985-06-15T00:00:00Z') } });
    await login('staff@demo.beach');
    await ctx.page.getByRole('radio', { name: /Stagionale/ }).check();
    const fiscalCode = CodiceFiscale.compute({ name: 'Stefano', surname: 'Segreteria', gender: 'M', day: 15, month: 6, year: 1985, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
    await ctx.page.getByLabel('Codice fiscale').fill(fiscalCode);
    await ctx.page.getByRole('button', { name: /Paga 60,00\s€ online/ }).click();

    await ctx.page.waitForURL(/\/checkout\/cs_test_/);
    await ctx.page.getByRole('button', { name: 'Carta rifiutata' }).click();
    await ctx.page.getByText('La carta è stata rifiutata').waitFor();
    await ctx.page.getByRole('button', { name: 'Annulla' }).click();

    // Back on /tesseramento?pagamento=annullato: told once, and the parameter leaves the address.
    await ctx.page.getByText('Pagamento annullato: non ti è stato addebitato nulla.').waitFor();
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/tesseramento`);
    await ctx.page.getByText('La tessera resta in attesa di pagamento', { exact: false }).waitFor();
    await ctx.page.getByRole('button', { name: 'Completa il pagamento' }).waitFor();
    const card = await ctx.stack.db.membership.findFirstOrThrow({ where: { user: { email: 'staff@demo.beach' } } });
    expect(card.status).toBe('pending');
    await screenshot(ctx.page, 'membership-declined-1280');
  });

  it('hides the purchase form while the card covers today, and offers the renewal from 30 days before its end', async () => {
    const { db } = ctx.stack;
    // Every day is in season, so a renewal's first day is one the centre is open.
    await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
    const admin = await db.user.update({ where: { email: 'admin@demo.beach' }, data: { birthDate: new Date('1980-03-20T00:00:00Z') } });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000);
    const italian = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('/');
    const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${Number(today.slice(0, 4))}) AS number`;
    const card = await db.membership.create({
      data: { membershipNumber: issued!.number, userId: admin.id, type: 'monthly', status: 'active', activatedAt: new Date(), startDate: day(-5), endDate: day(40), originalPriceCents: 3000, priceCents: 3000 },
    });
    const shoot = async (name: string) => {
      await screenshot(ctx.page, `${name}-1280`);
      await ctx.page.setViewportSize(PHONE);
      await screenshot(ctx.page, `${name}-390`);
      await ctx.page.setViewportSize(DESKTOP);
    };

    await login('admin@demo.beach');
    await ctx.page.getByText(`La tua tessera vale fino al ${italian(day(40))}: potrai rinnovarla da questa pagina dal ${italian(day(10))}.`).waitFor();
    expect(await ctx.page.getByRole('heading', { name: /Richiedi una tessera|Rinnova la tessera/ }).count()).toBe(0);
    expect(await ctx.page.getByLabel('Codice fiscale').count()).toBe(0);
    await shoot('membership-covered');

    // Ten days to go: the renewal, a monthly card from the day after.
    await db.membership.update({ where: { id: card.id }, data: { endDate: day(10) } });
    await ctx.page.reload();
    await ctx.page.getByRole('heading', { name: 'Rinnova la tessera', level: 2 }).waitFor();
    await ctx.page.getByText(`La tua tessera vale fino al ${italian(day(10))}`).waitFor();
    await ctx.page.getByRole('radio', { name: /Mensile/ }).check();
    const firstDay = ctx.page.getByLabel(/Primo giorno di validità/);
    expect(await firstDay.inputValue()).toBe(day(11).toISOString().slice(0, 10));
    expect(await firstDay.getAttribute('min')).toBe(day(11).toISOString().slice(0, 10));
    const fiscalCode = CodiceFiscale.compute({ name: 'Alessandra', surname: 'Amministratrice', gender: 'F', day: 20, month: 3, year: 1980, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
    await ctx.page.getByLabel('Codice fiscale').fill(fiscalCode);
    await ctx.page.getByText(`Tessera mensile, valida dal ${italian(day(11))} al ${italian(day(40))}.`).waitFor();
    await ctx.page.getByRole('button', { name: /Paga 30,00\s€ online/ }).waitFor();
    await shoot('membership-renewal');
  });
});
