import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, screenshot } from '../src/browser.js';
import { closeBrowserStack, openBrowserStack, type Stack } from '../src/stack.js';

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ stack, browser, page } = await openBrowserStack());
});
afterAll(() => closeBrowserStack({ stack, browser }));

describe('home page in Chromium', () => {
  it('has the Italian title and language', async () => {
    await page.goto(stack.webUrl);
    expect(await page.title()).toBe("Adriatica Beach Arena · Beach volley, beach tennis e foot volley sull'Adriatico");
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    expect(await page.getAttribute('meta[name="description"]', 'content')).toContain('19 campi');
    const preview = await page.getAttribute('meta[property="og:image"]', 'content');
    const image = await page.request.get(`${stack.webUrl}${preview}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  it('renders the seeded prices and the 19 courts of rows A-D plus the two free courts on the map', async () => {
    await page.goto(stack.webUrl);
    const memberships = page.getByRole('table', { name: 'Tessere' });
    await memberships.waitFor();
    expect(await memberships.getByRole('row', { name: /Tessera stagionale Valida/ }).textContent()).toContain('60,00\u00a0€');
    expect(await page.getByRole('table', { name: 'Campi' }).getByRole('row', { name: /Fascia diurna/ }).textContent()).toContain('20,00\u00a0€');
    const courts = await page.locator('[data-court]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-court')));
    expect(courts.filter((code) => /^[ABCD]\d$/.test(code!))).toHaveLength(19);
    expect(courts.filter((code) => /^L\d$/.test(code!))).toEqual(['L1', 'L2']);

    await page.locator('[data-court="C3"]').click();
    await expect.poll(() => page.getByRole('link', { name: 'Prenota C3' }).getAttribute('href')).toBe('/prenotazioni?campo=C3');
  });

  it('scrolls to the section of a header anchor clicked on another page', async () => {
    await page.goto(`${stack.webUrl}/login`);
    await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Tariffe' }).click();
    await page.waitForURL(`${stack.webUrl}/#pricing`);
    await page.getByRole('table', { name: 'Tessere' }).waitFor();
    await expect
      .poll(() => page.locator('#pricing').evaluate((section) => Math.round(section.getBoundingClientRect().top)), { timeout: 5000 })
      .toBeLessThan(120);
    expect(await page.locator('#pricing').evaluate((section) => section.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  });

  it('reports no accessibility violations', async () => {
    await page.goto(stack.webUrl);
    await page.getByRole('table', { name: 'Tessere' }).waitFor();
    await page.locator('[data-court="A1"]').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('saves screenshots at phone and desktop width', async () => {
    for (const [name, width, height] of [['home-phone-390', 390, 844], ['home-desktop-1280', 1280, 900]] as const) {
      const sized = await browser.newPage({ viewport: { width, height } });
      await sized.goto(stack.webUrl);
      await sized.locator('[data-court="A1"]').waitFor();
      const path = await screenshot(sized, name);
      expect(path).toMatch(new RegExp(`${name}\\.png$`));
      expect(await sized.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await sized.close();
    }
  });
});
