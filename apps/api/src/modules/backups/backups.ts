// Backups: the database as a compressed custom-format pg_dump and the whole STORAGE_DIR tree (card
// PDFs, certificates, receipts, whatever the modules store) as a tar.gz beside it, both under
// BACKUP_DIR with the same name; backups older than BACKUP_KEEP_DAYS are deleted after a new one is
// made. A restore goes into an empty database (and an empty STORAGE_DIR) unless forced.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';

const run = promisify(execFile);

const DUMP_SUFFIX = '.dump';
const FILES_SUFFIX = '.files.tar.gz';
const DAY_MS = 24 * 60 * 60 * 1000;

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'STORAGE_DIR' | 'BACKUP_DIR' | 'BACKUP_KEEP_DAYS' | 'PG_BIN_DIR'>;

export interface BackupResult {
  dumpFile: string;
  filesArchive: string;
  dumpBytes: number;
  filesBytes: number;
  durationMs: number;
  /** Backups removed for being older than BACKUP_KEEP_DAYS. */
  removed: string[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Where PostgreSQL client programs may be: the setting, else Debian's versions (newest first) and the
 * PATH. The embedded server's package ships only initdb, pg_ctl and postgres, no pg_dump.
 */
function candidateBinDirs(config: Pick<BackupConfig, 'PG_BIN_DIR'>): string[] {
  if (config.PG_BIN_DIR) return [config.PG_BIN_DIR];
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  return [...versions.map((version) => join(debian, version, 'bin')), ...(process.env.PATH ?? '').split(':').filter(Boolean)];
}

async function majorVersionOf(program: string): Promise<number | null> {
  try {
    const { stdout } = await run(program, ['--version']);
    const match = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * A pg_dump/pg_restore pair able to read the server: pg_dump refuses a server newer than itself, so
 * its major version must be at least the server's.
 */
async function clientPrograms(config: Pick<BackupConfig, 'PG_BIN_DIR'>, serverMajor: number) {
  const seen: string[] = [];
  for (const dir of candidateBinDirs(config)) {
    const pgDump = join(dir, 'pg_dump');
    const pgRestore = join(dir, 'pg_restore');
    if (!existsSync(pgDump) || !existsSync(pgRestore)) continue;
    const major = await majorVersionOf(pgDump);
    if (major === null) continue;
    if (major >= serverMajor) return { pgDump, pgRestore };
    seen.push(`${pgDump} (${major})`);
  }
  throw new BackupError(
    `Serve pg_dump e pg_restore di PostgreSQL ${serverMajor} o successivo (il server è alla versione ${serverMajor}); ` +
      (seen.length ? `trovati solo: ${seen.join(', ')}. ` : 'nessuno trovato. ') +
      'Installa il client PostgreSQL di quella versione e indica la cartella dei programmi con PG_BIN_DIR.',
  );
}

/** The connection for the client programs: the password goes in the environment, not on the command line. */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, PGPASSWORD: password } };
}

const serverMajor = (databaseUrl: string) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0]!.server_version_num) / 10000);
  });

