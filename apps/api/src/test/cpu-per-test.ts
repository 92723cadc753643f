// CPU per test, for profiling a file (docs/testing.md#session-15-the-api-lanes-domain-files): with
// CPU_PER_TEST=<file> set, each test appends a line to it with the worker's CPU (node), the test server's
// (its postmaster's children, and those it reaped) and the wall time; the last line is the whole file's hooks
// and tests. Run one file with one worker, so that the server's CPU is that file's.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

const out = process.env.CPU_PER_TEST!;
/** Clock ticks a second of /proc's CPU times. */
const TICKS_PER_SECOND = 100;

/** A process's parent and CPU ticks (with its reaped children's if asked), from /proc/<pid>/stat. */
function statOf(pid: number, withReaped = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    const ticks = fields[11]! + fields[12]! + (withReaped ? fields[13]! + fields[14]! : 0);
    return { parent: fields[1]!, ticks };
  } catch {
    return null; // the process ended meanwhile
  }
}

let postmaster = 0;
/** The test server's CPU so far, in ms. */
function serverMs() {
  let ticks = statOf(postmaster, true)?.ticks ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const child = statOf(Number(name));
    if (child?.parent === postmaster) ticks += child.ticks;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
const nodeMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const now = () => ({ node: nodeMs(), server: serverMs(), wall: Date.now() });
const since = (start: ReturnType<typeof now>) => {
  const end = now();
  return `node ${Math.round(end.node - start.node)}\tpg ${Math.round(end.server - start.server)}\twall ${end.wall - start.wall}`;
};

let file = now();
let test = file;
beforeAll(async () => {
  // The server's postmaster is the parent of this connection's backend.
  const client = new pg.Client(inject('databaseAdminUrl'));
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  postmaster = statOf(rows[0]!.pid)!.parent;
  await client.end();
  file = now();
});
beforeEach(() => {
  test = now();
});
afterEach(({ task }) => {
  appendFileSync(out, `${task.file.name}\t${task.name}\t${since(test)}\n`);
});
afterAll(() => {
  appendFileSync(out, `file (hooks and tests)\t${since(file)}\n`);
});
