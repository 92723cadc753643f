// The database part of a backup (docs/domain.md#backups): a logical copy of the product's own tables that
// needs no PostgreSQL client program, so it works on the embedded server `npm start` runs as on any
// configured one. Written: the applied migrations, the job queue's schema version, and every table's rows
// as COPY text (gzip, one file a table, all read in one repeatable-read snapshot) with its row count and
// checksum, and every sequence's value. Read back by ./database-load.ts; text COPY is read by the same or
// any newer PostgreSQL.
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BackupError } from './backup-error.js';
import { connectForCopy } from './database-connection.js';
import { RowDigest, type TableFingerprint } from './row-digest.js';

/** pg-boss's schema: its tables are made by pg-boss itself, not by the migrations. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

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

/** The schemas of the product (and of its job queue): all but PostgreSQL's own (n: pg_namespace). */
export const OUR_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'";

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
  const client = await connectForCopy(databaseUrl);
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

/** Each table's fingerprint and the sequences as the database at `databaseUrl` has them now (the restore drill). */
export async function readFingerprints(databaseUrl: string, tables: Pick<TableCopy, 'name' | 'columns'>[]) {
  const client = await connectForCopy(databaseUrl);
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
