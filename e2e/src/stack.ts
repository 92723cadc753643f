// The whole product for one browser test file: its own copy of the run's migrated and seeded template
// database, a loopback SMTP server, the local Stripe test double, the API in-process with its job
// workers, and the production web build behind `vite preview`, which hands /api to the API as a
// reverse proxy would. The PostgreSQL server and Chromium are the run's (./global-setup.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, createTestDatabase, listenOnSystemPort, loadConfig, startMailCatcher, startRuntime, startTemplateServer, TEST_ENV, type Db, type MailCatcher } from '@beach/api/testing';
import { startStripeDouble, type StripeDouble } from '@beach/stripe-double';
import type { Browser, Page } from 'playwright-core';
import { loadConfigFromFile, preview, type Plugin, type UserConfig } from 'vite';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectBrowser, DESKTOP, launchBrowser } from './browser.js';
import { WEB_DIST, WEB_ROOT } from './build-web.js';
import { builtAssetsAsDeployed } from './built-assets.js';

export interface Stack {
  webUrl: string;
  /** The same web app at its other address (localhost instead of 127.0.0.1), one of WEB_ORIGIN_ALIASES. */
  webAliasUrl: string;
  /** The stack's database, for arranging what a test needs (a coupon, a BVU member...). */
  db: Db;
  mail: MailCatcher;
  stripe: StripeDouble;
  /** Where the nightly backup job writes (BACKUP_DIR). */
  backupDir: string;
  /** The API's job queue, to run a scheduled job now (send it, then waitUntilIdle) instead of waiting for its minute. */
  jobs: Awaited<ReturnType<typeof startRuntime>>['deps']['jobs'];
  stop(): Promise<void>;
}

let webConfig: Promise<UserConfig> | undefined;
/**
 * The web app's vite.config.ts (its plugins serve the prerendered homes in preview), bundled once per
 * worker: the files of a worker share their modules, and loading it again for every file's `vite preview`
 * cost 0.25 s of CPU each (docs/testing.md#the-browser-lane).
 */
function loadWebConfig() {
  webConfig ??= loadConfigFromFile({ command: 'serve', mode: 'production', isPreview: true }, undefined, WEB_ROOT).then((loaded) => loaded!.config);
  return webConfig;
}

/**
 * /api answered by the API's server (its app) on the web server's own connection, with the request the
 * browser sent, as nginx forwards it deployed (the same path and headers, a loopback address).
 * `vite preview`'s proxy sent each request again over HTTP to the API's port in the same process and piped
 * the answer back: about a tenth of a test worker's CPU (docs/testing.md#session-12-the-browser-lanes-cpu).
 * The API's own port stays for what calls it directly (the Stripe double's webhooks).
 */
function apiInPlace(api: Server): Plugin {
  return {
    name: 'e2e-api-in-place',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => (/^\/api(\/|\?|$)/.test(request.url ?? '') ? api.emit('request', request, response) : next()));
    },
  };
}

/**
 * The stack over a copy of the template on the PostgreSQL at `databaseAdminUrl` (the run's, in the
 * browser tests); without it (benchmarks) the stack starts a PostgreSQL of its own and stops it too.
 */
export async function startStack(databaseAdminUrl?: string): Promise<Stack> {
  const ownServer = databaseAdminUrl ? null : await startTemplateServer();
  const database = await createTestDatabase(databaseAdminUrl ?? ownServer!.adminUrl);

  const mail = await startMailCatcher();
  // Both servers are bound before anything is configured with their ports; the app joins the API's later.
  const api: Server = createServer();
  const apiPort = await listenOnSystemPort(api);
  const webAppConfig = await loadWebConfig();
  const web = await preview({
    ...webAppConfig,
    plugins: [...(webAppConfig.plugins ?? []), apiInPlace(api), builtAssetsAsDeployed(WEB_DIST)],
    configFile: false,
    root: WEB_ROOT,
    logLevel: 'warn',
    build: { outDir: WEB_DIST },
    preview: { port: 0, strictPort: true, host: '127.0.0.1' },
  });
  const webPort = (web.httpServer.address() as AddressInfo).port;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const webAliasUrl = `http://localhost:${webPort}`;
  const webhookSecret = 'whsec_e2e_double';
  const stripe = await startStripeDouble({ webhookSecret, webhookUrl: `http://127.0.0.1:${apiPort}/api/payments/stripe/webhook` });
  const storageDir = mkdtempSync(join(tmpdir(), 'beach-e2e-storage-'));
  const backupDir = mkdtempSync(join(tmpdir(), 'beach-e2e-backups-'));
  const config = loadConfig({
    ...TEST_ENV, DATABASE_URL: database.url, SMTP_URL: mail.url, WEB_ORIGIN: webUrl, WEB_ORIGIN_ALIASES: webAliasUrl, STORAGE_DIR: storageDir, BACKUP_DIR: backupDir,
    STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: stripe.url,
  });
  // The API connects as the app role, as it does deployed (db/app-role.ts); `db` above is the owner's, for arranging.
  const runtime = await startRuntime(config, { workers: true });
  api.on('request', createApp(runtime.deps, runtime.services));

  return {
    webUrl,
    webAliasUrl,
    db: database.db,
    mail,
    stripe,
    backupDir,
    jobs: runtime.deps.jobs,
    async stop() {
      await new Promise<void>((resolve) => web.httpServer.close(() => resolve()));
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await runtime.stop(2000);
      await stripe.close();
      await mail.close();
      await database.drop();
      await ownServer?.stop();
      rmSync(storageDir, { recursive: true, force: true });
      rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

interface BrowserStackOptions {
  /** A whole Chromium of the file's own instead of the run's headless shell (what only the whole browser does, such as deciding whether to offer installing the app). */
  wholeChromium?: boolean;
  serviceWorkers?: 'allow' | 'block';
  /**
   * A page of the file's own (in a browser context of its own), opened before its tests. Only when asked:
   * most files open their signed-in pages with `openSignedIn`, and an unused page is still a browser
   * context and a renderer started and closed (docs/testing.md#session-14-page-loads-in-the-journeys).
   */
  page?: boolean;
}

interface BrowserStack {
  stack: Stack;
  browser: Browser;
}

/**
 * The stack and the browser for the test file that calls it, opened before its tests and closed after them,
 * and with `page` a Chromium page whose alerts are dismissed as a user would. The browser is the run's
 * headless shell, or with `wholeChromium` a whole Chromium of the file's own.
 */
export function useBrowserStack(options: BrowserStackOptions & { page: true }): BrowserStack & { page: Page };
export function useBrowserStack(options?: BrowserStackOptions): BrowserStack;
export function useBrowserStack({ wholeChromium = false, serviceWorkers = 'block', page = false }: BrowserStackOptions = {}) {
  const opened = {} as BrowserStack & { page: Page };
  beforeAll(async () => {
    [opened.stack, opened.browser] = await Promise.all([startStack(inject('databaseAdminUrl')), wholeChromium ? launchBrowser() : connectBrowser(inject('browserEndpoint'))]);
    if (!page) return;
    opened.page = await opened.browser.newPage({ viewport: DESKTOP, serviceWorkers });
    opened.page.on('dialog', (dialog) => void dialog.dismiss());
  });
  afterAll(async () => {
    await opened.browser?.close();
    await opened.stack?.stop();
  });
  return opened;
}
