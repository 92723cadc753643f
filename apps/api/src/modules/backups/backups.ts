// Backups (docs/domain.md#backups): a folder BACKUP_DIR/beach-<UTC time> holding manifest.json, the
// database as one gzip COPY file a table (./database-copy.ts) and the STORAGE_DIR tree as files.tar.gz
// (./stored-files.ts). Written as beach-<time>.partial and renamed when whole, so a folder without that
// suffix is a complete backup. Each run, made or failed, is recorded in backup_runs for the dashboard and
// the metrics; backups older than BACKUP_KEEP_DAYS are deleted after a new one is made. A restore goes
// into an empty database (and an empty STORAGE_DIR) unless forced; the drill restores into a scratch
// database and folder, compares everything with the manifest and drops them.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import type { Config } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import type { Logger } from '../../lib/logger.js';
import { BackupError, dumpDatabase, loadDatabase, OUR_SCHEMAS, readFingerprints, type DatabaseCopy } from './database-copy.js';
import { archiveStoredFiles, extractStoredFiles, storedFilesIn, type StoredFile } from './stored-files.js';

export { BackupError };

const FORMAT = 'beach-backup';
const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const DATABASE_DIR = 'database';
const FILES_ARCHIVE = 'files.tar.gz';
const PARTIAL_SUFFIX = '.partial';
const DAY_MS = 24 * 60 * 60 * 1000;

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'STORAGE_DIR' | 'BACKUP_DIR' | 'BACKUP_KEEP_DAYS'>;

export interface BackupManifest extends DatabaseCopy {
  format: typeof FORMAT;
  format_version: typeof FORMAT_VERSION;
  created_at: string;
  files: StoredFile[];
}

export interface BackupResult {
  /** The backup's folder. */
  location: string;
  /** Its size on disk. */
  bytes: number;
  durationMs: number;
  tables: number;
  files: number;
  /** Backups removed for being older than BACKUP_KEEP_DAYS. */
  removed: string[];
}

/** Backup names sort by time: beach-2026-11-23T03-30-00-000Z. */
const backupName = (now: Date) => `beach-${now.toISOString().replace(/[:.]/g, '-')}`;
/** The time a backup's name (or a former pg_dump backup's file name) tells, or null. */
function timeOfName(name: string): Date | null {
  const match = /^beach-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Run {
  startedAt: Date;
  location: string;
  durationMs: number;
  outcome: { ok: true; bytes: number } | { ok: false; error: string };
}

const recordRun = (databaseUrl: string, { startedAt, location, durationMs, outcome }: Run) =>
  withClient(databaseUrl, (client) =>
    client.query('INSERT INTO backup_runs (started_at, ok, location, bytes, duration_ms, error) VALUES ($1, $2, $3, $4, $5, $6)', [
      startedAt,
      outcome.ok,
      location,
      outcome.ok ? outcome.bytes : null,
      durationMs,
      outcome.ok ? null : outcome.error,
    ]),
  );

/** Bytes of every file under `path`. */
async function sizeOf(path: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
  return bytes;
}

export async function createBackup(config: BackupConfig, logger: Logger, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const dir = resolve(config.BACKUP_DIR);
  const location = join(dir, backupName(now));
  const partial = location + PARTIAL_SUFFIX;
  let manifest: BackupManifest;
  try {
    await mkdir(join(partial, DATABASE_DIR), { recursive: true });
    const database = await dumpDatabase(config.DATABASE_URL, join(partial, DATABASE_DIR));
    const storage = resolve(config.STORAGE_DIR);
    await mkdir(storage, { recursive: true });
    const files = await archiveStoredFiles(storage, join(partial, FILES_ARCHIVE));
    manifest = { format: FORMAT, format_version: FORMAT_VERSION, created_at: now.toISOString(), ...database, files };
    await writeFile(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, location);
  } catch (error) {
    // Nothing half-written stays (there may be nothing: BACKUP_DIR itself may be what failed).
    await rm(partial, { recursive: true, force: true }).catch(() => {});
    const durationMs = Math.round(performance.now() - started);
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error, location }, `Backup non riuscito: ${message}`);
    await recordRun(config.DATABASE_URL, { startedAt: now, location, durationMs, outcome: { ok: false, error: message } }).catch((recording: unknown) =>
      logger.error({ err: recording }, 'Backup non riuscito, e non registrato: il database non risponde'),
    );
    throw error;
  }
  const removed = await removeOldBackups(dir, config.BACKUP_KEEP_DAYS, now);
  const result: BackupResult = {
    location,
    bytes: await sizeOf(location),
    durationMs: Math.round(performance.now() - started),
    tables: manifest.tables.length,
    files: manifest.files.length,
    removed,
  };
  await recordRun(config.DATABASE_URL, { startedAt: now, location, durationMs: result.durationMs, outcome: { ok: true, bytes: result.bytes } });
  logger.info(result, `Backup completato in ${location}: ${result.tables} tabelle e ${result.files} file, ${result.bytes} byte in ${result.durationMs} ms`);
  return result;
}

