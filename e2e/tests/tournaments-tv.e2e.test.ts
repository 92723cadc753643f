// A finished tournament of 16 pairs (four pools of four, then quarter-finals, semi-finals, third place
// and final: 32 matches, each with a court and a time), drawn and scored through the organiser's API.
// The TV mode at 1280×720 and 1920×1080 shows every placement, every pool and the whole bracket: each
// view turns through pages that fit the screen (stepped here with →, not by waiting). The past tab of
// /tornei lists it (in Italian, German and English) and its live page shows results, not "Nessuna
// partita in programma", at 390 and 1280 px.
import { api } from '@beach/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
// The day after tomorrow: registration closes ten minutes from now, which must be before the tournament's day even
// when the file starts just before midnight in Rome or runs across it.
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
const NAME = 'Trofeo della Sera';
const PAIRS = 16;
let tournamentId: number;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${ctx.stack.webUrl}${path}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  const { db } = ctx.stack;
  const token = api.auth.login.response.parse(await call('POST', api.auth.login.path, undefined, { email: 'admin@demo.beach', password: 'Demo2026!' })).access_token;
  const courts = await db.court.findMany({ where: { code: { in: ['A1', 'C1', 'D1', 'D2'] } } });
  const created = await call('POST', api.tournaments.create.path, token, {
    name: NAME, sport: 'beach_volley', category: 'open', format: 'pools_knockout', match_format: 'one_set_21', match_minutes: 30, entry_fee: '0', max_entries: PAIRS,
    registration_opens_at: new Date(Date.now() - 3_600_000).toISOString(), registration_closes_at: new Date(Date.now() + 600_000).toISOString(),
    starts_on: day, ends_on: day, courts: courts.map((court) => ({ court_id: court.id, date: day, from: '08:00', to: '16:00' })),
  });
  tournamentId = created.tournament.id;
  const idPath = (path: string) => path.replace(':id', String(tournamentId));
  await call('POST', idPath(api.tournaments.publish.path), token);
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  for (let pair = 1; pair <= PAIRS; pair++) {
    const users = await Promise.all(['Alfa', 'Beta'].map((firstName) =>
      db.user.create({ data: { firstName: `${firstName}${pair}`, lastName: `Coppia${pair}`, email: `tv.${firstName.toLowerCase()}${pair}@esempio.it`, passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } })));
    const entry = await db.tournamentEntry.create({ data: { tournamentId, status: 'confirmed', createdById: users[0]!.id } });
    await db.tournamentPlayer.createMany({ data: users.map((user) => ({ entryId: entry.id, tournamentId, userId: user.id, feeCents: 0, acceptedAt: new Date() })) });
  }
  await db.tournament.update({ where: { id: tournamentId }, data: { entriesTaken: PAIRS, registrationClosesAt: new Date(Date.now() - 60_000) } });
  await call('POST', idPath(api.tournaments.draw.path), token);
  // Every match ready is scored (the first side wins 21 to 10 + its order) until the tournament is finished.
  for (let round = 0; round < 20; round++) {
    const live = api.tournaments.live.response.parse(await call('GET', idPath(api.tournaments.live.path)));
    if (live.status === 'finished') break;
    for (const [index, match] of live.matches.filter((one) => one.status === 'ready').entries()) {
      await call('PUT', idPath(api.tournaments.score.path).replace(':key', match.key), token, { sets: [{ a: 21, b: 10 + (index % 9) }] });
    }
  }
});

type Screen = { view: string; page: number; pages: number; blocks: string[]; allInside: boolean; scale: number | null; bracketInside: boolean };

/** The screen shown now: its view and page, its blocks' texts, whether each block (and the bracket) lies inside the screen's area. */
const screenOf = (page: Page) =>
  page.evaluate((): Screen => {
    const section = document.querySelector<HTMLElement>('[data-tv-view]')!;
    const area = section.lastElementChild!.getBoundingClientRect();
    const inside = (rect: DOMRect) => rect.top >= area.top - 1 && rect.bottom <= area.bottom + 1 && rect.left >= area.left - 1 && rect.right <= area.right + 1;
    const blocks = [...section.querySelectorAll<HTMLElement>('[data-tv-block]')];
    const bracket = section.querySelector<HTMLElement>('[data-tv-scale]');
    const matches = bracket ? [...bracket.querySelectorAll('ol > li li')] : [];
    return {
      view: section.dataset.tvView!, page: Number(section.dataset.page), pages: Number(section.dataset.pages),
      blocks: blocks.map((block) => block.innerText.replace(/\s+/g, ' ').trim()),
      allInside: blocks.every((block) => inside(block.getBoundingClientRect())),
      scale: bracket ? Number(bracket.dataset.tvScale) : null,
      bracketInside: matches.every((match) => inside(match.getBoundingClientRect())),
    };
  });

