// A backup that is proven to restore: a seeded database with data of every kind (members, cards,
// bookings, payments, coupons, BVU members, finance, queued jobs) and a STORAGE_DIR tree is backed
// up, restored into a new database and an empty folder, and every table's row count and checksum
// and every file are compared. pg_dump refuses a server newer than itself and the embedded server
// ships none, so this runs on Debian's PostgreSQL (server and pg_dump of one version, installed by
// scripts/bootstrap.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createDatabaseIfMissing } from '../../db/embedded.js';
import { migrate } from '../../db/migrate.js';
import { seedDemoVolume } from '../../db/seed-demo.js';
import { seed } from '../../db/seed.js';
import { createDb } from '../../lib/db.js';
import { createJobQueue } from '../../lib/jobs.js';
import { startRuntime } from '../../runtime.js';
import { createLogger } from '../../lib/logger.js';
import { TEST_BCRYPT_COST, TEST_ENV } from '../../test/env.js';
import { freePort } from '../../test/free-port.js';
import { BackupError, createBackup, restoreBackup, type BackupConfig } from './backups.js';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';

/** Debian's newest PostgreSQL with its server and client programs. */
function debianPostgresBin(): string {
  const versions = existsSync(DEBIAN_POSTGRESQL) ? readdirSync(DEBIAN_POSTGRESQL).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((version) => join(DEBIAN_POSTGRESQL, version, 'bin')).find((dir) => ['postgres', 'initdb', 'pg_ctl', 'pg_dump', 'pg_restore'].every((program) => existsSync(join(dir, program))));
  if (!bin) throw new Error(`PostgreSQL di Debian non trovato in ${DEBIAN_POSTGRESQL}: installa il pacchetto postgresql (scripts/bootstrap.mjs lo fa).`);
  return bin;
}

/** PostgreSQL refuses to run as root: as root the server runs as the system user 'postgres'. */
function runAsPostgres(program: string, args: string[]): Promise<void> {
  const [command, commandArgs] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')}: ${errors}`))));
  });
}

const work = mkdtempSync(join(tmpdir(), 'beach-backup-'));
const dataDir = join(work, 'pgdata');
const bin = debianPostgresBin();
const port = await freePort();
const serverUrl = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;

function backupConfig(database: string, storage: string, extra: Partial<BackupConfig> = {}): BackupConfig {
  const config = loadConfig({ ...TEST_ENV, DATABASE_URL: serverUrl(database), STORAGE_DIR: storage, BACKUP_DIR: join(work, 'backups'), BACKUP_KEEP_DAYS: '14' });
  return { ...config, ...extra };
}

/** Every table of every schema of ours (the job queue's included): row count and md5 of its ordered rows. */
async function fingerprint(database: string) {
  const client = new pg.Client({ connectionString: serverUrl(database) });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' ORDER BY 1",
    );
    const result: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: number; md5: string }>(`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM ${name} t`);
      result[name] = rows[0]!;
    }
    return result;
  } finally {
    await client.end();
  }
}

