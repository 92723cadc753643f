// Integers beyond PostgreSQL's `integer` and dates that are no dates, in every request (docs/domain.md#request-input):
// the contracts refuse them with the field's Italian message, so they never reach the database (a 500) nor a
// check that reads them as valid. Every integer and date field of every route's query and body is tried, read
// from the contracts, as the admin (who may call every route), so a new route is covered by itself.
import { allRoutes, INT4_MAX, type RouteDefinition, type z } from '@beach/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addDays, todayInRome } from './time.js';
import { useTestApp } from '../test/app.js';
import { DEMO, loginAs } from '../test/auth-helpers.js';
import { isDate, isInteger, nested, uniqueFieldPaths } from '../test/contract-fields.js';

const { app, db } = await useTestApp();
const token = await loginAs(app, DEMO.admin);

const OUT_OF_RANGE_INTEGERS = [2147483648, 1e12, -2147483649];
const NOT_DATES = ['x', '', 'NaN', '2026-02-30', '99999-01-01'];

interface Case {
  name: string;
  route: RouteDefinition;
  query?: Record<string, string>;
  body?: unknown;
  field: string;
  /** An empty text, which a field may take as "none" (a filter or an optional date left blank): refused or not, never a 5xx. */
  mayPass: boolean;
}

const casesOf = (route: RouteDefinition, pick: (field: z.ZodType) => boolean, values: (string | number)[]): Case[] => {
  const label = `${route.method.toUpperCase()} ${route.path}`;
  return [
    ...uniqueFieldPaths(route.query, (_key, field) => pick(field)).flatMap((path) =>
      values.map((value) => ({ name: `${label} query ${path.join('.')} = ${JSON.stringify(value)}`, route, query: { [path.join('.')]: String(value) }, field: path.join('.'), mayPass: value === '' })),
    ),
    ...uniqueFieldPaths(route.body, (_key, field) => pick(field)).flatMap((path) =>
      values.map((value) => ({ name: `${label} body ${path.join('.')} = ${JSON.stringify(value)}`, route, body: nested(path, value), field: path.join('.'), mayPass: value === '' })),
    ),
  ];
};

const cases: Case[] = allRoutes().flatMap((route) => [...casesOf(route, isInteger, OUT_OF_RANGE_INTEGERS), ...casesOf(route, isDate, NOT_DATES)]);

const send = (route: RouteDefinition, { query, body }: { query?: Record<string, string>; body?: unknown }) => {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === 'year' ? '2026' : '1'));
  let pending = request(app)[route.method](path).set('Authorization', `Bearer ${token}`);
  if (query) pending = pending.query(query);
  if (body !== undefined && route.summary.includes('multipart')) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) pending = pending.field(key, String(value));
    return pending.attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'certificato.pdf', contentType: 'application/pdf' });
  }
  if (body !== undefined) pending = pending.send(body as object);
  return pending;
};

describe('an integer out of range or a date that is none', () => {
  it('is tried in every integer and date position the contracts have', () => {
    expect(cases.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/coupons body usage_limit = 2147483648',
        'POST /api/admin/booking-coupons body per_member_limit = 1000000000000',
        'POST /api/admin/tournaments body starts_on = "x"',
        'GET /api/admin/audit-log query user_id = -2147483649',
        'POST /api/bookings body court_id = 2147483648',
      ]),
    );
  });

  // The cases, in otherwise right bodies (the checks across fields run too).
  it('is refused in a whole coupon, booking coupon and tournament with the field named', async () => {
    const as = (method: 'post', path: string, body: object) => request(app)[method](path).set('Authorization', `Bearer ${token}`).send(body);
    const coupon = { code: 'GRANDE', discount_type: 'fixed', discount_value: '5', applicable_to: 'both' };
    const bookingCoupon = { code: 'GRANDE', discount_type: 'percentage', discount_value: '10', band: 'evening', start_date: '2031-06-01', end_date: '2031-08-31' };
    const day = addDays(todayInRome(), 30);
    const court = (await db.court.findFirstOrThrow({ where: { code: 'A1' } })).id;
    const tournament = {
      name: 'Open', sport: 'beach_volley', category: 'open', format: 'pools_knockout', match_format: 'one_set_21', match_minutes: 30, entry_fee: '20.00', max_entries: 8,
      registration_opens_at: new Date(Date.now() - 60_000).toISOString(), registration_closes_at: new Date(Date.now() + 86_400_000).toISOString(),
      starts_on: day, ends_on: day, courts: [{ court_id: court, date: day, from: '09:00', to: '19:00' }],
    };
    const refused = [
      ...[INT4_MAX + 1, 1e12].map((limit) => ['usage_limit', as('post', '/api/admin/coupons', { ...coupon, usage_limit: limit })] as const),
      ...[INT4_MAX + 1, 1e12].flatMap((limit) => [
        ['usage_limit', as('post', '/api/admin/booking-coupons', { ...bookingCoupon, usage_limit: limit })] as const,
        ['per_member_limit', as('post', '/api/admin/booking-coupons', { ...bookingCoupon, per_member_limit: limit })] as const,
      ]),
      ...['x', '', 'NaN'].map((startsOn) => ['starts_on', as('post', '/api/admin/tournaments', { ...tournament, starts_on: startsOn })] as const),
    ];
    for (const [field, pending] of refused) {
      const response = await pending;
      expect([response.status, Object.keys(response.body.errors ?? {})], JSON.stringify(response.body)).toEqual([422, [field]]);
    }
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s answers 4xx naming the field, never 5xx', async (_name, entry) => {
    const response = await send(entry.route, entry);
    const said = JSON.stringify(response.body);
    expect(response.status, said).toBeLessThan(500);
    if (entry.mayPass && !response.body.errors?.[entry.field]) return;
    expect(response.status, said).toBeGreaterThanOrEqual(400);
    // Path ids out of range answer 404 before the body is read: only a validation answer names fields.
    if (response.status === 422) expect(response.body.errors?.[entry.field]?.[0], said).toMatch(/\p{L}/u);
    else expect(response.status, said).toBe(404);
  });
});
