// Every court's name, for other modules' lists (the court of every open match listed): a relation their
// statement joins, so the list is one statement.
import { Prisma } from '../../lib/db.js';

/** Every court's name, as a relation to join (its columns: id, name). */
export const courtNames = Prisma.sql`(SELECT id, name FROM courts)`;
