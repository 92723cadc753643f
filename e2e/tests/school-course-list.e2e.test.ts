// The admin's course list and preview in Chromium, at 1280 and 390 px: a saved course opens at once;
// the list's search and filters live in the address (reload and back keep them); the preview warns of
// lessons ending after dark on courts without lights and says under "Primo giorno" why dates all past
// cannot be saved. Screenshots of each.
import { addDays } from '@beach/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
const weekdayLabel = ['Dom', 'Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab'][new Date(`${day}T12:00:00Z`).getUTCDay()]!;
const WIDTHS = [DESKTOP.width, PHONE.width] as const;
// A week of next December (to come whatever the day of the run), from its first Monday on or after the 3rd: its
// Tuesday and Thursday fall between the 4th and the 12th, the earliest sunsets: 16:31 (computed for 2027–2070).
const december3 = `${Number(today.slice(0, 4)) + 1}-12-03`;
const december = addDays(december3, (8 - (new Date(`${december3}T12:00:00Z`).getUTCDay() || 7)) % 7);

const openCourses = (width: number, path = '/admin/corsi') => openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path, heading: 'Corsi', width });
const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(await page.evaluate(() => window.innerWidth));

describe('the admin course list', () => {
  it.each(WIDTHS)('opens the saved course at once and keeps its search and filters in the address (%i px)', async (width) => {
    const name = `Lista E2E ${width}`;
    const page = await openCourses(width);
    await page.getByRole('button', { name: 'Nuovo corso' }).click();
    const form = page.getByRole('dialog', { name: 'Nuovo corso' });
    await expect.poll(() => form.getByRole('checkbox', { name: 'D6' }).isChecked()).toBe(true);
    await form.getByLabel('Nome').fill(name);
    await form.getByLabel('Primo giorno').fill(day);
    await form.getByLabel('Ultimo giorno').fill(day);
    for (const label of ['Mar', 'Gio']) await form.getByRole('checkbox', { name: label, exact: true }).uncheck();
    await form.getByRole('checkbox', { name: weekdayLabel, exact: true }).check();
    await form.getByLabel('Ora di inizio (ora di Roma)').fill(width === DESKTOP.width ? '10:00' : '12:00');
    await form.getByLabel('Prezzo del corso (€)').fill('90');
    await form.getByRole('button', { name: 'Anteprima' }).click();
    await form.getByRole('button', { name: 'Salva corso (1 lezioni)' }).click();

    // The saved course opens, named in the address; closing it leaves the list.
    const detail = page.getByRole('dialog', { name });
    await detail.getByRole('region', { name: 'Lezioni' }).getByText('Lezioni (1)').waitFor();
    await page.getByText('Corso salvato: 1 lezione.').waitFor();
    expect(new URL(page.url()).searchParams.get('corso')).toMatch(/^\d+$/);
    await screenshot(page, `course-list-saved-${width}`, { fullPage: false });
    await detail.getByRole('button', { name: 'Chiudi' }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.has('corso')).toBe(false);

    // The search runs in the database and stays in the address.
    await page.getByRole('searchbox', { name: 'Cerca' }).fill(name);
    await expect.poll(() => new URL(page.url()).searchParams.get('cerca')).toBe(name);
    const table = page.getByRole('table', { name: 'Corsi' });
    await page.getByText('1 corso', { exact: true }).waitFor();
    await table.getByRole('button', { name: `Apri il corso ${name}` }).waitFor();
    await noSideScroll(page);
    await screenshot(page, `course-list-search-${width}`);

    // The cancelled ones: none by that name; a reload and the back button keep search and filter.
    if (width === PHONE.width) await page.getByRole('button', { name: 'Filtri', exact: true }).click();
    await page.getByLabel('Stato').selectOption('cancelled');
    await page.getByText('Nessun corso corrisponde alla ricerca o ai filtri.').waitFor();
    expect(new URL(page.url()).searchParams.get('stato')).toBe('cancelled');
    await page.reload();
    await page.getByText('Nessun corso corrisponde alla ricerca o ai filtri.').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Cerca' }).inputValue()).toBe(name);
    await page.goto(`${ctx.stack.webUrl}/admin/prenotazioni`);
    await page.getByRole('heading', { name: 'Prenotazioni', level: 1 }).waitFor();
    await page.goBack();
    await page.getByText('Nessun corso corrisponde alla ricerca o ai filtri.').waitFor();
    expect(await page.getByLabel('Stato').inputValue()).toBe('cancelled');
    await page.getByRole('button', { name: 'Cancella filtri' }).click();
    await page.getByRole('heading', { name: 'Corsi', level: 1 }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.close();
  });
});

describe('the course preview', () => {
  it.each(WIDTHS)('warns of December lessons after dark on D4 and D5 and explains dates all past under the first day (%i px)', async (width) => {
    const page = await openCourses(width);
    await page.getByRole('button', { name: 'Nuovo corso' }).click();
    const form = page.getByRole('dialog', { name: 'Nuovo corso' });
    await expect.poll(() => form.getByRole('checkbox', { name: 'D6' }).isChecked()).toBe(true);
    await form.getByLabel('Nome').fill('Serale dicembre');
    for (const code of ['D1', 'D2', 'D3', 'D6']) await form.getByRole('checkbox', { name: code, exact: true }).uncheck();
    await form.getByLabel('Primo giorno').fill(december);
    await form.getByLabel('Ultimo giorno').fill(addDays(december, 4));
    await form.getByLabel('Ora di inizio (ora di Roma)').fill('19:00');
    await form.getByLabel('Prezzo del corso (€)').fill('100');
    await form.getByRole('button', { name: 'Anteprima' }).click();

    const lessons = form.getByRole('list', { name: 'Lezioni generate' });
    await form.getByRole('alert').filter({ hasText: '2 lezioni finiscono al buio su campi senza luci' }).waitFor();
    await expect.poll(() => lessons.getByText('Senza luci su D4, D5: la lezione finisce dopo il tramonto (16:31).').count()).toBe(2);
    // A warning, not a refusal: the course can still be saved.
    expect(await form.getByRole('button', { name: 'Salva corso (2 lezioni)' }).isEnabled()).toBe(true);
    expect(await accessibilityViolations(page, 'dialog')).toEqual([]);
    await lessons.scrollIntoViewIfNeeded();
    await noSideScroll(page);
    await screenshot(page, `course-preview-dark-${width}`, { fullPage: false });

    await form.getByLabel('Primo giorno').fill('2024-03-04');
    await form.getByLabel('Ultimo giorno').fill('2024-03-29');
    await form.getByRole('button', { name: 'Anteprima' }).click();
    const message = 'Tutte le lezioni cadrebbero nel passato: scegli un primo giorno da oggi in poi.';
    await form.getByText(message).waitFor();
    expect(await form.getByLabel('Primo giorno').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('list', { name: 'Lezioni generate' }).count()).toBe(0);
    await form.getByLabel('Primo giorno').scrollIntoViewIfNeeded();
    await screenshot(page, `course-preview-past-${width}`, { fullPage: false });
    await page.close();
  });
});
