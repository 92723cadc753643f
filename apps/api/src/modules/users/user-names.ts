// Members by name only, for other modules' lists (the players of every open match listed): a relation
// their statement joins, so the list is one statement.
import type { User } from '../../generated/prisma/client.js';
import { Prisma } from '../../lib/db.js';

export type UserName = Pick<User, 'id' | 'firstName' | 'lastName'>;

/** Every member's names, as a relation to join (its columns: id, first_name, last_name). */
export const userNames = Prisma.sql`(SELECT id, first_name, last_name FROM users)`;
