// Opens the audit scope (lib/audit.ts) around every back-office write, from the route mounter
// (lib/http.ts): who asks, through which route, with what input. The use case itself names what it
// changed with `audit(tx, …)` in its own transaction. A write that succeeds without naming anything is a
// defect: tests fail on it; in production its route and operator are still recorded, and the gap logged.
import type { AppDeps } from '../../deps.js';
import { auditScope, redactSecrets, type AuditScope } from '../../lib/audit.js';
import { Prisma } from '../../lib/db.js';
import type { AuditTrail } from '../../lib/http.js';
import { authOf } from '../auth/index.js';

/** "/api/admin/users/:id/role" → "users"; other areas by their first segment after /api. */
const resourceOf = (path: string) => {
  const segments = path.split('/').filter(Boolean);
  return (segments[1] === 'admin' ? segments[2] : segments[1]) ?? 'unknown';
};

export function createAuditTrail({ db, logger, config }: Pick<AppDeps, 'db' | 'logger' | 'config'>): AuditTrail {
  return {
    async begin({ definition, req, input }) {
      const keepsValues = definition.audit !== 'without-values';
      const scope: AuditScope = {
        actorId: authOf(req).user.id,
        route: `${definition.method.toUpperCase()} ${definition.path}`,
        input: keepsValues ? (redactSecrets(input.body) ?? null) : null,
        keepsValues,
        requestId: req.id === undefined ? null : String(req.id),
        ipAddress: req.ip ?? null,
        recorded: 0,
      };
      return {
        during: (work) => auditScope.run(scope, work),
        async finish() {
          if (scope.recorded > 0) return;
          if (config.NODE_ENV === 'test') throw new Error(`audit: ${scope.route} succeeded without naming what it changed (audit(tx, …))`);
          logger.error({ route: scope.route, actorId: scope.actorId }, 'audit log: a back-office write named nothing it changed');
          const entityId = Object.values(input.params ?? {}).find((value): value is number => typeof value === 'number') ?? null;
          await db.auditLog
            .create({
              data: {
                actorId: scope.actorId, route: scope.route, action: 'update', entityType: resourceOf(definition.path), entityId,
                input: scope.input === null ? Prisma.DbNull : (scope.input as Prisma.InputJsonValue), requestId: scope.requestId, ipAddress: scope.ipAddress,
              },
            })
            .catch((error: unknown) => logger.error({ err: error, route: scope.route }, 'audit log: could not record a back-office write'));
        },
      };
    },
  };
}
