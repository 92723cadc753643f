// Every court's name, for other modules' lists (the court of every open match listed): read past Prisma's
// client (readRows), whose CPU per query costs more than PostgreSQL's answer for a dozen rows.
import { type Db, Prisma, readRows } from '../../lib/db.js';

/** id → the court's name, for every court. */
export async function courtNames(db: Db): Promise<Map<number, string>> {
  const rows = await readRows<{ id: number; name: string }>(db, Prisma.sql`SELECT id, name FROM courts`, 'court-names');
  return new Map(rows.map((row) => [row.id, row.name]));
}
