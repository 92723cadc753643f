// The database part of a backup (docs/domain.md#backups): a logical copy of the product's own tables that
// needs no PostgreSQL client program, so it works on the embedded server `npm start` runs as on any
// configured one. Written: the applied migrations, the job queue's schema version, and every table's rows
// as COPY text (gzip, one file a table, all read in one repeatable-read snapshot) with its row count and
// checksum, and every sequence's value. Read back: the schema is made by the migrations up to the
// backup's (and by pg-boss for its queue), then every table is emptied and copied in with the tables' own
// triggers off (the rows are copied as they were: no balance moved twice, no receipt issued again, no
// frozen row refused) and the foreign keys checked at each statement set aside (tables reference each
// other in cycles: a payment names the split booking's share it pays, the share its payment), the
// sequences set, and the keys put back, which checks every reference; all in one transaction. Needs
// only the tables' ownership, no superuser. Text COPY is read by the same or any newer PostgreSQL.
import { createReadStream, createWriteStream, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createJobQueue } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { MIGRATIONS_DIR, migrateThrough } from '../../db/migrate.js';
import { RowDigest, type TableFingerprint } from './row-digest.js';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** pg-boss's schema: its tables are made by pg-boss itself, not by the migrations. */
const JOB_QUEUE_SCHEMA = 'pgboss';

export interface TableCopy extends TableFingerprint {
  /** Schema-qualified and quoted, as SQL names it: public.users, pgboss.job. */
  name: string;
  /** The columns copied (generated ones are computed again), in the file's order. */
  columns: string[];
  /** The gzip file of its rows, relative to the backup's database folder. */
  file: string;
  /** The file's size. */
  bytes: number;
}

export interface SequenceValue {
  name: string;
  /** null: never used since it was made. */
  last_value: string | null;
  start_value: string;
}

export interface DatabaseCopy {
  server_version: string;
  /** The migrations applied (dbmate's versions), oldest first. */
  migrations: string[];
  /** pg-boss's schema version and its queues; null when the job queue was never started. */
  job_queue: { version: number; queues: string[] } | null;
  /** In the order they are copied back in. */
  tables: TableCopy[];
  sequences: SequenceValue[];
}

/** Every value written and read in one spelling, whatever the server's or the role's defaults. */
const SESSION_SETTINGS = [
  "SET client_encoding = 'UTF8'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET TimeZone = 'UTC'",
  'SET extra_float_digits = 3',
  'SET statement_timeout = 0',
  'SET idle_in_transaction_session_timeout = 0',
].join('; ');

/** The schemas of the product (and of its job queue): all but PostgreSQL's own (n: pg_namespace). */
export const OUR_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'";

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'beach-backup' });
  await client.connect();
  await client.query(SESSION_SETTINGS);
  return client;
}

interface Table {
  name: string;
  /** schema.table, unquoted, for the file's name. */
  label: string;
  columns: string[];
}

/** The tables of our schemas (a partitioned table as one: its partitions are read and written through it), extensions' own aside. */
async function readTables(client: pg.Client): Promise<Table[]> {
  const { rows } = await client.query<Table>(`
    SELECT format('%I.%I', n.nspname, c.relname) AS name, n.nspname || '.' || c.relname AS label,
      array(SELECT quote_ident(a.attname) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum)::text[] AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${OUR_SCHEMAS}
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    ORDER BY n.nspname, c.relname`);
  return rows;
}

async function readSequences(client: pg.Client): Promise<SequenceValue[]> {
  const { rows } = await client.query<SequenceValue>(`
    SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS last_value, start_value::text AS start_value
    FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`);
  return rows;
}

/** dbmate's record of the migrations applied. */
async function readMigrations(client: pg.Client): Promise<string[]> {
  const { rows: exists } = await client.query<{ found: boolean }>("SELECT to_regclass('public.schema_migrations') IS NOT NULL AS found");
  if (!exists[0]!.found) throw new BackupError('Il database non ha migrazioni applicate: non è il database del programma.');
  const { rows } = await client.query<{ version: string }>('SELECT version FROM public.schema_migrations ORDER BY version');
  return rows.map((row) => row.version);
}

async function readJobQueue(client: pg.Client): Promise<DatabaseCopy['job_queue']> {
  const { rows: exists } = await client.query<{ found: boolean }>(`SELECT to_regclass('${JOB_QUEUE_SCHEMA}.version') IS NOT NULL AS found`);
  if (!exists[0]!.found) return null;
  const { rows: version } = await client.query<{ version: number }>(`SELECT version FROM ${JOB_QUEUE_SCHEMA}.version`);
  const { rows: queues } = await client.query<{ name: string }>(`SELECT name FROM ${JOB_QUEUE_SCHEMA}.queue ORDER BY name`);
  return { version: version[0]!.version, queues: queues.map((queue) => queue.name) };
}

/** Reads a table's rows as COPY text through `sinks`, fingerprinting them. */
async function copyOut(client: pg.Client, table: Pick<TableCopy, 'name' | 'columns'>, ...sinks: NodeJS.WritableStream[]): Promise<TableFingerprint> {
  const digest = new RowDigest();
  // A SELECT, so a partitioned table is read whole.
  const source = client.query(copyTo(`COPY (SELECT ${table.columns.join(', ')} FROM ${table.name}) TO STDOUT`));
  await pipeline([source, digest, ...sinks]);
  return digest.fingerprint();
}

