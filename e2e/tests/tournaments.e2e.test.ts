// Tournaments in Chromium: a single-elimination tournament next week on A1 and C1 (the seed has no A2), created and published
// through the organiser's API, with three pairs already confirmed. The demo member registers with a
// partner at 390 px and pays their part by card; the partner pays theirs with credit and the pair is
// confirmed. Registration closes; the organiser (1280 px) draws, finds the matches on the courts' board
// and enters a score (a wrong one first). A public page opened before the score shows it without reload;
// at 390 px its tables scroll in their own box. Screenshots at 390 and 1280 px, and of the TV mode.
import { api } from '@beach/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { giveCredit } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const dayFromToday = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const day = dayFromToday(7);
const NAME = 'Coppa del Molo';
const PARTNER = { firstName: 'Marco', lastName: 'Compagno', email: 'marco.compagno@esempio.it' };
/** Three pairs already confirmed (their money is not what this test checks). */
const OTHERS = [
  ['Luca', 'Bianchi'], ['Sara', 'Verdi'], ['Paolo', 'Neri'], ['Elena', 'Galli'], ['Davide', 'Conti'], ['Marta', 'Fontana'],
].map(([firstName, lastName]) => ({ firstName: firstName!, lastName: lastName!, email: `${firstName!.toLowerCase()}.${lastName!.toLowerCase()}@esempio.it` }));

let tournamentId: number;

