// Members by name only, many at once, for other modules' lists (the players of every open match listed):
// read past Prisma's client (readRows), which spends more CPU on a few hundred rows than PostgreSQL does.
import type { User } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

export type UserName = Pick<User, 'id' | 'firstName' | 'lastName'>;

/** id → the member's names, for the members among `ids` that exist. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, UserName>> {
  const rows = await readRows<UserName>(db, Prisma.sql`SELECT id, first_name AS "firstName", last_name AS "lastName" FROM users WHERE id = ANY(${[...new Set(ids)]}::int[])`, 'names-of-users');
  return new Map(rows.map((row) => [row.id, row]));
}
