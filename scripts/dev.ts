// pnpm dev: the database (embedded PostgreSQL unless DATABASE_URL is set), migrated and seeded,
// then the API and the web app with reload. Ctrl+C stops all of them.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDb, migrate, openDevDatabase, seed } from '@beach/api/db';

const database = await openDevDatabase();
console.log((await migrate(database.url)).trim() || 'Database aggiornato: nessuna migrazione da applicare.');
const db = createDb(database.url);
await seed(db, { nodeEnv: process.env.NODE_ENV ?? 'development' });
await db.$disconnect();

const apps = spawn('pnpm', ['exec', 'turbo', 'run', 'dev', '--filter=@beach/api', '--filter=@beach/web'], {
  stdio: 'inherit',
  // Mail without SMTP lands in .data/mail at the repository root, whatever the API's folder.
  env: { MAIL_DIR: fileURLToPath(new URL('../.data/mail', import.meta.url)), ...process.env, DATABASE_URL: database.url },
});
console.log('\nApp web: http://localhost:5173   API: http://localhost:3000/api/health   Documentazione API: http://localhost:3000/api/docs\n');

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  apps.kill('SIGTERM');
  await database.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
apps.on('exit', (code) => void stop(code ?? 0));
