// The public site in German and English (docs/i18n.md): /de/ and /en/ at 390 and 1280 px with no Italian
// word of the app shell's and home page's catalogue left, no text cut or overflowing its box, and no axe
// violation; the header's switcher, by keyboard and by tap, moves to the same page in another language and
// is remembered; the API is asked in the page's language; each home page is prerendered in its language,
// names the others for search engines and hydrates without errors. Screenshots of each.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { italianOnlyWords, italianWordsIn, overflowingTexts } from '../src/languages.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
/** The Italian-only words of what the home page and the header say, from the catalogue itself. */
const ITALIAN_ONLY = italianOnlyWords(['shell', 'home']);
/** The courts' names and descriptions are the centre's data, written in Italian. */
const DATABASE_TEXT = '[data-court]';

const HOME = {
  de: {
    welcome: 'Willkommen am Strand!', cards: 'Mitgliedskarten', menu: 'Menü öffnen', mobileMenu: 'Mobiles Menü',
    title: 'Adriatica Beach Arena · Beachvolleyball, Beachtennis und Footvolley an der Adria',
  },
  en: {
    welcome: 'Welcome to the beach!', cards: 'Membership cards', menu: 'Open menu', mobileMenu: 'Mobile menu',
    title: 'Adriatica Beach Arena · Beach volleyball, beach tennis and footvolley on the Adriatic',
  },
} as const;

/** A page of its own, in a fresh context (no stored choice of language), opened on the home page in `locale`. */
async function openHome(locale: 'de' | 'en', viewport: { width: number; height: number }) {
  const page = await ctx.browser.newPage({ viewport, locale: 'it-IT', ...(viewport.width === PHONE.width && { isMobile: true, hasTouch: true }) });
  await page.goto(`${ctx.stack.webUrl}/${locale}/`);
  await page.getByRole('heading', { name: HOME[locale].welcome }).waitFor();
  await page.getByRole('table', { name: HOME[locale].cards }).waitFor();
  await page.locator('[data-court="A1"]').waitFor();
  return page;
}

/** What the check found on the page: Italian words, overflowing texts, axe violations. */
async function faultsOf(page: Page, scope = 'body') {
  return {
    italian: await italianWordsIn(page.locator(scope), ITALIAN_ONLY, DATABASE_TEXT),
    overflowing: await overflowingTexts(page, scope),
    axe: await accessibilityViolations(page, scope === 'body' ? undefined : scope),
  };
}
const NONE = { italian: [], overflowing: [], axe: [] };

