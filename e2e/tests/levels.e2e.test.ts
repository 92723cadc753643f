// Levels in Chromium, at 390 and 1280 px: the member finds their level with the questionnaire on the profile,
// sees it and its history, and the club’s ranking by level; the notification choices beside them. The admin
// corrects a level on the member’s page and turns on tournament results feeding levels.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const pages: Page[] = [];
afterAll(() => Promise.all(pages.map((page) => page.close())));

const DEMO_USER = 'utente@demo.beach';

describe('the member’s levels', () => {
  for (const width of [PHONE.width, DESKTOP.width]) {
    it(`start from the questionnaire on the profile and show in the ranking at ${width} px`, async () => {
      const { webUrl, db } = ctx.stack;
      const member = await db.user.findUniqueOrThrow({ where: { email: DEMO_USER } });
      await db.memberLevel.deleteMany({ where: { userId: member.id } });
      await db.memberLevelChange.deleteMany({ where: { userId: member.id } });
      const page = await openSignedIn(ctx.browser, webUrl, { email: DEMO_USER, path: '/profilo', heading: 'Il mio profilo', width });
      pages.push(page);
      const beachVolley = page.getByRole('listitem', { name: 'Beach volley' });
      await beachVolley.getByText('Nessun livello ancora.').waitFor();
      await beachVolley.getByRole('button', { name: 'Trova il tuo livello' }).click();
      const form = page.getByRole('form', { name: 'Il tuo livello di Beach volley' });
      await form.getByRole('radio', { name: 'Da 2 a 5 anni' }).check();
      await form.getByRole('radio', { name: 'Ogni settimana' }).check();
      await form.getByRole('radio', { name: 'Tornei amatoriali' }).check();
      await form.getByRole('radio', { name: 'Buona' }).check();
      await screenshot(page.getByRole('region', { name: 'I miei livelli' }), `levels-questionnaire-${width}`, { fullPage: false });
      await form.getByRole('button', { name: 'Salva il livello' }).click();
      // Two, two, one and two of three each: 0.5 + 7/12 × 5.
      await beachVolley.getByText('Livello 3,4').waitFor();
      await expect.poll(() => beachVolley.textContent()).toContain('Affidabilità 0%');
      await page.getByText('Storia dei livelli').click();
      await page.getByText(/Beach volley · Questionario/).waitFor();
      await screenshot(page.getByRole('region', { name: 'I miei livelli' }), `levels-profile-${width}`, { fullPage: false });
      await screenshot(page.getByRole('region', { name: 'Notifiche' }), `notifications-profile-${width}`, { fullPage: false });

      // The ranking: five competitive matches put the member in it, their row marked.
      await db.memberLevel.update({ where: { userId_sport: { userId: member.id, sport: 'beach_volley' } }, data: { competitiveMatches: 5, sigma: 4 } });
      await page.getByRole('link', { name: 'Classifica per livello' }).click();
      await page.getByRole('heading', { name: 'Classifica per livello', level: 1 }).waitFor();
      const mine = page.locator('tr[aria-current="true"]');
      await expect.poll(() => mine.textContent()).toMatch(/3,42.*52%/);
      await screenshot(page, `levels-ranking-${width}`);
    });
  }
});

describe('the admin and levels', () => {
  for (const [width, level] of [[PHONE.width, '4.5'], [DESKTOP.width, '5.2']] as const) {
    it(`corrects a member's level on their page (audited) and lets tournament results feed levels at ${width} px`, async () => {
      const { webUrl, db } = ctx.stack;
      const member = await db.user.findUniqueOrThrow({ where: { email: DEMO_USER } });
      const name = `${member.firstName} ${member.lastName}`;
      const page = await openSignedIn(ctx.browser, webUrl, { email: 'admin@demo.beach', path: '/admin/users', heading: 'Gestione Utenti', width });
      pages.push(page);
      await page.getByLabel('Cerca').fill(name);
      await page.getByLabel('Cerca').press('Enter');
      await page.getByRole('button', { name: `Apri la scheda di ${name}` }).click();
      const levels = page.getByRole('dialog', { name }).getByRole('region', { name: 'Livelli' });
      const beachTennis = levels.getByRole('listitem', { name: 'Livello di Beach tennis' });
      await beachTennis.getByLabel('Nuovo livello').fill(level);
      await beachTennis.getByRole('button', { name: 'Correggi' }).click();
      await levels.getByText('Livello corretto.').waitFor();
      await expect.poll(() => beachTennis.textContent()).toContain(`${level.replace('.', ',')} · affidabilità`);
      await levels.getByText('Storia dei livelli').click();
      await screenshot(levels, `levels-admin-correction-${width}`, { fullPage: false });
      await expect.poll(() => db.auditLog.count({ where: { entityType: 'member_level_changes', subjectUserId: member.id } })).toBeGreaterThan(0);

      // The setting: off by default, turned on and saved.
      await db.setting.update({ where: { id: 1 }, data: { tournamentResultsFeedLevels: false } });
      await page.goto(`${webUrl}/admin/listino-prezzi`);
      await page.getByRole('heading', { name: 'Listino prezzi', level: 1 }).waitFor();
      const feeding = page.getByLabel(/I risultati confermati dei tornei muovono i livelli/);
      expect(await feeding.isChecked()).toBe(false);
      await feeding.check();
      await page.getByRole('button', { name: 'Salva regole' }).click();
      await page.getByText('Regole delle prenotazioni salvate.').waitFor();
      await expect.poll(async () => (await db.setting.findUniqueOrThrow({ where: { id: 1 } })).tournamentResultsFeedLevels).toBe(true);
      await screenshot(page.getByRole('form', { name: 'Regole delle prenotazioni' }), `levels-settings-feed-${width}`, { fullPage: false });
    });
  }
});
