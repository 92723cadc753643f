// The medical certificate at the check-in desk in Chromium: while an admin has "richiedi certificato
// valido" on, the desk types the card number of a member without a valid certificate and sees its state
// and a warning in its own colour, and records the entrance only once it confirms; once staff record a
// verified certificate on the member's page, the same card reads without the warning. With it, the screens
// that must tell the truth: where staff and members land after signing in, a pending card's reason, the
// certificate's dates and its rejection, the register's missing data and the price list's amounts. The
// setting is switched back off whatever happens.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot, signInOn } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const MEMBER = { email: 'utente@demo.beach', name: 'Giulia Rossi' };
/** The first bytes of a PDF: the server reads the type from the content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const WARNING = 'Certificato medico mancante: non può giocare finché non ne presenta uno valido.';
const romeDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offsetDays * 86_400_000));

let cardNumber: string;
let adminToken: string;

async function saveRequireValidCertificate(on: boolean) {
  const response = await fetch(`${ctx.stack.webUrl}/api/admin/certificates/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ require_valid_certificate: on }),
  });
  expect(response.status).toBe(200);
}

/**
 * Types a card number on the check-in screen and waits for the verdict `heading`. The desk reaches the screen
 * through the app (or is on it already, for the next card); every card is looked up afresh.
 */
