// Every id position of every route in the contracts (path parameters, query fields, body fields named
// `id` or `…_id`), given a number past PostgreSQL's `integer`: the API answers 404 or 422 in Italian,
// never 5xx. The positions are read from the contracts' schemas, so a new route is covered by itself.
import { allRoutes, MAX_ROW_ID, type RouteDefinition, type z } from '@beach/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { DEMO, loginAs } from '../test/auth-helpers.js';
import { nested, uniqueFieldPaths } from '../test/contract-fields.js';

const { app } = await useTestApp();
const token = await loginAs(app, DEMO.admin);

const OUT_OF_RANGE = MAX_ROW_ID + 1;
const isIdName = (name: string) => name === 'id' || name.endsWith('_id') || name.endsWith('Id');
const uniqueIdFields = (schema: z.ZodType | undefined) => uniqueFieldPaths(schema, isIdName);

interface Case {
  name: string;
  route: RouteDefinition;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The field the answer must name, for a query or body id. */
  field?: string;
}

const cases: Case[] = allRoutes().flatMap((route) => {
  const pathParams = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  const withParams = (outOfRange?: string) => route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === outOfRange ? String(OUT_OF_RANGE) : '1'));
  const label = `${route.method.toUpperCase()} ${route.path}`;
  return [
    ...pathParams.filter(isIdName).map((name) => ({ name: `${label} path :${name}`, route, path: withParams(name) })),
    ...uniqueIdFields(route.query).map((field) => ({ name: `${label} query ${field.join('.')}`, route, path: withParams(), query: { [field.join('.')]: String(OUT_OF_RANGE) }, field: field.join('.') })),
    ...uniqueIdFields(route.body).map((field) => ({ name: `${label} body ${field.join('.')}`, route, path: withParams(), body: nested(field, OUT_OF_RANGE), field: field.join('.') })),
  ];
});

describe('an id past PostgreSQL integer', () => {
  it('is found in every id position the contracts have', () => {
    const names = cases.map((entry) => entry.name);
    // A few known positions of each kind: if the walk over the schemas broke, these would vanish.
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/bookings/:id path :id',
        'GET /api/memberships/:id/pdf path :id',
        'GET /api/admin/users/:id path :id',
        'GET /api/admin/bookings query court_id',
        'GET /api/admin/audit-log query user_id',
        'GET /api/admin/audit-log query booking_id',
        'POST /api/bookings body court_id',
        'POST /api/admin/court-setups body setup_id',
        'POST /api/admin/bookings body user_id',
      ]),
    );
    expect(cases.filter((entry) => !entry.field).length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s answers 404 or 422, never 5xx', async (_name, entry) => {
    let pending = request(app)[entry.route.method](entry.path).set('Authorization', `Bearer ${token}`);
    if (entry.query) pending = pending.query(entry.query);
    if (entry.body !== undefined) pending = pending.send(entry.body as object);
    const response = await pending;
    expect(response.status).toBeLessThan(500);
    expect(response.body.message).toMatch(/[a-zà-ù]/i);
    if (entry.field) {
      expect(response.status).toBe(422);
      expect(response.body.errors?.[entry.field], JSON.stringify(response.body)).toBeDefined();
    } else {
      expect(response.status).toBe(404);
    }
  });
});
