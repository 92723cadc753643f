import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });

describe('home page in Chromium', () => {
  it('has the Italian title and language', async () => {
    await ctx.page.goto(ctx.stack.webUrl);
    expect(await ctx.page.title()).toBe("Adriatica Beach Arena · Beach volley, beach tennis e foot volley sull'Adriatico");
    expect(await ctx.page.getAttribute('html', 'lang')).toBe('it');
    expect(await ctx.page.getAttribute('meta[name="description"]', 'content')).toContain('19 campi');
    const preview = await ctx.page.getAttribute('meta[property="og:image"]', 'content');
    const image = await ctx.page.request.get(`${ctx.stack.webUrl}${preview}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  it('renders the seeded prices and the 19 courts of rows A-D plus the two free courts on the map', async () => {
    await ctx.page.goto(ctx.stack.webUrl);
    const memberships = ctx.page.getByRole('table', { name: 'Tessere' });
    await memberships.waitFor();
    expect(await memberships.getByRole('row', { name: /Tessera stagionale Valida/ }).textContent()).toContain('60,00\u00a0€');
    expect(await ctx.page.getByRole('table', { name: 'Campi' }).getByRole('row', { name: /Fascia diurna/ }).textContent()).toContain('20,00\u00a0€');
    // The map is a section of its own, drawn when its data arrives (possibly after the prices').
    await ctx.page.locator('[data-court="A1"]').waitFor();
    const courts = await ctx.page.locator('[data-court]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-court')));
    expect(courts.filter((code) => /^[ABCD]\d$/.test(code!))).toHaveLength(19);
    expect(courts.filter((code) => /^L\d$/.test(code!))).toEqual(['L1', 'L2']);

    await ctx.page.locator('[data-court="C3"]').click();
    await expect.poll(() => ctx.page.getByRole('link', { name: 'Prenota C3' }).getAttribute('href')).toBe('/prenotazioni?campo=C3');
  });

  it('scrolls to the section of a header anchor clicked on another page', async () => {
    await ctx.page.goto(`${ctx.stack.webUrl}/login`);
    await ctx.page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Tariffe' }).click();
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/#pricing`);
    await ctx.page.getByRole('table', { name: 'Tessere' }).waitFor();
    await expect
      .poll(() => ctx.page.locator('#pricing').evaluate((section) => Math.round(section.getBoundingClientRect().top)))
      .toBeLessThan(120);
    expect(await ctx.page.locator('#pricing').evaluate((section) => section.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  });

  it('goes to the top of a new page and back to where the home page was left', async () => {
    await ctx.page.goto(ctx.stack.webUrl);
    await ctx.page.locator('[data-court="A1"]').waitFor();
    await ctx.page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => ctx.page.evaluate(() => window.scrollY)).toBe(1200);
    // The sticky header's link: clicking it scrolls nothing.
    await ctx.page.getByRole('banner').getByRole('link', { name: 'Area Utente' }).click();
    await ctx.page.waitForURL(`${ctx.stack.webUrl}/login`);
    await expect.poll(() => ctx.page.evaluate(() => window.scrollY)).toBe(0);
    await ctx.page.goBack();
    await ctx.page.getByRole('heading', { level: 1, name: 'Adriatica Beach Arena' }).waitFor();
    await expect.poll(() => ctx.page.evaluate(() => window.scrollY)).toBe(1200);
  });

  it('reports no accessibility violations', async () => {
    await ctx.page.goto(ctx.stack.webUrl);
    await ctx.page.getByRole('table', { name: 'Tessere' }).waitFor();
    await ctx.page.locator('[data-court="A1"]').waitFor();
    expect(await accessibilityViolations(ctx.page)).toEqual([]);
  });

  it('at phone and desktop width nothing scrolls sideways (screenshots with E2E_SCREENSHOTS=1)', async () => {
    for (const [name, width, height] of [['home-phone-390', 390, 844], ['home-desktop-1280', 1280, 900]] as const) {
      const sized = await ctx.browser.newPage({ viewport: { width, height } });
      await sized.goto(ctx.stack.webUrl);
      await sized.locator('[data-court="A1"]').waitFor();
      await screenshot(sized, name);
      expect(await sized.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await sized.close();
    }
  });
});

describe('home page on a 390 px phone', () => {
  const HEADER_HEIGHT = 64;

  async function onPhone(test: (phone: Page) => Promise<void>) {
    const phone = await ctx.browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      await phone.goto(ctx.stack.webUrl);
      await test(phone);
    } finally {
      await phone.close();
    }
  }

  it('shows every court of the map inside the screen, at least 44 px each way, and each answers a tap', () =>
    onPhone(async (phone) => {
      const map = phone.getByRole('group', { name: 'Mappa dei campi' });
      await map.locator('[data-court="A1"]').waitFor();
      // The price tables above the map load on their own and may arrive after it, moving it down.
      await phone.getByRole('table', { name: 'Tessere' }).waitFor();
      // The map's top just below the sticky header; no sideways scrolling anywhere.
      await map.evaluate((element, header) => window.scrollBy(0, element.getBoundingClientRect().top - header - 16), HEADER_HEIGHT);
      const courts = await map.locator('[data-court]').all();
      expect(courts).toHaveLength(21);
      for (const court of courts) {
        const code = await court.getAttribute('data-court');
        const box = (await court.boundingBox())!;
        expect(box.x, code!).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, code!).toBeLessThanOrEqual(PHONE.width);
        expect(box.y, code!).toBeGreaterThanOrEqual(HEADER_HEIGHT);
        expect(box.y + box.height, code!).toBeLessThanOrEqual(PHONE.height);
        expect(Math.min(box.width, box.height), code!).toBeGreaterThanOrEqual(44);
        await phone.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        await expect.poll(() => court.getAttribute('aria-pressed'), { message: code! }).toBe('true');
      }
      await phone.getByRole('heading', { name: 'Libera utenza 2' }).waitFor();
    }));

  it('keeps the hero title clear of the slide art', () =>
    onPhone(async (phone) => {
      const title = (await phone.getByRole('heading', { level: 1, name: 'Adriatica Beach Arena' }).boundingBox())!;
      const art = (await phone.locator('[aria-roledescription="slide"]').first().locator('svg').first().boundingBox())!;
      expect(art.width).toBe(PHONE.width);
      const apart = title.y >= art.y + art.height || title.y + title.height <= art.y || title.x >= art.x + art.width || title.x + title.width <= art.x;
      expect(apart, `title ${JSON.stringify(title)}, art ${JSON.stringify(art)}`).toBe(true);
    }));
});

