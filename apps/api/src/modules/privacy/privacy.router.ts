import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import { authOf } from '../auth/index.js';
import type { PrivacyService } from './privacy.service.js';

export function registerPrivacyRoutes(mount: MountRoute, privacy: PrivacyService) {
  mount(api.privacy.exportMyData, (_input, { req }) => privacy.exportData(authOf(req).user));
  mount(api.privacy.requestErasure, ({ body }, { req }) => privacy.requestErasure(authOf(req).user, body.password));
}
