// pnpm dev: the database (embedded PostgreSQL unless DATABASE_URL is set), migrated and seeded, the
// local Stripe test double unless STRIPE_SECRET_KEY is set, then the API (with its job workers) and the
// web app with reload. Ctrl+C stops all of them.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDb, DEV_DATABASE_APP_PASSWORD, enableAppLogin, migrate, openDevDatabase, seed } from '@beach/api/db';
import { startStripeDouble } from '@beach/stripe-double';

const database = await openDevDatabase();
console.log((await migrate(database.url)).trim() || 'Database aggiornato: nessuna migrazione da applicare.');
// The API connects as the app role (docs/domain.md#ledger): the password it will use.
await enableAppLogin(database.url, process.env.DATABASE_APP_PASSWORD || DEV_DATABASE_APP_PASSWORD);
const db = createDb(database.url);
await seed(db, { nodeEnv: process.env.NODE_ENV ?? 'development' });
await db.$disconnect();

// Without Stripe keys, payments go to the local double: a checkout page with Paga / Carta rifiutata /
// Annulla, and webhooks signed as Stripe signs them. It is never used in production (the API refuses it).
const apiPort = process.env.PORT ?? '3000';
const stripeDouble = process.env.STRIPE_SECRET_KEY
  ? null
  : await startStripeDouble({
      port: Number(process.env.STRIPE_DOUBLE_PORT ?? 12111),
      webhookSecret: 'whsec_local_test_double',
      webhookUrl: `http://127.0.0.1:${apiPort}/api/payments/stripe/webhook`,
      onDelivery: (delivery) => delivery.status >= 300 || delivery.status === 0 ? console.warn(`Simulatore Stripe: webhook ${delivery.type} non consegnato (${delivery.error ?? delivery.status})`) : undefined,
    });
const stripeEnv = stripeDouble ? { STRIPE_SECRET_KEY: 'sk_test_local_test_double', STRIPE_WEBHOOK_SECRET: 'whsec_local_test_double', STRIPE_API_BASE: stripeDouble.url } : {};
if (stripeDouble) console.log(`Pagamenti in modalità di prova: simulatore Stripe locale su ${stripeDouble.url}`);

const apps = spawn('pnpm', ['exec', 'turbo', 'run', 'dev', '--filter=@beach/api', '--filter=@beach/web', '--filter=@beach/i18n'], {
  stdio: 'inherit',
  // Mail without SMTP lands in .data/mail at the repository root, whatever the API's folder.
  env: {
    MAIL_DIR: fileURLToPath(new URL('../.data/mail', import.meta.url)),
    STORAGE_DIR: fileURLToPath(new URL('../.data/storage', import.meta.url)),
    // The dev server answers at both addresses: a member who opened either comes back to it from paying.
    WEB_ORIGIN_ALIASES: 'http://127.0.0.1:5173',
    ...process.env,
    ...stripeEnv,
    DATABASE_URL: database.url,
  },
});
console.log('\nApp web: http://localhost:5173   API: http://localhost:3000/api/health   Documentazione API: http://localhost:3000/api/docs\n');

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  apps.kill('SIGTERM');
  await stripeDouble?.close();
  await database.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
apps.on('exit', (code) => void stop(code ?? 0));
