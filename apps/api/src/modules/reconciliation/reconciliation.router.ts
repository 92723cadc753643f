import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { ReconciliationService } from './reconciliation.service.js';

export function registerReconciliationRoutes(mount: MountRoute, reconciliation: ReconciliationService) {
  mount(api.reconciliation.run, () => reconciliation.run());
  mount(api.reconciliation.last, () => reconciliation.last());
}
