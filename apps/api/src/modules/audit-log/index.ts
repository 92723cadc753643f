// The audit-log module as the rest of the API sees it: only what is exported here may be imported from
// outside the module (eslint.config.js refuses the rest).
export { registerAuditLogRoutes } from './audit-log.router.js';
export { createAuditLogService } from './audit-log.service.js';
export { createAuditTrail } from './audit-trail.js';
