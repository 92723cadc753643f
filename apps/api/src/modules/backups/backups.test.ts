// A backup that is proven to restore, with nothing installed beside the product: on the embedded
// PostgreSQL exactly as `npm start` runs it (the test run's server, the same npm package) and on Debian's
// PostgreSQL as a configured server. The demo season (members, cards, bookings, payments, ledger entries
// and kept balances, receipts, certificates, coupons, BVU members, finance) plus stored files of every
// kind (receipt and certificate PDFs made by their services, a file whose name has a space) and a job
// waiting in the queue is backed up, restored into a new database and an empty folder, and every table
// (rows and a checksum the server computes), sequence, constraint, trigger and file is compared.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_DATABASE_APP_PASSWORD, loadConfig } from '../../config.js';
import { appDatabaseUrl } from '../../db/app-role.js';
import { createDatabaseIfMissing } from '../../db/embedded.js';
import { createLogger } from '../../lib/logger.js';
import { startRuntime } from '../../runtime.js';
import { useTestDatabase } from '../../test/database.js';
import { useDemoDatabase } from '../../test/demo-database.js';
import { TEST_ENV } from '../../test/env.js';
import { freePort } from '../../test/free-port.js';
import { BackupError } from './backup-error.js';
import type { BackupManifest } from './backup-folder.js';
import { checkBackup, createBackup, restoreBackup } from './index.js';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const work = mkdtempSync(join(tmpdir(), 'beach-backup-'));
const backups = join(work, 'backups');
const storage = join(work, 'storage');

