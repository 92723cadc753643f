// The memberships back-office in Chromium, as staff (read-only) and as admin: filters and search,
// pages, the detail per role, PDF, activation from the orphan banner (and the member's e-mail), a
// Stripe payment linked by hand, deletion, a role change, the bulk e-mail with its live progress, and
// a card made at the desk in the editor.
import codiceFiscale from 'codice-fiscale-js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, downloadedBytes, screenshot } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const { CodiceFiscale } = codiceFiscale as unknown as { CodiceFiscale: typeof codiceFiscale };
const ctx = useBrowserStack({ page: true });
// Each role signs in on a fresh page (its own browser context), so no session of the other is left.
let current: Page | undefined;
const page = (): Page => current ?? ctx.page;

const YEAR = new Date().getUTCFullYear();
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const SEASON = { startDate: day(`${YEAR}-05-01`), endDate: day(`${YEAR}-09-30`) };
const number = (n: number) => `E2E-${String(n).padStart(3, '0')}`;

/**
 * 24 cards: 18 ordinary active ones, 2 BVU, 2 pending with no payment (the orphan banner), the
 * admin's own and one for a member whose role changes. Created one minute apart, newest last.
 */
async function seedCards() {
  const db = ctx.stack.db;
  const passwordHash = (await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } })).passwordHash;
  const base = Date.now() - 60 * 60_000;
  let n = 0;
  async function card(user: { first_name: string; last_name: string; email?: string }, data: { status?: 'active' | 'pending'; bvu?: boolean; type?: 'seasonal' | 'daily'; priceCents?: number }) {
    n++;
    const email = user.email ?? `${user.first_name}.${user.last_name}@e2e.test`.toLowerCase();
    const holder = await db.user.upsert({
      where: { email },
      update: {},
      create: { firstName: user.first_name, lastName: user.last_name, email, passwordHash, birthDate: day('1990-01-01'), emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() },
    });
    const active = (data.status ?? 'active') === 'active';
    const price = data.priceCents ?? (data.bvu ? 5000 : 6000);
    const today = new Date().toISOString().slice(0, 10);
    return db.membership.create({
      data: {
        membershipNumber: number(n),
        userId: holder.id,
        type: data.type ?? 'seasonal',
        status: active ? 'active' : 'pending',
        activatedAt: active ? new Date() : null,
        isBvuMember: data.bvu ?? false,
        bvuCardCode: data.bvu ? `BVU-${n}` : null,
        fiscalCode: 'RSSMRA90A01H294X',
        ...(data.type === 'daily' ? { startDate: day(today), endDate: day(today) } : SEASON),
        hasInsurance: true,
        originalPriceCents: price,
        priceCents: price,
        qrCode: active ? `qr-e2e-${n}-abcdefghijklmnopqrstuvwxyz` : null,
        createdAt: new Date(base + n * 60_000),
      },
    });
  }
  for (let i = 1; i <= 18; i++) await card({ first_name: 'Socio', last_name: `Ordinario${String(i).padStart(2, '0')}` }, {});
  await card({ first_name: 'Bruno', last_name: 'Bivu' }, { bvu: true });
  await card({ first_name: 'Bice', last_name: 'Bivu' }, { bvu: true });
  await card({ first_name: 'Paola', last_name: 'Attesa' }, { status: 'pending', type: 'daily', priceCents: 500 });
  await card({ first_name: 'Luca', last_name: 'Collega' }, { status: 'pending' });
  await card({ first_name: 'Anna', last_name: 'Admin', email: 'admin@demo.beach' }, {});
  await card({ first_name: 'Rita', last_name: 'Ruolo' }, {});
  // Their books: what each card owes (a payment linked later settles it).
  await postHistory(db);
}

