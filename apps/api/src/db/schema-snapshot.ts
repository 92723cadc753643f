// Two descriptions of the same schema in one shape, so the drift test can compare them: one read
// from a migrated database's catalog, one derived from prisma/schema.prisma.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wasm from '@prisma/prisma-schema-wasm';
import type pg from 'pg';

export interface ColumnSnapshot {
  type: string;
  nullable: boolean;
  default: string | null;
}
export interface SchemaSnapshot {
  enums: Record<string, string[]>;
  tables: Record<
    string,
    {
      columns: Record<string, ColumnSnapshot>;
      primaryKey: string[];
      uniqueKeys: string[];
      indexes: string[];
      foreignKeys: string[];
    }
  >;
}

export const SCHEMA_PATH = fileURLToPath(new URL('../../../../prisma/schema.prisma', import.meta.url));
const IGNORED_TABLES = new Set(['schema_migrations']); // dbmate's own bookkeeping

const ON_DELETE: Record<string, string> = { a: 'NoAction', r: 'Restrict', c: 'Cascade', n: 'SetNull', d: 'SetDefault' };

/** Defaults reduced to what they mean: nextval(...) → autoincrement, 'x'::type → x. */
function normaliseDefault(expression: string | null): string | null {
  if (expression === null) return null;
  if (expression.startsWith('nextval(')) return 'autoincrement()';
  if (expression === 'CURRENT_TIMESTAMP') return 'now()';
  const literal = /^'(.*)'::[\w" ]+$/.exec(expression);
  return literal ? literal[1]! : expression;
}

export async function snapshotDatabase(client: pg.Client): Promise<SchemaSnapshot> {
  const snapshot: SchemaSnapshot = { enums: {}, tables: {} };
  const enums = await client.query<{ name: string; values: string[] }>(`
    SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS values
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' GROUP BY t.typname`);
  for (const row of enums.rows) snapshot.enums[row.name] = row.values;

  const columns = await client.query<{
    table_name: string; column_name: string; udt_name: string; character_maximum_length: number | null;
    numeric_precision: number | null; numeric_scale: number | null; datetime_precision: number | null;
    is_nullable: string; column_default: string | null; data_type: string;
  }>(`SELECT table_name, column_name, udt_name, data_type, character_maximum_length, numeric_precision, numeric_scale,
             datetime_precision, is_nullable, column_default
      FROM information_schema.columns WHERE table_schema = 'public'`);
  const table = (name: string) => (snapshot.tables[name] ??= { columns: {}, primaryKey: [], uniqueKeys: [], indexes: [], foreignKeys: [] });
  for (const c of columns.rows) {
    if (IGNORED_TABLES.has(c.table_name)) continue;
    let type = c.udt_name;
    if (c.character_maximum_length !== null) type += `(${c.character_maximum_length})`;
    else if (c.udt_name === 'numeric') type += `(${c.numeric_precision},${c.numeric_scale})`;
    else if (['timestamptz', 'timestamp', 'time'].includes(c.udt_name)) type += `(${c.datetime_precision})`;
    table(c.table_name).columns[c.column_name] = { type, nullable: c.is_nullable === 'YES', default: normaliseDefault(c.column_default) };
  }

  // B-tree indexes, except those that back exclusion constraints and partial ones (Prisma cannot
  // describe those; the tests of the rules they keep cover them). Trigram (GIN) search indexes are outside Prisma's model too.
  const indexes = await client.query<{ table_name: string; columns: string[]; is_unique: boolean; is_primary: boolean }>(`
    SELECT t.relname AS table_name, i.indisunique AS is_unique, i.indisprimary AS is_primary,
           array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
    WHERE n.nspname = 'public' AND am.amname = 'btree' AND i.indpred IS NULL
      AND NOT EXISTS (SELECT 1 FROM pg_constraint x WHERE x.conindid = i.indexrelid AND x.contype = 'x')`);
  for (const index of indexes.rows) {
    if (IGNORED_TABLES.has(index.table_name)) continue;
    const entry = table(index.table_name);
    if (index.is_primary) entry.primaryKey = index.columns;
    else (index.is_unique ? entry.uniqueKeys : entry.indexes).push(index.columns.join(','));
  }

  const foreignKeys = await client.query<{ table_name: string; columns: string[]; ref_table: string; ref_columns: string[]; on_delete: string }>(`
    SELECT t.relname AS table_name, r.relname AS ref_table, c.confdeltype AS on_delete,
           array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS columns,
           array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord)::text[] AS ref_columns
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE c.contype = 'f' AND n.nspname = 'public'`);
  for (const fk of foreignKeys.rows) {
    table(fk.table_name).foreignKeys.push(`${fk.columns.join(',')} -> ${fk.ref_table}(${fk.ref_columns.join(',')}) on delete ${ON_DELETE[fk.on_delete]}`);
  }
  for (const entry of Object.values(snapshot.tables)) {
    entry.uniqueKeys.sort();
    entry.indexes.sort();
    entry.foreignKeys.sort();
  }
  return snapshot;
}

interface DmmfField {
  name: string; dbName?: string | null; kind: string; type: string; isRequired: boolean; isId: boolean; isUnique: boolean;
  isList: boolean; nativeType: [string, string[]] | null; default?: unknown; relationFromFields?: string[];
  relationToFields?: string[]; relationOnDelete?: string;
}
interface DmmfModel { name: string; dbName: string | null; fields: DmmfField[] }
interface DmmfDatamodel {
  enums: { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] }[];
  models: DmmfModel[];
  indexes: { model: string; type: 'id' | 'unique' | 'normal' | 'fulltext'; fields: { name: string }[] }[];
}

