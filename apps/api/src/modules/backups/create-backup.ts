// Making a backup (the daily job, `pnpm db:backup`). Each run, made or failed, is recorded in backup_runs
// for the dashboard and the metrics; backups older than BACKUP_KEEP_DAYS are deleted after a new one is made.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from '../../lib/logger.js';
import {
  backupName,
  DATABASE_DIR,
  FILES_ARCHIVE,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  PARTIAL_SUFFIX,
  removeOldBackups,
  sizeOf,
  type BackupConfig,
  type BackupManifest,
} from './backup-folder.js';
import { withClient } from './database-connection.js';
import { dumpDatabase } from './database-copy.js';
import { archiveStoredFiles } from './stored-files.js';

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
