import { api } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { MountRoute } from '../../lib/http.js';
import { bookingSettings, saveBookingSettings } from './admin-settings.service.js';

export function registerAdminSettingsRoutes(mount: MountRoute, { db }: AppDeps) {
  mount(api.adminPricing.settings, () => bookingSettings(db));
  mount(api.adminPricing.saveSettings, ({ body }) => saveBookingSettings(db, body));
}
