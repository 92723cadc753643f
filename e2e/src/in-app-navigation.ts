// Opening screen after screen on one page as a member moves through the app: the first address is loaded,
// the next ones are reached by the app's own router. A full load per screen parsed the whole app again and
// the 550 KB of axe-core the walks inject (./browser.ts), most of a walked screen's time on a busy machine.
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** How long the network must stay quiet, as Playwright's `networkidle` waits on a document's load. */
const QUIET_MS = 500;

const networks = new WeakMap<Page, { inFlight: Set<Request>; lastChange: number }>();

/** The page's requests under way from now on (Playwright's `networkidle` ends with a document's load). */
function networkOf(page: Page) {
  let network = networks.get(page);
  if (!network) {
    const watched = { inFlight: new Set<Request>(), lastChange: Date.now() };
    const start = (request: Request) => {
      watched.inFlight.add(request);
      watched.lastChange = Date.now();
    };
    // One under way before the watch began is not counted at its end either.
    const end = (request: Request) => {
      if (watched.inFlight.delete(request)) watched.lastChange = Date.now();
    };
    page.on('request', start);
    page.on('requestfinished', end);
    page.on('requestfailed', end);
    networks.set(page, watched);
    network = watched;
  }
  return network;
}

/**
 * In the page: moves the app to `path` through its router, as the back button does (a history entry and its
 * popstate, no new load); with `markLeft`, the h1s of the screen left are marked first, in the same call.
 */
const moveInPage = ({ path, markLeft }: { path: string; markLeft: boolean }) => {
  if (markLeft) for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-screen-left', '');
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
};

/**
 * Moves the app on `page` to `address` (a path) through its router, as the back button does: a history
 * entry and its popstate, no new load. The caller waits for what the new screen shows; the same screen in
 * another language may keep its elements (its h1 among them).
 */
export async function routeInApp(page: Page, address: string) {
  await page.evaluate(moveInPage, { path: address, markLeft: false });
}

/**
 * Opens `url` on `page`: loaded when `load` is asked or the page is elsewhere, otherwise through the app's
 * router (a history entry and its popstate, as the back button gives it). Done once the new screen's h1 shows — not
 * the one of the screen left — and the network has been quiet for as long as `networkidle` asks.
 */
export async function openInApp(page: Page, url: string, { load = false } = {}) {
  const network = networkOf(page);
  const target = new URL(url);
  if (load || new URL(page.url()).origin !== target.origin) {
    await page.goto(url);
  } else {
    await page.evaluate(moveInPage, { path: `${target.pathname}${target.search}`, markLeft: true });
  }
  await page.locator('h1:not([data-screen-left])').first().waitFor();
  await expect.poll(() => network.inFlight.size === 0 && Date.now() - network.lastChange >= QUIET_MS, { interval: 100 }).toBe(true);
}
