// One real PostgreSQL per test run with a template database, migrated and seeded once; every test file
// then gets its own copy of it (CREATE DATABASE … TEMPLATE takes a fraction of a second). Used by the
// API tests and the browser tests alike.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { DEV_DATABASE_APP_PASSWORD } from '../config.js';
import { enableAppLogin } from '../db/app-role.js';
import { createDatabaseIfMissing, removeAbandonedDataDirectories, startEmbeddedPostgres, testDataDirectoryBase } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../db/seed.js';
import { createDb, type Db } from '../lib/db.js';
import { createJobQueue } from '../lib/jobs.js';
import { createLogger } from '../lib/logger.js';
import { TEST_BCRYPT_COST, TEST_DATABASE_IDLE_SECONDS } from './env.js';
import { freePort } from './free-port.js';

export const TEMPLATE_DATABASE = 'beach_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's PostgreSQL (its `postgres` database), which holds the template. */
    databaseAdminUrl: string;
  }
}

/** Starts the run's PostgreSQL with the template database ready to copy; `stop` removes it all. */
export async function startTemplateServer(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const base = testDataDirectoryBase();
  removeAbandonedDataDirectories(base, 'beach-test-pg-');
  const dataDir = mkdtempSync(join(base, 'beach-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: TEMPLATE_DATABASE, persistent: false, durable: false });
  await migrate(server.url);
  // The role is the server's: every copy's app connects as it, with the tests' (the default) password.
  await enableAppLogin(server.url, DEV_DATABASE_APP_PASSWORD);
  const db = createDb(server.url);
  await seed(db, { nodeEnv: 'test', bcryptCost: TEST_BCRYPT_COST, log: () => {} });
  await db.$disconnect();
  // pg-boss creates its own schema, queues and schedules on first start: do it once here, so every copy
  // already has them and its own start only reads them.
  const jobs = createJobQueue(server.url, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), { scheduler: false });
  await jobs.start({ worker: true });
  await jobs.stop();
  return {
    adminUrl: server.adminUrl,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestDatabase {
  /** As the owner, who migrated it: the app connects as the app role (db/app-role.ts). */
  url: string;
  /** The owner's client, for a test's own set-up and checks. */
  db: Db;
  /** Closes the connections and drops the copy. */
  drop(): Promise<void>;
}

/** A fresh copy of the template (or of another template database) on the server at `adminUrl`. */
export async function createTestDatabase(adminUrl: string, template = TEMPLATE_DATABASE): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabaseIfMissing(adminUrl, name, template);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { idleSeconds: TEST_DATABASE_IDLE_SECONDS });
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.$disconnect();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Creates the test file's database now and drops it after the file's tests. */
export async function useTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase(inject('databaseAdminUrl'));
  afterAll(() => database.drop());
  return database;
}
