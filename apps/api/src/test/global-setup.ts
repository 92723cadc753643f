// One real PostgreSQL for the whole test run, with a template database that is migrated and seeded
// once; every test file then gets its own copy of it (see ./database.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../db/seed.js';
import { createDb } from '../lib/db.js';
import { createJobQueue } from '../lib/jobs.js';
import { createLogger } from '../lib/logger.js';
import { TEMPLATE_DATABASE } from './database.js';
import { TEST_BCRYPT_COST } from './env.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'beach-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: TEMPLATE_DATABASE, persistent: false });
  await migrate(server.url);
  const db = createDb(server.url);
  await seed(db, { nodeEnv: 'test', bcryptCost: TEST_BCRYPT_COST, log: () => {} });
  await db.$disconnect();
  // pg-boss creates its own schema on first start: do it once here, so every copy already has it.
  const jobs = createJobQueue(server.url, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }));
  await jobs.start({ worker: false });
  await jobs.stop();
  project.provide('databaseAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