describe('the home page in German and English', () => {
  it('finds Italian-only words to look for in the catalogue, and the checks find what they look for', async () => {
    expect(ITALIAN_ONLY).toEqual(expect.arrayContaining(['tariffe', 'prenota', 'tessera', 'campi', 'benvenuti', 'riprova', 'esci']));
    expect(ITALIAN_ONLY).not.toContain('beach');
    expect(ITALIAN_ONLY).not.toContain('reception');
    const page = await ctx.browser.newPage({ viewport: PHONE, locale: 'it-IT' });
    try {
      await page.goto(`${ctx.stack.webUrl}/de/`);
      await page.getByRole('heading', { name: HOME.de.welcome }).waitFor();
      // The page wraps long words (overflow-wrap: anywhere): the check's own sample of a cut text opts out of it.
      await page.locator('main').evaluate((main) =>
        main.insertAdjacentHTML('afterbegin', '<p style="width:40px;overflow:hidden;overflow-wrap:normal">Platzbuchungsübersicht</p><div style="display:flex;width:60px"><span style="flex:none">Beachvolleyballschule</span></div><p>Prenota il tuo campo</p>'),
      );
      expect(await overflowingTexts(page, 'main')).toEqual([
        'p "Platzbuchungsübersicht": text 0–191 px, box 0–40 px',
        'p "Platzbuchungsübersicht": cut, 191 px of text in 40',
        `span "Beachvolleyballschule": 0–178 px, out of its parent's 0–60 px`,
      ]);
      expect(await italianWordsIn(page.locator('main'), ITALIAN_ONLY, DATABASE_TEXT)).toEqual(['Prenota', 'campo']);
    } finally {
      await page.close();
    }
  });

  for (const locale of ['de', 'en'] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`/${locale}/ at ${viewport.width} px: in ${locale} only, nothing overflowing, no axe violation`, async () => {
        const page = await openHome(locale, viewport);
        try {
          expect(await page.getAttribute('html', 'lang')).toBe(locale);
          expect(await page.title()).toBe(HOME[locale].title);
          expect(await faultsOf(page)).toEqual(NONE);
          await screenshot(page, `languages-home-${locale}-${viewport.width}`);
          if (viewport.width === PHONE.width) {
            // The mobile menu too, opened.
            await page.getByRole('button', { name: HOME[locale].menu }).click();
            const menu = page.getByRole('navigation', { name: HOME[locale].mobileMenu });
            await menu.waitFor();
            expect(await faultsOf(page, '#mobile-menu')).toEqual(NONE);
            await screenshot(page, `languages-menu-${locale}-${viewport.width}`, { fullPage: false });
          }
        } finally {
          await page.close();
        }
      });
    }
  }

  it('asks the API in the page’s language', async () => {
    const page = await ctx.browser.newPage({ viewport: DESKTOP, locale: 'it-IT' });
    try {
      const prices = page.waitForRequest((request) => request.url().includes('/api/prices'));
      await page.goto(`${ctx.stack.webUrl}/en/`);
      expect((await prices).headers()['accept-language']).toBe('en');
    } finally {
      await page.close();
    }
  });

  it('shows a signed-in member’s header in German: profile menu, role, logout', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/de/', heading: 'Adriatica Beach Arena' });
    try {
      const profile = page.getByRole('button', { name: /^Profilmenü von / });
      await profile.click();
      const menu = page.locator(`[id="${await profile.getAttribute('aria-controls')}"]`);
      await menu.getByRole('button', { name: 'Abmelden' }).waitFor();
      expect(await menu.getByRole('link').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]))).toEqual([
        ['Mein Profil', '/de/profilo'],
        ['Mitgliedschaft', '/de/tesseramento'],
        ['Meine Buchungen', '/de/le-mie-prenotazioni'],
        ['Platz buchen', '/de/prenotazioni'],
        ['Offene Spiele', '/de/partite'],
      ]);
      expect(await menu.textContent()).toContain('Nutzer');
      expect(await faultsOf(page, 'header')).toEqual(NONE);
      await screenshot(page, 'languages-profile-menu-de-1280', { fullPage: false });
    } finally {
      await page.close();
    }
  });
});

