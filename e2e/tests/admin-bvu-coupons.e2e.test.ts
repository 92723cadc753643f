// The BVU members and membership coupons screens in Chromium, as an admin: add, edit, search and
// delete a BVU member (after the screen's confirmation), import a CSV with bad rows and read the summary;
// create and edit a coupon, toggle it and filter by status. Staff see both read-only.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import codiceFiscale from 'codice-fiscale-js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };
const fiscalCode = (name: string, surname: string, day: number, month: number, year: number, gender: 'M' | 'F' = 'M') =>
  CodiceFiscale.compute({ name, surname, gender, day, month, year, birthplace: 'Rimini', birthplaceProvincia: 'RN' });

const ctx = useBrowserStack({ page: true });
let current: Page | undefined;
const page = (): Page => current ?? ctx.page;
const bodyText = () => page().textContent('main');
const notice = (text: string) => page().getByRole('region', { name: 'Messaggi' }).getByText(text);
const rowOf = (text: string) => page().getByRole('row').filter({ hasText: text });

async function login(email: string, path: string, heading: string) {
  await current?.close();
  current = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email, path, heading });
}

const atPhoneWidth = (name: string) => screenshotAtPhoneWidth(page(), name);

async function search(text: string) {
  await page().getByLabel('Cerca').fill(text);
  await page().getByLabel('Cerca').press('Enter');
}

