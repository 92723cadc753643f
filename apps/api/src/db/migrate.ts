// Applies the SQL migrations in prisma/migrations with dbmate (Prisma's migrate engine cannot be
// installed offline; see README "Adding a migration").
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveBinary } from 'dbmate';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../../prisma/migrations', import.meta.url));

/** dbmate speaks to PostgreSQL through lib/pq, which wants TLS unless told otherwise. */
function dbmateUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const local = ['localhost', '127.0.0.1', '::1', '[::1]'].includes(url.hostname);
  if (local && !url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'disable');
  return url.toString();
}

function runDbmate(databaseUrl: string, command: 'up' | 'down' | 'status' | 'drop' | 'create', migrationsDir = MIGRATIONS_DIR): Promise<string> {
  const args = ['--url', dbmateUrl(databaseUrl), '--migrations-dir', migrationsDir, '--no-dump-schema', '--wait', command];
  return new Promise((resolve, reject) => {
    const child = spawn(resolveBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`dbmate ${command} failed:\n${output}`))));
  });
}

export const migrate = (databaseUrl: string) => runDbmate(databaseUrl, 'up');

/** The migrations up to and including `version` only (a test of a later migration starts from there). */
export async function migrateThrough(databaseUrl: string, version: string) {
  const dir = mkdtempSync(join(tmpdir(), 'beach-migrations-'));
  try {
    for (const file of readdirSync(MIGRATIONS_DIR)) if (file.slice(0, version.length) <= version) copyFileSync(join(MIGRATIONS_DIR, file), join(dir, file));
    return await runDbmate(databaseUrl, 'up', dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
