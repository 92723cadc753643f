// The card verification limit (30 a minute per client) held in PostgreSQL: two API processes on one
// database share it, also when their requests arrive at once, and an ended window is forgotten.
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { startRuntime } from '../runtime.js';
import { useTestApp } from '../test/app.js';
import { createDb } from './db.js';

const LIMIT = 30;
const first = await useTestApp({ TRUST_PROXY: '1' });
// A second process: its own runtime and connection pool on the same database.
const secondRuntime = await startRuntime(first.config, { workers: false, db: createDb(first.url) });
const second = createApp(secondRuntime.deps, secondRuntime.services);
afterAll(() => secondRuntime.stop(2000));

const verify = (app: typeof second, client: string) => request(app).get('/api/memberships/verify/CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC').set('X-Forwarded-For', client);

describe('card verification limit across API processes', () => {
  it('counts one client\'s requests to both processes together', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt++) statuses.push((await verify(attempt % 2 ? first.app : second, '198.51.100.1')).status);
    expect(statuses.every((status) => status === 404)).toBe(true);
    const refused = await verify(first.app, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Troppe verifiche ravvicinate: riprova tra un minuto.' });
    expect((await verify(second, '198.51.100.1')).status).toBe(429);
    // Another client has a count of its own.
    expect((await verify(second, '198.51.100.2')).status).toBe(404);
  });

  it('lets exactly the limit through when the requests reach both processes at once', async () => {
    const statuses = await Promise.all(Array.from({ length: LIMIT + 10 }, (_, index) => verify(index % 2 ? first.app : second, '198.51.100.3').then((response) => response.status)));
    expect(statuses.filter((status) => status === 404)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('starts a new count when the client\'s window has ended, and forgets ended windows', async () => {
    for (let attempt = 0; attempt <= LIMIT; attempt++) await verify(first.app, '198.51.100.4');
    expect((await verify(second, '198.51.100.4')).status).toBe(429);
    const ofClient = () => first.db.rateLimitHit.findMany({ where: { key: { endsWith: '198.51.100.4' } } });
    // The window ends (as a minute later).
    await first.db.$executeRaw`UPDATE rate_limit_hits SET reset_at = now() - interval '1 second' WHERE key LIKE '%198.51.100.4'`;
    expect((await verify(second, '198.51.100.4')).status).toBe(404);
    expect((await ofClient()).map((row) => row.hits)).toEqual([1]);
    // Another client's hit deletes the ended window.
    await first.db.$executeRaw`UPDATE rate_limit_hits SET reset_at = now() - interval '1 second' WHERE key LIKE '%198.51.100.4'`;
    await verify(first.app, '198.51.100.5');
    expect(await ofClient()).toEqual([]);
  });
});
