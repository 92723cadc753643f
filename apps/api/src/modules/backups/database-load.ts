// Reads a backup's database (./database-copy.ts) back into an empty one: the schema is made by the
// migrations up to the backup's (and by pg-boss's own construction SQL for its queue), then every table is emptied and copied in
// with the tables' own triggers off (the rows are copied as they were: no balance moved twice, no receipt
// issued again, no frozen row refused) and the foreign keys checked at each statement set aside (tables
// reference each other in cycles: a payment names the split booking's share it pays, the share its
// payment), the sequences set, and the keys put back, which checks every reference; all in one
// transaction. Needs only the tables' ownership, no superuser.
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import PgBoss from 'pg-boss';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_DIR, migrateThrough } from '../../db/migrate.js';
import { BackupError } from './backup-error.js';
import { connectForCopy } from './database-connection.js';
import { JOB_QUEUE_SCHEMA, type DatabaseCopy } from './database-copy.js';
import { RowDigest } from './row-digest.js';

/** The migrations this release has (dbmate's versions: the files' leading digits). */
export const knownMigrations = () => new Set(readdirSync(MIGRATIONS_DIR).flatMap((file) => /^\d+/.exec(file)?.[0] ?? []));

/**
 * Makes the backup's schema in an empty database and copies its rows in (see the top of this file). A
 * table whose rows do not match their count and checksum leaves nothing copied.
 */
export async function loadDatabase(databaseUrl: string, dir: string, copy: DatabaseCopy) {
  const known = knownMigrations();
  const unknown = copy.migrations.filter((version) => !known.has(version));
  if (unknown.length > 0) throw new BackupError(`Il backup viene da una versione più recente del programma (migrazioni ${unknown.join(', ')} sconosciute): ripristinalo con quella versione.`);
  const last = copy.migrations.at(-1);
  if (last) await migrateThrough(databaseUrl, last);

  const client = await connectForCopy(databaseUrl);
  try {
    if (copy.job_queue) {
      // pg-boss's schema as its first start makes it, at the version of the pg-boss this release has: its own
      // SQL on this connection, without starting a queue (whose start would also make this release's queues,
      // which the backup's own queues, made below, then replace).
      await client.query(PgBoss.getConstructionPlans(JOB_QUEUE_SCHEMA));
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
    // What the migrations and pg-boss wrote (the settings row, the association, the queues) is replaced by the
    // backup's: only the few tables that have rows are emptied (a TRUNCATE of all makes every table's files anew).
    const { rows: written } = await client.query<{ index: number }>(names.map((name, index) => `SELECT ${index} AS index WHERE EXISTS (SELECT 1 FROM ${name})`).join(' UNION ALL '));
    for (const { index } of written) await client.query(`DELETE FROM ${names[index]!}`);
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
