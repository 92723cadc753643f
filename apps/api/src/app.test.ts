import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { createDeps } from './runtime.js';
import { createServices } from './services.js';
import { useTestApp } from './test/app.js';

const { app } = await useTestApp({ WEB_ORIGIN: 'http://web.example.test' });

describe('error format', () => {
  it('answers an unknown /api route with 404 JSON', async () => {
    const response = await request(app).get('/api/does-not-exist').expect(404);
    expect(response.body).toEqual({ message: 'Endpoint non trovato: GET /api/does-not-exist' });
  });

  it('answers an invalid JSON body with 400 and an Italian message', async () => {
    const response = await request(app).post('/api/health').set('Content-Type', 'application/json').send('{"broken": ').expect(400);
    expect(response.body).toEqual({ message: 'Il corpo della richiesta non è un JSON valido.' });
  });

  it('answers a body over the size limit with 413', async () => {
    const response = await request(app).post('/api/health').set('Content-Type', 'application/json').send(JSON.stringify({ text: 'x'.repeat(200_000) })).expect(413);
    expect(response.body.message).toBe('La richiesta è troppo grande.');
  });

  it('answers invalid input with 422 and Italian messages per field', async () => {
    const response = await request(app).get('/api/prices?year=duemila').expect(422);
    expect(response.body).toEqual({ message: 'I dati inviati non sono validi.', errors: { year: [expect.stringMatching(/numero/)] } });
  });
});

describe('security and transport', () => {
  it('sends security headers and no X-Powered-By', async () => {
    const response = await request(app).get('/api/courts').expect(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('allows the web origin, with credentials, and no other', async () => {
    const allowed = await request(app).options('/api/courts').set('Origin', 'http://web.example.test').set('Access-Control-Request-Method', 'GET');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://web.example.test');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await request(app).options('/api/courts').set('Origin', 'http://evil.example.test').set('Access-Control-Request-Method', 'GET');
    // No header for any other page: the browser then refuses it.
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /api/health', () => {
  it('reports ok when the database answers', async () => {
    const response = await request(app).get('/api/health').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('reports 503 degraded when the database is unreachable', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none', LOG_LEVEL: 'silent' });
    const deps = createDeps(config);
    const response = await request(createApp(deps, createServices(deps))).get('/api/health').expect(503);
    expect(response.body).toMatchObject({ status: 'degraded', database: 'unreachable' });
    await deps.db.$disconnect();
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document generated from the contracts, and a browsable page', async () => {
    const document = await request(app).get('/api/docs/openapi.json').expect(200);
    expect(document.body.openapi).toBe('3.1.0');
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/courts', '/api/prices']));
    expect(document.body.paths['/api/prices'].get.parameters).toEqual([expect.objectContaining({ name: 'year', in: 'query' })]);
    const page = await request(app).get('/api/docs/').expect(200);
    expect(page.text).toContain('swagger-ui');
    // The page's script carries the same document (built once per process, at the first request).
    const script = await request(app).get('/api/docs/swagger-ui-init.js').expect(200);
    expect(script.text).toContain('"/api/prices"');
  });
});
