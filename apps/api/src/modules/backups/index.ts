// The backups module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { createBackup } from './create-backup.js';
export { restoreBackup } from './restore-backup.js';
export { checkBackup } from './restore-drill.js';
export type { DrillReport } from './restore-drill.js';
export { registerBackupsRoutes } from './backups.router.js';
