// Chromium from the system (Debian's packages), driven by playwright-core; each launch gets a fresh
// temporary profile from Playwright. The browser tests share one Chromium per run (launched by
// ./global-setup.ts); each test file connects to it through Playwright's server and works in browser
// contexts of its own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { api } from '@beach/contracts';
import { chromium, type Browser, type BrowserContext, type Download, type LaunchOptions, type Locator, type Page } from 'playwright-core';
import axe from 'axe-core';
import { afterAll } from 'vitest';
import { sessionEntries } from '../../apps/web/src/lib/session.js';

const SCREENSHOTS_DIR = fileURLToPath(new URL('../test-results', import.meta.url));
/**
 * Screenshots and the other files kept for people to look at (e2e/test-results/) are written only when
 * asked, `E2E_SCREENSHOTS=1`: no check reads them, and the PNGs (the language walks alone take 108 full
 * pages) cost CPU that `npm test` needs for its checks (docs/testing.md#the-browser-lane).
 */
const KEEP_FILES = process.env.E2E_SCREENSHOTS === '1';

const ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];
/**
 * Pages and contexts in Italian unless a test names another language: the web app opens an address
 * without prefix in the browser's language (apps/web/index.html), and Chromium's own is en-US. Without
 * the service worker unless a test asks for it (`serviceWorkers: 'allow'`, the installable app's): each
 * page would otherwise precache the whole app in the background, load that slowed the screens under test
 * on a busy machine (a heading not shown within 30 s in CI).
 */
function speakingItalian(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const defaults = { locale: 'it-IT', serviceWorkers: 'block' } as const;
  return Object.assign(browser, {
    newContext: async (options: Parameters<Browser['newContext']>[0] = {}) => onTestClock(await newContext({ ...defaults, ...options })),
    newPage: async (options: Parameters<Browser['newPage']>[0] = {}) => {
      const page = await newPage({ ...defaults, ...options });
      await onTestClock(page.context());
      return page;
    },
  });
}

/**
 * With ROME_MIDNIGHT set the test's clock is moved (./rome-midnight.ts), and so is the API's, which runs in the
 * test's process: each context's pages then read the same moved time, flowing from the moment it was opened.
 */
const MOVED_CLOCK = Boolean(process.env.ROME_MIDNIGHT);
/** The contexts on the moved clock, set again before each test (./rome-midnight.ts). */
export const contextsOnMovedClock = new Set<BrowserContext>();

async function onTestClock(context: BrowserContext) {
  if (!MOVED_CLOCK) return context;
  await context.clock.install({ time: Date.now() });
  contextsOnMovedClock.add(context);
  context.on('close', () => contextsOnMovedClock.delete(context));
  return context;
}

/** Debian's whole Chromium: what a member runs, with its install check and camera. */
const CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS };
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself uses for
 * headless runs): the same Blink and V8 without the browser's own interface, measured at a quarter less
 * CPU for the same tests. Most browser tests run in it.
 */