const OUR_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'";

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tables outside PostgreSQL's own schemas: none means the database is empty. */
const userTableCount = (databaseUrl: string) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND ${OUR_SCHEMAS}`);
    return rows[0]!.count;
  });

/**
 * Empties the database for a forced restore: every schema of ours is dropped with what it holds (the
 * job queue's partitioned tables cannot be replaced one by one), and an empty `public` made again.
 */
const emptyDatabase = (databaseUrl: string) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(`SELECT n.nspname AS name FROM pg_namespace n WHERE ${OUR_SCHEMAS}`);
    await client.query('BEGIN');
    for (const { name } of rows) await client.query(`DROP SCHEMA ${pg.escapeIdentifier(name)} CASCADE`);
    await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
  });

function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new BackupError(`${basename(program)} non riuscito (uscita ${code}):\n${errors.trim()}`))));
  });
}

/** Backup names sort by time: beach-2026-11-23T03-30-00-000Z. */
const backupName = (now: Date) => `beach-${now.toISOString().replace(/[:.]/g, '-')}`;

export async function createBackup(config: BackupConfig, logger: Logger, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const { pgDump } = await clientPrograms(config, await serverMajor(config.DATABASE_URL));
  const dir = resolve(config.BACKUP_DIR);
  await mkdir(dir, { recursive: true });
  const name = backupName(now);
  const dumpFile = join(dir, name + DUMP_SUFFIX);
  const filesArchive = join(dir, name + FILES_SUFFIX);
  const { dbname, env } = connection(config.DATABASE_URL);
  try {
    // Custom format: compressed, and pg_restore can restore it into any database.
    await runProgram(pgDump, ['--format=custom', '--compress=6', '--no-owner', '--no-privileges', `--file=${dumpFile}`, `--dbname=${dbname}`], env);
    const storage = resolve(config.STORAGE_DIR);
    await mkdir(storage, { recursive: true });
    await runProgram('tar', ['-czf', filesArchive, '-C', storage, '.'], process.env);
  } catch (error) {
    await Promise.all([rm(dumpFile, { force: true }), rm(filesArchive, { force: true })]);
    throw error;
  }
  const removed = await removeOldBackups(dir, config.BACKUP_KEEP_DAYS, now);
  const result: BackupResult = {
    dumpFile,
    filesArchive,
    dumpBytes: (await stat(dumpFile)).size,
    filesBytes: (await stat(filesArchive)).size,
    durationMs: Math.round(performance.now() - started),
    removed,
  };
  logger.info(result, `Backup completato: database ${result.dumpBytes} byte, file ${result.filesBytes} byte in ${result.durationMs} ms`);
  return result;
}

/** Deletes the backups (both files) made more than `keepDays` days before `now`. */
async function removeOldBackups(dir: string, keepDays: number, now: Date): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(dir)) {
    if (!entry.startsWith('beach-') || !(entry.endsWith(DUMP_SUFFIX) || entry.endsWith(FILES_SUFFIX))) continue;
    const path = join(dir, entry);
    if (now.getTime() - (await stat(path)).mtime.getTime() > keepDays * DAY_MS) {
      await rm(path, { force: true });
      removed.push(entry);
    }
  }
  return removed;
}

/**
 * Restores a backup's database into `DATABASE_URL` and its files into STORAGE_DIR. Refused when the
 * database has tables or STORAGE_DIR has files, unless `force` (then existing objects are replaced).
 */
export async function restoreBackup(config: BackupConfig, dumpFile: string, { force = false, logger }: { force?: boolean; logger: Logger }) {
  const started = performance.now();
  const dump = resolve(dumpFile);
  if (!dump.endsWith(DUMP_SUFFIX) || !existsSync(dump)) throw new BackupError(`File di backup non trovato: ${dump} (serve il file ${DUMP_SUFFIX}).`);
  const filesArchive = dump.slice(0, -DUMP_SUFFIX.length) + FILES_SUFFIX;
  const storage = resolve(config.STORAGE_DIR);
  if (!force) {
    if ((await userTableCount(config.DATABASE_URL)) > 0) throw new BackupError('Il database di destinazione non è vuoto: ripristino rifiutato (usa --force per sovrascriverlo).');
    if (existsSync(storage) && (await readdir(storage)).length > 0) throw new BackupError(`La cartella dei file ${storage} non è vuota: ripristino rifiutato (usa --force per sovrascriverla).`);
  }
  const { pgRestore } = await clientPrograms(config, await serverMajor(config.DATABASE_URL));
  const { dbname, env } = connection(config.DATABASE_URL);
  if (force) await emptyDatabase(config.DATABASE_URL);
  // One transaction: a restore that fails leaves the database as it was before it.
  await runProgram(pgRestore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, dump], env);
  if (existsSync(filesArchive)) {
    await mkdir(storage, { recursive: true });
    // The folder itself may be a mounted volume: only what is inside it is replaced.
    if (force) for (const entry of await readdir(storage)) await rm(join(storage, entry), { recursive: true, force: true });
    await runProgram('tar', ['-xzf', filesArchive, '-C', storage], process.env);
  }
  const durationMs = Math.round(performance.now() - started);
  logger.info({ dumpFile: dump, filesArchive, durationMs }, `Ripristino completato in ${durationMs} ms`);
  return { durationMs };
}
