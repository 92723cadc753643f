// The worker process on its own (WORKERS=off on the API): with WORKER_PORT it answers readiness and
// serves the metrics of its jobs, and a stop signal ends it cleanly.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './test/database.js';
import { PROCESS_START_MS } from './test/env.js';
import { freePort } from './test/free-port.js';

const { url } = await useTestDatabase();
const TOKEN = 'metrics-token-for-the-worker-0123456789';

describe('the worker process', () => {
  it('with WORKER_PORT answers /api/ready and /api/metrics, and exits with 0 on SIGTERM', { timeout: 2 * PROCESS_START_MS }, async () => {
    const port = await freePort();
    const worker = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./worker.ts', import.meta.url))], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: url, WORKER_PORT: String(port), METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.on('exit', resolve));

    await expect.poll(() => output, { timeout: PROCESS_START_MS }).toContain('Worker: stato e metriche');
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', jobs: 'ok' });
    const metrics = await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    const names = parsePrometheusTextFormat(await metrics.text()).map((family) => family.name);
    expect(names).toEqual(expect.arrayContaining(['emails_total', 'job_queue_jobs', 'db_pool_connections']));
    // Only operations: the API's routes are not served here.
    expect((await fetch(`http://127.0.0.1:${port}/api/courts`)).status).toBe(404);

    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
