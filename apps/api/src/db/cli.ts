// pnpm db:migrate | db:seed [--demo] | db:reset | db:backup | db:restore BACKUP [--force] | db:restore --check BACKUP
import pg from 'pg';
import { loadConfig } from '../config.js';
import { createDb } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';
import { checkBackup, createBackup, restoreBackup, type DrillReport } from '../modules/backups/index.js';
import { enableAppLogin } from './app-role.js';
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

const count = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });
const rowsText = (rows: number) => `${count.format(rows)} ${rows === 1 ? 'riga' : 'righe'}`;

/** The drill's outcome, table by table; a mismatch sets exit status 1. */
function printDrill(report: DrillReport) {
  for (const table of report.tables) console.log(`${table.ok ? 'OK ' : 'NO '} ${table.name}: ${rowsText(table.rows)}${table.ok ? '' : ` (ripristinate: ${table.restoredRows ?? 'nessuna'})`}`);
  for (const mismatch of report.mismatches) console.log(`NO  ${mismatch}`);
  const tables = report.tables.length;
  const seconds = (report.durationMs / 1000).toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (report.ok) console.log(`Prova di ripristino riuscita in ${seconds} s: ${tables} tabelle e ${count.format(report.files)} file corrispondono al manifesto.`);
  else {
    console.log(`Prova di ripristino NON riuscita: ${report.mismatches.length} differenze dal manifesto.`);
    process.exitCode = 1;
  }
}

async function main() {
  if (!['migrate', 'seed', 'reset', 'backup', 'restore'].includes(command ?? '')) {
    console.error('Uso: db migrate | db seed [--demo] | db reset [--demo] | db backup | db restore CARTELLA [--force] | db restore --check CARTELLA');
    process.exit(2);
  }
  const file = flags.find((flag) => !flag.startsWith('--'));
  if (command === 'restore' && !file) {
    console.error('Uso: db restore CARTELLA [--force] | db restore --check CARTELLA (la cartella di un backup, beach-…)');
    process.exit(2);
  }
  if (command === 'reset' && nodeEnv === 'production') {
    console.error('db reset cancella tutti i dati: non è permesso con NODE_ENV=production.');
    process.exit(1);
  }
  const database = await openDevDatabase();
  try {
    const config = loadConfig({ ...process.env, DATABASE_URL: database.url });
    if (command === 'backup' || command === 'restore') {
      const logger = createLogger(config);
      if (command === 'backup') await createBackup(config, logger);
      else if (flags.includes('--check')) printDrill(await checkBackup(config, file!, { logger }));
      else {
        await restoreBackup(config, file!, { force: flags.includes('--force'), logger });
        await enableAppLogin(database.url, config.DATABASE_APP_PASSWORD);
      }
      return;
    }
    if (command === 'reset') await recreateDatabase(database.url);
    if (command !== 'seed') {
      console.log((await migrate(database.url)).trim() || 'Nessuna migrazione da applicare.');
      // The API and the worker connect as the app role (docs/domain.md#ledger), with this password.
      await enableAppLogin(database.url, config.DATABASE_APP_PASSWORD);
    }
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
