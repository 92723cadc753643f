// The whole product for one browser test file: real PostgreSQL (migrated and seeded), a loopback
// SMTP server, the local Stripe test double, the API in-process with its job workers, and the
// production web build behind `vite preview`, which forwards /api to the API as a reverse proxy would.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, createDb, freePort, loadConfig, migrate, seed, startEmbeddedPostgres, startMailCatcher, startRuntime, type MailCatcher } from '@beach/api/testing';
import { startStripeDouble, type StripeDouble } from '@beach/stripe-double';
import type { Browser, Page } from 'playwright-core';
import { preview } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { WEB_DIST, WEB_ROOT } from './build-web.js';

export interface Stack {
  webUrl: string;
  /** The same web app at its other address (localhost instead of 127.0.0.1), one of WEB_ORIGIN_ALIASES. */
  webAliasUrl: string;
  /** The stack's database, for arranging what a test needs (a coupon, a BVU member...). */
  db: ReturnType<typeof createDb>;
  mail: MailCatcher;
  stripe: StripeDouble;
  stop(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'beach-e2e-pg-'));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'beach_e2e', persistent: false });
  await migrate(database.url);
  const db = createDb(database.url);
  await seed(db, { nodeEnv: 'test', log: () => {} });

  const mail = await startMailCatcher();
  const webPort = await freePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const webAliasUrl = `http://localhost:${webPort}`;
  const apiPort = await freePort();
  const webhookSecret = 'whsec_e2e_double';
  const stripe = await startStripeDouble({ webhookSecret, webhookUrl: `http://127.0.0.1:${apiPort}/api/payments/stripe/webhook` });
  const storageDir = mkdtempSync(join(tmpdir(), 'beach-e2e-storage-'));
  const config = loadConfig({
    NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent', SMTP_URL: mail.url, WEB_ORIGIN: webUrl, WEB_ORIGIN_ALIASES: webAliasUrl, STORAGE_DIR: storageDir,
    STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: stripe.url,
  });
  const { deps, services } = await startRuntime(config, { workers: true, db });
  const api: Server = createApp(deps, services).listen(apiPort, '127.0.0.1');

  const web = await preview({
    root: WEB_ROOT,
    logLevel: 'warn',
    build: { outDir: WEB_DIST },
    preview: { port: webPort, strictPort: true, host: '127.0.0.1', proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  });

  return {
    webUrl,
    webAliasUrl,
    db,
    mail,
    stripe,
    async stop() {
      await new Promise<void>((resolve) => web.httpServer.close(() => resolve()));
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await deps.jobs.stop(2000);
      await stripe.close();
      await mail.close();
      await db.$disconnect();
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * The stack and a Chromium page for the test file that calls it (opened before its tests, closed
 * after them); alerts are dismissed as a user would.
 */
export function useBrowserStack(): { stack: Stack; browser: Browser; page: Page } {
  const opened = {} as { stack: Stack; browser: Browser; page: Page };
  beforeAll(async () => {
    [opened.stack, opened.browser] = await Promise.all([startStack(), launchBrowser()]);
    opened.page = await opened.browser.newPage({ viewport: { width: 1280, height: 900 } });
    opened.page.on('dialog', (dialog) => void dialog.dismiss());
  });
  afterAll(async () => {
    await opened.browser?.close();
    await opened.stack?.stop();
  });
  return opened;
}
