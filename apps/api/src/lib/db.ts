import { AsyncLocalStorage } from 'node:async_hooks';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { Prisma };

/** Work that must commit together with a transaction: it gets the transaction and what it returned. */
export type BeforeCommit = (tx: Prisma.TransactionClient, result: unknown) => Promise<void>;
/**
 * Set for the rest of an async scope (a back-office write, by its audit trail): every interactive
 * `db.$transaction(async (tx) => …)` started in the scope runs it last, inside the transaction, so
 * the change and the work commit or roll back together.
 */
export const beforeCommit = new AsyncLocalStorage<BeforeCommit>();

/** Each client's connection pool, for the metrics (connections open, idle, waited for). */
const pools = new WeakMap<Db, pg.Pool>();
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export function createDb(databaseUrl: string): Db {
  // The pool is made here (the adapter ends it on $disconnect) so its use can be read.
  const pool = new pg.Pool({ connectionString: databaseUrl });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  const transaction = db.$transaction.bind(db) as (input: unknown, options?: unknown) => Promise<unknown>;
  db.$transaction = ((input: unknown, options?: unknown) => {
    const work = beforeCommit.getStore();
    if (!work || typeof input !== 'function') return transaction(input, options);
    return transaction(async (tx: Prisma.TransactionClient) => {
      const result: unknown = await (input as (tx: Prisma.TransactionClient) => Promise<unknown>)(tx);
      await work(tx, result);
      return result;
    }, options);
  }) as Db['$transaction'];
  return db;
}

/**
 * Whether a database error is the violation of the named constraint (unique, check or exclusion): the
 * driver adapter's error carries the constraint's name somewhere in its chain.
 */
export function isConstraintViolation(error: unknown, constraint: string): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown): boolean => {
    if (!value || typeof value !== 'object' || seen.has(value)) return false;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (record.constraint === constraint || (typeof record.message === 'string' && record.message.includes(constraint))) return true;
    return Object.values(record).some(visit) || visit(record.cause);
  };
  return visit(error);
}

/** A unique key refused the write (Prisma's P2002); callers know which key their write can hit. */
export const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
