// The CPU a benchmark's embedded PostgreSQL spends, read from Linux's /proc: the postmaster and every backend
// it runs (the ones still connected, and those ended already, which the kernel adds to their parent).
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of a process (the fields after its name), in clock ticks; null once it is gone. */
function ticksOf(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    const at = (index: number) => Number(fields[index]);
    return { ppid: at(1), own: at(11) + at(12), children: at(13) + at(14) };
  } catch {
    return null;
  }
}

/** A reader of the server's CPU so far, in milliseconds; `client` is any connection to it. */
export async function postgresCpu(client: pg.Client) {
  const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const postmaster = ticksOf(backend)!.ppid;
  return () => {
    const server = ticksOf(postmaster)!;
    let ticks = server.own + server.children;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = ticksOf(Number(entry));
      if (child?.ppid === postmaster) ticks += child.own;
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  };
}
