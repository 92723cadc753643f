import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { AdminSettingsService } from './admin-settings.service.js';

export function registerAdminSettingsRoutes(mount: MountRoute, settings: AdminSettingsService) {
  mount(api.adminPricing.settings, () => settings.read());
  mount(api.adminPricing.saveSettings, ({ body }) => settings.save(body));
}
