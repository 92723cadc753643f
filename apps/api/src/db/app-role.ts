// The API's own database role (docs/domain.md#ledger): the API and the worker connect as it, the owner's
// DATABASE_URL is kept for the migrations, seeds, restores and the job queue's own tables.
import pg from 'pg';

/** Made by the migration 20261203150000_ledger_app_role.sql, without a password. */
export const APP_ROLE = 'beach_app';

/** DATABASE_URL's server and database, as the app role. */
export function appDatabaseUrl(ownerUrl: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/**
 * Lets the app role log in with `password` (after the migrations, by their runner). Processes migrating
 * at once queue on an advisory lock: two ALTER ROLE of one role at the same moment fail.
 */
export async function enableAppLogin(ownerUrl: string, password: string) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('beach_app login'))");
    await client.query(`ALTER ROLE ${pg.escapeIdentifier(APP_ROLE)} LOGIN PASSWORD ${client.escapeLiteral(password)}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
