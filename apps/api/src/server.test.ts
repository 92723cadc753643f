import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './test/database.js';
import { PROCESS_START_MS } from './test/env.js';
import { freePort } from './test/free-port.js';

const { url } = await useTestDatabase();

describe('the server process', () => {
  it('serves, then on SIGTERM finishes, closes the database pool and exits with 0', { timeout: 2 * PROCESS_START_MS }, async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));

    await expect.poll(() => output, { timeout: PROCESS_START_MS }).toContain('API in ascolto');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('Chiusura completata');
  });
});
