import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { CourtsService } from './courts.service.js';

export function registerCourtsRoutes(mount: MountRoute, courts: CourtsService) {
  mount(api.courts.list, () => courts.list());
}
