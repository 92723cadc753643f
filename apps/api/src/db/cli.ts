// pnpm db:migrate | db:seed [--demo] | db:reset
import pg from 'pg';
import { createDb } from '../lib/db.js';
import { openDevDatabase } from './dev-database.js';
import { migrate } from './migrate.js';
import { seed } from './seed.js';

const [command, ...flags] = process.argv.slice(2);
const nodeEnv = process.env.NODE_ENV ?? 'development';

async function recreateDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function main() {
  if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
    console.error('Uso: db migrate | db seed [--demo] | db reset [--demo]');
    process.exit(2);
  }
  if (command === 'reset' && nodeEnv === 'production') {
    console.error('db reset cancella tutti i dati: non è permesso con NODE_ENV=production.');
    process.exit(1);
  }
  const database = await openDevDatabase();
  try {
    if (command === 'reset') await recreateDatabase(database.url);
    if (command !== 'seed') console.log((await migrate(database.url)).trim() || 'Nessuna migrazione da applicare.');
    if (command !== 'migrate') {
      const db = createDb(database.url);
      await seed(db, { demo: flags.includes('--demo'), nodeEnv }).finally(() => db.$disconnect());
    }
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
