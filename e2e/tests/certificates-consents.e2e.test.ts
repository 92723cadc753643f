// Medical certificates and consents in Chromium: a member uploads a certificate from /tesseramento on a
// phone (390 px), staff verify it from the member's page and see it leave the back-office list, and the
// member changes consents on /profilo, with every change listed and kept after a reload; the
// registration form asks a child’s guardian; a newsletter’s unsubscribe page works without login; an
// admin switches "richiedi certificato valido".
import { createHmac } from 'node:crypto';
import { loadConfig, TEST_ENV, unsubscribeLinks } from '@beach/api/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });
let current: Page | undefined;
const page = (): Page => current ?? ctx.page;
const MEMBER = { email: 'utente@demo.beach', name: 'Giulia Rossi' };
/** The first bytes of a PDF: the server reads the type from the content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function open(email: string, path: string, heading: string, width?: number) {
  await current?.close();
  current = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email, path, heading, width });
}

describe('medical certificates and consents in Chromium', () => {
  it('a member uploads a certificate at 390 px; it waits for the desk, which verifies it', async () => {
    const member = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: MEMBER.email } });
    // A card holder, so the member shows on the back-office list.
    const today = isoDay(0);
    await ctx.stack.db.membership.create({
      data: { membershipNumber: 'T2099-00001', userId: member.id, type: 'seasonal', status: 'active', startDate: new Date(`${today}T00:00:00Z`), endDate: new Date(`${isoDay(60)}T00:00:00Z`), originalPriceCents: 5000, priceCents: 5000, activatedAt: new Date() },
    });
    await postHistory(ctx.stack.db);

    await open(MEMBER.email, '/tesseramento', 'Tesseramento', PHONE.width);
    const section = page().getByRole('region', { name: 'Certificato medico' });
    await section.getByText('Non abbiamo ancora il tuo certificato medico').waitFor();
    await section.getByText('Mancante').waitFor();
    // Without the file the form says what is missing, before sending anything.
    await section.getByLabel('Medico o centro che l’ha rilasciato').fill('Dott.ssa Maria Verdi');
    await section.getByLabel('Data di rilascio').fill(isoDay(-5));
    await section.getByLabel('Data di scadenza').fill(isoDay(360));
    await section.getByRole('button', { name: 'Carica certificato' }).click();
    await section.getByText('Allega la scansione o la foto del certificato.').waitFor();
    await section.getByLabel(/File del certificato/).setInputFiles({ name: 'certificato.pdf', mimeType: 'application/pdf', buffer: PDF });
    await section.getByRole('button', { name: 'Carica certificato' }).click();
    await section.getByText('Certificato caricato: la segreteria lo verificherà a breve.').waitFor();
    await section.getByText('in attesa di verifica').waitFor();
    await section.getByText('Dott.ssa Maria Verdi').waitFor();
    expect(await page().evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page(), 'certificate-upload-390');
    await page().setViewportSize({ width: 1280, height: 900 });
    await screenshot(page(), 'certificate-upload-1280');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    const stored = await ctx.stack.db.medicalCertificate.findFirstOrThrow({ where: { userId: member.id } });
    expect(stored).toMatchObject({ issuedBy: 'Dott.ssa Maria Verdi', fileType: 'application/pdf', verifiedAt: null });

    // The desk: the list shows the certificate to verify, the member's page verifies it.
    await open('staff@demo.beach', '/admin/certificati', 'Certificati medici');
    // The list comes a page at a time; the search finds the member by name.
    await page().getByLabel('Cerca').fill('rossi giulia');
    const row = page().getByRole('row').filter({ hasText: 'Rossi Giulia' });
    await row.getByText('Da verificare').waitFor();
    await page().getByRole('navigation', { name: 'Paginazione' }).getByText(/Mostrando 1 - \d+ di \d+ tesserati/).waitFor();
    await screenshot(page(), 'admin-certificates-1280');
    await screenshotAtPhoneWidth(page(), 'admin-certificates');
    // Staff see the setting but only admins change it.
    expect(await page().getByLabel(/Richiedi certificato valido/).isDisabled()).toBe(true);

    // A 16-year-old: the desk is told a parent must sign.
    await ctx.stack.db.user.update({ where: { id: member.id }, data: { birthDate: new Date(`${new Date().getUTCFullYear() - 16}-01-10T00:00:00Z`) } });
    await page().goto(`${ctx.stack.webUrl}/admin/users`);
    await page().getByRole('heading', { name: 'Gestione Utenti', level: 1 }).waitFor();
    await page().getByLabel('Cerca').fill('Giulia Rossi');
    await page().getByLabel('Cerca').press('Enter');
    await page().getByRole('button', { name: `Apri la scheda di ${MEMBER.name}` }).click();
    await page().getByRole('dialog', { name: MEMBER.name }).getByRole('region', { name: 'Consensi' }).getByText('Minorenne: serve la firma di un genitore').waitFor();
    const certificate = page().getByRole('dialog', { name: MEMBER.name }).getByRole('region', { name: 'Certificato medico' });
    await certificate.getByText('Da verificare').first().waitFor();
    await certificate.getByRole('button', { name: 'Verifica' }).click();
    await certificate.getByText('Certificato verificato.').waitFor();
    await certificate.getByText('Valido', { exact: true }).waitFor();
    await screenshot(page(), 'admin-user-certificate-1280', { fullPage: false });
    await screenshotAtPhoneWidth(page(), 'admin-user-certificate', { fullPage: false });
    await expect.poll(async () => (await ctx.stack.db.medicalCertificate.findUniqueOrThrow({ where: { id: stored.id } })).verifiedAt).not.toBeNull();

    // Verified: the member leaves the list, and sees the certificate valid.
    await page().goto(`${ctx.stack.webUrl}/admin/certificati`);
    await page().getByRole('heading', { name: 'Certificati medici', level: 1 }).waitFor();
    await page().waitForLoadState('networkidle');
    await expect.poll(() => page().getByRole('row').filter({ hasText: 'Rossi Giulia' }).count()).toBe(0);
    await open(MEMBER.email, '/tesseramento', 'Tesseramento', PHONE.width);
    await page().getByRole('region', { name: 'Certificato medico' }).getByText(/Il tuo certificato è valido fino al/).waitFor();
  });

  it('a member changes consents on /profilo; each change is listed with its time and kept', async () => {
    await open(MEMBER.email, '/profilo', 'Il mio profilo');
    const consents = page().getByRole('region', { name: 'Consensi' });
    const newsletter = consents.getByLabel('Voglio ricevere la newsletter con eventi, tornei e novità');
    const photos = consents.getByLabel(/foto e video/);
    expect(await newsletter.isChecked()).toBe(false);
    // A box shows the new state once the server has saved it.
    await newsletter.click();
    await consents.getByText('Consensi aggiornati.').waitFor();
    await consents.getByText('Newsletter: dato').waitFor();
    expect(await newsletter.isChecked()).toBe(true);
    await photos.click();
    await consents.getByText('Foto e video: dato').waitFor();
    await photos.click();
    await consents.getByText('Foto e video: revocato').waitFor();
    expect(await photos.isChecked()).toBe(false);
    await screenshot(page(), 'profile-consents-1280');
    await screenshotAtPhoneWidth(page(), 'profile-consents');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);

    await page().reload();
    await page().getByRole('heading', { name: 'Il mio profilo', level: 1 }).waitFor();
    await expect.poll(() => page().getByRole('region', { name: 'Consensi' }).getByLabel('Voglio ricevere la newsletter con eventi, tornei e novità').isChecked()).toBe(true);
    expect(await page().getByRole('region', { name: 'Consensi' }).getByLabel(/foto e video/).isChecked()).toBe(false);
    const member = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: MEMBER.email } });
    const events = await ctx.stack.db.consentEvent.findMany({ where: { userId: member.id }, orderBy: { id: 'asc' } });
    expect(events.map(({ consent, granted }) => [consent, granted])).toEqual([
      ['newsletter', true],
      ['photos', true],
      ['photos', false],
    ]);
  });

  it('the registration form asks for a parent or guardian when the birth date says under 14', async () => {
    await current?.close();
    current = await ctx.browser.newPage({ viewport: PHONE });
    await page().goto(`${ctx.stack.webUrl}/registrazione`);
    await page().getByRole('heading', { name: 'Registrati', level: 1 }).waitFor();
    expect(await page().getByLabel('Nome e cognome del genitore o tutore').count()).toBe(0);
    await page().getByLabel('Data di nascita').fill(`${new Date().getUTCFullYear() - 10}-03-15`);
    await page().getByLabel('Nome e cognome del genitore o tutore').waitFor();
    expect(await page().getByRole('link', { name: 'informativa sulla privacy' }).getAttribute('href')).toBe('/informativa-privacy');
    await page().getByRole('button', { name: 'Crea il mio account' }).click();
    await page().getByText('Per chi ha meno di 14 anni serve il nome di un genitore o tutore.').waitFor();
    await page().getByText('Il genitore o tutore deve accettare l’informativa sulla privacy.').waitFor();
    await screenshot(page(), 'register-guardian-390');
    await page().setViewportSize({ width: 1280, height: 900 });
    await screenshot(page(), 'register-guardian-1280');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
  });

  it('the newsletter’s unsubscribe link asks once, then unsubscribes without login; a link signed with the old key is refused', async () => {
    const member = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: MEMBER.email } });
    await ctx.stack.db.memberConsent.upsert({ where: { userId: member.id }, create: { userId: member.id, newsletter: true }, update: { newsletter: true } });
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: 'postgres://unused@localhost/unused', WEB_ORIGIN: ctx.stack.webUrl });
    await current?.close();
    current = await ctx.browser.newPage({ viewport: PHONE });
    // A link signed the old way, with the sign-in tokens' key, unsubscribes nobody.
    const oldKey = `${member.id}.${createHmac('sha256', config.JWT_SECRET).update(`newsletter-unsubscribe:${member.id}`).digest('base64url')}`;
    await page().goto(`${ctx.stack.webUrl}/disiscrizione?token=${encodeURIComponent(oldKey)}`);
    await page().getByText('Il link di disiscrizione non è valido.').waitFor();
    await screenshot(page(), 'unsubscribe-forged-390');
    await page().setViewportSize(DESKTOP);
    await screenshot(page(), 'unsubscribe-forged-1280');
    await page().setViewportSize(PHONE);
    expect((await ctx.stack.db.memberConsent.findUniqueOrThrow({ where: { userId: member.id } })).newsletter).toBe(true);
    await page().goto(unsubscribeLinks(config, member.id).page);
    await page().getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    await page().getByText('Vuoi smettere di ricevere la newsletter all’indirizzo ut***@demo.beach?').waitFor();
    // Opening the link changed nothing: only the button does.
    expect((await ctx.stack.db.memberConsent.findUniqueOrThrow({ where: { userId: member.id } })).newsletter).toBe(true);
    await screenshot(page(), 'unsubscribe-390');
    await page().setViewportSize(DESKTOP);
    await screenshot(page(), 'unsubscribe-1280');
    await page().getByRole('button', { name: 'Disiscrivimi dalla newsletter' }).click();
    await page().getByText('Non riceverai più la newsletter.', { exact: false }).waitFor();
    expect((await ctx.stack.db.memberConsent.findUniqueOrThrow({ where: { userId: member.id } })).newsletter).toBe(false);
    await page().reload();
    await page().getByText('L’indirizzo ut***@demo.beach non riceve la newsletter.').waitFor();
  });

  it('an admin switches "richiedi certificato valido" on the list screen', async () => {
    await open('admin@demo.beach', '/admin/certificati', 'Certificati medici');
    const setting = page().getByLabel(/Richiedi certificato valido/);
    await expect.poll(() => setting.isChecked()).toBe(false);
    await setting.click();
    await page().getByRole('region', { name: 'Messaggi' }).getByText('Da ora per prenotare online serve un certificato valido.').waitFor();
    await expect.poll(() => setting.isChecked()).toBe(true);
    expect((await ctx.stack.db.setting.findUniqueOrThrow({ where: { id: 1 } })).requireValidCertificate).toBe(true);
    await setting.click();
    await page().getByRole('region', { name: 'Messaggi' }).getByText('Le prenotazioni online non richiedono più il certificato.').waitFor();
    expect((await ctx.stack.db.setting.findUniqueOrThrow({ where: { id: 1 } })).requireValidCertificate).toBe(false);
  });
});
