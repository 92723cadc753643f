// A NUL character in any text of any request (PostgreSQL refuses it in text and patterns): the contracts'
// strings refuse it with a field message, so it never reaches the database. Every text field of every
// route's query and body is tried, read from the contracts, so a new route is covered by itself.
import { allRoutes, NUL_MESSAGE, type RouteDefinition } from '@beach/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { DEMO, loginAs } from '../test/auth-helpers.js';
import { isText, nested, uniqueFieldPaths } from '../test/contract-fields.js';

const { app } = await useTestApp();
const token = await loginAs(app, DEMO.admin);
const WITH_NUL = 'ab\u0000cd';

interface Case {
  name: string;
  route: RouteDefinition;
  query?: Record<string, string>;
  body?: unknown;
  field: string;
}

const cases: Case[] = allRoutes().flatMap((route) => {
  const label = `${route.method.toUpperCase()} ${route.path}`;
  return [
    ...uniqueFieldPaths(route.query, (_key, field) => isText(field)).map((field) => ({ name: `${label} query ${field.join('.')}`, route, query: { [field.join('.')]: WITH_NUL }, field: field.join('.') })),
    ...uniqueFieldPaths(route.body, (_key, field) => isText(field)).map((field) => ({ name: `${label} body ${field.join('.')}`, route, body: nested(field, WITH_NUL), field: field.join('.') })),
  ];
});

/** A tiny PDF, for the routes that take their fields with a file (multipart). */
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

const send = (route: RouteDefinition, { query, body }: { query?: Record<string, string>; body?: unknown }) => {
  // Path parameters that name something: an id, or a year.
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === 'year' ? '2026' : '1'));
  let pending = request(app)[route.method](path).set('Authorization', `Bearer ${token}`);
  if (query) pending = pending.query(query);
  if (body !== undefined && route.summary.includes('multipart')) {
    for (const [key, value] of Object.entries(body as Record<string, string>)) pending = pending.field(key, value);
    return pending.attach('file', PDF, { filename: 'certificato.pdf', contentType: 'application/pdf' });
  }
  if (body !== undefined) pending = pending.send(body as object);
  return pending;
};

describe('a NUL character in a text', () => {
  it('is tried in every text position the contracts have', () => {
    expect(cases.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['GET /api/admin/transactions query search', 'GET /api/booking-players/members query q', 'PUT /api/auth/user-profile body first_name', 'POST /api/auth/register body email']),
    );
  });

  it('is refused with a field message where the request is otherwise right', async () => {
    const byName = (method: string, path: string) => allRoutes().find((route) => route.method === method && route.path === path)!;
    const search = await send(byName('get', '/api/admin/transactions'), { query: { search: '\u0000' } });
    expect([search.status, search.body.errors]).toEqual([422, { search: [NUL_MESSAGE] }]);
    const members = await send(byName('get', '/api/booking-players/members'), { query: { q: 'ab\u0000c' } });
    expect([members.status, members.body.errors]).toEqual([422, { q: [NUL_MESSAGE] }]);
    const profile = await send(byName('put', '/api/auth/user-profile'), { body: { first_name: 'a\u0000b', last_name: 'Rossi', phone: null, birth_date: null } });
    expect([profile.status, profile.body.errors]).toEqual([422, { first_name: [NUL_MESSAGE] }]);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s answers 422 naming the field, never 5xx', async (_name, entry) => {
    const response = await send(entry.route, entry);
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.errors?.[entry.field], JSON.stringify(response.body)).toContain(NUL_MESSAGE);
  });
});