/**
 * Deletes what BACKUP_DIR holds of backups made more than `keepDays` days before `now`, by the time in
 * their names: folders, unfinished ones, and the files of the former pg_dump backups alike.
 */
async function removeOldBackups(dir: string, keepDays: number, now: Date): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(dir)) {
    const madeAt = timeOfName(entry);
    if (madeAt && now.getTime() - madeAt.getTime() > keepDays * DAY_MS) {
      await rm(join(dir, entry), { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed.sort();
}

/** A backup's folder and manifest, from the folder or its manifest.json. */
async function openBackup(path: string): Promise<{ location: string; manifest: BackupManifest }> {
  const given = resolve(path);
  if (given.endsWith('.dump')) throw new BackupError(`${given} è un backup del formato precedente (pg_dump): si ripristina con pg_restore di PostgreSQL 18 (README, Operations).`);
  const location = basename(given) === MANIFEST ? dirname(given) : given;
  const manifestFile = join(location, MANIFEST);
  if (!existsSync(manifestFile)) throw new BackupError(`Backup non trovato: ${location} (serve la cartella di un backup, con il suo ${MANIFEST}).`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.format_version !== FORMAT_VERSION) throw new BackupError(`${manifestFile} non è il manifesto di un backup di questo programma (formato ${FORMAT} ${FORMAT_VERSION}).`);
  return { location, manifest };
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

/**
 * Restores a backup's database into `DATABASE_URL` and its files into STORAGE_DIR, then applies this
 * release's later migrations. Refused when the database has tables or STORAGE_DIR has files, unless
 * `force` (then what is there is replaced).
 */
export async function restoreBackup(config: BackupConfig, path: string, { force = false, logger }: { force?: boolean; logger: Logger }) {
  const started = performance.now();
  const { location, manifest } = await openBackup(path);
  const storage = resolve(config.STORAGE_DIR);
  if (!force) {
    if ((await userTableCount(config.DATABASE_URL)) > 0) throw new BackupError('Il database di destinazione non è vuoto: ripristino rifiutato (usa --force per sovrascriverlo).');
    if (existsSync(storage) && (await readdir(storage)).length > 0) throw new BackupError(`La cartella dei file ${storage} non è vuota: ripristino rifiutato (usa --force per sovrascriverla).`);
  }
  if (force) await emptyDatabase(config.DATABASE_URL);
  await loadDatabase(config.DATABASE_URL, join(location, DATABASE_DIR), manifest, logger);
  await mkdir(storage, { recursive: true });
  // The folder itself may be a mounted volume: only what is inside it is replaced.
  if (force) for (const entry of await readdir(storage)) await rm(join(storage, entry), { recursive: true, force: true });
  await extractStoredFiles(join(location, FILES_ARCHIVE), storage);
  await migrate(config.DATABASE_URL);
  const durationMs = Math.round(performance.now() - started);
  logger.info({ location, durationMs }, `Ripristino completato in ${durationMs} ms: ${manifest.tables.length} tabelle e ${manifest.files.length} file`);
  return { durationMs };
}

export interface DrillReport {
  ok: boolean;
  /** Each table of the manifest: its rows there and in the scratch database. */
  tables: { name: string; rows: number; restoredRows: number | null; ok: boolean }[];
  /** What does not match, in words (tables, sequences, files). */
  mismatches: string[];
  files: number;
  durationMs: number;
}

/** The same server's database of another name. */
function databaseNamed(databaseUrl: string, name: string) {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The restore drill (`pnpm db:restore --check`): the backup restored into a scratch database on the same
 * server and a scratch folder, every table's rows and checksum, every sequence and every file compared
 * with the manifest; both are removed whatever the outcome.
 */
export async function checkBackup(config: Pick<BackupConfig, 'DATABASE_URL'>, path: string, { logger }: { logger: Logger }): Promise<DrillReport> {
  const started = performance.now();
  const { location, manifest } = await openBackup(path);
  const scratch = `beach_restore_check_${randomBytes(6).toString('hex')}`;
  const scratchUrl = databaseNamed(config.DATABASE_URL, scratch);
  const scratchFiles = await mkdtemp(join(tmpdir(), 'beach-restore-check-'));
  // template0: a database with nothing added to it, as a new server's.
  await withClient(config.DATABASE_URL, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(scratch)} TEMPLATE template0`));
  try {
    await loadDatabase(scratchUrl, join(location, DATABASE_DIR), manifest, logger);
    const restored = await readFingerprints(scratchUrl, manifest.tables);
    const mismatches: string[] = [];
    const tables = manifest.tables.map((table) => {
      const found = restored.tables.get(table.name);
      const ok = found?.rows === table.rows && found.checksum === table.checksum;
      if (!ok) mismatches.push(`Tabella ${table.name}: ${found ? `${found.rows} righe (checksum ${found.checksum})` : 'assente'}, il manifesto ne indica ${table.rows} (checksum ${table.checksum})`);
      return { name: table.name, rows: table.rows, restoredRows: found?.rows ?? null, ok };
    });
    const sequences = new Map(restored.sequences.map((sequence) => [sequence.name, sequence.last_value]));
    for (const sequence of manifest.sequences) {
      if (sequences.get(sequence.name) !== sequence.last_value) mismatches.push(`Sequenza ${sequence.name}: ${sequences.get(sequence.name) ?? 'mai usata'}, il manifesto indica ${sequence.last_value ?? 'mai usata'}`);
    }
    await extractStoredFiles(join(location, FILES_ARCHIVE), scratchFiles);
    const files = new Map((await storedFilesIn(scratchFiles)).map((file) => [file.path, file]));
    for (const file of manifest.files) {
      const found = files.get(file.path);
      if (found?.sha256 !== file.sha256) mismatches.push(`File ${file.path}: ${found ? `${found.bytes} byte, contenuto diverso` : 'assente'} (il manifesto indica ${file.bytes} byte)`);
      files.delete(file.path);
    }
    for (const extra of files.keys()) mismatches.push(`File ${extra}: nell’archivio ma non nel manifesto`);
    const report = { ok: mismatches.length === 0, tables, mismatches, files: manifest.files.length, durationMs: Math.round(performance.now() - started) };
    logger.info({ location, ok: report.ok, mismatches: mismatches.length, durationMs: report.durationMs }, report.ok ? 'Prova di ripristino riuscita' : 'Prova di ripristino: il backup non corrisponde al manifesto');
    return report;
  } finally {
    await withClient(config.DATABASE_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(scratch)} WITH (FORCE)`));
    await rm(scratchFiles, { recursive: true, force: true });
  }
}
