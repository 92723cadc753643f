// pnpm db:migrate | db:seed [--demo] | db:reset | db:backup | db:restore FILE [--force]
import pg from 'pg';
import { loadConfig } from '../config.js';
import { createDb } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';
import { createBackup, restoreBackup } from '../modules/backups/backups.js';
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
  if (!['migrate', 'seed', 'reset', 'backup', 'restore'].includes(command ?? '')) {
    console.error('Uso: db migrate | db seed [--demo] | db reset [--demo] | db backup | db restore FILE [--force]');
    process.exit(2);
  }
  const file = flags.find((flag) => !flag.startsWith('--'));
  if (command === 'restore' && !file) {
    console.error('Uso: db restore FILE [--force] (il file .dump di un backup)');
    process.exit(2);
  }
  if (command === 'reset' && nodeEnv === 'production') {
    console.error('db reset cancella tutti i dati: non è permesso con NODE_ENV=production.');
    process.exit(1);
  }
  const database = await openDevDatabase();
  try {
    if (command === 'backup' || command === 'restore') {
      const config = loadConfig({ ...process.env, DATABASE_URL: database.url });
      const logger = createLogger(config);
      if (command === 'backup') await createBackup(config, logger);
      else await restoreBackup(config, file!, { force: flags.includes('--force'), logger });
      return;
    }
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
