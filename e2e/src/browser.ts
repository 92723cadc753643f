// Chromium from the system (Debian's package), driven by playwright-core; each launch gets a fresh
// temporary profile from Playwright.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import axe from 'axe-core';

export const SCREENSHOTS_DIR = fileURLToPath(new URL('../test-results', import.meta.url));

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
}

/** The whole page; `fullPage: false` for what is on screen (an open dialog covers only the viewport). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const path = join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** axe-core's violations on the current page (WCAG 2 A and AA rules), or within the element `scope` selects. */
export async function accessibilityViolations(page: Page, scope?: string) {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async (selector) => {
    const context = selector ? document.querySelector(selector)! : document;
    const result = await (window as unknown as { axe: typeof axe }).axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  }, scope);
}
