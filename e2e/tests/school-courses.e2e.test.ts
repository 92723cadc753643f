// A season course in Chromium: the admin opens "Corsi", creates a course on the D courts (ticked by
// default) for one day two days ahead, reads the preview, saves, and finds the course's name on those
// courts in the desk planner. Screenshots of the form with its preview, the list and the planner at 1280 and 390 px.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
const weekdayLabel = ['Dom', 'Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab'][new Date(`${day}T12:00:00Z`).getUTCDay()]!;

/** Both widths, with `shown` scrolled into view each time. */
async function shootBoth(page: Page, name: string, shown: Locator) {
  await shown.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-1280`, { fullPage: false });
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await shown.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-390`, { fullPage: false });
  await page.setViewportSize(DESKTOP);
}

describe('school courses', () => {
  it('are created by the admin with a preview and hold their courts in the desk planner', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin/corsi', heading: 'Corsi' });
    await page.getByRole('button', { name: 'Nuovo corso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo corso' });
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'D6' }).isChecked()).toBe(true);
    await dialog.getByLabel('Nome').fill('Under 14 E2E');
    await dialog.getByLabel('Primo giorno').fill(day);
    await dialog.getByLabel('Ultimo giorno').fill(day);
    for (const label of ['Mar', 'Gio']) await dialog.getByRole('checkbox', { name: label, exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: weekdayLabel, exact: true }).check();
    await dialog.getByLabel('Ora di inizio (ora di Roma)').fill('16:30');
    await dialog.getByLabel('Prezzo del corso (€)').fill('150');
    await dialog.getByRole('button', { name: 'Anteprima' }).click();
    await dialog.getByText('1 lezione libera, 0 saltate per conflitto o data passata').waitFor();
    expect(await accessibilityViolations(page, 'dialog')).toEqual([]);
    await shootBoth(page, 'school-courses-form', dialog.getByRole('list', { name: 'Lezioni generate' }));
    await dialog.getByRole('button', { name: 'Salva corso (1 lezioni)' }).click();
    await page.getByText('Corso salvato: 1 lezione.').waitFor();
    // The saved course opens at once.
    const detail = page.getByRole('dialog', { name: 'Under 14 E2E' });
    await detail.getByRole('region', { name: 'Lezioni' }).getByText('Lezioni (1)').waitFor();
    expect(await accessibilityViolations(page, 'dialog')).toEqual([]);
    await detail.getByRole('button', { name: 'Chiudi' }).first().click();
    await shootBoth(page, 'school-courses-list', page.getByRole('table', { name: 'Corsi' }));

    await page.goto(`${ctx.stack.webUrl}/admin/prenotazioni?data=${day}`);
    await page.getByRole('heading', { name: 'Prenotazioni', level: 1 }).waitFor();
    await page.getByText('Under 14 E2E').first().waitFor();
    // Every D court holds it, in the 16:30 slot, the closure's reason on hover.
    expect(await page.getByText('Under 14 E2E').count()).toBe(6);
    expect(await page.locator('[title="Corso: Under 14 E2E"]').count()).toBe(6);
    await shootBoth(page, 'school-courses-planner', page.getByText('Under 14 E2E').last());
  });
});
