// A throwaway database and the real API over HTTP, for benchmarks that need data and an endpoint.
import { mkdtempSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, createDb, freePort, loadConfig, migrate, seed, startEmbeddedPostgres, startRuntime } from '@beach/api/testing';

export async function startBenchApi(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'beach-bench-pg-'));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'beach_bench', persistent: false });
  await migrate(database.url);
  const db = createDb(database.url);
  await seed(db, { nodeEnv: 'test', log: () => {} });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...env });
  const { deps, services, stop: stopRuntime } = await startRuntime(config, { workers: env.WORKERS !== 'off', db });
  const port = await freePort();
  const server: Server = createApp(deps, services).listen(port, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;

  /** Logs in as a demo account and returns its bearer header. */
  async function login(email: string) {
    const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo2026!' }) });
    if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
    return { Authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
  }

  return {
    url,
    databaseUrl: database.url,
    db,
    deps,
    login,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopRuntime(2000);
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** p50 and p95 in milliseconds, one decimal. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Runs `run` `warmUp` times, then times `runs` runs: p50 and p95 in milliseconds. */
export async function timeRuns(run: () => Promise<unknown>, { warmUp = 20, runs = 200 } = {}) {
  for (let i = 0; i < warmUp; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}