const SCALAR_TYPES: Record<string, string> = {
  Int: 'int4', BigInt: 'int8', String: 'text', Boolean: 'bool', DateTime: 'timestamp(3)', Float: 'float8', Json: 'jsonb', Bytes: 'bytea', Decimal: 'numeric(65,30)',
};
const NATIVE_TYPES: Record<string, string> = {
  VarChar: 'varchar', Char: 'bpchar', Uuid: 'uuid', Timestamptz: 'timestamptz', Timestamp: 'timestamp', Date: 'date',
  Time: 'time', Decimal: 'numeric', SmallInt: 'int2', Integer: 'int4', BigInt: 'int8', Text: 'text',
};

/** How the catalogue names an array's element type in a default ('{}'::integer[]). */
const ARRAY_ELEMENT_NAMES: Record<string, string> = { int4: 'integer', int8: 'bigint', text: 'text' };

function prismaDefault(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null && 'name' in value) {
    const fn = value as { name: string; args: unknown[] };
    // A literal the database writes ('it'::text) reads as the catalogue's does.
    return fn.name === 'dbgenerated' ? normaliseDefault(String(fn.args[0])) : `${fn.name}()`;
  }
  return String(value);
}

export function readPrismaDatamodel(schema = readFileSync(SCHEMA_PATH, 'utf8')): DmmfDatamodel {
  return JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schema]] }))).datamodel as DmmfDatamodel;
}

export function snapshotPrismaSchema(datamodel: DmmfDatamodel = readPrismaDatamodel()): SchemaSnapshot {
  const snapshot: SchemaSnapshot = { enums: {}, tables: {} };
  const enumDbNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  for (const e of datamodel.enums) snapshot.enums[e.dbName ?? e.name] = e.values.map((v) => v.dbName ?? v.name);

  const models = new Map(datamodel.models.map((m) => [m.name, m]));
  const columnOf = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName)!;
    return field.dbName ?? field.name;
  };
  for (const model of datamodel.models) {
    const entry: SchemaSnapshot['tables'][string] = { columns: {}, primaryKey: [], uniqueKeys: [], indexes: [], foreignKeys: [] };
    for (const field of model.fields) {
      if (field.kind === 'object') {
        if (!field.relationFromFields?.length) continue;
        const target = models.get(field.type)!;
        const onDelete = field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull');
        entry.foreignKeys.push(
          `${field.relationFromFields.map((f) => columnOf(model, f)).join(',')} -> ${target.dbName ?? target.name}(${field.relationToFields!.map((f) => columnOf(target, f)).join(',')}) on delete ${onDelete}`,
        );
        continue;
      }
      let type = field.kind === 'enum' ? enumDbNames.get(field.type)! : SCALAR_TYPES[field.type]!;
      if (field.nativeType) {
        const [name, args] = field.nativeType;
        type = `${NATIVE_TYPES[name] ?? name}${args.length ? `(${args.join(',')})` : ['Timestamptz', 'Timestamp', 'Time'].includes(name) ? '(6)' : ''}`;
      }
      // A list is a PostgreSQL array (`_int4`); its empty default reads '{}'::integer[] in the catalogue.
      const column = field.isList
        ? { type: `_${type}`, nullable: false, default: Array.isArray(field.default) && field.default.length === 0 ? `'{}'::${ARRAY_ELEMENT_NAMES[type] ?? type}[]` : prismaDefault(field.default) }
        : { type, nullable: !field.isRequired, default: prismaDefault(field.default) };
      entry.columns[field.dbName ?? field.name] = column;
    }
    for (const index of datamodel.indexes.filter((i) => i.model === model.name)) {
      const columns = index.fields.map((f) => columnOf(model, f.name));
      if (index.type === 'id') entry.primaryKey = columns;
      else if (index.type === 'unique') entry.uniqueKeys.push(columns.join(','));
      else entry.indexes.push(columns.join(','));
    }
    entry.uniqueKeys.sort();
    entry.indexes.sort();
    entry.foreignKeys.sort();
    snapshot.tables[model.dbName ?? model.name] = entry;
  }
  return snapshot;
}