describe('BVU members and coupons in Chromium', () => {
  it('admin: adds, edits, searches and deletes a BVU member, and imports a CSV with errors', async () => {
    await ctx.stack.db.bvuMember.createMany({
      data: Array.from({ length: 11 }, (_, index) => ({ cardCode: `SEED-${index}`, season: '2026', lastName: `Archivio${String(index).padStart(2, '0')}`, firstName: 'Socio', fiscalCode: `ARCSCO90A01H${String(index).padStart(3, '0')}X` })),
    });
    await login('admin@demo.beach', '/admin/bvu-members', 'Gestione Tesserati BVU');
    await expect.poll(bodyText).toContain('Mostrando 1 - 10 di 11 tesserati');

    // Add: the starred fields are checked before anything is sent.
    await page().getByRole('button', { name: 'Aggiungi Tesserato' }).click();
    const form = page().getByRole('dialog', { name: 'Aggiungi Tesserato BVU' });
    await form.getByLabel('Codice tessera').fill('BVU-777');
    await form.getByRole('button', { name: 'Aggiungi Tesserato' }).click();
    await form.getByText('Compila tutti i campi obbligatori.').waitFor();
    await form.getByLabel('Cognome').fill('Marini');
    await form.getByLabel(/^Nome/).fill('Giorgia');
    const rightCode = fiscalCode('Giorgia', 'Marini', 1, 1, 1995, 'F');
    await form.getByLabel('Codice fiscale').fill(`${rightCode.slice(0, 15)}${rightCode.endsWith('A') ? 'B' : 'A'}`);
    await form.getByLabel('Data di nascita').fill('1995-01-01');
    await form.getByRole('button', { name: 'Aggiungi Tesserato' }).click();
    // The server checks the check character and says so under the field, once (no alert repeats it).
    await form.getByText(/carattere di controllo/).waitFor();
    expect(await form.getByText(/carattere di controllo/).count()).toBe(1);
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByLabel('Codice fiscale').fill(rightCode);
    await form.getByLabel('E-mail').fill('giorgia.marini@esempio.it');
    await form.getByRole('button', { name: 'Aggiungi Tesserato' }).click();
    await notice('Tesserato BVU aggiunto con successo!').waitFor();
    await expect.poll(bodyText).toContain('Mostrando 1 - 10 di 12 tesserati');

    // Search on Enter.
    await search('marini');
    await expect.poll(bodyText).toContain('Mostrando 1 - 1 di 1 tesserati');
    expect(await rowOf('BVU-777').textContent()).toContain('giorgia.marini@esempio.it');
    await screenshot(page(), 'admin-bvu-members-1280');

    // Edit.
    await rowOf('BVU-777').getByRole('button', { name: 'Modifica Marini Giorgia' }).click();
    const edit = page().getByRole('dialog', { name: 'Modifica Tesserato BVU' });
    await edit.getByLabel('Codice tessera').fill('BVU-778');
    await edit.getByLabel('E-mail').fill('');
    await edit.getByRole('button', { name: 'Salva Modifiche' }).click();
    await notice('Tesserato BVU aggiornato con successo!').waitFor();
    await expect.poll(async () => rowOf('BVU-778').textContent()).toContain('N/A');

    // Delete, after the screen's confirmation.
    await rowOf('BVU-778').getByRole('button', { name: 'Elimina Marini Giorgia' }).click();
    await page().getByText('Sei sicuro di voler eliminare il tesserato BVU "Marini Giorgia"?').waitFor();
    await page().getByRole('dialog', { name: 'Elimina tesserato BVU' }).getByRole('button', { name: 'Elimina' }).click();
    await notice('Tesserato BVU eliminato con successo!').waitFor();
    await expect.poll(bodyText).toContain('Nessun tesserato BVU trovato');
    await search('');

    // Import: a wrong type is refused on the spot; a CSV with 7 bad rows gives the summary.
    const folder = mkdtempSync(join(tmpdir(), 'bvu-import-'));
    writeFileSync(join(folder, 'foto.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const good = [1, 2, 3].map((index) => `IMP-${index};2026;Importato${'abc'[index - 1]};Carlo;${fiscalCode('Carlo', `Importato${'abc'[index - 1]}`, index, 2, 1990)};M;0${index}/02/1990;;01/04/2026;31/12/2026`);
    const bad = Array.from({ length: 7 }, (_, index) => `BAD-${index};2026;Sbagliato;Riga;CODICEERRATO${index}`);
    const csv = ['codice_tessera;stagione;cognome;nome;codice_fiscale;sesso;data_nascita;email;data_rilascio;data_scadenza', ...good, ...bad].join('\n');
    writeFileSync(join(folder, 'tesserati.csv'), csv);

    await page().getByRole('button', { name: 'Importa CSV' }).click();
    const modal = page().getByRole('dialog', { name: 'Importa tesserati BVU da CSV' });
    await modal.getByText('CSV fino a 10MB').waitFor();
    await modal.locator('input[type=file]').setInputFiles(join(folder, 'foto.png'));
    await modal.getByText('Il file deve essere in formato CSV. Formato attuale: image/png').waitFor();
    await modal.getByRole('button', { name: 'Rimuovi' }).click();
    await modal.locator('input[type=file]').setInputFiles(join(folder, 'tesserati.csv'));
    await modal.getByText('tesserati.csv').waitFor();
    await modal.getByRole('button', { name: 'Importa', exact: true }).click();
    await modal.getByText('Importazione completata: 3 tesserati aggiunti, 0 aggiornati, 7 righe scartate.').waitFor();
    const summary = (await modal.textContent()) ?? '';
    expect(summary).toContain('Riga 5: codice fiscale:');
    expect(summary).toContain('Riga 9: codice fiscale:');
    expect(summary).not.toContain('Riga 10:');
    expect(summary).toContain('...e altri 2 errori.');
    await screenshot(page(), 'admin-bvu-import-1280', { fullPage: false });
    await modal.getByRole('button', { name: 'Chiudi' }).last().click();
    await expect.poll(bodyText).toContain('di 14 tesserati');
    await atPhoneWidth('admin-bvu-members');
  });

  it('admin: creates and edits a coupon, toggles it and filters by status', async () => {
    await login('admin@demo.beach', '/admin/coupons', 'Gestione Coupon Tessere');
    await page().getByRole('button', { name: 'Nuovo Coupon' }).click();
    const form = page().getByRole('dialog', { name: 'Nuovo Coupon' });
    // A new coupon's defaults: percentage, 10, membership, active.
    expect(await form.getByLabel('Tipo di sconto').inputValue()).toBe('percentage');
    expect(await form.getByLabel('Valore dello sconto (%)').inputValue()).toBe('10');
    expect(await form.getByLabel('Applicabile a').inputValue()).toBe('membership');
    expect(await form.getByLabel('Stato').inputValue()).toBe('true');
    await form.getByRole('button', { name: 'Crea Coupon' }).click();
    await form.getByText('Compila tutti i campi obbligatori.').waitFor();
    await form.getByLabel('Codice').fill('estate-e2e');
    await form.getByLabel('Descrizione').fill('Sconto estate');
    await form.getByLabel('Valore dello sconto (%)').fill('120');
    await form.getByRole('button', { name: 'Crea Coupon' }).click();
    await form.getByText('Una percentuale non può superare 100.').first().waitFor();
    await form.getByLabel('Valore dello sconto (%)').fill('15');
    await form.getByLabel('Limite di utilizzi').fill('50');
    await form.getByRole('button', { name: 'Crea Coupon' }).click();
    await notice('Coupon tessera creato con successo!').waitFor();
    await expect.poll(async () => rowOf('ESTATE-E2E').textContent()).toContain('15%');
    expect(await rowOf('ESTATE-E2E').textContent()).toContain('0 / 50');

    await rowOf('ESTATE-E2E').getByRole('button', { name: 'Modifica il coupon ESTATE-E2E' }).click();
    const edit = page().getByRole('dialog', { name: 'Modifica coupon ESTATE-E2E' });
    await edit.getByLabel('Tipo di sconto').selectOption('fixed');
    await edit.getByLabel('Valore dello sconto (€)').fill('7.5');
    await edit.getByLabel('Applicabile a').selectOption('both');
    await edit.getByLabel('Limite di utilizzi').fill('');
    await edit.getByRole('button', { name: 'Salva Modifiche' }).click();
    await notice('Coupon tessera aggiornato con successo!').waitFor();
    await expect.poll(async () => rowOf('ESTATE-E2E').textContent()).toContain('0 / ∞');
    expect(await rowOf('ESTATE-E2E').textContent()).toMatch(/7,50\s?€/);
    expect(await rowOf('ESTATE-E2E').textContent()).toContain('Tessere e prenotazioni');

    await rowOf('ESTATE-E2E').getByRole('button', { name: 'Disattiva il coupon ESTATE-E2E' }).click();
    await notice('Coupon disattivato con successo!').waitFor();
    await page().getByLabel('Stato').selectOption('true');
    await expect.poll(async () => rowOf('ESTATE-E2E').count()).toBe(0);
    await page().getByLabel('Stato').selectOption('false');
    await expect.poll(async () => rowOf('ESTATE-E2E').count()).toBe(1);
    await rowOf('ESTATE-E2E').getByRole('button', { name: 'Attiva il coupon ESTATE-E2E' }).click();
    await notice('Coupon attivato con successo!').waitFor();
    await expect.poll(async () => rowOf('ESTATE-E2E').count()).toBe(0);
    await page().getByLabel('Stato').selectOption('');
    await search('estate-e2e');
    await expect.poll(bodyText).toContain('Mostrando 1 - 1 di 1 coupon');
    await screenshot(page(), 'admin-coupons-1280');
    await atPhoneWidth('admin-coupons');
  });

  it('staff: both screens read-only', async () => {
    await login('staff@demo.beach', '/admin/coupons', 'Gestione Coupon Tessere');
    await expect.poll(bodyText).toContain('ESTATE-E2E');
    expect(await page().getByRole('button', { name: 'Nuovo Coupon' }).count()).toBe(0);
    expect(await page().getByRole('button', { name: /Disattiva il coupon/ }).count()).toBe(0);
    await page().goto(`${ctx.stack.webUrl}/admin/bvu-members`);
    await expect.poll(bodyText).toContain('Visualizza i tesserati BVU');
    expect(await page().getByRole('button', { name: 'Importa CSV' }).count()).toBe(0);
    expect(await page().getByRole('button', { name: /^Elimina / }).count()).toBe(0);
  });
});
