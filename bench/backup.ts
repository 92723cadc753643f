// A backup of the demo season (docs/domain.md#backups) on the embedded PostgreSQL as `npm start` runs it
// (commits flushed to disk): the demo seed (`pnpm db:seed -- --demo`: 2,000 members, a season of
// bookings, payments and their ledger, certificates) with every receipt's PDF written as the minute job
// writes them. Prints the backup's time and size (database and stored files), the restore drill's time and
// a restore's into an empty database, and the rows and files they carried.
// Run: pnpm bench:backup
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkBackup, createBackup, createDb, createLogger, DEV_DATABASE_APP_PASSWORD, enableAppLogin, freePort, loadConfig, migrate, restoreBackup, seed, startEmbeddedPostgres, startRuntime } from '@beach/api/testing';
import pg from 'pg';

const work = mkdtempSync(join(tmpdir(), 'beach-bench-backup-'));
const dataDir = mkdtempSync(join(tmpdir(), 'beach-bench-backup-pg-'));
const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'beach_bench', persistent: false });
const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const config = (url: string, storage = join(work, 'storage')) =>
  loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATABASE_URL: url, STORAGE_DIR: storage, BACKUP_DIR: join(work, 'backups') });
const count = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('it-IT', { maximumFractionDigits: 2 })} s`;

try {
  await migrate(database.url);
  await enableAppLogin(database.url, DEV_DATABASE_APP_PASSWORD);
  const db = createDb(database.url);
  await seed(db, { demo: true, nodeEnv: 'development', bcryptCost: 4, log: () => {} });
  await db.$disconnect();
  const runtime = await startRuntime(config(database.url), { workers: false });
  const receipts = await runtime.services.receipts.writePending();
  await runtime.stop();

  const started = performance.now();
  const backup = await createBackup(config(database.url), logger);
  const backupMs = performance.now() - started;
  const manifest = JSON.parse(readFileSync(join(backup.location, 'manifest.json'), 'utf8')) as { tables: { rows: number; bytes: number }[] };
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const databaseBytes = manifest.tables.reduce((sum, table) => sum + table.bytes, 0);
  console.log(`Backup del seed demo: ${seconds(backupMs)}, ${megabytes(backup.bytes)} in tutto (database ${megabytes(databaseBytes)} per ${count.format(rows)} righe in ${backup.tables} tabelle; ${count.format(backup.files)} file, ${count.format(receipts)} PDF di ricevute)`);

  const drill = await checkBackup(config(database.url), backup.location, { logger });
  if (!drill.ok) throw new Error(`Prova di ripristino non riuscita: ${drill.mismatches.join('; ')}`);
  console.log(`Prova di ripristino (pnpm db:restore --check): ${seconds(drill.durationMs)}`);

  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('CREATE DATABASE restored');
  await admin.end();
  const restored = Object.assign(new URL(database.url), { pathname: '/restored' }).toString();
  const restore = await restoreBackup(config(restored, join(work, 'restored-storage')), backup.location, { logger });
  console.log(`Ripristino in un database vuoto (pnpm db:restore): ${seconds(restore.durationMs)}`);
} finally {
  await database.stop();
  rmSync(work, { recursive: true, force: true });
}
