// The product's own words shown in German and English (docs/i18n.md#data-words), at 390 and 1280 px: a
// course's level ("Intermedio") and its German or English title on /de/scuola and /en/scuola, a
// tournament's on /de/tornei and /en/tornei, its live and TV pages, and a receipt's line on /de/profilo and /en/profilo, worded
// from what it records instead of the Italian stored with the payment; Italian stays as typed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const dayFromToday = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Last year's card: the member's card of this year is the demo's own. */
const year = String(Number(today.slice(0, 4)) - 1);
const COURSE = { it: 'Beach volley serale', de: 'Beachvolleyball am Abend', en: 'Evening beach volleyball' };
const TOURNAMENT = { it: 'Coppa d’autunno in spiaggia', de: 'Herbstpokal am Strand', en: 'Autumn Beach Cup' };
const CARD = 'E2E-DW-1';
/** What each language shows: the course's level, and the receipt of the member's seasonal card. */
const WORDS = {
  it: { level: 'Intermedio', receipt: `Quota associativa · Tessera stagionale n. ${CARD}, valida dal 01/01/${year} al 31/12/${year}` },
  de: { level: 'Mittelstufe', receipt: `Mitgliedsbeitrag · Mitgliedskarte (Saison) Nr. ${CARD}, gültig vom 01.01.${year} bis 31.12.${year}` },
  en: { level: 'Intermediate', receipt: `Membership fee · Seasonal membership card no. ${CARD}, valid from 01/01/${year} to 31/12/${year}` },
};

let page: Page;
let tournamentId: number;
beforeAll(async () => {
  const { db } = ctx.stack;
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const court = await db.court.findFirstOrThrow({ where: { code: 'D2' } });
  const course = await db.course.create({
    data: {
      name: COURSE.it, titleDe: COURSE.de, titleEn: COURSE.en, level: 'Intermedio', startsOn: new Date(`${dayFromToday(1)}T00:00:00Z`), endsOn: new Date(`${dayFromToday(3)}T00:00:00Z`),
      recurrence: 'FREQ=DAILY', startTime: '19:00', durationMinutes: 90, maxParticipants: 12, priceCents: 4500, publishedAt: new Date(), courts: { create: [{ courtId: court.id }] },
    },
  });
  for (const days of [1, 2, 3]) {
    const startsAt = new Date(`${dayFromToday(days)}T17:00:00Z`);
    await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) } });
  }
  const day = new Date(`${dayFromToday(20)}T00:00:00Z`);
  ({ id: tournamentId } = await db.tournament.create({
    data: {
      name: TOURNAMENT.it, titleDe: TOURNAMENT.de, titleEn: TOURNAMENT.en, sport: 'beach_volley', category: 'open', format: 'pools_knockout', matchFormat: 'one_set_21', matchMinutes: 30, entryFeeCents: 1000,
      maxEntries: 8, registrationOpensAt: new Date(Date.now() - 86_400_000), registrationClosesAt: new Date(day.getTime() - 86_400_000), startsOn: day, endsOn: day, status: 'published',
    },
  }));
  // The member's seasonal card of last year, paid at the desk: its payment's description is stored in Italian.
  await db.membership.create({
    data: {
      membershipNumber: CARD, userId: member.id, type: 'seasonal', status: 'expired', activatedAt: new Date(`${year}-01-01T09:00:00Z`), startDate: new Date(`${year}-01-01T00:00:00Z`), endDate: new Date(`${year}-12-31T00:00:00Z`), originalPriceCents: 6000, priceCents: 6000,
      transactions: { create: { kind: 'membership', userId: member.id, amountCents: 6000, method: 'cash', status: 'completed', paidAt: new Date(), description: 'Quota associativa' } },
    },
  });
  await postHistory(db);
  page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/profilo', heading: 'Il mio profilo' });
});
afterAll(() => page?.close());

async function open(address: string, shown: string) {
  await page.goto(`${ctx.stack.webUrl}${address}`);
  await page.getByText(shown, { exact: true }).first().waitFor();
}

for (const locale of ['de', 'en', 'it'] as const) {
  const prefix = locale === 'it' ? '' : `/${locale}`;
  const other = (table: Record<string, string>) => Object.entries(table).filter(([language]) => language !== locale).map(([, text]) => text);
  describe(`in ${locale}, at 1280 and 390 px`, () => {
    it(`${prefix}/scuola: the course by its title and level in ${locale}`, async () => {
      await open(`${prefix}/scuola`, COURSE[locale]);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        const card = page.getByRole('button', { name: new RegExp(COURSE[locale]) });
        await expect.poll(() => card.innerText()).toContain(WORDS[locale].level);
        for (const text of [...other(COURSE), ...other({ it: WORDS.it.level, de: WORDS.de.level, en: WORDS.en.level })]) expect(await card.innerText()).not.toContain(text);
        await screenshot(page, `data-words-${locale}-scuola-${viewport.width}`);
      }
    });

    it(`${prefix}/tornei: the tournament by its title in ${locale}`, async () => {
      await open(`${prefix}/tornei`, TOURNAMENT[locale]);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await expect.poll(() => page.getByRole('link', { name: TOURNAMENT[locale] }).isVisible()).toBe(true);
        for (const text of other(TOURNAMENT)) expect(await page.locator('main').innerText()).not.toContain(text);
        await screenshot(page, `data-words-${locale}-tornei-${viewport.width}`);
      }
    });

    it(`${prefix}/tornei/:id and its TV page: the tournament by its title in ${locale}`, async () => {
      for (const address of [`${prefix}/tornei/${tournamentId}`, `${prefix}/tornei/${tournamentId}/tv`]) {
        await open(address, TOURNAMENT[locale]);
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          await expect.poll(() => page.getByRole('heading', { level: 1, name: TOURNAMENT[locale] }).isVisible()).toBe(true);
          expect(await page.title()).toContain(TOURNAMENT[locale]);
          for (const text of other(TOURNAMENT)) expect(await page.locator('body').innerText()).not.toContain(text);
          await screenshot(page, `data-words-${locale}-${address.endsWith('/tv') ? 'tv' : 'torneo'}-${viewport.width}`);
        }
      }
    });

    it(`${prefix}/profilo: the card's receipt worded in ${locale}`, async () => {
      await open(`${prefix}/profilo`, WORDS[locale].receipt);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await expect.poll(() => page.getByRole('listitem').filter({ hasText: WORDS[locale].receipt }).isVisible()).toBe(true);
        for (const text of other({ it: WORDS.it.receipt, de: WORDS.de.receipt, en: WORDS.en.receipt })) expect(await page.locator('main').innerText()).not.toContain(text);
        await screenshot(page, `data-words-${locale}-profilo-${viewport.width}`);
      }
    });
  });
}