/** Every file under `root` by relative path, with the sha256 of its bytes. */
function filesOf(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else files[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  visit(root);
  return files;
}

const storage = join(work, 'storage');

beforeAll(async () => {
  mkdirSync(dataDir);
  chmodSync(work, 0o755); // the server's user reaches its data folder through this one
  if (process.getuid?.() === 0) chownSync(dataDir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  await runAsPostgres(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  await runAsPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-l', join(dataDir, 'server.log'), '-o', `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c timezone=UTC`, 'start']);
  await createDatabaseIfMissing(serverUrl('postgres'), 'centre');
  await migrate(serverUrl('centre'));
  const db = createDb(serverUrl('centre'));
  await seed(db, { nodeEnv: 'test', bcryptCost: TEST_BCRYPT_COST, log: () => {} });
  await seedDemoVolume(db, { year: 2026, now: new Date('2026-09-30T10:00:00Z'), passwordHash: 'not-a-login', log: () => {} });
  await db.$disconnect();
  // The job queue's own schema, with a job waiting in it.
  const jobs = createJobQueue(serverUrl('centre'), logger);
  await jobs.start({ worker: false });
  await jobs.send('memberships-daily', {});
  await jobs.stop();
  // Files the modules keep: card PDFs and whatever else they add, in folders of their own.
  for (const [path, bytes] of [
    ['memberships/2026/tessera-0001.pdf', randomBytes(4096)],
    ['certificates/12/certificato medico.pdf', randomBytes(2048)],
    ['receipts/2026/ricevuta-7.pdf', randomBytes(1024)],
  ] as const) {
    mkdirSync(join(storage, path, '..'), { recursive: true });
    writeFileSync(join(storage, path), bytes);
  }
}, 180_000);

afterAll(async () => {
  await runAsPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop']).catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe('backups', () => {
  it('restores into a new database and an empty folder every table (rows and checksum) and every file', async () => {
    const backup = await createBackup(backupConfig('centre', storage), logger);
    expect(backup.dumpBytes).toBeGreaterThan(0);
    expect(backup.filesBytes).toBeGreaterThan(0);
    // Custom format: pg_restore's own magic bytes.
    expect(readFileSync(backup.dumpFile).subarray(0, 5).toString()).toBe('PGDMP');

    await createDatabaseIfMissing(serverUrl('postgres'), 'restored');
    const restoredStorage = join(work, 'restored-storage');
    await restoreBackup(backupConfig('restored', restoredStorage), backup.dumpFile, { logger });

    const [original, restored] = [await fingerprint('centre'), await fingerprint('restored')];
    expect(restored).toEqual(original);
    // Data of every kind took part, not empty tables.
    for (const table of ['public.users', 'public.memberships', 'public.bookings', 'public.transactions', 'public.membership_coupons', 'public.bvu_members', 'public.expenses', 'public.schema_migrations', 'pgboss.job']) {
      expect(original[table]?.rows, table).toBeGreaterThan(0);
    }
    expect(filesOf(restoredStorage)).toEqual(filesOf(storage));
    expect(Object.keys(filesOf(storage))).toHaveLength(3);

    // A second restore meets a database that is no longer empty: refused, unless forced.
    await expect(restoreBackup(backupConfig('restored', join(work, 'empty-storage')), backup.dumpFile, { logger })).rejects.toThrow(/non è vuoto/);
    await expect(restoreBackup(backupConfig('centre', restoredStorage), backup.dumpFile, { logger })).rejects.toThrow(BackupError);
    await restoreBackup(backupConfig('restored', restoredStorage), backup.dumpFile, { logger, force: true });
    expect(await fingerprint('restored')).toEqual(original);
  }, 120_000);

  it('refuses a STORAGE_DIR that already has files', async () => {
    const backup = await createBackup(backupConfig('centre', storage), logger);
    await createDatabaseIfMissing(serverUrl('postgres'), 'second');
    await expect(restoreBackup(backupConfig('second', storage), backup.dumpFile, { logger })).rejects.toThrow(/cartella dei file .* non è vuota/);
  }, 60_000);

  it('keeps BACKUP_KEEP_DAYS days of backups', async () => {
    const dir = join(work, 'backups');
    const old = join(dir, 'beach-2026-01-01T03-30-00-000Z.dump');
    const recent = join(dir, 'beach-2026-01-02T03-30-00-000Z.dump');
    mkdirSync(dir, { recursive: true });
    writeFileSync(old, 'old');
    writeFileSync(recent, 'recent');
    const now = new Date();
    utimesSync(old, new Date(now.getTime() - 15 * 86_400_000), new Date(now.getTime() - 15 * 86_400_000));
    utimesSync(recent, new Date(now.getTime() - 13 * 86_400_000), new Date(now.getTime() - 13 * 86_400_000));
    const backup = await createBackup(backupConfig('centre', storage), logger, now);
    expect(backup.removed).toEqual(['beach-2026-01-01T03-30-00-000Z.dump']);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  }, 60_000);

  it('names the pg_dump version it needs when the only one it has is older than the server', async () => {
    // The test run's embedded PostgreSQL is newer than Debian's pg_dump.
    const admin = new URL(inject('databaseAdminUrl'));
    const config = { ...backupConfig('centre', storage), DATABASE_URL: admin.toString(), PG_BIN_DIR: bin };
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    const major = Math.floor(Number((await client.query<{ server_version_num: string }>('SHOW server_version_num')).rows[0]!.server_version_num) / 10000);
    await client.end();
    expect(major).toBeGreaterThan(Number(bin.split('/').at(-2)));
    await expect(createBackup(config, logger)).rejects.toThrow(`Serve pg_dump e pg_restore di PostgreSQL ${major} o successivo`);
  });

  it('runs every night as a scheduled job of the worker', async () => {
    const backups = join(work, 'nightly');
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: serverUrl('centre'), STORAGE_DIR: storage, BACKUP_DIR: backups });
    const runtime = await startRuntime(config, { workers: true });
    try {
      const rows = await runtime.deps.db.$queryRaw<{ cron: string; timezone: string }[]>`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'backup-daily'`;
      expect(rows).toEqual([{ cron: '30 3 * * *', timezone: 'Europe/Rome' }]);
      await runtime.deps.jobs.send('backup-daily', {});
      await runtime.deps.jobs.waitUntilIdle(60_000);
      const made = readdirSync(backups).sort();
      expect(made).toHaveLength(2);
      expect(made[0]).toMatch(/^beach-.*\.dump$/);
      expect(made[1]).toMatch(/^beach-.*\.files\.tar\.gz$/);
    } finally {
      await runtime.stop(5000);
    }
  }, 90_000);
});