async function adminToken() {
  const response = await fetch(`${ctx.stack.webUrl}${api.auth.login.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.beach', password: 'Demo2026!' }) });
  return api.auth.login.response.parse(await response.json()).access_token;
}

async function asAdmin(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${ctx.stack.webUrl}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ tournament: { id: number } }>;
}

/** The document does not scroll sideways: wide parts scroll inside their own box. */
const documentFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  const { db } = ctx.stack;
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const partner = await db.user.create({ data: { ...PARTNER, passwordHash: member.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
  // Both may play: a card covering the day (the certificate is not asked by the seeded settings).
  const year = today.slice(0, 4);
  for (const [index, user] of [member, partner].entries()) {
    await db.membership.create({
      data: { membershipNumber: `T${year}-6610${index}`, userId: user.id, type: 'seasonal', status: 'active', activatedAt: new Date(), startDate: new Date(`${dayFromToday(-30)}T00:00:00Z`), endDate: new Date(`${dayFromToday(60)}T00:00:00Z`), originalPriceCents: 0, priceCents: 0 },
    });
  }
  await giveCredit(db, partner.id, 2000, { reason: 'Prova' });

  const [a1, c1] = await Promise.all(['A1', 'C1'].map((code) => db.court.findUniqueOrThrow({ where: { code } })));
  const token = await adminToken();
  const created = await asAdmin('POST', api.tournaments.create.path, token, {
    name: NAME, sport: 'beach_volley', category: 'open', format: 'single_elimination', match_format: 'one_set_21', match_minutes: 30, entry_fee: '10', max_entries: 8,
    registration_opens_at: new Date(Date.now() - 3_600_000).toISOString(), registration_closes_at: new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString(),
    starts_on: day, ends_on: day, courts: [a1, c1].map((court) => ({ court_id: court!.id, date: day, from: '09:00', to: '13:00' })),
  });
  tournamentId = created.tournament.id;
  await asAdmin('POST', api.tournaments.publish.path.replace(':id', String(tournamentId)), token);

  for (let pair = 0; pair < 3; pair++) {
    const users = await Promise.all(OTHERS.slice(pair * 2, pair * 2 + 2).map((other) => db.user.create({ data: { ...other, passwordHash: member.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } })));
    const entry = await db.tournamentEntry.create({ data: { tournamentId, status: 'confirmed', createdById: users[0]!.id } });
    await db.tournamentPlayer.createMany({ data: users.map((user) => ({ entryId: entry.id, tournamentId, userId: user.id, feeCents: 1000, acceptedAt: new Date() })) });
  }
  await db.tournament.update({ where: { id: tournamentId }, data: { entriesTaken: 3 } });
});

describe('tournaments, in Chromium', () => {
  it('a pair registers at 390 px and pays (one by card, one with credit); the entry is confirmed', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: `/tornei/${tournamentId}`, heading: NAME, width: PHONE.width });
    try {
      await page.setViewportSize(PHONE);
      await screenshot(page, 'tournament-open-390');
      await page.getByRole('button', { name: 'Iscriviti con un compagno' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('E-mail del compagno o della compagna').fill(PARTNER.email);
      await screenshot(page, 'tournament-register-dialog-390', { fullPage: false });
      await dialog.getByRole('button', { name: 'Conferma l’iscrizione' }).click();
      // The dialog closes on the entry, with the registration's answer above it.
      await page.getByText('Iscrizione fatta: il posto è tuo.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const payByCard = page.getByRole('button', { name: 'Paga la tua quota (10,00 €) con la carta' });
      await screenshot(page, 'tournament-registered-390', { fullPage: false });
      await payByCard.click();
      await page.waitForURL(/\/checkout\/cs_test_/);
      await expect.poll(() => page.textContent('body')).toContain('10,00');
      await page.getByRole('button', { name: 'Paga' }).click();
      await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
      await page.getByText('Quota del torneo pagata: ci vediamo in campo!').waitFor();
      await screenshot(page, 'tournament-paid-390');

      await page.goto(`${ctx.stack.webUrl}/tornei/${tournamentId}`);
      await page.getByText('In attesa del pagamento del compagno').waitFor();
      await screenshot(page, 'tournament-waiting-partner-390');

      const partnerPage = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: PARTNER.email, path: `/tornei/${tournamentId}`, heading: NAME, width: PHONE.width });
      try {
        await partnerPage.setViewportSize(PHONE);
        await partnerPage.getByRole('button', { name: 'Paga con il credito' }).click();
        await partnerPage.getByRole('button', { name: 'Paga con il credito' }).waitFor({ state: 'detached' });
        await screenshot(partnerPage, 'tournament-partner-paid-390');
      } finally {
        await partnerPage.close();
      }

      await page.goto(`${ctx.stack.webUrl}/tornei`);
      const mine = page.getByRole('region', { name: 'Le mie iscrizioni' });
      await expect.poll(() => mine.textContent()).toMatch(new RegExp(`${NAME}.*Iscritti`));
      await screenshot(page, 'tournament-my-entries-390');
      expect((await ctx.stack.db.tournament.findUniqueOrThrow({ where: { id: tournamentId } })).entriesTaken).toBe(4);
    } finally {
      await page.close();
    }
  });

  it('the organiser draws, schedules and scores at 1280 px; the public page follows without reload', async () => {
    const { db } = ctx.stack;
    await db.tournament.update({ where: { id: tournamentId }, data: { registrationClosesAt: new Date(Date.now() - 60_000) } });
    const publicContext = await ctx.browser.newContext({ viewport: DESKTOP });
    const live = await publicContext.newPage();
    const board = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: `/admin/tornei/${tournamentId}`, heading: NAME });
    try {
      await live.goto(`${ctx.stack.webUrl}/tornei/${tournamentId}`);
      await live.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      await live.getByText('Iscrizioni chiuse').waitFor();

      await board.getByRole('tab', { name: 'Sorteggio' }).click();
      await board.getByRole('button', { name: 'Sorteggia' }).click();
      await board.getByRole('dialog', { name: 'Sorteggia' }).getByRole('button', { name: 'Sorteggia' }).click();
      const bracket = board.getByRole('region', { name: 'Tabellone a eliminazione' });
      await bracket.getByText('Giulia Rossi').waitFor();
      // The admin's bar, with every back-office menu, fits the 1280 px window.
      expect(await documentFits(board)).toBe(true);
      await screenshot(board, 'tournament-admin-draw-1280');

      await board.getByRole('tab', { name: 'Programma' }).click();
      const courts = board.getByRole('region', { name: 'Tabellone dei campi' });
      // Two semi-finals, the final and the match for third place, on A1 and C1 from 9:00.
      await expect.poll(() => courts.locator('[data-block]').count()).toBe(4);
      const matches = board.getByRole('region', { name: 'Partite' });
      await expect.poll(() => matches.textContent()).toMatch(/A1 09:00[^]*C1 09:00|C1 09:00[^]*A1 09:00/);
      await screenshot(board, 'tournament-admin-schedule-1280');

      await board.getByRole('tab', { name: 'Risultati' }).click();
      const form = board.locator('form[aria-label^="Punteggio"]').first();
      const inputs = form.locator('input');
      // Row a, then row b: the first set of each side is the first input of its row.
      await inputs.nth(0).fill('21');
      await inputs.nth(3).fill('20');
      await form.getByRole('button', { name: 'Salva il punteggio' }).click();
      await form.getByText('Un set a 21 si vince con due punti di scarto').waitFor();
      await screenshot(board, 'tournament-admin-score-refused-1280');
      expect(await live.textContent('body')).not.toContain('21-15');
      await inputs.nth(3).fill('15');
      await form.getByRole('button', { name: 'Salva il punteggio' }).click();
      await board.getByText('Giocata: 21-15').waitFor();
      await screenshot(board, 'tournament-admin-scored-1280');

      // The public page reads the tournament every 10 s: the score shows with no reload nor navigation.
      const address = live.url();
      await expect.poll(() => live.textContent('body')).toContain('21-15');
      expect(live.url()).toBe(address);
      await screenshot(live, 'tournament-live-1280');
      await live.setViewportSize(PHONE);
      expect(await documentFits(live)).toBe(true);
      await screenshot(live, 'tournament-live-390');

      await live.setViewportSize(DESKTOP);
      await live.goto(`${ctx.stack.webUrl}/tornei/${tournamentId}/tv`);
      await live.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      await screenshot(live, 'tournament-tv-1280', { fullPage: false });
    } finally {
      await board.close();
      await publicContext.close();
    }
  });
});
