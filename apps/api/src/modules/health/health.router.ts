import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import type { MountRoute } from '../../lib/http.js';
import { bearerMatches } from '../../lib/metrics.js';

const startedAt = Date.now();

export function registerHealthRoutes(mount: MountRoute, { db, config, jobs, metrics }: AppDeps) {
  const databaseState = () =>
    db.$queryRaw`SELECT 1`.then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );

  mount(api.health.get, async (_input, { res }) => {
    const database = await databaseState();
    if (database !== 'ok') res.status(503);
    return {
      status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
      database,
      version: config.npm_package_version,
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    };
  });

  // Readiness for load balancers and compose: a process whose database or job queue cannot be reached
  // answers 503 and is taken out of rotation until both answer again.
  mount(api.health.ready, async (_input, { res }) => {
    const [database, queue] = await Promise.all([databaseState(), jobs.reachable()]);
    const jobsState = queue ? ('ok' as const) : ('unreachable' as const);
    const ready = database === 'ok' && queue;
    if (!ready) res.status(503);
    return { status: ready ? ('ready' as const) : ('not_ready' as const), database, jobs: jobsState };
  });

  // Without a token the endpoint does not exist; with one, only a scraper presenting it reads it.
  mount(api.health.metrics, async (_input, { req, res }) => {
    const token = config.METRICS_TOKEN;
    if (!token) throw notFound();
    if (!bearerMatches(req.headers.authorization, token)) throw unauthorized();
    const body = await metrics.registry.metrics();
    res.type(metrics.registry.contentType).set('Cache-Control', 'no-store').send(body);
  });
}