const HEADLESS_SHELL = { executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell', args: ARGS };

/** A whole Chromium of its own (the install check, the home page's paint times). */
export async function launchBrowser(): Promise<Browser> {
  return speakingItalian(await launchOwn(CHROMIUM));
}

/**
 * A Chromium of its own whose camera plays `videoFile` (Y4M, see ./fake-camera.ts). A camera is a launch
 * flag, so it cannot be the run's shared browser; permission stays per context (granted or not by the test).
 */
export async function launchCameraBrowser(videoFile: string): Promise<Browser> {
  return speakingItalian(await launchOwn({ ...CHROMIUM, args: [...ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`] }));
}

/**
 * A browser of the file's own. On the moved clock (ROME_MIDNIGHT) it is launched behind a Playwright server in a
 * node process of its own, on the real clock, as the run's shared one is (./global-setup.ts): launched here,
 * Playwright's server would run on this process's moved `Date`, and the page clock it keeps replays its log in
 * each new document by the server's time against the page's real one, so every navigation put the page back on
 * the real clock (installable-app's card "refreshed" 65 min after the test's now). What no setting moves: a
 * service worker's clock (Playwright fakes the pages' only) and PostgreSQL's now().
 */
async function launchOwn(options: LaunchOptions): Promise<Browser> {
  if (!MOVED_CLOCK) return chromium.launch(options);
  const server = spawn(process.execPath, ['--input-type=module', '-e', LAUNCH_SERVER, JSON.stringify(options)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [endpoint] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
  const browser = await chromium.connect(endpoint);
  const disconnect = browser.close.bind(browser);
  return Object.assign(browser, {
    close: async () => {
      await disconnect();
      // The server closes its browser and exits when its input ends.
      const exited = once(server, 'exit');
      server.stdin!.end();
      await exited;
    },
  });
}
const LAUNCH_SERVER = `import { chromium } from 'playwright-core';
const server = await chromium.launchServer(JSON.parse(process.argv[1]));
console.log(server.wsEndpoint());
process.stdin.resume();
process.stdin.on('end', async () => { await server.close(); process.exit(0); });`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (launched by ./global-setup.ts): its Playwright server's address. */
    browserEndpoint: string;
  }
}

/**
 * One headless shell for the whole run, behind Playwright's own server (it drives the browser over a pipe);
 * each test file connects to its `endpoint`. Measured against the browser's CDP port: 15% less CPU for
 * the same tests, since CDP sends every browser event to each client compressed and Playwright's
 * protocol only what the client asked for. A download is read through the connection
 * (`downloadedBytes`): a remote client has no path to it.
 */
export async function launchSharedBrowser(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = await chromium.launchServer(HEADLESS_SHELL);
  return { endpoint: server.wsEndpoint(), close: () => server.close() };
}

/** A connection to the run's Chromium; closing it closes the contexts (and pages) it opened. */
export async function connectBrowser(endpoint: string): Promise<Browser> {
  return speakingItalian(await chromium.connect(endpoint));
}

/** A download's content, read through the browser's connection. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Where a file kept for looking at goes, or null when none is kept (see KEEP_FILES). */
function keptPath(name: string) {
  if (!KEEP_FILES) return null;
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return join(SCREENSHOTS_DIR, name);
}

/** The whole page (`fullPage: false` for what is on screen: an open dialog covers only the viewport), or one element of it; only with KEEP_FILES. */
export async function screenshot(target: Page | Locator, name: string, { fullPage = true } = {}) {
  const path = keptPath(`${name}.png`);
  if (!path) return;
  if ('goto' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}

/** A file the test produced (a downloaded PDF), kept beside the screenshots for people to look at. */
export function keepFile(name: string, bytes: Buffer) {
  const path = keptPath(name);
  if (path) writeFileSync(path, bytes);
}

/** axe-core's violations on the current page (WCAG 2 A and AA rules), or within the element `scope` selects. */
export async function accessibilityViolations(page: Page, scope?: string) {
  // One round trip on a page already prepared (axe parsed, at rest), as a walk's is after its first check.
  const checked = await violationsOnPreparedPage(page, scope);
  if (checked.violations) return checked.violations;
  // Once per document: parsing axe's 550 KB again for every check of the same screen is wasted work.
  if (!checked.parsed) await page.addScriptTag({ content: axe.source });
  // Colours are judged at rest: the home slideshow's cross-fade, caught half-way, reads as low contrast.
  // With reduced motion (a setting real users have) nothing starts fading; what is running is waited out.
  // A page that asks for it already (the walks', ./route-walk.ts) keeps it: switching it on and off
  // restyles the whole page twice, a tenth of an axe run (docs/testing.md#session-11-axe-and-the-walks).
  if (!checked.atRest) await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const prepared = await violationsOnPreparedPage(page, scope);
    if (!prepared.violations) throw new Error('axe-core is not on the page, or the page is not at rest');
    return prepared.violations;
  } finally {
    if (!checked.atRest) await page.emulateMedia({ reducedMotion: null });
  }
}

/**
 * axe-core's violations, in one call to the page, if axe is parsed there and the page prefers reduced motion;
 * otherwise which of the two is missing. The page's waits happen in it: a probe, a wait and the run were three
 * round trips through Playwright for each of the walks' ≈ 230 checks a run (docs/testing.md#session-16-the-heaviest-browser-files).
 */
async function violationsOnPreparedPage(page: Page, scope: string | undefined) {
  return page.evaluate(
    async ({ selector, busyTimeout }) => {
      const parsed = 'axe' in window;
      const atRest = matchMedia('(prefers-reduced-motion: reduce)').matches;
      if (!parsed || !atRest) return { parsed, atRest, violations: null };
      // Nor while a part is updating (aria-busy): a table or a quote being refreshed shows its last content faded.
      const busy = () => (selector ? document.querySelector(selector) : document)?.querySelector('[aria-busy="true"]');
      const givenUpAt = Date.now() + busyTimeout;
      while (busy()) {
        if (Date.now() > givenUpAt) throw new Error(`Still busy (aria-busy) after ${busyTimeout} ms`);
        await new Promise(requestAnimationFrame);
      }
      // Endless ones (a spinner) never finish and hold no colour change worth waiting for.
      const fading = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
      await Promise.all(fading.map((animation) => animation.finished.catch(() => undefined)));
      const context = selector ? document.querySelector(selector)! : document;
      // Only the violations in full: of each passing, incomplete or inapplicable rule axe serialises one node, not
      // every one (a CSS selector built for each), work no check reads. Violations are reported as before
      // (tests/accessibility-routes.e2e.test.ts checks that every node of one is named).
      const result = await (window as unknown as { axe: typeof axe }).axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
      const violations = result.violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
      return { parsed, atRest, violations };
    },
    // As long as any browser action may take on a busy machine (a 15 s one could give up on a refresh still answering).
    { selector: scope ?? null, busyTimeout: 30_000 },
  );
}

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** The session the login form leaves in the page's storage, asked of the API. */
async function storedSession(webUrl: string, email: string, password: string) {
  const response = await fetch(`${webUrl}${api.auth.login.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`Login of ${email} refused: ${response.status} ${await response.text()}`);
  const signedIn = api.auth.login.response.parse(await response.json());
  return sessionEntries({ token: signedIn.access_token, user: signedIn.user, remember: signedIn.remember_me });
}

/**
 * Browser contexts whose pages are all closed, per connection, for the next signed-in page. A new context
 * fetches the whole app again (its HTTP cache is its own); a page in a context whose cache already holds
 * the app's hashed files costs Chromium about a sixth less CPU (docs/testing.md#session-13-the-browser-lanes-cpu).
 */
const idleContexts = new WeakMap<Browser, Set<BrowserContext>>();

/**
 * A new page in a context with no page open, or in a new context, that opens signed in with `localStorage`
 * on `origin`. A reused context's cookies, permissions and the origin's storage of every kind (local,
 * IndexedDB, caches, origin file system) are cleared first, so the page starts as in a new context. The session
 * is written by the page's documents before the app runs, until `opened` (after the first one): not as the
 * context's `storageState`, for which Playwright opens a page of its own on the origin (a renderer started
 * and closed, ≈ 0.15 s of its CPU, docs/testing.md#session-17-chromiums-own-cpu). Only contexts made here are reused.
 */
async function signedInPage(browser: Browser, origin: string, localStorage: { name: string; value: string }[]) {
  const contexts = idleContexts.get(browser) ?? idleContexts.set(browser, new Set()).get(browser)!;
  const idle = [...contexts].find((context) => context.pages().length === 0);
  const page = idle ? await emptiedPage(idle, origin) : await pageInNewContext(browser, contexts);
  const session = await page.addInitScript((entries) => {
    for (const { name, value } of entries) window.localStorage.setItem(name, value);
  }, localStorage);
  return { page, opened: () => session.dispose() };
}

async function pageInNewContext(browser: Browser, contexts: Set<BrowserContext>) {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  context.on('close', () => contexts.delete(context));
  contexts.add(context);
  return context.newPage();
}

/** A new page of `context`, whose cookies, permissions and storage on `origin` are cleared. */
async function emptiedPage(context: BrowserContext, origin: string) {
  await Promise.all([context.clearCookies(), context.clearPermissions()]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
  return page;
}

/**
 * A new page signed in, landed on `path` once its h1 `heading` shows. The session is asked of the API and
 * put in the page's storage as the login form would leave it, so the page opens straight on `path`
 * (the login form itself is driven by the tests of logging in, e.g. accounts.e2e.test.ts). The page is the
 * only one of its context while open; closing it leaves the context for the next signed-in page.
 */
export async function openSignedIn(browser: Browser, webUrl: string, { email, password = 'Demo2026!', path, heading, width = DESKTOP.width }: { email: string; password?: string; path: string; heading: string; width?: number }) {
  const { page, opened } = await signedInPage(browser, new URL(webUrl).origin, await storedSession(webUrl, email, password));
  if (width !== DESKTOP.width) await page.setViewportSize({ width, height: DESKTOP.height });
  page.on('dialog', (dialog) => void dialog.dismiss());
  await page.goto(`${webUrl}${path}`);
  await opened();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return page;
}

/**
 * One signed-in page kept for a file's tests, closed after them: `open(width)` gives it loaded afresh on
 * `path` at `width` (the screen's data changed server-side meanwhile), its h1 `heading` shown. The first call
 * opens it as `openSignedIn` does; the next ones load `path` again in it, without a new page's renderer to
 * start (docs/testing.md#session-17-the-browser-files-not-yet-reached). For tests that run one after the
 * other as one person, each starting from the screen it opens.
 */
export function keptSignedInPage(ctx: { browser: Browser; stack: { webUrl: string } }, signIn: { email: string; password?: string; path: string; heading: string }) {
  let kept: Page | undefined;
  afterAll(async () => kept?.close());
  return async function open(width: number) {
    if (!kept) return (kept = await openSignedIn(ctx.browser, ctx.stack.webUrl, { ...signIn, width }));
    await kept.setViewportSize({ width, height: DESKTOP.height });
    await kept.goto(`${ctx.stack.webUrl}${signIn.path}`);
    await kept.getByRole('heading', { name: signIn.heading, level: 1 }).waitFor();
    return kept;
  };
}

/**
 * A new page signed in as `email` that has loaded nothing yet: the first address the caller opens is the
 * app's first load (a walk's first screen), not a screen loaded before it. Each document of the page opens
 * with the session stored, so it suits a page that stays with one member; the page is the only one of its
 * context while open, as with `openSignedIn`.
 */
export async function newSignedInPage(browser: Browser, webUrl: string, { email, password = 'Demo2026!' }: { email: string; password?: string }) {
  const { page } = await signedInPage(browser, new URL(webUrl).origin, await storedSession(webUrl, email, password));
  page.on('dialog', (dialog) => void dialog.dismiss());
  return page;
}

/**
 * The page, signed in as `email` in place of whoever was, opened on `path`: the session asked of the API
 * and stored as the login form leaves it (one load of the app, not the form's and then the screen's).
 */
export async function signInOn(page: Page, webUrl: string, { email, password = 'Demo2026!', path }: { email: string; password?: string; path: string }) {
  const entries = await storedSession(webUrl, email, password);
  await forgetSession(page, webUrl);
  await page.evaluate((stored) => {
    for (const { name, value } of stored) localStorage.setItem(name, value);
  }, entries);
  await page.goto(`${webUrl}${path}`);
}

/**
 * Forgets the page's stored session. The storage is cleared on a page of the web origin where the app
 * does not run (its icon, a static file): a running app still checking its stored session would write it
 * back. Not on the proxied API's answer: the API sends `Cross-Origin-Opener-Policy: same-origin` (helmet), so
 * Chromium would open that document, and the app's after it, each in a new renderer, ≈ 0.3 s of its CPU
 * a sign-in (docs/testing.md#session-17-chromiums-own-cpu).
 */
export async function forgetSession(page: Page, webUrl: string) {
  await page.goto(`${webUrl}/favicon.svg`);
  await page.evaluate(() => localStorage.clear());
}

/** `{name}-390`: the screen at phone width, then back to the desktop size. */
export async function screenshotAtPhoneWidth(page: Page, name: string, options?: { fullPage?: boolean }) {
  if (!KEEP_FILES) return;
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`, options);
  await page.setViewportSize(DESKTOP);
}
