// The demo season (db/seed-demo.ts) is the slowest set-up of the API tests: tens of seconds of CPU to seed.
// The files that read it copy a template seeded once per test run at the moment they ask for, instead of
// seeding their own (docs/testing.md#the-demo-season-once-per-run).
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { seedDemoVolume } from '../db/seed-demo.js';
import { createDb } from '../lib/db.js';
import { createTestDatabase, TEMPLATE_DATABASE, type TestDatabase } from './database.js';

/** The demo template of `moment` on the run's server, seeded by the first file that asks for it. */
async function demoTemplate(adminUrl: string, moment: string): Promise<string> {
  const name = `beach_demo_${moment.replace(/\D/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // The server's lock: a file of the other worker asking for the same moment waits for it, then copies it.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    // Seeded under another name and renamed when whole: a file stopped half-way leaves no half template.
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(building)} TEMPLATE ${pg.escapeIdentifier(TEMPLATE_DATABASE)}`);
    const db = createDb(Object.assign(new URL(adminUrl), { pathname: `/${building}` }).toString());
    try {
      await seedDemoVolume(db, { year: 2026, now: new Date(moment), passwordHash: 'not-a-login', log: () => {} });
    } finally {
      await db.$disconnect();
    }
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * This file's own copy of the demo season seeded at `moment` (an ISO instant; the year 2026, every password
 * 'not-a-login'), dropped after the file's tests. Seeding takes about ten seconds on a quiet machine, several
 * times that on a busy one: the test or hook that first asks needs a timeout of minutes.
 */
export async function useDemoDatabase(moment: string): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const database = await createTestDatabase(adminUrl, await demoTemplate(adminUrl, moment));
  afterAll(() => database.drop());
  return database;
}
