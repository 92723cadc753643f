// Open matches at the payment page and at the desk, in Chromium. The organiser opens a match on their hold
// at 390 px: the payment page then offers the way back to the match (after a reload too, and once paid)
// and no longer the split payment's panel. At the desk (1280 px), the planner shows the match's fill state
// ("Partita 1/4"; "1/4 · Partita aperta" in the booking's details); staff open it and add a walk-in member paid in cash: "2/4";
// then, at 390 px, someone without an account by name, paid by POS: "3/4".
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { giveCredit } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
const dayButton = new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`);
const ORGANISER = 'utente@demo.beach';

beforeAll(async () => {
  const { db } = ctx.stack;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', openMatchCutoffHours: 6 } });
  const organiser = await db.user.findUniqueOrThrow({ where: { email: ORGANISER } });
  await giveCredit(db, organiser.id, 500, { reason: 'Prova' });
  await db.user.create({ data: { firstName: 'Walter', lastName: 'Passante', email: 'walter.passante@e2e.test', passwordHash: organiser.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
});

describe('open matches at the payment page and at the desk', () => {
  it('the payment page of a match links back to it and leaves out split payment (390 px)', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: ORGANISER, path: '/prenotazioni?campo=C2', heading: 'Prenota un campo', width: PHONE.width });
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: dayButton }).click();
    await page.getByRole('button', { name: /^Campo C2, 10:30–12:00: libero/ }).click();
    await page.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
    await page.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
    const splitPanel = page.getByRole('heading', { name: 'Giocatori e quote' });
    await splitPanel.waitFor();
    await page.getByRole('button', { name: 'Apri una partita' }).click();
    await page.getByRole('form', { name: 'Apri una partita' }).getByRole('button', { name: 'Apri la partita' }).click();
    const backToMatch = page.getByRole('link', { name: 'Vai alla partita' });
    await backToMatch.waitFor();
    await splitPanel.waitFor({ state: 'detached' });
    // Coming back to the page later: still the match's link, still no split payment.
    await page.reload();
    await backToMatch.waitFor();
    await page.getByRole('button', { name: 'Paga con il credito' }).waitFor();
    expect(await splitPanel.count()).toBe(0);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'open-match-payment-page-390');
    await page.getByRole('button', { name: 'Paga con il credito' }).click();
    await page.getByText('Questa prenotazione è già pagata e confermata.').waitFor();
    await backToMatch.click();
    await page.getByRole('heading', { name: 'Beach volley 2×2', level: 1 }).waitFor();
    await page.close();
  });

  it('the planner shows the match’s fill state and staff add a walk-in paid in cash (1280 px)', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: `/admin/prenotazioni?data=${day}`, heading: 'Prenotazioni' });
    const cell = page.getByRole('button', { name: /^Campo C2, Giulia Rossi 10:30–12:00 · .*Partita 1\/4$/ });
    await cell.click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Partita aperta' });
    await section.getByLabel('Cerca tesserato').fill('Passante');
    await section.getByRole('button', { name: /Walter Passante/ }).click();
    await section.getByLabel('Metodo').selectOption({ label: 'Contanti' });
    await section.getByRole('button', { name: 'Aggiungi e incassa 5,00 €' }).click();
    await section.getByText('Walter Passante è nella partita: quota di 5,00 € incassata.').waitFor();
    await section.getByText('2/4 · Partita aperta').waitFor();
    expect(await accessibilityViolations(page, 'dialog')).toEqual([]);
    await screenshot(page, 'open-match-desk-walk-in-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Campo C2, Giulia Rossi 10:30–12:00 · .*Partita 2\/4$/ }).waitFor();
    await screenshot(page, 'open-match-desk-planner-1280', { fullPage: false });
    await page.close();
  });

  it('staff add a walk-in without an account by name, paid by card at the desk (390 px)', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: `/admin/prenotazioni?data=${day}`, heading: 'Prenotazioni', width: PHONE.width });
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: /^Campo C2, Giulia Rossi 10:30–12:00 · .*Partita 2\/4$/ }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Partita aperta' });
    await section.getByRole('button', { name: 'Non ha un account: scrivi il nome' }).click();
    await section.getByLabel('Nome e cognome (senza account)').fill('Sara Senzaconto');
    await section.getByLabel('Metodo').selectOption({ label: 'Carta (POS)' });
    await section.getByRole('button', { name: 'Aggiungi e incassa 5,00 €' }).click();
    await section.getByText('Sara Senzaconto è nella partita: quota di 5,00 € incassata.').waitFor();
    await section.getByText('3/4 · Partita aperta').waitFor();
    await section.getByText(/Walter Passante, Sara Senzaconto/).waitFor();
    expect(await accessibilityViolations(page, 'dialog')).toEqual([]);
    await screenshot(page, 'open-match-desk-walk-in-guest-390');
    await page.close();
  });
});
