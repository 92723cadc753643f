// A throwaway database and the real API over HTTP, for benchmarks that need data and an endpoint.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
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

/**
 * The timed client of the sequential runs: node's http with one kept-alive connection. It runs in the
 * API's process, so its own CPU counts in each request's time: a bare answer's round trip takes 0.3 ms
 * through fetch against 0.1 ms through http on this machine, a cost the raw side's pg client does not have.
 */
export function jsonClient(headers: Record<string, string> = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = <T>(url: string) =>
    new Promise<{ status: number; body: T }>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as T }));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** p50 and p95 in milliseconds, one decimal. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * The endpoint and the raw SQL it is held to, timed in turns (one request, one raw read, and so on): a
 * busy moment of the machine falls on both sides alike instead of on whichever ran then.
 */
export async function timeSideBySide(api: () => Promise<unknown>, sql: () => Promise<unknown>, { warmUp = 20, runs = 200 } = {}) {
  const samples = { api: [] as number[], sql: [] as number[] };
  for (let i = 0; i < warmUp + runs; i++) {
    for (const side of ['api', 'sql'] as const) {
      const start = performance.now();
      await (side === 'api' ? api() : sql());
      if (i >= warmUp) samples[side].push(performance.now() - start);
    }
  }
  return { api: percentiles(samples.api), sql: percentiles(samples.sql) };
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
