// Every protected route of the contracts, tried anonymously and with the wrong role: the server
// enforces access by itself (new routes join this matrix automatically).
import { allRoutes, defineRoute, z, type RouteDefinition } from '@beach/contracts';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../lib/errors.js';
import { createRouteMounter } from '../../lib/http.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember } from '../../test/members.js';
import { authOf, createAccessGuards } from './guards.js';

const { app, db, config } = await useTestApp();

const concretePath = (route: RouteDefinition) => route.path.replace(/:[A-Za-z_]+/g, '1');
const call = (target: express.Express, route: RouteDefinition, token?: string) => {
  const pending = request(target)[route.method](concretePath(route));
  return token ? pending.set('Authorization', `Bearer ${token}`) : pending;
};

describe('every protected route in the contracts', () => {
  const protectedRoutes = allRoutes().filter((route) => route.access !== 'public');

  it.each(protectedRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s refuses an anonymous caller with 401', async (_name, route) => {
    const response = await call(app, route);
    expect(response.status).toBe(401);
    expect(response.body.message).toBeTruthy();
  });

  it('requires a coach, staff or admin where the contract says so, staff or admin where it says staff, and admin where it says admin', async () => {
    const coach = await createMember(db, { firstName: 'Allenatore', lastName: 'Matrice' });
    await db.user.update({ where: { id: coach.id }, data: { role: 'coach' } });
    const tokens = { user: await loginAs(app, DEMO.user), coach: coach.token, staff: await loginAs(app, DEMO.staff) };
    for (const route of protectedRoutes) {
      if (route.access === 'coach') expect((await call(app, route, tokens.user)).status, route.path).toBe(403);
      // A coach is no staff: every back-office route refuses them.
      if (route.access === 'staff' || route.access === 'admin') {
        expect((await call(app, route, tokens.user)).status, route.path).toBe(403);
        expect((await call(app, route, tokens.coach)).status, route.path).toBe(403);
      }
      if (route.access === 'admin') expect((await call(app, route, tokens.staff)).status, route.path).toBe(403);
    }
  });
});

describe('access guards', () => {
  // A probe route per level, mounted through the same mounter the API uses.
  const probe = express();
  const router = express.Router();
  const mount = createRouteMounter(router, createAccessGuards({ db, config }));
  const levels = ['user', 'coach', 'staff', 'admin'] as const;
  for (const access of levels) {
    mount(defineRoute({ method: 'get', path: `/api/probe/${access}`, summary: 'probe', tag: 'test', access, response: z.object({ ok: z.boolean() }) }), () => ({ ok: true }));
  }
  let seen: unknown = null;
  mount(defineRoute({ method: 'get', path: '/api/probe/whoami', summary: 'probe', tag: 'test', access: 'user', response: z.object({ ok: z.boolean() }) }), (_input, { req }) => {
    seen = authOf(req).user;
    return { ok: true };
  });
  probe.use('/api', router);
  probe.use(errorHandler());

  it('hands the routes the signed-in user as Prisma reads the row, a date of birth at midnight UTC whatever the zone', async () => {
    await db.user.update({ where: { email: DEMO.user }, data: { birthDate: new Date('1990-03-31T00:00:00Z'), phone: '+39 333 1234567' } });
    const token = await loginAs(app, DEMO.user);
    const zone = process.env.TZ;
    // pg's own parser would read the date at Rome's midnight, a day early in UTC.
    process.env.TZ = 'Europe/Rome';
    try {
      await request(probe).get('/api/probe/whoami').set('Authorization', `Bearer ${token}`).expect(200);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(seen).toEqual(await db.user.findUnique({ where: { email: DEMO.user } }));
  });

  it('lets each role through exactly the levels it holds', async () => {
    const coach = await createMember(db, { firstName: 'Allenatore', lastName: 'Sonda' });
    await db.user.update({ where: { id: coach.id }, data: { role: 'coach' } });
    const tokens = { user: await loginAs(app, DEMO.user), coach: coach.token, staff: await loginAs(app, DEMO.staff), admin: await loginAs(app, DEMO.admin) };
    const outcome: Record<string, number[]> = {};
    for (const [role, token] of Object.entries(tokens)) {
      outcome[role] = await Promise.all(levels.map(async (level) => (await request(probe).get(`/api/probe/${level}`).set('Authorization', `Bearer ${token}`)).status));
    }
    expect(outcome).toEqual({ user: [200, 403, 403, 403], coach: [200, 200, 403, 403], staff: [200, 200, 200, 403], admin: [200, 200, 200, 200] });
    for (const level of levels) expect((await request(probe).get(`/api/probe/${level}`)).status).toBe(401);
  });

  it('takes the role from the database, so a demoted user loses access at once', async () => {
    const token = await loginAs(app, DEMO.staff);
    await request(probe).get('/api/probe/staff').set('Authorization', `Bearer ${token}`).expect(200);
    await db.user.update({ where: { email: DEMO.staff }, data: { role: 'user' } });
    await request(probe).get('/api/probe/staff').set('Authorization', `Bearer ${token}`).expect(403);
    await db.user.update({ where: { email: DEMO.staff }, data: { role: 'staff' } });
  });
});
