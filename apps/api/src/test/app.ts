// The API app in-process over a private test database, with its job queue and workers running (so
// e-mails really go out), for supertest. With `stripe`, the app also listens on a loopback port and a
// local Stripe test double delivers its signed webhooks there.
import type { Server } from 'node:http';
import { startStripeDouble, type StripeDouble } from '@beach/stripe-double';
import { afterAll } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { startRuntime } from '../runtime.js';
import { type BooksAtTheEnd, closingWithBooksReconciled } from './books-reconciled.js';
import { useTestDatabase } from './database.js';
import { useDemoDatabase } from './demo-database.js';
import { TEST_ENV } from './env.js';

const TEST_WEBHOOK_SECRET = 'whsec_test_double_secret';

/**
 * `demo`: the database is a copy of the demo season seeded at that instant (./demo-database.ts).
 * `books`: how and why this file ends with the books not all agreeing; without it they must be reconciled at its end (./books-reconciled.ts).
 */
export async function useTestApp(env: Record<string, string> = {}, options: { stripe?: boolean; demo?: string; books?: BooksAtTheEnd } = {}) {
  const database = options.demo ? await useDemoDatabase(options.demo) : await useTestDatabase();
  const stripe: StripeDouble | null = options.stripe ? await startStripeDouble({ webhookSecret: TEST_WEBHOOK_SECRET }) : null;
  const stripeEnv = stripe ? { STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url } : {};
  const config = loadConfig({ ...TEST_ENV, DATABASE_URL: database.url, ...stripeEnv, ...env });
  // The app's own client, as the app role; `db` below is the owner's, for the test's set-up and checks.
  const { deps, services, stop } = await startRuntime(config, { workers: true });
  const app = createApp(deps, services);
  let server: Server | null = null;
  if (stripe) {
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    stripe.setWebhookUrl(`http://127.0.0.1:${address.port}/api/payments/stripe/webhook`);
  }
  afterAll(closingWithBooksReconciled({ deps, services }, options.books, async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await stripe?.close();
    await stop(2000);
  }));
  return { app, config, deps, services, stripe, url: database.url, db: database.db };
}
