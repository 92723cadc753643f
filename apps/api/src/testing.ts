// What the browser tests (e2e/) need to run the real API in-process against a real database.
export { createApp } from './app.js';
export { loadConfig } from './config.js';
export { startRuntime } from './runtime.js';
export { startMailCatcher, linkIn, type MailCatcher } from './test/mail-catcher.js';
export { freePort, listenOnSystemPort } from './test/free-port.js';
export { createTestDatabase, startTemplateServer } from './test/database.js';
export { TEST_BCRYPT_COST, TEST_ENV } from './test/env.js';
export { unsubscribeLinks } from './modules/consents/index.js';
export { startEmbeddedPostgres, migrate, enableAppLogin, DEV_DATABASE_APP_PASSWORD, seed, createDb, type Db } from './db/index.js';
// The ledger's writers, for its benchmark (bench/ledger.ts).
export { accounts, contentHashOf, credit, debit, post, postMany, type Entry } from './modules/ledger/index.js';
// The backups and a logger, for their benchmark (bench/backup.ts).
export { checkBackup, createBackup, restoreBackup } from './modules/backups/index.js';
export { createLogger } from './lib/logger.js';
export { camt053 } from './modules/bank/index.js';
// The day grid's one statement, for its benchmark to time the database alone on it (bench/availability.ts).
export { dayStatement } from './modules/bookings/index.js';
