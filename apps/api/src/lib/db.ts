import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { AppError, type FieldErrors, isConstraintViolation, notFound } from './errors.js';
import type { Message } from './i18n.js';

/** Kept in errors.ts (its error handler names a constraint too); imported from here by the modules. */
export { isConstraintViolation };

export type Db = PrismaClient;
export { Prisma };

/** Each client's connection pool, for the metrics (connections open, idle, waited for). */
const pools = new WeakMap<Db, pg.Pool>();
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

/** A `date` column as Prisma reads it: midnight UTC of that day (pg's own parser takes the process's zone). */
const DATE_OID = 1082;
const utcMidnight = (value: string) => new Date(`${value}T00:00:00Z`);
const readTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID ? utcMidnight : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** `idleSeconds`: how long an unused connection stays open (config's DATABASE_IDLE_SECONDS). */
export function createDb(databaseUrl: string, { idleSeconds = 10 } = {}): Db {
  // The pool is made here (the adapter ends it on $disconnect) so its use can be read, and read through
  // by `readRows`. Prisma's adapter brings its own type parsers on each query; `readTypes` are readRows'.
  const pool = new pg.Pool({ connectionString: databaseUrl, types: readTypes, idleTimeoutMillis: idleSeconds * 1000 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The rows of a read straight from the client's pool, for the reads made on every request of the busiest
 * routes (the session check, the day's grid): Prisma's client spends about half a millisecond of CPU on
 * each query it runs, as much as PostgreSQL takes to answer these (bench/availability.ts). Columns come as
 * pg reads them: timestamptz and date as Date (a date at midnight UTC, as Prisma gives it), json parsed,
 * bigint and numeric as strings; name them in the SQL as the caller's type does. A `statement` name makes
 * it a prepared statement, parsed and planned once per connection: only for a query whose one plan fits
 * every value (a lookup by key), since PostgreSQL may then keep a generic plan.
 */
export async function readRows<T>(db: Db, query: Prisma.Sql, statement?: string): Promise<T[]> {
  const result = await poolOf(db)!.query<T & pg.QueryResultRow>({ name: statement, text: query.text, values: query.values });
  return result.rows;
}

/**
 * readRows for a read that also runs inside transactions (given the transaction's client): past Prisma's client
 * when given the client itself, through the transaction otherwise. Only for columns both read alike (int, text,
 * boolean, timestamptz, json): no bigint or numeric (strings here, BigInt and Decimal through Prisma). `statement`
 * as readRows' (past Prisma's client only).
 */
export function rowsOf<T>(sql: Pick<Db, '$queryRaw'>, query: Prisma.Sql, statement?: string): Promise<T[]> {
  return poolOf(sql as Db) ? readRows<T>(sql as Db, query, statement) : sql.$queryRaw<T[]>(query);
}

/**
 * A `.catch` handler: the violation of the named constraint (a slot, a card or a setup that overlaps
 * another, a row still in use) becomes a 409 with the caller's message; any other error passes.
 */
export const conflictOn =
  (constraint: string, message: Message, errors?: FieldErrors) =>
  (error: unknown): never => {
    if (isConstraintViolation(error, constraint)) throw new AppError(409, message, errors);
    throw error;
  };

/** A unique key refused the write (Prisma's P2002); callers know which key their write can hit. */
export const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** An update or delete of one row found no row (Prisma's P2025). */
export const isRecordMissing = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';

/** A `.catch` handler: a write whose row is missing becomes a 404 with the caller's Italian message. */
export const missingAs =
  (message: string) =>
  (error: unknown): never => {
    throw isRecordMissing(error) ? notFound(message) : error;
  };

/**
 * How long an interactive transaction may wait for a connection and then run; every request's and
 * job's transaction uses it (the pool is small and a busy machine is slow, so neither is Prisma's 2 s / 5 s).
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;
