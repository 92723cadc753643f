// A membership card paid from credit, in Chromium: a member with 100 € of credit requests a seasonal card,
// leaves Stripe's page unpaid, and on the card awaiting payment chooses "Paga con il credito (60,00 €)":
// the card is active at once and the balance is 40 €. Screenshots at 390 and 1280 px.
import codiceFiscale from 'codice-fiscale-js';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { creditBalance, giveCredit } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };
const ctx = useBrowserStack();

describe('a membership card paid from credit, in Chromium', () => {
  it('pays a seasonal card awaiting payment from credit and shows it active', async () => {
    const member = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    await giveCredit(ctx.stack.db, member.id, 10_000);
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/tesseramento', heading: 'Tesseramento', width: PHONE.width });
    try {
      await page.setViewportSize(PHONE);
      await page.getByLabel('Data di nascita').fill('1990-01-01');
      await page.getByRole('radio', { name: /Stagionale/ }).check();
      const fiscalCode = CodiceFiscale.compute({ name: 'Giulia', surname: 'Rossi', gender: 'F', day: 1, month: 1, year: 1990, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
      await page.getByLabel('Codice fiscale').fill(fiscalCode);
      await page.getByRole('button', { name: /Paga 60,00\s€ online/ }).click();
      await page.waitForURL(/\/checkout\/cs_test_/);

      // Back without paying: the card waits for its payment, and the credit covers it.
      await page.goto(`${ctx.stack.webUrl}/tesseramento`);
      const number = (await ctx.stack.db.membership.findFirstOrThrow({ where: { userId: member.id } })).membershipNumber;
      const card = page.getByRole('article', { name: number });
      const pay = card.getByRole('button', { name: /^Paga con il credito \(60,00\s€\)$/ });
      await pay.waitFor();
      await pay.scrollIntoViewIfNeeded();
      await screenshot(page, 'membership-pay-with-credit-390', { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'membership-pay-with-credit-1280');
      await pay.click();

      await expect.poll(() => card.textContent()).toContain('Attiva');
      expect(await page.getByRole('button', { name: /Paga con il credito/ }).count()).toBe(0);
      expect(await creditBalance(ctx.stack.db, member.id)).toBe(4000);
    } finally {
      await page.close();
    }
  });
});
