// Reading the audit log (docs/domain.md#audit-log): newest first, by member, card, booking, staff
// member and Rome days.
import { type api, type QueryOf, type TAuditEntry } from '@beach/contracts';
import type { AppDeps } from '../../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { pagedList, skipTake } from '../../lib/paging.js';
import { instantInRome } from '../../lib/time.js';

type AuditLogQuery = QueryOf<typeof api.auditLog.list>;

function whereOf(query: AuditLogQuery): Prisma.AuditLogWhereInput {
  const createdAt: Prisma.DateTimeFilter = {};
  if (query.date_from) createdAt.gte = instantInRome(query.date_from, '00:00');
  if (query.date_to) createdAt.lt = instantInRome(query.date_to, '24:00');
  return {
    ...(query.user_id ? { OR: [{ subjectUserId: query.user_id }, { entityType: 'users', entityId: query.user_id }] } : {}),
    AND: [
      ...(query.membership_id ? [{ entityType: 'memberships', entityId: query.membership_id }] : []),
      ...(query.booking_id ? [{ entityType: 'bookings', entityId: query.booking_id }] : []),
    ],
    ...(query.actor_id ? { actorId: query.actor_id } : {}),
    ...(query.date_from || query.date_to ? { createdAt } : {}),
  };
}

export function createAuditLogService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(query: AuditLogQuery) {
      const where = whereOf(query);
      const [rows, total] = await Promise.all([
        db.auditLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake(query) }),
        db.auditLog.count({ where }),
      ]);
      const userIds = [...new Set(rows.flatMap((row) => [row.actorId, ...(row.subjectUserId ? [row.subjectUserId] : [])]))];
      const users = await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true } });
      const nameOf = (id: number) => {
        const user = users.find((candidate) => candidate.id === id);
        return user ? `${user.firstName} ${user.lastName}` : null;
      };
      const data: TAuditEntry[] = rows.map((row) => ({
        id: Number(row.id),
        created_at: row.createdAt.toISOString(),
        actor: { id: row.actorId, name: nameOf(row.actorId) },
        action: row.action,
        route: row.route,
        entity_type: row.entityType,
        entity_id: row.entityId,
        subject_user: row.subjectUserId ? { id: row.subjectUserId, name: nameOf(row.subjectUserId) } : null,
        input: row.input,
        before: row.beforeData,
        after: row.afterData,
        request_id: row.requestId,
        ip_address: row.ipAddress,
      }));
      return pagedList(data, total, query);
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
