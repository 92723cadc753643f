// The mounter's reply is express's res.json, byte for byte: body, type, length, ETag, and a conditional GET's 304.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sendJson } from './json-reply.js';

const long = Array.from({ length: 3_000 }, (_, index) => ({ id: index, name: `Cliente ${index} — “è” 🏐`, paid: index % 3 === 0 ? '12.50' : null }));
const bodies: Record<string, unknown> = {
  empty: {},
  planner: { date: '2026-07-15', courts: [{ id: 1, row: 'A' }], bookings: long, closures: [], prices: { A: '10.00' } },
  leftOut: { kept: 1, gone: undefined, alsoGone: () => 1, list: [1, undefined, () => 1, null], date: new Date(Date.UTC(2026, 6, 15)) },
  holes: { list: [1, , 3] }, // eslint-disable-line no-sparse-arrays
  list: [1, 2, 3],
};

const app = express();
app.get('/json/:name', (req, res) => void res.status(201).json(bodies[req.params.name]));
app.get('/reply/:name', (req, res) => sendJson(res, 201, bodies[req.params.name]));

describe('sendJson', () => {
  it.each(Object.keys(bodies))('answers %s as res.json does', async (name) => {
    const [expected, actual] = await Promise.all([request(app).get(`/json/${name}`), request(app).get(`/reply/${name}`)]);
    expect(actual.status).toBe(201);
    expect(actual.text).toBe(expected.text);
    for (const header of ['content-type', 'content-length', 'etag']) expect(actual.headers[header]).toBe(expected.headers[header]);
    expect(actual.text.length).toBeGreaterThan(1);
  });

  it('answers a conditional GET with its ETag with 304', async () => {
    const { headers } = await request(app).get('/reply/planner');
    await request(app).get('/reply/planner').set('If-None-Match', headers.etag!).expect(304);
  });
});
