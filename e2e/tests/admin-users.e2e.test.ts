// The users back-office, the audit log and privacy in Chromium: an admin creates a member at the desk,
// changes a role with confirmation, disables and re-enables the account and finds the role change in
// the audit log; the member sets a password from the e-mail, downloads their data and asks for
// erasure; an admin erases another member's data on request.
import { linkIn } from '@beach/api/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, downloadedBytes, openSignedIn, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });
let current: Page | undefined;
const page = (): Page => current ?? ctx.page;
const notice = (text: string | RegExp) => page().getByRole('region', { name: 'Messaggi' }).getByText(text);
const dialog = (name: string | RegExp) => page().getByRole('dialog', { name });
const MEMBER = { first: 'Marco', last: 'Neri', email: `marco.neri.${Date.now()}@esempio.it`, password: 'Sabbia2026' };

async function login(email: string, password: string, path: string, heading: string) {
  await current?.close();
  current = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email, password, path, heading });
}

const atPhoneWidth = (name: string, options?: { fullPage: boolean }) => screenshotAtPhoneWidth(page(), name, options);

async function search(text: string) {
  await page().getByLabel('Cerca').fill(text);
  await page().getByLabel('Cerca').press('Enter');
}

describe('users, audit log and privacy in Chromium', () => {
  it('admin: creates a member at the desk, changes the role with confirmation, disables and re-enables, and reads the change in the audit log', async () => {
    await login('admin@demo.beach', 'Demo2026!', '/admin/users', 'Gestione Utenti');
    await expect.poll(() => page().textContent('main')).toMatch(/Totale: \d+ utenti/);

    await page().getByRole('button', { name: 'Nuovo utente' }).click();
    const form = dialog('Nuovo utente');
    await form.getByRole('button', { name: 'Crea utente' }).click();
    await form.getByText('Compila tutti i campi obbligatori.').waitFor();
    await form.getByLabel('Nome', { exact: false }).first().fill(MEMBER.first);
    await form.getByLabel('Cognome').fill(MEMBER.last);
    await form.getByLabel('E-mail').fill(MEMBER.email);
    await form.getByLabel('Telefono').fill('+39 333 444 5555');
    await screenshot(page(), 'admin-users-new-1280', { fullPage: false });
    await form.getByRole('button', { name: 'Crea utente' }).click();
    await notice(`Utente ${MEMBER.first} ${MEMBER.last} creato. Gli abbiamo inviato un’e-mail per scegliere la password.`).waitFor();

    // The new member's page opens: profile, and no cards, bookings or payments yet.
    const card = dialog(`${MEMBER.first} ${MEMBER.last}`);
    await card.getByText('Nessuna tessera.').waitFor();
    expect(await card.textContent()).toContain(MEMBER.email);

    // Role change: a confirmation shows old and new role; cancelling changes nothing.
    await card.getByLabel('Cambia ruolo').selectOption('staff');
    const confirmRole = dialog('Cambia ruolo');
    await confirmRole.getByText(`Vuoi cambiare il ruolo di ${MEMBER.first} ${MEMBER.last} da Utente a Staff?`).waitFor();
    await screenshot(page(), 'admin-users-role-confirm-1280', { fullPage: false });
    await confirmRole.getByRole('button', { name: 'Annulla' }).click();
    expect(await card.getByLabel('Cambia ruolo').inputValue()).toBe('user');
    await card.getByLabel('Cambia ruolo').selectOption('staff');
    await confirmRole.getByRole('button', { name: 'Cambia ruolo' }).click();
    await notice(`Ruolo di ${MEMBER.first} ${MEMBER.last} aggiornato a Staff.`).waitFor();
    await expect.poll(() => card.getByLabel('Cambia ruolo').inputValue()).toBe('staff');
    // Back to Utente, so the member can later erase their own account.
    await card.getByLabel('Cambia ruolo').selectOption('user');
    await confirmRole.getByRole('button', { name: 'Cambia ruolo' }).click();
    await notice(`Ruolo di ${MEMBER.first} ${MEMBER.last} aggiornato a Utente.`).waitFor();

    // Disable, then enable, each confirmed.
    await card.getByRole('button', { name: 'Disattiva account' }).click();
    await dialog('Disattiva account').getByRole('button', { name: 'Disattiva' }).click();
    await notice(`Account di ${MEMBER.first} ${MEMBER.last} disattivato: non può più accedere.`).waitFor();
    await card.getByText('Disattivato').waitFor();
    await screenshot(page(), 'admin-users-member-1280', { fullPage: false });
    await atPhoneWidth('admin-users-member', { fullPage: false });
    await card.getByRole('button', { name: 'Riattiva account' }).click();
    await dialog('Riattiva account').getByRole('button', { name: 'Riattiva' }).click();
    await notice(`Account di ${MEMBER.first} ${MEMBER.last} riattivato.`).waitFor();
    // Escape closes the member's page (keyboard use).
    await page().keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });

    // The list: search on Enter, role filter.
    await search(`${MEMBER.last} ${MEMBER.first}`);
    await expect.poll(() => page().textContent('main')).toContain('Totale: 1 utenti');
    await screenshot(page(), 'admin-users-1280');
    await atPhoneWidth('admin-users');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await page().getByLabel('Ruolo').selectOption('admin');
    await expect.poll(() => page().textContent('main')).toContain('Nessun utente corrisponde ai filtri');

    // The member's page links to the audit log filtered on them: creation, two role changes, disable, enable.
    await page().getByLabel('Ruolo').selectOption('');
    await page().getByRole('button', { name: `Apri la scheda di ${MEMBER.first} ${MEMBER.last}` }).click();
    await card.getByRole('link', { name: 'Registro attività' }).click();
    await page().getByRole('heading', { name: 'Registro attività', level: 1 }).waitFor();
    await expect.poll(() => page().textContent('main')).toContain('Totale: 5 modifiche');
    // The same filter chosen by searching the member.
    await page().getByRole('button', { name: 'Togli il filtro per utente' }).click();
    await page().getByLabel('Cerca tesserato').fill(MEMBER.last);
    await page().getByRole('button', { name: new RegExp(`${MEMBER.first} ${MEMBER.last}`) }).click();
    await expect.poll(() => page().textContent('main')).toContain('Totale: 5 modifiche');
    // Each entry names what was done to what, and the request beneath.
    const roleRows = page().getByRole('row').filter({ hasText: 'Cambio ruolo' });
    expect(await roleRows.count()).toBe(2);
    expect(await roleRows.first().textContent()).toContain('PUT /api/admin/users/:id/role');
    await roleRows.last().getByRole('button', { name: /^Prima \/ dopo/ }).click();
    const entry = dialog(/^Modifica del /);
    expect(await entry.textContent()).toContain('"role": "staff"');
    await screenshot(page(), 'admin-audit-log-entry-1280', { fullPage: false });
    await page().keyboard.press('Escape');
    await screenshot(page(), 'admin-audit-log-1280');
    await atPhoneWidth('admin-audit-log');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
  });

  it('member: sets the password from the e-mail, downloads their data and erases the account', async () => {
    await current?.close();
    current = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page().goto(linkIn(await ctx.stack.mail.waitFor(MEMBER.email), `${ctx.stack.webUrl}/reset-password`));
    await page().locator('input[name="password"]').fill(MEMBER.password);
    await page().getByLabel('Conferma nuova password').fill(MEMBER.password);
    await page().getByRole('button', { name: 'Salva la nuova password' }).click();
    await page().getByText('Password aggiornata').waitFor();

    await login(MEMBER.email, MEMBER.password, '/profilo', 'Il mio profilo');
    const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: 'Scarica i miei dati' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse((await downloadedBytes(download)).toString('utf8'));
    expect(data.profile).toMatchObject({ email: MEMBER.email, first_name: MEMBER.first, phone: '+39 333 444 5555' });
    expect(data).toMatchObject({ memberships: [], bookings: [], payments: [], waitlist: [], coupon_uses: [] });
    await screenshot(page(), 'profile-privacy-1280');
    await atPhoneWidth('profile-privacy');

    await page().getByRole('button', { name: 'Cancella il mio account' }).click();
    const erasure = dialog('Cancella il mio account e i miei dati');
    await erasure.getByLabel(/Password, per confermare/).fill('sbagliata1');
    await erasure.getByRole('button', { name: 'Cancella definitivamente' }).click();
    await erasure.getByText('La password non è corretta.').waitFor();
    await screenshot(page(), 'profile-erasure-1280', { fullPage: false });
    await atPhoneWidth('profile-erasure', { fullPage: false });
    await erasure.getByLabel(/Password, per confermare/).fill(MEMBER.password);
    await erasure.getByRole('button', { name: 'Cancella definitivamente' }).click();
    await erasure.getByText('I tuoi dati personali sono stati cancellati. L’account è stato chiuso.').waitFor();
    await erasure.getByRole('button', { name: 'Esci' }).click();
    await page().getByRole('heading', { name: 'Accedi' }).waitFor();

    // The old e-mail no longer opens anything.
    await page().getByLabel('E-mail').fill(MEMBER.email);
    await page().getByLabel('Password').fill(MEMBER.password);
    await page().getByRole('button', { name: 'Accedi' }).click();
    await page().getByText('Credenziali non valide. Controlla e-mail e password.').waitFor();
  });

  it('admin: erases a member’s data on request, keeping the payment', async () => {
    const member = await ctx.stack.db.user.create({
      data: { firstName: 'Paola', lastName: 'Gentile', email: `paola.gentile.${Date.now()}@esempio.it`, passwordHash: 'x', emailVerifiedAt: new Date() },
    });
    const payment = await ctx.stack.db.transaction.create({ data: { kind: 'membership', userId: member.id, amountCents: 6000, method: 'cash', status: 'completed', paidAt: new Date() } });
    await postHistory(ctx.stack.db);
    await login('admin@demo.beach', 'Demo2026!', '/admin/users', 'Gestione Utenti');
    await search('gentile');
    await page().getByRole('button', { name: 'Apri la scheda di Paola Gentile' }).click();
    const card = dialog('Paola Gentile');
    await card.getByText('Pagamenti (1)').waitFor();
    await card.getByRole('button', { name: 'Cancella dati' }).click();
    const confirm = dialog('Cancella i dati personali');
    expect(await confirm.textContent()).toContain('non può essere annullata');
    await screenshot(page(), 'admin-users-erase-confirm-1280', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancella dati' }).click();
    await notice('Dati personali cancellati: l’account è anonimo e chiuso, i dati contabili sono conservati.').waitFor();
    await dialog('Utente cancellato').getByText('Dati cancellati').waitFor();
    expect(await dialog('Utente cancellato').textContent()).toContain('Pagamenti (1)');
    expect(await ctx.stack.db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ amountCents: 6000, userId: member.id });
  });

  it('staff: read the users and a member’s page, with no way to change them and no audit log', async () => {
    await login('staff@demo.beach', 'Demo2026!', '/admin/users', 'Gestione Utenti');
    await search('utente@demo.beach');
    await expect.poll(() => page().textContent('main')).toContain('Totale: 1 utenti');
    await page().getByRole('button', { name: /^Apri la scheda di / }).click();
    const card = page().getByRole('dialog');
    await card.getByText(/^Tessere \(\d+\)$/).waitFor();
    // Payments are for admins: the staff's page has no such section.
    expect(await card.getByText(/^Pagamenti \(\d+\)$/).count()).toBe(0);
    expect(await page().getByRole('button', { name: 'Nuovo utente' }).count()).toBe(0);
    for (const action of ['Modifica', 'Cancella dati', 'Disattiva account']) expect(await card.getByRole('button', { name: action }).count()).toBe(0);
    expect(await card.getByLabel('Cambia ruolo').count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Registro attività' }).count()).toBe(0);
    await page().keyboard.press('Escape');
    await page().goto(`${ctx.stack.webUrl}/admin/registro-attivita`);
    await page().getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page().url()).pathname).toBe('/');
  });
});
