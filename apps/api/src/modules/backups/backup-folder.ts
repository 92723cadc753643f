// A backup (docs/domain.md#backups) is a folder BACKUP_DIR/beach-<UTC time> holding manifest.json, the
// database as one gzip COPY file a table (./database-copy.ts) and the STORAGE_DIR tree as files.tar.gz
// (./stored-files.ts). Written as beach-<time>.partial and renamed when whole, so a folder without that
// suffix is a complete backup.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../../config.js';
import { BackupError } from './backup-error.js';
import type { DatabaseCopy } from './database-copy.js';
import type { StoredFile } from './stored-files.js';

export const FORMAT = 'beach-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const DATABASE_DIR = 'database';
export const FILES_ARCHIVE = 'files.tar.gz';
export const PARTIAL_SUFFIX = '.partial';
const DAY_MS = 24 * 60 * 60 * 1000;

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'STORAGE_DIR' | 'BACKUP_DIR' | 'BACKUP_KEEP_DAYS'>;

export interface BackupManifest extends DatabaseCopy {
  format: typeof FORMAT;
  format_version: typeof FORMAT_VERSION;
  created_at: string;
  files: StoredFile[];
}

/** Backup names sort by time: beach-2026-11-23T03-30-00-000Z. */
export const backupName = (now: Date) => `beach-${now.toISOString().replace(/[:.]/g, '-')}`;
/** The time a backup's name (or a former pg_dump backup's file name) tells, or null. */
function timeOfName(name: string): Date | null {
  const match = /^beach-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}

/** Bytes of every file under `path`. */
export async function sizeOf(path: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
  return bytes;
}

/**
 * Deletes what BACKUP_DIR holds of backups made more than `keepDays` days before `now`, by the time in
 * their names: folders, unfinished ones, and the files of the former pg_dump backups alike.
 */
export async function removeOldBackups(dir: string, keepDays: number, now: Date): Promise<string[]> {
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
export async function openBackup(path: string): Promise<{ location: string; manifest: BackupManifest }> {
  const given = resolve(path);
  if (given.endsWith('.dump')) throw new BackupError(`${given} è un backup del formato precedente (pg_dump): si ripristina con pg_restore di PostgreSQL 18 (README, Operations).`);
  const location = basename(given) === MANIFEST ? dirname(given) : given;
  const manifestFile = join(location, MANIFEST);
  if (!existsSync(manifestFile)) throw new BackupError(`Backup non trovato: ${location} (serve la cartella di un backup, con il suo ${MANIFEST}).`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.format_version !== FORMAT_VERSION) throw new BackupError(`${manifestFile} non è il manifesto di un backup di questo programma (formato ${FORMAT} ${FORMAT_VERSION}).`);
  return { location, manifest };
}
