import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { listCourts } from './courts.service.js';

export function registerCourtsRoutes(mount: MountRoute, { db }: AppDeps) {
  mount(api.courts.list, async () => ({ data: await listCourts(db) }));
}
