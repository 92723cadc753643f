import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';

const startedAt = Date.now();

export function registerHealthRoutes(mount: MountRoute, { db, config }: AppDeps) {
  mount(api.health.get, async (_input, { res }) => {
    const database = await db.$queryRaw`SELECT 1`.then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    if (database !== 'ok') res.status(503);
    return {
      status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
      database,
      version: config.npm_package_version,
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    };
  });
}
