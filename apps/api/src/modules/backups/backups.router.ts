import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { backupStatus } from './backup-status.js';

export function registerBackupsRoutes(mount: MountRoute, { db }: Pick<AppDeps, 'db'>) {
  mount(api.backups.status, () => backupStatus(db));
}
