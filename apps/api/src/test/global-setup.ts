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
import { TEMPLATE_DATABASE } from './database.js';
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
  await seed(db, { nodeEnv: 'test', log: () => {} });
  await db.$disconnect();
  project.provide('databaseAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
