// A database outage through a PostgreSQL server of this file's own (the shared test server stays up
// for the other files): while it is stopped every request answers 503 with Retry-After and an Italian
// message, /api/health names the database, /api/ready answers 503, and the API recovers by itself once it is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.js';
import { migrate } from '../../db/migrate.js';
import { seed } from '../../db/seed.js';
import { createDb, poolOf } from '../../lib/db.js';
import { createJobQueue } from '../../lib/jobs.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../lib/errors.js';
import { startRuntime } from '../../runtime.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { TEST_BCRYPT_COST, TEST_ENV } from '../../test/env.js';
import { freePort } from '../../test/free-port.js';

const dataDir = mkdtempSync(join(tmpdir(), 'beach-outage-pg-'));
const port = await freePort();
const startServer = () => startEmbeddedPostgres({ dataDir, port, database: 'outage', persistent: true });
let server: EmbeddedDatabase = await startServer();
await migrate(server.url);
const db = createDb(server.url);
await seed(db, { nodeEnv: 'test', bcryptCost: TEST_BCRYPT_COST, log: () => {} });
const config = loadConfig({ ...TEST_ENV, DATABASE_URL: server.url });
const runtime = await startRuntime(config, { workers: false, db });
const app = createApp(runtime.deps, runtime.services);
let token: string;

beforeAll(async () => {
  token = await loginAs(app, DEMO.staff);
});
afterAll(async () => {
  await runtime.stop(2000);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('database outage', () => {
  it('answers 503 with Retry-After while PostgreSQL is down, and recovers by itself', async () => {
    expect((await request(app).get('/api/courts')).status).toBe(200);
    expect((await request(app).get('/api/health')).body).toMatchObject({ status: 'ok', database: 'ok' });
    const ready = await request(app).get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'ok', jobs: 'ok' });

    await server.stop();
    for (const call of [request(app).get('/api/courts'), request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${token}`)]) {
      const response = await call;
      expect(response.status, JSON.stringify(response.body)).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const health = await request(app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'unreachable' });
    const notReady = await request(app).get('/api/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ status: 'not_ready', database: 'unreachable', jobs: 'unreachable' });

    server = await startServer();
    expect((await request(app).get('/api/courts')).status).toBe(200);
    expect((await request(app).get('/api/auth/user-profile').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expect((await request(app).get('/api/health')).body).toMatchObject({ status: 'ok', database: 'ok' });
    await expect.poll(async () => (await request(app).get('/api/ready')).body).toEqual({ status: 'ready', database: 'ok', jobs: 'ok' });
  }, 60_000);

  it('counts a transaction that waited out its maxWait for a pooled connection as unavailable (503), not a fault', async () => {
    const pool = poolOf(db)!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: pool.options.max }, () => db.$transaction(() => released, { timeout: 60_000 }));
    await expect.poll(() => pool.totalCount - pool.idleCount).toBe(pool.options.max);
    const waited = await db.$transaction(async () => 'started', { maxWait: 200 }).catch((error: unknown) => error);
    release();
    await Promise.all(holders);
    expect(waited).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(waited)).toBe(true);
  });

  it('is not ready while its job queue cannot be reached, even with the database up', async () => {
    const withoutQueue = createApp({ ...runtime.deps, jobs: createJobQueue(server.url, runtime.deps.logger) }, runtime.services);
    const response = await request(withoutQueue).get('/api/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'not_ready', database: 'ok', jobs: 'unreachable' });
  });
});
