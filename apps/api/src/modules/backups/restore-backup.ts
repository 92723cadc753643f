// Restoring a backup (`pnpm db:restore`): into an empty database and an empty STORAGE_DIR unless forced.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migrate } from '../../db/migrate.js';
import type { Logger } from '../../lib/logger.js';
import { BackupError } from './backup-error.js';
import { DATABASE_DIR, FILES_ARCHIVE, openBackup, type BackupConfig } from './backup-folder.js';
import { withClient } from './database-connection.js';
import { OUR_SCHEMAS } from './database-copy.js';
import { knownMigrations, loadDatabase } from './database-load.js';
import { extractStoredFiles } from './stored-files.js';

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
 * release's later migrations, if any. Refused when the database has tables or STORAGE_DIR has files, unless
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
  await loadDatabase(config.DATABASE_URL, join(location, DATABASE_DIR), manifest);
  await mkdir(storage, { recursive: true });
  // The folder itself may be a mounted volume: only what is inside it is replaced.
  if (force) for (const entry of await readdir(storage)) await rm(join(storage, entry), { recursive: true, force: true });
  await extractStoredFiles(join(location, FILES_ARCHIVE), storage);
  // dbmate is started only when this release has migrations the backup's database lacks.
  const applied = new Set(manifest.migrations);
  if ([...knownMigrations()].some((version) => !applied.has(version))) await migrate(config.DATABASE_URL);
  const durationMs = Math.round(performance.now() - started);
  logger.info({ location, durationMs }, `Ripristino completato in ${durationMs} ms: ${manifest.tables.length} tabelle e ${manifest.files.length} file`);
  return { durationMs };
}
