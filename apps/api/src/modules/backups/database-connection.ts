// The backups' connections to PostgreSQL, each opened for one piece of work and closed after it.
import pg from 'pg';

/** Every value written and read in one spelling, whatever the server's or the role's defaults. */
const SESSION_SETTINGS = [
  "SET client_encoding = 'UTF8'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  "SET TimeZone = 'UTC'",
  'SET extra_float_digits = 3',
  'SET statement_timeout = 0',
  'SET idle_in_transaction_session_timeout = 0',
].join('; ');

/** A connection for copying rows out or in: the caller ends it. */
export async function connectForCopy(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'beach-backup' });
  await client.connect();
  await client.query(SESSION_SETTINGS);
  return client;
}

/** Runs `work` on a connection of its own, closed whatever the outcome. */
export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