/** The same server's database of another name. */
const databaseUrl = (serverUrl: string, name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const embedded = (name: string) => databaseUrl(inject('databaseAdminUrl'), name);
const scratchDatabases: string[] = [];
/** A new empty database on the server of `serverUrl` (dropped after the tests on the embedded server). */
async function emptyDatabase(serverUrl: string) {
  const name = `restored_${randomBytes(6).toString('hex')}`;
  await createDatabaseIfMissing(databaseUrl(serverUrl, 'postgres'), name);
  if (serverUrl.startsWith(embedded(''))) scratchDatabases.push(name);
  return databaseUrl(serverUrl, name);
}

const backupConfig = (url: string, storageDir = storage, backupDir = backups) =>
  loadConfig({ ...TEST_ENV, DATABASE_URL: url, STORAGE_DIR: storageDir, BACKUP_DIR: backupDir, BACKUP_KEEP_DAYS: '14' });

/** `read` with one connection to `url`, closed after it. */
async function connected<T>(url: string, read: (query: <R extends pg.QueryResultRow>(text: string) => Promise<R[]>) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await read(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}
const query = <T extends pg.QueryResultRow>(url: string, text: string) => connected(url, (read) => read<T>(text));

const OUR_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'";

/** Every table of every schema of ours (the job queue's included): row count and md5 of its sorted rows; and the sequences. */
const fingerprint = (url: string) => connected(url, async (query) => {
  const tables = await query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${OUR_SCHEMAS} ORDER BY 1`,
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: number; md5: string }>(`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM ${name} t`);
    result[name] = row!;
  }
  const sequences = await query("SELECT schemaname, sequencename, last_value FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2");
  return { tables: result, sequences };
});

/** The constraints, indexes and triggers (with whether each is on) of our schemas. */
const schemaOf = (url: string) => connected(url, async (query) => ({
  constraints: await query(`SELECT c.conrelid::regclass::text AS table, c.conname, pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE ${OUR_SCHEMAS} ORDER BY 1, 2`),
  indexes: await query("SELECT indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1"),
  triggers: await query('SELECT tgrelid::regclass::text AS table, tgname, tgenabled FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2'),
}));

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

const manifestOf = (location: string) => JSON.parse(readFileSync(join(location, 'manifest.json'), 'utf8')) as BackupManifest;

// Ceilings for a hang, not waits: a restore is seconds on a quiet machine, but at load 30 (the whole suite
// and more beside it) the tests of a restore or two took more than 60 and 120 s.
const RESTORE_CEILING_MS = 180_000;

/** Scratch databases of restore drills still on the server. */
const drillLeftovers = async (url: string) => (await query<{ count: number }>(url, "SELECT count(*)::int AS count FROM pg_database WHERE datname LIKE 'beach_restore_check_%'"))[0]!.count;

// A copy of the run's demo season (test/demo-database.ts), on the embedded server.
const source = await useDemoDatabase('2026-11-23T09:00:00Z');
const tiny = Buffer.from('%PDF-1.4\n% certificato\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// A small database (a copy of the run's template) and one stored file, backed up in the set-up: for what
// does not depend on the volume (a forced restore, the drill's damage, the days kept), each restore of it
// costs a fraction of the demo season's.
const small = await useTestDatabase();
const smallStorage = join(work, 'small-storage');
const smallConfig = backupConfig(small.url, smallStorage, join(work, 'small-backups'));
let smallBackup: { location: string; original: Awaited<ReturnType<typeof fingerprint>> };

beforeAll(async () => {
  const runtime = await startRuntime(backupConfig(source.url), { workers: false });
  try {
    const { services, deps } = runtime;
    // Stored files as the modules write them: two receipts' PDFs, a medical certificate's file.
    const receipts = await deps.db.receipt.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: 2 });
    for (const { id } of receipts) await services.receipts.pdfOf(id);
    const admin = await deps.db.user.findFirstOrThrow({ where: { role: 'admin' } });
    const member = await deps.db.user.findFirstOrThrow({ where: { email: { endsWith: '@esempio.it' } }, orderBy: { id: 'asc' } });
    await services.certificates.record(admin, member.id, { kind: 'agonistico', issued_by: 'Dott.ssa Rossi', issue_date: '2026-05-02', expiry_date: '2027-05-01' }, { mime: 'application/pdf', data: tiny });
    // A job waiting in the queue.
    await deps.jobs.send('memberships-daily', {});
  } finally {
    await runtime.stop();
  }
  mkdirSync(join(storage, 'memberships/2026'), { recursive: true });
  writeFileSync(join(storage, 'memberships/2026/tessera 0001.pdf'), randomBytes(4096));

  mkdirSync(smallStorage);
  writeFileSync(join(smallStorage, 'certificato.pdf'), tiny);
  // Read before the backup, which then records its run.
  const original = await fingerprint(small.url);
  smallBackup = { location: (await createBackup(smallConfig, logger)).location, original };
}, RESTORE_CEILING_MS * 2);

afterAll(async () => {
  for (const name of scratchDatabases) await query(embedded('postgres'), `DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

let made: { location: string; original: Awaited<ReturnType<typeof fingerprint>> } | undefined;

describe('backups on the embedded PostgreSQL, as `npm start` runs it', () => {
  it('restores into a new database and an empty folder every table, sequence, constraint, trigger and file', async () => {
    // Read before the backup, which then records its run.
    const original = await fingerprint(source.url);
    const backup = await createBackup(backupConfig(source.url), logger);
    expect(backup.location).toMatch(/\/beach-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/);
    expect(readdirSync(backup.location).sort()).toEqual(['database', 'files.tar.gz', 'manifest.json']);
    const manifest = manifestOf(backup.location);
    expect(backup.tables).toBe(manifest.tables.length);
    expect(manifest.migrations.at(-1)).toMatch(/^\d{14}$/);
    made = { location: backup.location, original };
    // Data of every kind took part, not empty tables.
    for (const table of [
      'public.users', 'public.memberships', 'public.bookings', 'public.transactions', 'public.receipts', 'public.ledger_entries', 'public.ledger_postings',
      'public.ledger_accounts', 'public.medical_certificates', 'public.membership_coupons', 'public.bvu_members', 'public.expenses', 'public.schema_migrations', 'pgboss.job',
    ]) {
      expect(original.tables[table]?.rows, table).toBeGreaterThan(0);
    }
    expect(Object.keys(filesOf(storage))).toEqual(expect.arrayContaining([expect.stringMatching(/^receipts\/\d{4}\/ricevuta-.*\.pdf$/), expect.stringMatching(/^certificates\/\d+\/.*\.pdf$/), 'memberships/2026/tessera 0001.pdf']));
    expect(manifest.files).toHaveLength(4);

    const restored = await emptyDatabase(source.url);
    const restoredStorage = join(work, 'restored-storage');
    await restoreBackup(backupConfig(restored, restoredStorage), backup.location, { logger });
    expect(await fingerprint(restored)).toEqual(original);
    expect(await schemaOf(restored)).toEqual(await schemaOf(source.url));
    expect(filesOf(restoredStorage)).toEqual(filesOf(storage));
    // The ledger's triggers are on again: history stays frozen.
    await expect(query(restored, 'UPDATE ledger_postings SET amount_cents = amount_cents WHERE id = (SELECT min(id) FROM ledger_postings)')).rejects.toThrow(/cannot be changed or deleted/);
    // The app role reads the restored ledger, cannot write it or switch its triggers off, nor restore: only the owner does.
    const asApp = appDatabaseUrl(restored, DEV_DATABASE_APP_PASSWORD);
    expect(await query(asApp, 'SELECT count(*)::int AS rows FROM ledger_postings')).toEqual([{ rows: original.tables['public.ledger_postings']!.rows }]);
    await expect(query(asApp, 'DELETE FROM ledger_postings')).rejects.toThrow(/permission denied/);
    await expect(query(asApp, 'ALTER TABLE ledger_postings DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner/);
    await expect(restoreBackup(backupConfig(asApp, join(work, 'app-role-storage')), backup.location, { logger, force: true })).rejects.toThrow(/must be owner/);
    expect(await fingerprint(restored)).toEqual(original);

    // A second restore meets a database that is no longer empty: refused, unless forced; forced, the small
    // backup replaces the whole season and its files, nothing of them left.
    await expect(restoreBackup(backupConfig(restored, join(work, 'empty-storage')), backup.location, { logger })).rejects.toThrow(/non è vuoto/);
    await expect(restoreBackup(backupConfig(source.url, restoredStorage), backup.location, { logger })).rejects.toThrow(BackupError);
    await restoreBackup(backupConfig(restored, restoredStorage), join(smallBackup.location, 'manifest.json'), { logger, force: true });
    expect(await fingerprint(restored)).toEqual(smallBackup.original);
    expect(filesOf(restoredStorage)).toEqual(filesOf(smallStorage));
  }, RESTORE_CEILING_MS * 2);

  it('drills a restore: a scratch database and folder compared with the manifest, then dropped', async () => {
    const report = await checkBackup(backupConfig(source.url), made!.location, { logger });
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.tables.map((table) => table.name).sort()).toEqual(Object.keys(made!.original.tables).sort());
    expect(report.tables.find((table) => table.name === 'public.ledger_postings')).toEqual({ name: 'public.ledger_postings', rows: made!.original.tables['public.ledger_postings']!.rows, restoredRows: made!.original.tables['public.ledger_postings']!.rows, ok: true });
    expect(report.files).toBe(4);
    expect(await drillLeftovers(source.url)).toBe(0);
  }, RESTORE_CEILING_MS);

  it('the drill tells a damaged table or file, and drops what it made', async () => {
    // Of the small backup: each drill restores the whole backup.
    const { location } = smallBackup;

    // A byte changed in the courts' rows.
    const damaged = join(work, 'damaged-table');
    cpSync(location, damaged, { recursive: true });
    const courts = manifestOf(damaged).tables.find((table) => table.name === 'public.courts')!;
    const courtsFile = join(damaged, 'database', courts.file);
    writeFileSync(courtsFile, gzipSync(gunzipSync(readFileSync(courtsFile)).toString().replace('Campo', 'Kampo')));
    await expect(checkBackup(smallConfig, damaged, { logger })).rejects.toThrow(/Backup danneggiato: la tabella public\.courts ha \d+ righe con checksum/);

    // A stored file that is not the one the manifest lists.
    const wrongFile = join(work, 'damaged-file');
    cpSync(location, wrongFile, { recursive: true });
    const manifest = manifestOf(wrongFile);
    manifest.files[0]!.sha256 = '0'.repeat(64);
    writeFileSync(join(wrongFile, 'manifest.json'), JSON.stringify(manifest));
    const report = await checkBackup(smallConfig, wrongFile, { logger });
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual([`File ${manifest.files[0]!.path}: ${manifest.files[0]!.bytes} byte, contenuto diverso (il manifesto indica ${manifest.files[0]!.bytes} byte)`]);
    expect(await drillLeftovers(small.url)).toBe(0);
  }, RESTORE_CEILING_MS);

  it('records each run, made or failed', async () => {
    const failing = join(work, 'not-a-folder');
    writeFileSync(failing, 'a file where the backups should go');
    await expect(createBackup(backupConfig(source.url, storage, failing), logger)).rejects.toThrow();
    const runs = await source.db.backupRun.findMany({ orderBy: { id: 'asc' } });
    expect(runs.map((run) => run.ok)).toEqual([true, false]);
    expect(runs[0]).toMatchObject({ location: made!.location, error: null });
    expect(Number(runs[0]!.bytes)).toBeGreaterThan(0);
    expect(runs[1]).toMatchObject({ bytes: null, error: expect.stringContaining('not-a-folder') });
    expect(runs[1]!.location.startsWith(`${failing}/beach-`)).toBe(true);
  });

  it('keeps BACKUP_KEEP_DAYS days of backups, by the time in their names', async () => {
    const dir = join(work, 'kept');
    const now = new Date('2026-11-23T03:30:00Z');
    const madeDaysAgo = (days: number) => `beach-${new Date(now.getTime() - days * 86_400_000).toISOString().replace(/[:.]/g, '-')}`;
    mkdirSync(join(dir, madeDaysAgo(15)), { recursive: true });
    mkdirSync(join(dir, madeDaysAgo(13)));
    mkdirSync(join(dir, `${madeDaysAgo(16)}.partial`));
    writeFileSync(join(dir, `${madeDaysAgo(20)}.dump`), 'a former pg_dump backup');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    const backup = await createBackup(backupConfig(small.url, smallStorage, dir), logger, now);
    expect(backup.removed).toEqual([`${madeDaysAgo(15)}`, `${madeDaysAgo(16)}.partial`, `${madeDaysAgo(20)}.dump`].sort());
    expect(readdirSync(dir).sort()).toEqual([madeDaysAgo(13), madeDaysAgo(0), 'notes.txt'].sort());
  }, RESTORE_CEILING_MS);

  it('runs every night as a scheduled job of the worker', async () => {
    // On the small database: its runs so far are the tests' above.
    const nightly = join(work, 'nightly');
    const runsBefore = await small.db.backupRun.count({ where: { ok: true } });
    const runtime = await startRuntime(loadConfig({ ...TEST_ENV, DATABASE_URL: small.url, STORAGE_DIR: smallStorage, BACKUP_DIR: nightly }), { workers: true });
    try {
      const rows = await runtime.deps.db.$queryRaw<{ cron: string; timezone: string }[]>`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'backup-daily'`;
      expect(rows).toEqual([{ cron: '30 3 * * *', timezone: 'Europe/Rome' }]);
      await runtime.deps.jobs.send('backup-daily', {});
      await runtime.deps.jobs.waitUntilIdle(RESTORE_CEILING_MS);
      const folders = readdirSync(nightly);
      expect(folders).toEqual([expect.stringMatching(/^beach-[\dT-]+Z$/)]);
      expect(existsSync(join(nightly, folders[0]!, 'manifest.json'))).toBe(true);
      expect(await runtime.deps.db.backupRun.count({ where: { ok: true } })).toBe(runsBefore + 1);
    } finally {
      await runtime.stop(5000);
    }
  }, RESTORE_CEILING_MS);
});

const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';

/** Debian's newest PostgreSQL server (the client programs are not needed). */
function debianPostgresBin(): string {
  const versions = existsSync(DEBIAN_POSTGRESQL) ? readdirSync(DEBIAN_POSTGRESQL).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((version) => join(DEBIAN_POSTGRESQL, version, 'bin')).find((dir) => ['postgres', 'initdb', 'pg_ctl'].every((program) => existsSync(join(dir, program))));
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

describe("backups on Debian's PostgreSQL, a configured server of an older major version", () => {
  const bin = debianPostgresBin();
  const dataDir = join(work, 'debian-pgdata');
  let debian: string;

  beforeAll(async () => {
    mkdirSync(dataDir);
    chmodSync(work, 0o755); // the server's user reaches its data folder through this one
    if (process.getuid?.() === 0) chownSync(dataDir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    await runAsPostgres(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
    const port = await freePort();
    // A scratch server: commits are not flushed to disk.
    await runAsPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-l', join(dataDir, 'server.log'), '-o', `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c timezone=UTC -c fsync=off`, 'start']);
    debian = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  }, RESTORE_CEILING_MS);

  afterAll(() => runAsPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop']).catch(() => {}));

  it('restores there, backs up there, and its backup restores into the same major version and into the newer embedded one', async () => {
    // The demo season reaches the configured server as the embedded server's backup.
    const centre = await emptyDatabase(debian);
    await restoreBackup(backupConfig(centre, join(work, 'debian-storage')), made!.location, { logger });
    expect(await fingerprint(centre)).toEqual(made!.original);

    const backup = await createBackup(backupConfig(centre, join(work, 'debian-storage'), join(work, 'debian-backups')), logger);
    expect(manifestOf(backup.location).server_version).toMatch(new RegExp(`^${bin.split('/').at(-2)}\\.`));
    for (const [server, name] of [[debian, 'same major'], [embedded('postgres'), 'newer major']] as const) {
      const restored = await emptyDatabase(server);
      const restoredStorage = join(work, `storage ${name}`);
      await restoreBackup(backupConfig(restored, restoredStorage), backup.location, { logger });
      expect(await fingerprint(restored), name).toEqual(made!.original);
      expect(filesOf(restoredStorage), name).toEqual(filesOf(storage));
    }
  }, RESTORE_CEILING_MS * 2);
});
