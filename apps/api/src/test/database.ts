// A private database for one test file: a copy of the migrated and seeded template.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDatabaseIfMissing } from '../db/embedded.js';
import { createDb, type Db } from '../lib/db.js';

export const TEMPLATE_DATABASE = 'beach_template';

export interface TestDatabase {
  url: string;
  db: Db;
}

/** Creates the database now and drops it after the file's tests. */
export async function useTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createDatabaseIfMissing(adminUrl, name, TEMPLATE_DATABASE);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString());
  afterAll(async () => {
    await db.$disconnect();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.end();
  });
  return { url: url.toString(), db };
}
