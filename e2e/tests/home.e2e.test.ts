import { describe, expect, it } from 'vitest';
import { accessibilityViolations, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();

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
      .poll(() => ctx.page.locator('#pricing').evaluate((section) => Math.round(section.getBoundingClientRect().top)), { timeout: 5000 })
      .toBeLessThan(120);
    expect(await ctx.page.locator('#pricing').evaluate((section) => section.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  });

  it('reports no accessibility violations', async () => {
    await ctx.page.goto(ctx.stack.webUrl);
    await ctx.page.getByRole('table', { name: 'Tessere' }).waitFor();
    await ctx.page.locator('[data-court="A1"]').waitFor();
    expect(await accessibilityViolations(ctx.page)).toEqual([]);
  });

  it('saves screenshots at phone and desktop width', async () => {
    for (const [name, width, height] of [['home-phone-390', 390, 844], ['home-desktop-1280', 1280, 900]] as const) {
      const sized = await ctx.browser.newPage({ viewport: { width, height } });
      await sized.goto(ctx.stack.webUrl);
      await sized.locator('[data-court="A1"]').waitFor();
      const path = await screenshot(sized, name);
      expect(path).toMatch(new RegExp(`${name}\\.png$`));
      expect(await sized.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await sized.close();
    }
  });
});