describe('the header’s language switcher', () => {
  it('moves to the same page in another language by keyboard and by tap, and is remembered', async () => {
    const context = await ctx.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'it-IT' });
    const page = await context.newPage();
    try {
      await page.goto(`${ctx.stack.webUrl}/#pricing`);
      await page.getByRole('table', { name: 'Tessere' }).waitFor();
      const switcher = page.getByRole('banner').getByRole('navigation', { name: 'Lingua' });
      expect(await switcher.getByRole('link').evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('lang'), link.getAttribute('hreflang')]))).toEqual([
        ['IT Italiano', 'it', 'it'],
        ['DE Deutsch', 'de', 'de'],
        ['EN English', 'en', 'en'],
      ]);
      // Inside the 390 px header, each at least 24 px wide and high (a finger's target, with the others beside it).
      for (const link of await switcher.getByRole('link').all()) {
        const box = (await link.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      }

      // By keyboard: focus, then Enter.
      await switcher.getByRole('link', { name: 'DE Deutsch' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${ctx.stack.webUrl}/de/#pricing`);
      await page.getByRole('table', { name: 'Mitgliedskarten' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.evaluate(() => localStorage.getItem('beach:locale'))).toBe('de');
      expect(await page.getByRole('banner').getByRole('link', { name: 'DE Deutsch' }).getAttribute('aria-current')).toBe('true');

      // The choice holds for an address without prefix, before anything is painted.
      await page.goto(`${ctx.stack.webUrl}/login`);
      await page.waitForURL(`${ctx.stack.webUrl}/de/login`);
      expect(await page.getAttribute('html', 'lang')).toBe('de');

      // By tap, to English, then back to Italian: the same address each time.
      await page.getByRole('banner').getByRole('link', { name: 'EN English' }).tap();
      await page.waitForURL(`${ctx.stack.webUrl}/en/login`);
      await page.getByRole('banner').getByRole('navigation', { name: 'Language' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'IT Italiano' }).tap();
      await page.waitForURL(`${ctx.stack.webUrl}/login`);
      await page.getByRole('banner').getByRole('navigation', { name: 'Lingua' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('it');
      expect(await page.evaluate(() => localStorage.getItem('beach:locale'))).toBe('it');
    } finally {
      await context.close();
    }
  });

  it('opens a first visit in the browser’s language, until the visitor chooses another', async () => {
    const context = await ctx.browser.newContext({ viewport: DESKTOP, locale: 'de-DE' });
    const page = await context.newPage();
    try {
      await page.goto(`${ctx.stack.webUrl}/prenotazioni?campo=A1`);
      await page.waitForURL(`${ctx.stack.webUrl}/de/prenotazioni?campo=A1`);
      await page.goto(`${ctx.stack.webUrl}/`);
      await page.waitForURL(`${ctx.stack.webUrl}/de/`);
      await page.getByRole('heading', { name: HOME.de.welcome }).waitFor();
      // Italian chosen with the switcher: kept, whatever the browser says.
      await page.getByRole('banner').getByRole('link', { name: 'IT Italiano' }).click();
      await page.waitForURL(`${ctx.stack.webUrl}/`);
      await page.goto(`${ctx.stack.webUrl}/login`);
      await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
    // A browser speaking neither German nor English first (French, then English): English.
    const french = await ctx.browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' });
    const frenchPage = await french.newPage();
    try {
      await frenchPage.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['fr-FR', 'fr', 'en-GB', 'it'] }));
      await frenchPage.goto(`${ctx.stack.webUrl}/`);
      await frenchPage.waitForURL(`${ctx.stack.webUrl}/en/`);
    } finally {
      await french.close();
    }
  });

  it('answers an unknown German address with the German "not found" page', async () => {
    const page = await ctx.browser.newPage({ viewport: DESKTOP, locale: 'it-IT' });
    try {
      await page.goto(`${ctx.stack.webUrl}/de/gibt-es-nicht`);
      await page.getByRole('heading', { name: 'Seite nicht gefunden', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/de/');
      expect(await faultsOf(page, 'main')).toEqual(NONE);
    } finally {
      await page.close();
    }
  });
});

describe('the home page prerendered in each language', () => {
  const ALTERNATES = [['it', '/'], ['de', '/de/'], ['en', '/en/'], ['x-default', '/']];

  it('shows /de/ and /en/ in their language with JavaScript off, each naming the others', async () => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false, locale: 'it-IT' });
    try {
      const page = await context.newPage();
      for (const [locale, address, heading, description] of [
        ['de', '/de/', 'Willkommen am Strand!', '19 Plätze für Beachvolleyball'],
        ['en', '/en/', 'Welcome to the beach!', '19 courts for beach volleyball'],
        ['it', '/', 'Benvenuti in spiaggia!', '19 campi da beach volley'],
      ] as const) {
        await page.goto(`${ctx.stack.webUrl}${address}`);
        expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        expect(await page.locator('#root').getAttribute('data-prerendered')).toBe(address);
        expect(await page.getAttribute('meta[name="description"]', 'content')).toContain(description);
        const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
        expect(alternates).toEqual(ALTERNATES);
      }
      // Without the trailing slash too; any other German address is the empty shell.
      await page.goto(`${ctx.stack.webUrl}/en`);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      await page.goto(`${ctx.stack.webUrl}/de/login`);
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('hydrates /de/ and /en/ without errors, keeping the parsed heading', async () => {
    for (const [address, slide] of [['/de/', 'Zu Folie 3: Gespielt wird auch abends'], ['/en/', 'Go to slide 3: Play into the evening']] as const) {
      const page = await ctx.browser.newPage({ viewport: PHONE, isMobile: true, locale: 'it-IT' });
      try {
        const errors: string[] = [];
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        page.on('pageerror', (error) => errors.push(error.message));
        await page.addInitScript(() =>
          document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive') (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('h1');
          }),
        );
        await page.goto(`${ctx.stack.webUrl}${address}`);
        await page.locator('[data-court="A1"]').waitFor();
        // The carousel's buttons answer: the page is live.
        await page.getByRole('button', { name: slide }).click();
        await expect.poll(() => page.getByRole('button', { name: slide }).getAttribute('aria-current')).toBe('true');
        expect(errors).toEqual([]);
        expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as { parsedHeading: Element | null }).parsedHeading)).toBe(true);
      } finally {
        await page.close();
      }
    }
  });
});

