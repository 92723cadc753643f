// The annual accounts in Chromium (docs/annual-accounts.md#the-screen): at 1280 px the treasurer (an admin)
// opens /admin/rendiconto, sees this year's Mod. D, clicks the figure of the balls bought this morning and
// sees its entry, switches to Mod. B, and downloads the PDF for the assembly and the XLSX for the accountant; the same screen at 390 px.
// Screenshots at both widths, and of the entries' dialog.
import { accounts, credit, debit, post } from '@beach/api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, openSignedIn, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const year = today.slice(0, 4);
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

beforeAll(async () => {
  // Balls bought this morning, paid from the bank: an expense of the "supplies" category.
  await post(ctx.stack.db, {
    key: 'e2e-annual-accounts:balls',
    kind: 'expense',
    effectiveAt: new Date(`${today}T09:00:00Z`),
    description: 'Palloni da beach volley',
    legs: [debit({ key: 'expenses:supplies', kind: 'expenses' }, 4500), credit(accounts.bank, 4500)],
  });
});

describe('the annual accounts, in Chromium', () => {
  it('the treasurer opens the year’s statement at 1280 px, clicks a figure, sees its entries and downloads the PDF and the XLSX', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/rendiconto', heading: 'Rendiconto' });
    await page.getByText(`Esercizio ${year}: dal 01/01/${year} al 31/12/${year}`).waitFor();
    expect(await page.getByRole('tab', { name: 'Mod. D · Per cassa' }).getAttribute('aria-selected')).toBe('true');
    const payments = page.getByRole('table', { name: 'A) Uscite da attività di interesse generale' });
    const supplies = payments.getByRole('button', { name: /scritture di 1\) Materie prime, sussidiarie, di consumo e di merci$/ });
    await supplies.waitFor();
    expect(plain(await supplies.textContent())).toBe('45,00 €');
    await screenshot(page, 'annual-accounts-mod-d-1280');

    await supplies.click();
    const dialog = page.getByRole('dialog', { name: '1) Materie prime, sussidiarie, di consumo e di merci · 45,00 €' });
    await dialog.getByText('Palloni da beach volley').waitFor();
    expect(plain(await dialog.getByRole('row').filter({ hasText: 'Palloni da beach volley' }).textContent())).toContain('45,00 €');
    await screenshot(page, 'annual-accounts-entries-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Mod. B · Gestionale' }).click();
    const costs = page.getByRole('table', { name: 'A) Costi e oneri da attività di interesse generale' });
    expect(plain(await costs.getByRole('button', { name: /scritture di 1\) Materie prime/ }).textContent())).toBe('45,00 €');
    await screenshotAtPhoneWidth(page, 'annual-accounts-mod-b');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF per l’assemblea' }).click()]);
    expect(download.suggestedFilename()).toBe(`rendiconto-${year}.pdf`);
    expect((await downloadedBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'XLSX per il commercialista' }).click()]);
    expect(workbook.suggestedFilename()).toBe(`rendiconto-${year}.xlsx`);
    // An XLSX is a zip archive.
    expect((await downloadedBytes(workbook)).subarray(0, 2).toString()).toBe('PK');
    await page.close();
  });
});

describe('the mapping of accounts to lines, in Chromium', () => {
  it('the admin moves the utilities from general support to the activities of general interest, at 1280 and 390 px', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/rendiconto/voci', heading: 'Voci del rendiconto' });
    const utilities = page.getByRole('listitem').filter({ hasText: 'Spese · Utenze' });
    const cashLine = utilities.getByLabel('Mod. D (per cassa)');
    expect(await cashLine.inputValue()).toBe('E.U2');
    await cashLine.selectOption('A.U2');
    await utilities.getByRole('button', { name: 'Salva Spese · Utenze' }).click();
    await page.getByText('Salvato: Spese · Utenze.').waitFor();
    await expect.poll(() => utilities.getByRole('button', { name: 'Salva Spese · Utenze' }).isDisabled()).toBe(true);
    const saved = await ctx.stack.db.annualAccountMapping.findFirstOrThrow({ where: { accountKind: 'expenses', category: 'utilities' } });
    expect(saved.cashLine).toBe('A.U2');
    await screenshot(page, 'annual-accounts-mapping-1280');
    await screenshotAtPhoneWidth(page, 'annual-accounts-mapping', { fullPage: false });
    await page.close();
  });
});
