// Members with their contacts, many at once, for other modules' lists (the desk's bookings: the holder,
// who made and who cancelled each): read past Prisma's client (readRows), which spends more CPU on a few
// hundred rows than PostgreSQL does.
import type { User } from '../../generated/prisma/client.js';
import { type Db, Prisma, readRows } from '../../lib/db.js';

export type UserContact = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'phone'>;

/** id → the member's names, e-mail and phone, for the members among `ids` that exist. */
export async function contactsOf(db: Db, ids: number[]): Promise<Map<number, UserContact>> {
  const rows = await readRows<UserContact>(
    db,
    Prisma.sql`SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone FROM users WHERE id = ANY(${[...new Set(ids)]}::int[])`,
    'contacts-of-users',
  );
  return new Map(rows.map((row) => [row.id, row]));
}
