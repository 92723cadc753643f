// The settings module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAdminSettingsRoutes } from './admin-settings.router.js';
export { createAdminSettingsService } from './admin-settings.service.js';
export { readSettings, saveSettings } from './settings.service.js';
