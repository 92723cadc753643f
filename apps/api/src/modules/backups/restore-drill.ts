// The restore drill (`pnpm db:restore --check`): a backup restored into a scratch database and folder,
// compared with its manifest, and both dropped.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from '../../lib/logger.js';
import { DATABASE_DIR, FILES_ARCHIVE, openBackup, type BackupConfig } from './backup-folder.js';
import { withClient } from './database-connection.js';
import { readFingerprints } from './database-copy.js';
import { loadDatabase } from './database-load.js';
import { extractStoredFiles, storedFilesIn } from './stored-files.js';

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
    await loadDatabase(scratchUrl, join(location, DATABASE_DIR), manifest);
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