async function lookUpCard(page: Page, heading: string, number = cardNumber) {
  await routeInApp(page, '/admin/check-in');
  await page.getByRole('heading', { name: 'Check-in ingressi', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Numero tessera' }).fill(number);
  await page.getByRole('button', { name: 'Verifica' }).click();
  await page.getByRole('heading', { name: heading, level: 2, exact: true }).waitFor();
  return page.locator('section[aria-labelledby="verdict-title"]');
}

const WARNED = 'Tessera valida, certificato medico non valido';

/** Both widths of the screen as it is now; the page is left at the desktop's. */
async function bothWidths(page: Page, name: string, fullPage = true) {
  await screenshot(page, `${name}-1280`, { fullPage });
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, `${name}-390`, { fullPage });
  await page.setViewportSize(DESKTOP);
}

beforeAll(async () => {
  const { db, webUrl } = ctx.stack;
  const member = await db.user.findUniqueOrThrow({ where: { email: MEMBER.email } });
  const membership = await db.membership.create({
    data: {
      membershipNumber: `T${romeDay(0).slice(0, 4)}-09001`, userId: member.id, type: 'seasonal', status: 'active', activatedAt: new Date(),
      startDate: new Date(`${romeDay(-10)}T00:00:00Z`), endDate: new Date(`${romeDay(60)}T00:00:00Z`), originalPriceCents: 6000, priceCents: 6000,
    },
  });
  cardNumber = membership.membershipNumber;
  await postHistory(db);
  const login = await fetch(`${webUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.beach', password: 'Demo2026!', remember: false }) });
  adminToken = ((await login.json()) as { access_token: string }).access_token;
});

// Other tests of the run's browser must find the setting as it ships: off.
afterAll(() => saveRequireValidCertificate(false));

describe('screens that tell the truth, in Chromium at 1280 and 390 px', () => {
  it('staff land on the desk; a holder without certificate reads in its own colour and enters only once confirmed; a pending card says why; a certificate is refused for its dates and rejected with a reason e-mailed; the register flags missing data; the price list reads "60,00" and "12,00" once saved', async () => {
    const { db, webUrl, mail } = ctx.stack;
    const member = await db.user.findUniqueOrThrow({ where: { email: MEMBER.email } });
    await db.medicalCertificate.deleteMany({ where: { userId: member.id } });
    const staffUser = await db.user.findUniqueOrThrow({ where: { email: 'staff@demo.beach' } });
    const pending = await db.membership.create({
      data: { membershipNumber: `T${romeDay(0).slice(0, 4)}-09002`, userId: staffUser.id, type: 'seasonal', status: 'pending', startDate: new Date(`${romeDay(0)}T00:00:00Z`), endDate: new Date(`${romeDay(60)}T00:00:00Z`), originalPriceCents: 6000, priceCents: 6000 },
    });
    await saveRequireValidCertificate(true);

    // Staff sign in through the form and land on the desk; "Esci" is how they leave.
    const page = await ctx.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${webUrl}/login`);
    await page.getByLabel('E-mail').fill('staff@demo.beach');
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${webUrl}/admin`);
    await page.getByRole('heading', { name: 'Dashboard Amministratore', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Esci subito' }).waitFor();
    await page.getByRole('button', { name: /Menu profilo di/ }).click();
    await page.getByRole('button', { name: 'Esci', exact: true }).waitFor();
    await screenshot(page, 'landing-staff-1280', { fullPage: false });
    await page.keyboard.press('Escape');

    // A valid card, no certificate while one is required: not the green "Tessera valida".
    const verdict = await lookUpCard(page, WARNED);
    expect(await page.getByRole('heading', { name: 'Tessera valida', exact: true }).count()).toBe(0);
    expect(await verdict.getAttribute('class')).not.toContain('emerald');
    await bothWidths(page, 'check-in-warned', false);
    await page.getByRole('button', { name: 'Registra ingresso' }).click();
    const confirm = page.getByRole('dialog', { name: 'Registrare l’ingresso senza certificato valido?' });
    await confirm.getByText(WARNING).waitFor();
    await bothWidths(page, 'check-in-confirm', false);
    await confirm.getByRole('button', { name: 'Registra comunque' }).click();
    await page.getByText('Ingresso registrato: Giulia R.').waitFor();
    expect(await db.checkIn.count({ where: { userId: member.id } })).toBe(1);

    // A card not paid yet says so.
    const notActive = await lookUpCard(page, 'Tessera non attiva', pending.membershipNumber);
    await notActive.getByText('Tessera non pagata: diventa valida quando è pagata, online o qui in segreteria.').waitFor();
    await bothWidths(page, 'check-in-pending', false);

    // The member signs in and lands on their page; the certificate form refuses wrong dates, then a file too large until one fits.
    const phone = await ctx.browser.newPage({ viewport: PHONE });
    await phone.goto(`${webUrl}/login`);
    await phone.getByLabel('E-mail').fill(MEMBER.email);
    await phone.getByLabel('Password').fill('Demo2026!');
    await phone.getByRole('button', { name: 'Accedi' }).click();
    await phone.waitForURL(`${webUrl}/profilo`);
    await phone.getByRole('heading', { name: 'Il mio profilo', level: 1 }).waitFor();
    await routeInApp(phone, '/tesseramento');
    const section = phone.getByRole('region', { name: 'Certificato medico' });
    await section.getByLabel('Medico o centro che l’ha rilasciato').fill('Dott.ssa Maria Verdi');
    await section.getByLabel('Data di rilascio').fill(romeDay(3));
    await section.getByLabel('Data di scadenza').fill(romeDay(360));
    await section.getByLabel(/File del certificato/).setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) });
    await section.getByText('Il file è troppo grande: al massimo 5 MB.').waitFor();
    await section.getByRole('button', { name: 'Carica certificato' }).click();
    await section.getByText('La data di rilascio non può essere nel futuro.').waitFor();
    await section.getByLabel('Data di rilascio').fill(romeDay(-400));
    await section.getByLabel('Data di scadenza').fill(romeDay(-2));
    await section.getByRole('button', { name: 'Carica certificato' }).click();
    await section.getByText('Questo certificato è già scaduto: serve un certificato ancora valido.').waitFor();
    await screenshot(phone, 'certificate-dates-390');
    await phone.setViewportSize(DESKTOP);
    await screenshot(phone, 'certificate-dates-1280');
    await phone.setViewportSize(PHONE);
    await section.getByLabel(/File del certificato/).setInputFiles({ name: 'certificato.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => section.getByText('Il file è troppo grande: al massimo 5 MB.').count()).toBe(0);
    await section.getByLabel('Data di rilascio').fill(romeDay(-3));
    await section.getByLabel('Data di scadenza').fill(romeDay(360));
    await section.getByRole('button', { name: 'Carica certificato' }).click();
    await section.getByText('Certificato caricato: la segreteria lo verificherà a breve.').waitFor();
    await phone.close();

    // The desk rejects it with a reason, which the member receives by e-mail: on the desk's page, kept open while the
    // member uploaded, the users' screen reached through the app (the member's record is read when opened).
    const desk = page;
    await routeInApp(desk, '/admin/users');
    await desk.getByRole('heading', { name: 'Gestione Utenti', level: 1 }).waitFor();
    await desk.getByLabel('Cerca').fill(MEMBER.name);
    await desk.getByLabel('Cerca').press('Enter');
    await desk.getByRole('button', { name: `Apri la scheda di ${MEMBER.name}` }).click();
    const certificate = desk.getByRole('dialog', { name: MEMBER.name }).getByRole('region', { name: 'Certificato medico' });
    await certificate.getByRole('button', { name: 'Rifiuta' }).click();
    const reject = desk.getByRole('dialog', { name: 'Rifiuta il certificato' });
    await reject.getByRole('button', { name: 'Rifiuta certificato' }).click();
    await reject.getByText('Scrivi il motivo del rifiuto (almeno 5 caratteri): lo riceverà il socio.').waitFor();
    await reject.getByLabel('Motivo').fill('La foto è sfocata: non si legge la data di scadenza.');
    await bothWidths(desk, 'certificate-reject', false);
    await reject.getByRole('button', { name: 'Rifiuta certificato' }).click();
    await certificate.getByText('Certificato rifiutato: il socio riceve il motivo per e-mail.').waitFor();
    await certificate.getByText(/Rifiutato: La foto è sfocata/).waitFor();
    const email = await mail.waitFor(MEMBER.email);
    expect(email.subject).toBe('Il tuo certificato medico non è stato accettato');
    expect(email.text).toContain('Motivo: La foto è sfocata: non si legge la data di scadenza.');

    // The register flags the members without fiscal code or place of birth, counts them and filters them; it has the residence.
    // The admin signs in on the same page, in place of the desk (no new page's renderer to start).
    const admin = page;
    await signInOn(admin, webUrl, { email: 'admin@demo.beach', path: '/admin/libro-soci' });
    await admin.getByRole('heading', { name: 'Libro soci', level: 1 }).waitFor();
    await admin.getByRole('columnheader', { name: 'Residenza' }).waitFor();
    await admin.getByText(/^Senza codice fiscale o luogo di nascita: \d+ su \d+$/).waitFor();
    await admin.getByLabel('Dati anagrafici').selectOption('mancanti');
    const flagged = admin.getByRole('row').filter({ hasText: cardNumber });
    await flagged.getByText('Mancano codice fiscale e luogo di nascita').waitFor();
    await expect.poll(() => admin.url()).toContain('dati=mancanti');
    await bothWidths(admin, 'members-register-flags');

    // The price list in euros with two decimals, as everywhere else.
    await routeInApp(admin, '/admin/listino-prezzi');
    await admin.getByRole('heading', { name: 'Listino prezzi', level: 2 }).waitFor();
    await expect.poll(() => admin.getByLabel('Tessera stagionale (€)').inputValue()).toBe('60,00');
    await expect.poll(() => admin.getByLabel('Minimo (€)').inputValue()).toBe('10,00');
    // Typed without decimals, saved, read back as the rest.
    await admin.getByLabel('Minimo (€)').fill('12');
    await admin.getByRole('button', { name: 'Salva limiti' }).click();
    await admin.getByText('Limiti delle ricariche salvati.').waitFor();
    await expect.poll(() => admin.getByLabel('Minimo (€)').inputValue()).toBe('12,00');
    await bothWidths(admin, 'price-list');
    await admin.getByLabel('Minimo (€)').fill('10');
    await admin.getByRole('button', { name: 'Salva limiti' }).click();
    await expect.poll(() => admin.getByLabel('Minimo (€)').inputValue()).toBe('10,00');
    await admin.close();
  });
});

describe('the medical certificate at check-in, in Chromium', () => {
  it('warns the desk while "richiedi certificato valido" is on and the holder has none; not once one is recorded', async () => {
    await saveRequireValidCertificate(true);
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' });

    const verdict = await lookUpCard(page, WARNED);
    await expect.poll(() => verdict.textContent()).toContain('Certificato medicoMancante');
    const warning = page.getByRole('alert').filter({ hasText: 'Certificato medico' });
    expect(await warning.textContent()).toBe(WARNING);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'check-in-certificate-warning-1280');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'check-in-certificate-warning-390');
    await page.setViewportSize(DESKTOP);

    // The member brings a paper certificate: the desk records it on the member's page, verified at once.
    await routeInApp(page, '/admin/users');
    await page.getByRole('heading', { name: 'Gestione Utenti', level: 1 }).waitFor();
    await page.getByLabel('Cerca').fill(MEMBER.name);
    await page.getByLabel('Cerca').press('Enter');
    await page.getByRole('button', { name: `Apri la scheda di ${MEMBER.name}` }).click();
    const certificate = page.getByRole('dialog', { name: MEMBER.name }).getByRole('region', { name: 'Certificato medico' });
    await certificate.getByRole('button', { name: 'Registra un certificato' }).click();
    await certificate.getByLabel('Tipo di certificato').selectOption('non_agonistico');
    await certificate.getByLabel('Medico o centro che l’ha rilasciato').fill('Centro di medicina sportiva Lido');
    await certificate.getByLabel('Data di rilascio').fill(romeDay(-3));
    await certificate.getByLabel('Data di scadenza').fill(romeDay(362));
    await certificate.getByRole('button', { name: 'Registra certificato' }).click();
    await certificate.getByText('Certificato registrato.').waitFor();
    await certificate.getByText('Valido', { exact: true }).first().waitFor();

    const cleared = await lookUpCard(page, 'Tessera valida');
    await expect.poll(() => cleared.textContent()).toContain('Certificato medicoValido');
    expect(await page.getByRole('alert').filter({ hasText: 'Certificato medico' }).count()).toBe(0);
    expect(await cleared.textContent()).not.toContain('non può giocare');
    await screenshot(page, 'check-in-certificate-valid-1280');
    await page.close();
  });
});
