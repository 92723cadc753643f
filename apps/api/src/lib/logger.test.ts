import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './errors.js';
import { createLogger, requestLogger } from './logger.js';

/** An app with the API's request logging, and the lines it prints. */
function appLoggingIn(nodeEnv: 'development' | 'production') {
  const lines: string[] = [];
  const output = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...stripVTControlCharacters(String(chunk)).split('\n').filter(Boolean));
      done();
    },
  });
  const app = express();
  app.use(requestLogger(createLogger({ LOG_LEVEL: 'info', NODE_ENV: nodeEnv }, output)));
  app.get('/api/courts', (_req, res) => {
    res.json({ data: [] });
  });
  app.get('/api/broken', () => {
    throw new Error('Database connection lost');
  });
  app.use(errorHandler());
  return { app, lines };
}

describe('request logs', () => {
  it('in development, print one line per request: time, level, method, path, status and duration', async () => {
    const { app, lines } = appLoggingIn('development');
    await request(app).get('/api/courts?year=2026').set('Authorization', 'Bearer secret-token').expect(200);
    await request(app).get('/api/missing').expect(404);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/api\/courts\?year=2026 200 \d+ms$/);
    expect(lines[1]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] WARN: GET \/api\/missing 404 \d+ms$/);
  });

  it('in development, follow the line of a failed request with the error that caused it', async () => {
    const { app, lines } = appLoggingIn('development');
    await request(app).get('/api/broken').expect(500);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] ERROR: GET \/api\/broken 500 \d+ms$/);
    const error = lines.slice(1).join('\n');
    expect(error).toContain('"message": "Database connection lost"');
    expect(error).toContain('logger.test.ts');
  });

  it('in production, write one JSON record per request with the request, the response and the headers redacted', async () => {
    const { app, lines } = appLoggingIn('production');
    await request(app).get('/api/courts').set('Authorization', 'Bearer secret-token').expect(200);
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as { level: number; msg: string; req: { method: string; url: string; headers: Record<string, string> }; res: { statusCode: number }; responseTime: number };
    expect(record).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/courts' }, res: { statusCode: 200 } });
    expect(record.req.headers.authorization).toBe('[Redacted]');
    expect(record.responseTime).toBeTypeOf('number');
  });

  it('give every request an id, sent back in X-Request-Id and written in its log record; a proxy\'s plain id is kept', async () => {
    const { app, lines } = appLoggingIn('production');
    const fresh = await request(app).get('/api/courts').expect(200);
    const forwarded = await request(app).get('/api/courts').set('X-Request-Id', 'nginx-4f2a.9').expect(200);
    const forged = await request(app).get('/api/courts').set('X-Request-Id', 'bad id {"level":60}').expect(200);
    const ids = lines.map((line) => (JSON.parse(line) as { req: { id: string } }).req.id);
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0]).toBe(fresh.headers['x-request-id']);
    expect(forwarded.headers['x-request-id']).toBe('nginx-4f2a.9');
    expect(ids[1]).toBe('nginx-4f2a.9');
    // A forged id is replaced by a fresh one (a UUID's hex digits may spell "bad": test the shape, not a word).
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[2]).toBe(forged.headers['x-request-id']);
  });
});