describe('the TV mode of a finished 16-pair tournament', () => {
  for (const size of [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
    it(`shows every placement, pool and bracket match, page by page, at ${size.width}×${size.height}`, async () => {
      const { page } = ctx;
      await page.setViewportSize(size);
      await page.goto(`${ctx.stack.webUrl}/tornei/${tournamentId}/tv`);
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      const seen = new Map<string, Set<string>>();
      const screens: Screen[] = [];
      for (let step = 0; step < 30; step++) {
        const shown = await screenOf(page);
        if (screens.some((one) => one.view === shown.view && one.page === shown.page)) break;
        screens.push(shown);
        expect(shown.allInside, `${shown.view} page ${shown.page}: a block is cut`).toBe(true);
        expect(shown.bracketInside, 'a bracket match is cut').toBe(true);
        for (const block of shown.blocks) seen.set(shown.view, (seen.get(shown.view) ?? new Set()).add(block));
        await screenshot(page, `tournament-tv-${size.width}-${shown.view}-${shown.page}`, { fullPage: false });
        await page.keyboard.press('ArrowRight');
        await expect.poll(async () => { const next = await screenOf(page); return `${next.view}:${next.page}`; }).not.toBe(`${shown.view}:${shown.page}`);
      }
      expect(screens.map((one) => one.view)).toEqual(expect.arrayContaining(['placements', 'pools', 'bracket']));
      const placements = [...(seen.get('placements') ?? [])];
      expect(placements).toHaveLength(PAIRS);
      for (let pair = 1; pair <= PAIRS; pair++) expect(placements.some((row) => row.includes(`Alfa${pair} Coppia${pair}`))).toBe(true);
      const pools = [...(seen.get('pools') ?? [])];
      expect(pools.map((pool) => pool.match(/Girone ([A-D])/)?.[1]).sort()).toEqual(['A', 'B', 'C', 'D']);
      const bracket = screens.find((one) => one.view === 'bracket')!;
      expect(bracket.scale).toBeGreaterThan(0.3);
      await page.keyboard.press('ArrowRight');
    });
  }
});

describe('a finished tournament in the lists and on its live page', () => {
  for (const [label, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    it(`is under Passati, not under Prossimi, and its page shows the results with courts and times (${label} px)`, async () => {
      const { page } = ctx;
      await page.setViewportSize(viewport);
      const matches = await ctx.stack.db.tournamentMatch.findMany({ where: { tournamentId } });
      expect(matches).toHaveLength(32);
      expect(matches.every((match) => match.courtId !== null && match.startsAt !== null && match.playedAt !== null)).toBe(true);

      await page.goto(`${ctx.stack.webUrl}/tornei`);
      await page.getByRole('button', { name: 'Prossimi', pressed: true }).waitFor();
      await page.getByText('Al momento non ci sono tornei in programma.').or(page.getByRole('heading', { name: 'Prossimi tornei' })).waitFor();
      expect(await page.getByRole('link', { name: new RegExp(NAME) }).count()).toBe(0);
      await page.getByRole('button', { name: 'Passati' }).click();
      await page.getByRole('heading', { name: 'Tornei passati' }).waitFor();
      // Over: no places nor registration on its card.
      const card = page.getByRole('article').filter({ hasText: NAME });
      await card.getByText('Torneo concluso').waitFor();
      expect(await card.getByText(/Al completo|Posti liberi|Iscrizioni/).count()).toBe(0);
      await screenshot(page, `tournaments-past-${label}`);
      await page.getByRole('link', { name: new RegExp(NAME) }).first().click();
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Risultati' }).waitFor();
      expect(await page.getByText('Nessuna partita in programma.').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Programma' }).count()).toBe(0);
      expect(await page.locator('#risultati > ul > li').count()).toBe(32);
      await page.locator('#risultati').getByText(/Campo (A1|C1|D1|D2), /).first().waitFor();
      await screenshot(page, `tournament-finished-live-${label}`);

      for (const [prefix, past, heading] of [['de', 'Vergangene', 'Vergangene Turniere'], ['en', 'Past', 'Past tournaments']] as const) {
        await page.goto(`${ctx.stack.webUrl}/${prefix}/tornei`);
        await page.getByRole('button', { name: past }).click();
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.getByRole('link', { name: new RegExp(NAME) }).first().waitFor();
        await screenshot(page, `tournaments-past-${prefix}-${label}`);
      }
    });
  }
});