/** Writes every table into `dir` from one snapshot; returns what the manifest records of the database. */
export async function dumpDatabase(databaseUrl: string, dir: string): Promise<DatabaseCopy> {
  const client = await connect(databaseUrl);
  try {
    // One snapshot for every table: the copy is of one moment, as concurrent writes go on.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: server } = await client.query<{ server_version: string }>('SHOW server_version');
    const migrations = await readMigrations(client);
    const jobQueue = await readJobQueue(client);
    const tables: TableCopy[] = [];
    for (const [index, table] of (await readTables(client)).entries()) {
      const file = `${String(index + 1).padStart(3, '0')}-${table.label}.copy.gz`;
      const fingerprint = await copyOut(client, table, createGzip(), createWriteStream(join(dir, file)));
      tables.push({ name: table.name, columns: table.columns, file, bytes: (await stat(join(dir, file))).size, ...fingerprint });
    }
    const sequences = await readSequences(client);
    await client.query('COMMIT');
    return { server_version: server[0]!.server_version, migrations, job_queue: jobQueue, tables, sequences };
  } finally {
    await client.end();
  }
}

/** The migrations this release has (dbmate's versions: the files' leading digits). */
const knownMigrations = () => new Set(readdirSync(MIGRATIONS_DIR).map((file) => /^\d+/.exec(file)?.[0]));

/**
 * Makes the backup's schema in an empty database and copies its rows in (see the top of this file). A
 * table whose rows do not match their count and checksum leaves nothing copied.
 */
export async function loadDatabase(databaseUrl: string, dir: string, copy: DatabaseCopy, logger: Logger) {
  const known = knownMigrations();
  const unknown = copy.migrations.filter((version) => !known.has(version));
  if (unknown.length > 0) throw new BackupError(`Il backup viene da una versione più recente del programma (migrazioni ${unknown.join(', ')} sconosciute): ripristinalo con quella versione.`);
  const last = copy.migrations.at(-1);
  if (last) await migrateThrough(databaseUrl, last);
  if (copy.job_queue) {
    // pg-boss makes its own schema, at the version of the pg-boss this release has.
    const jobs = createJobQueue(databaseUrl, logger);
    await jobs.start({ worker: false });
    await jobs.stop();
  }

  const client = await connect(databaseUrl);
  try {
    if (copy.job_queue) {
      const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${JOB_QUEUE_SCHEMA}.version`);
      if (rows[0]!.version !== copy.job_queue.version) {
        throw new BackupError(`La coda dei job del backup è alla versione ${copy.job_queue.version}, quella di questa versione del programma alla ${rows[0]!.version}: ripristina il backup con la versione del programma che l’ha fatto.`);
      }
    }
    await client.query('BEGIN');
    // Each queue's jobs live in a partition of their own, made with the queue.
    for (const queue of copy.job_queue?.queues ?? []) await client.query(`SELECT ${JOB_QUEUE_SCHEMA}.create_queue($1, '{}'::json)`, [queue]);
    const names = copy.tables.map((table) => table.name);
    const { rows: triggers } = await client.query<{ table: string; trigger: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS table, quote_ident(t.tgname) AS trigger
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND format('%I.%I', n.nspname, c.relname) = ANY($1::text[])`,
      [names],
    );
    // A partitioned table's keys are set aside on it (its partitions' follow); deferred keys are checked at the commit anyway.
    const { rows: keys } = await client.query<{ table: string; key: string; definition: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS table, quote_ident(k.conname) AS key, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE k.contype = 'f' AND NOT k.condeferrable AND k.conparentid = 0 AND format('%I.%I', n.nspname, c.relname) = ANY($1::text[])`,
      [names],
    );
    for (const { table, trigger } of triggers) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    for (const { table, key } of keys) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${key}`);
    // What the migrations and pg-boss wrote (the settings row, the association, the queues) is replaced by the backup's.
    await client.query(`TRUNCATE ${names.join(', ')}`);
    for (const table of copy.tables) {
      const digest = new RowDigest();
      const sink = client.query(copyFrom(`COPY ${table.name} (${table.columns.join(', ')}) FROM STDIN`));
      await pipeline(createReadStream(join(dir, table.file)), createGunzip(), digest, sink);
      const found = digest.fingerprint();
      if (found.rows !== table.rows || found.checksum !== table.checksum) {
        throw new BackupError(`Backup danneggiato: la tabella ${table.name} ha ${found.rows} righe con checksum ${found.checksum}, il manifesto ne indica ${table.rows} con checksum ${table.checksum}.`);
      }
    }
    for (const sequence of copy.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [sequence.name, sequence.last_value ?? sequence.start_value, sequence.last_value !== null]);
    }
    // Every reference of the rows copied is checked here.
    for (const { table, key, definition } of keys) await client.query(`ALTER TABLE ${table} ADD CONSTRAINT ${key} ${definition}`);
    for (const { table, trigger } of triggers) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Each table's fingerprint and the sequences as the database at `databaseUrl` has them now (the restore drill). */
export async function readFingerprints(databaseUrl: string, tables: Pick<TableCopy, 'name' | 'columns'>[]) {
  const client = await connect(databaseUrl);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const fingerprints = new Map<string, TableFingerprint>();
    for (const table of tables) fingerprints.set(table.name, await copyOut(client, table, new Writable({ write: (_chunk, _encoding, done) => done() })));
    const sequences = await readSequences(client);
    await client.query('COMMIT');
    return { tables: fingerprints, sequences };
  } finally {
    await client.end();
  }
}
