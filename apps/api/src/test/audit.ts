// For the audit tests of each module (lib/audit.ts): a table made to refuse every write for a moment, so
// a test can see the change and its audit entry commit or roll back together.
import type { Db } from '../lib/db.js';

/** Runs `act` while `table` refuses inserts, updates and deletes (an error raised by a trigger). */
export async function whileRefusing<T>(db: Db, table: string, act: () => Promise<T>): Promise<T> {
  const name = `refuse_${table}`;
  await db.$executeRawUnsafe(`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${table} refused by the test'; END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  try {
    return await act();
  } finally {
    await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON "${table}"`);
    await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
  }
}

/** The newest audit entry naming `entity` and `id`. */
export const lastAuditOf = (db: Db, entity: string, id: number | null) =>
  db.auditLog.findFirst({ where: { entityType: entity, entityId: id }, orderBy: { id: 'desc' } });
