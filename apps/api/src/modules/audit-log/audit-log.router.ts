import { api } from '@beach/contracts';
import type { MountRoute } from '../../lib/http.js';
import type { AuditLogService } from './audit-log.service.js';

export function registerAuditLogRoutes(mount: MountRoute, auditLog: AuditLogService) {
  mount(api.auditLog.list, ({ query }) => auditLog.list(query));
}