describe('home page prerendered by the build', () => {
  const HERO = { level: 1, name: 'Adriatica Beach Arena' } as const;

  it('shows the hero title with JavaScript off, and serves the empty shell to any other address', async () => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(ctx.stack.webUrl);
      expect(await page.getByRole('heading', HERO).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Registrati Ora e Inizia a Giocare!' }).getAttribute('href')).toBe('/registrazione');
      // The first paint waits until the title is parsed (a render-blocking `expect` link to it), so it is the largest paint.
      const expected = await page.locator('head link[rel="expect"][blocking="render"]').getAttribute('href');
      expect(`#${await page.getByRole('heading', HERO).getAttribute('id')}`).toBe(expected);
      // A deep link is a client-rendered screen: no home markup to flash before its own, nothing to wait for.
      await page.goto(`${ctx.stack.webUrl}/prenotazioni`);
      expect(await page.locator('#root').innerHTML()).toBe('');
      expect(await page.locator('link[rel="expect"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('asks for its JavaScript only after its markup, in every language: nothing in the head competes with the hero', async () => {
    for (const address of ['/', '/de/', '/en/']) {
      const html = await (await ctx.page.request.get(`${ctx.stack.webUrl}${address}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, address).not.toMatch(/<script type="module"|rel="modulepreload"/);
      const afterMarkup = html.slice(html.lastIndexOf('</footer>'));
      expect(afterMarkup.match(/<script type="module"[^>]*src="\/assets\/index-[^"]+\.js"/), address).not.toBeNull();
      // The language's own catalogue is still fetched beside the entry.
      expect(afterMarkup.match(/rel="modulepreload"/g)?.length ?? 0, address).toBeGreaterThanOrEqual(2);
    }
  });

  it('is sent as the build compressed it, brotli to a browser that accepts it, gzip to one that does not', async () => {
    for (const address of ['/', '/de/', '/en/']) {
      for (const [accepted, sent] of [['gzip, deflate, br, zstd', 'br'], ['gzip, deflate', 'gzip']] as const) {
        const response = await ctx.page.request.get(`${ctx.stack.webUrl}${address}`, { headers: { 'Accept-Encoding': accepted } });
        expect(response.headers()['content-encoding'], `${address} ${accepted}`).toBe(sent);
        expect(response.headers()['vary'], `${address} ${accepted}`).toMatch(/Accept-Encoding/);
        expect(await response.text(), `${address} ${accepted}`).toContain(`<h1 id="hero-title"`);
      }
    }
  });

  it('styles its markup from the inline rules alone: the page stylesheet, loaded at the end of the body, changes no style', async () => {
    // Without JavaScript the page stays as prerendered: what its first paint shows.
    const context = await ctx.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(ctx.stack.webUrl);
      const link = page.locator('body > link[rel="stylesheet"]');
      expect(await page.locator('head link[rel="stylesheet"]').count()).toBe(0);
      // The reference has the whole stylesheet applied (one that failed to load has no rules to read).
      expect(await link.evaluate((element) => (element as HTMLLinkElement).sheet!.cssRules.length)).toBeGreaterThan(0);
      /** Each element's computed style ("property: value" lines) at a phone's width and a desktop's. */
      const stylesAtBothWidths = async () => {
        const styles: string[] = [];
        for (const size of [PHONE, DESKTOP]) {
          await page.setViewportSize(size);
          styles.push(
            ...(await page.evaluate((width) => {
              // The spinners' turn at one same moment.
              for (const animation of document.getAnimations()) animation.currentTime = 0;
              return [...document.querySelectorAll('#root *')].map((element, index) => {
                const style = getComputedStyle(element);
                const lines = [...style].map((property) => `${property}: ${style.getPropertyValue(property)}`).sort();
                return [`${width} px, element ${index} ${element.outerHTML.slice(0, 60)}`, ...lines].join('\n');
              });
            }, size.width)),
          );
        }
        return styles;
      };
      const withStylesheet = await stylesAtBothWidths();
      let blocked = false;
      await page.route(`**${await link.getAttribute('href')}`, (route) => ((blocked = true), route.abort()));
      await page.reload();
      expect(blocked).toBe(true);
      const inlineOnly = await stylesAtBothWidths();
      expect(inlineOnly.length).toBeGreaterThan(200);
      expect(inlineOnly.length).toBe(withStylesheet.length);
      // Each property that differs, under its element.
      const differences = withStylesheet.flatMap((style, index) => {
        if (style === inlineOnly[index]) return [];
        const [element, ...lines] = style.split('\n');
        const inline = new Set(inlineOnly[index]!.split('\n'));
        return [`${element}: ${lines.filter((line) => !inline.has(line)).join('; ')}`];
      });
      expect(differences).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /** Errors the page logs (React reports a hydration mismatch as one) while `open` runs. */
  async function errorsWhile(page: Page, open: () => Promise<void>) {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await open();
    return errors;
  }

  /** Keeps the prerendered h1 as parsed, before any script runs: hydration keeps that very node. */
  const keepParsedHeading = () =>
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('h1');
    });
  const headingIsParsedOne = (page: Page) => page.evaluate(() => document.querySelector('h1') === (window as unknown as { parsedHeading: Element | null }).parsedHeading);

  it('hydrates the prerendered markup without errors for a visitor', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    // The year the page may have read: a run can cross New Year's midnight.
    const yearAtStart = new Date().getFullYear();
    try {
      await page.addInitScript(keepParsedHeading);
      const errors = await errorsWhile(page, async () => {
        await page.goto(ctx.stack.webUrl);
        await page.locator('[data-court="A1"]').waitFor();
        // The carousel's buttons answer: the page is live.
        await page.getByRole('button', { name: 'Vai alla slide 3: Si gioca anche di sera' }).click();
        await expect.poll(() => page.getByRole('button', { name: /Vai alla slide 3/ }).getAttribute('aria-current')).toBe('true');
      });
      expect(errors).toEqual([]);
      expect(await headingIsParsedOne(page)).toBe(true);
      expect(await page.locator('footer').textContent()).toMatch(new RegExp(`© (${yearAtStart}|${new Date().getFullYear()}) Adriatica Beach Arena`));
    } finally {
      await page.close();
    }
  });

  it('hydrates without errors for a signed-in member, then shows the member\'s call to action', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/le-mie-prenotazioni', heading: 'Le mie prenotazioni' });
    try {
      await page.addInitScript(keepParsedHeading);
      const errors = await errorsWhile(page, async () => {
        await page.goto(ctx.stack.webUrl);
        await page.getByRole('link', { name: 'Prenota il tuo Campo' }).waitFor();
        await page.locator('[data-court="A1"]').waitFor();
      });
      expect(errors).toEqual([]);
      expect(await headingIsParsedOne(page)).toBe(true);
      expect(await page.getByRole('link', { name: 'Registrati Ora e Inizia a Giocare!' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('renders a deep link in the browser without a trace of the home page', async () => {
    const page = await ctx.browser.newPage();
    try {
      const errors = await errorsWhile(page, async () => {
        await page.goto(`${ctx.stack.webUrl}/login`);
        await page.getByRole('button', { name: 'Accedi' }).waitFor();
      });
      expect(errors).toEqual([]);
      expect(await page.getByRole('heading', HERO).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