async function login(email: string) {
  await current?.close();
  current = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page().goto(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent('/admin/memberships')}`);
  await page().getByLabel('E-mail').fill(email);
  await page().getByLabel('Password').fill('Demo2026!');
  await page().getByRole('button', { name: 'Accedi' }).click();
  await page().getByRole('heading', { name: 'Gestione Tesseramenti', level: 1 }).waitFor();
}

const bodyText = () => page().textContent('main');
const rowOf = (membershipNumber: string) => page().getByRole('row').filter({ hasText: membershipNumber });
const notice = (text: string) => page().getByRole('region', { name: 'Messaggi' }).getByText(text);

async function atPhoneWidth(name: string, { fullPage = true } = {}) {
  await page().setViewportSize({ width: 390, height: 844 });
  await screenshot(page(), `${name}-390`, { fullPage });
  await page().setViewportSize({ width: 1280, height: 900 });
}

describe('memberships back-office in Chromium', () => {
  it('staff: read-only list with filters, search, pages, the detail without money and the PDF', async () => {
    await seedCards();
    await login('staff@demo.beach');
    await expect.poll(bodyText).toContain('Mostra 1 - 15 di 24 tessere');
    expect(await bodyText()).toContain('Visualizza tessere');
    expect(await bodyText()).toContain('Totale: 24 tessere');
    expect(await bodyText()).toContain('Pagina 1 di 2');
    expect(await page().getByText('Tessere da Attivare').count()).toBe(0);
    expect(await page().getByRole('checkbox').count()).toBe(0);
    expect(await page().getByRole('button', { name: /Email Multipla/ }).count()).toBe(0);
    expect(await page().getByRole('button', { name: /Elimina tessera/ }).count()).toBe(0);

    await page().getByRole('button', { name: 'Successiva' }).click();
    await expect.poll(bodyText).toContain('Mostra 16 - 24 di 24 tessere');

    await page().getByLabel('BVU').selectOption('bvu');
    await expect.poll(bodyText).toContain('Totale: 2 tessere');
    expect(await bodyText()).toContain('Mostra 1 - 2 di 2 tessere');
    await page().getByLabel('BVU').selectOption('non_bvu');
    await expect.poll(bodyText).toContain('Totale: 22 tessere');
    await page().getByLabel('Stato').selectOption('pending');
    await expect.poll(bodyText).toContain('Totale: 2 tessere');
    await page().getByRole('button', { name: 'Cancella filtri' }).click();
    await expect.poll(bodyText).toContain('Totale: 24 tessere');

    await page().getByLabel('Cerca').fill('ordinario0');
    await expect.poll(bodyText).toContain('Totale: 9 tessere');
    await page().getByLabel('Cerca').fill('nessuno-così');
    await expect.poll(bodyText).toContain('Nessuna tessera trovata');
    await page().getByLabel('Cerca').fill('');
    await expect.poll(bodyText).toContain('Totale: 24 tessere');
    await screenshot(page(), 'admin-memberships-staff-1280');

    await rowOf(number(19)).getByRole('button', { name: `Dettagli tessera ${number(19)}` }).click();
    const dialog = page().getByRole('dialog', { name: `Tessera ${number(19)}` });
    await dialog.getByRole('region', { name: 'Informazioni utente' }).waitFor();
    expect(await dialog.getByRole('region').allTextContents()).toHaveLength(3);
    expect(await dialog.getByRole('region', { name: 'Tesserato BVU' }).textContent()).toContain('BVU-19');
    expect(await dialog.getByRole('region', { name: 'Dati economici' }).count()).toBe(0);
    const [download] = await Promise.all([page().waitForEvent('download'), dialog.getByRole('button', { name: 'Scarica PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`tessera-${number(19)}.pdf`);
    expect((await downloadedBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
  });

  it('admin: banner, "(Tu)", role change, detail sections, activation with e-mail, linked payment and deletion', async () => {
    await login('admin@demo.beach');
    await expect.poll(bodyText).toContain('Gestisci tessere e ruoli utenti');
    const banner = page().getByRole('region', { name: 'Tessere da Attivare' });
    await expect.poll(() => banner.textContent()).toContain('Ci sono 2 tessere in attesa');
    expect(await banner.textContent()).toContain('paola.attesa@e2e.test');
    await expect.poll(() => rowOf(number(23)).textContent()).toContain('(Tu)');
    expect(await rowOf(number(23)).getByRole('combobox').count()).toBe(0);
    // axe on the screen itself (main, where its dialogs open too), not on the shared header.
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-memberships-1280');
    await atPhoneWidth('admin-memberships');

    // Role change, confirmed with the old and the new role.
    await rowOf(number(24)).getByRole('combobox').selectOption('staff');
    const confirmRole = page().getByRole('dialog', { name: 'Cambia ruolo' });
    expect(await confirmRole.textContent()).toContain('da Utente a Staff');
    await confirmRole.getByRole('button', { name: 'Cambia ruolo' }).click();
    await expect.poll(async () => (await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'rita.ruolo@e2e.test' } })).role).toBe('staff');

    // The detail of a BVU card: every section.
    await rowOf(number(20)).getByRole('button', { name: `Dettagli tessera ${number(20)}` }).click();
    const detail = page().getByRole('dialog', { name: `Tessera ${number(20)}` });
    for (const section of ['Informazioni utente', 'Dettagli tessera', 'Tesserato BVU', 'Dati economici', 'Informazioni pagamento', 'Metadati']) {
      await detail.getByRole('region', { name: section }).waitFor();
    }
    expect(await detail.getByRole('region', { name: 'Dati economici' }).textContent()).toContain('50,00');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-membership-detail-1280', { fullPage: false });
    await atPhoneWidth('admin-membership-detail', { fullPage: false });
    await page().keyboard.press('Escape');

    // Activation from the banner, after confirmation; the member gets the card by e-mail.
    await banner.getByRole('button', { name: `Attiva la tessera ${number(21)}` }).click();
    await page().getByRole('dialog', { name: 'Attiva tessera' }).getByRole('button', { name: 'Attiva' }).click();
    await notice(`Tessera ${number(21)} attivata con successo!`).waitFor();
    const mail = await ctx.stack.mail.waitFor('paola.attesa@e2e.test', 15_000);
    expect(mail.attachments[0]?.filename).toBe(`tessera-${number(21)}.pdf`);
    await expect.poll(() => banner.textContent()).toContain('C’è 1 tessera in attesa');

    // A payment taken on Stripe outside the site, linked to the other pending card.
    const paymentId = ctx.stack.stripe.addPaymentIntent({ amount: 6000 });
    await banner.getByRole('button', { name: `Collega pagamento alla tessera ${number(22)}` }).click();
    const link = page().getByRole('dialog', { name: 'Collega pagamento Stripe' });
    expect(await link.getByLabel(/ID pagamento Stripe/).getAttribute('placeholder')).toMatch(/^pi_/);
    await link.getByLabel(/ID pagamento Stripe/).fill(paymentId);
    await link.getByLabel(/Importo/).fill('55');
    await link.getByRole('button', { name: 'Collega pagamento' }).click();
    // The amount that does not match Stripe is said under the amount, once (no alert repeats it).
    await link.getByText(/L’importo indicato non corrisponde al pagamento su Stripe/).waitFor();
    const amount = link.getByLabel(/Importo/);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await link.getByRole('alert').count()).toBe(0);
    await link.getByLabel(/Importo/).fill('60.00');
    await link.getByRole('button', { name: 'Collega pagamento' }).click();
    await notice('Pagamento collegato con successo!').waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    expect((await ctx.stack.db.membership.findUniqueOrThrow({ where: { membershipNumber: number(22) } })).status).toBe('active');

    // Deletion, after a warning that it cannot be undone.
    await rowOf(number(18)).getByRole('button', { name: `Elimina tessera ${number(18)}` }).click();
    const confirmDelete = page().getByRole('dialog', { name: 'Elimina tessera' });
    expect(await confirmDelete.textContent()).toContain('non può essere annullata');
    await confirmDelete.getByRole('button', { name: 'Elimina' }).click();
    await expect.poll(bodyText).toContain('Totale: 23 tessere');
    expect(await ctx.stack.db.membership.count({ where: { membershipNumber: number(18) } })).toBe(0);
  });

  it('admin: bulk e-mail to the selected rows, with the 10-recipient preview, live progress and final figures', async () => {
    await page().goto(`${ctx.stack.webUrl}/admin/memberships`);
    await expect.poll(bodyText).toContain('Mostra 1 - 15 di 23 tessere');
    await page().getByRole('checkbox', { name: 'Seleziona tutte le tessere della pagina' }).check();
    await page().getByRole('button', { name: 'Email Multipla (15)' }).click();
    const dialog = page().getByRole('dialog', { name: 'Email Multipla (15)' });
    expect(await dialog.getByRole('list', { name: 'Destinatari' }).getByRole('listitem').count()).toBe(10);
    await dialog.getByText('... e altri 5 tesserati').waitFor();
    await expect.poll(() => dialog.textContent()).toContain('15 tesserati');
    const send = dialog.getByRole('button', { name: /Invia email/ });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel(/Oggetto/).fill('Torneo di fine stagione');
    await dialog.getByLabel(/Messaggio/).fill('Iscrizioni aperte in segreteria fino a venerdì.');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-broadcast-1280', { fullPage: false });
    await atPhoneWidth('admin-broadcast', { fullPage: false });
    await send.click();
    await dialog.getByRole('definition').first().waitFor();
    const stats = await dialog.textContent();
    expect(stats).toContain('Inviate15');
    expect(stats).toContain('Non inviate0');
    expect(stats).toMatch(/Lotti1 da \d+/);
    await screenshot(page(), 'admin-broadcast-done-1280', { fullPage: false });
    const received = await ctx.stack.mail.waitFor('socio.ordinario17@e2e.test', 10_000);
    expect(received.subject).toBe('Torneo di fine stagione');
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
  });

  it('admin: makes a card at the desk for a member found by name, with the live quote', async () => {
    const db = ctx.stack.db;
    const passwordHash = (await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } })).passwordHash;
    await db.user.create({ data: { firstName: 'Elena', lastName: 'Banco', email: 'elena.banco@e2e.test', passwordHash, birthDate: day('1992-04-10'), emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
    await page().getByRole('link', { name: 'Nuova tessera' }).click();
    await page().getByRole('heading', { name: 'Nuova tessera', level: 1 }).waitFor();
    await page().getByLabel('Cerca tesserato').fill('elena ban');
    await page().getByRole('button', { name: /Elena Banco/ }).click();
    await page().getByLabel(/Tipo di tessera/).selectOption('seasonal');
    const fiscalCode = CodiceFiscale.compute({ name: 'Elena', surname: 'Banco', gender: 'F', day: 10, month: 4, year: 1992, birthplace: 'Rimini', birthplaceProvincia: 'RN' });
    await page().getByLabel(/Codice fiscale/).fill(fiscalCode);
    await page().getByLabel(/Metodo di pagamento/).selectOption('card');
    const summary = page().getByRole('region', { name: 'Riepilogo' });
    // The payment method is part of the quote: until the new one is back the last shows faded (aria-busy),
    // and the price read must be the current quote's (accessibilityViolations waits the same way for axe).
    await expect.poll(() => summary.getAttribute('aria-busy')).toBe('false');
    expect(await summary.textContent()).toContain('60,00');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-membership-editor-1280');
    await atPhoneWidth('admin-membership-editor');
    await page().getByRole('button', { name: 'Crea tessera attiva' }).click();
    const created = await page().getByRole('link', { name: /Apri la tessera/ }).textContent();
    const membershipNumber = created!.replace('Apri la tessera ', '');
    const card = await db.membership.findUniqueOrThrow({ where: { membershipNumber }, include: { transactions: true } });
    expect(card.status).toBe('active');
    expect(card.transactions.map((transaction) => [transaction.method, transaction.status])).toEqual([['card', 'completed']]);
  });
});
