// The backups module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { checkBackup, createBackup, restoreBackup } from './backups.js';
export type { DrillReport } from './backups.js';
export { registerBackupsRoutes } from './backups.router.js';
