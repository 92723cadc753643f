// The demo season's thousands of rows, one statement a table. Prisma's createMany sends every value as a
// bind parameter of its own through its query compiler: about half a millisecond of CPU a row, most of
// the seeding's own CPU (docs/testing.md#the-demo-seasons-seeding-profiled-wave-10). Here the rows go as one JSON value
// that PostgreSQL reads into the table's own row type, a tenth of that.
import type { Prisma } from '../generated/prisma/client.js';

/** A field as Prisma names it to its column: every @map of prisma/schema.prisma is the field in snake_case. */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Inserts `rows` (fields as Prisma names them) into `table` in their order, a column that no row names
 * taking its default; returns the new rows' ids in the same order.
 */
export async function insertRows(tx: Prisma.TransactionClient, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = fields.map(columnOf).join(', ');
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(fields.map((field) => [columnOf(field), row[field] ?? null]))));
  // The table's row type gives each value its column's type (enums, dates, instants).
  const inserted = await tx.$queryRawUnsafe<{ id: number }[]>(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json) RETURNING id`, json);
  return inserted.map((row) => row.id);
}
