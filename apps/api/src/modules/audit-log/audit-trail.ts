// Records every successful back-office write in audit_log, from the route mounter (lib/http.ts), so no
// handler has to remember to. The entry is written inside the write's own transaction, just before it
// commits (lib/db.ts beforeCommit), so a change is never kept without its entry; a write made without
// a transaction is recorded after it. One entry per write: a second transaction of the same request
// brings it up to date. The values before and after are the changed row as the database holds it, read
// by the contract path's resource; where the resource has no row (settings, price lists) the answer
// sent to the client stands for "after".
import type { AppDeps } from '../../deps.js';
import { beforeCommit, type Db, Prisma } from '../../lib/db.js';
import type { AuditedWrite, AuditTrail } from '../../lib/http.js';
import { authOf } from '../auth/index.js';

/** The table behind each back-office resource (the path segment after /api/admin/). */
const TABLE_OF_RESOURCE: Record<string, string> = {
  users: 'users',
  memberships: 'memberships',
  bookings: 'bookings',
  'recurring-bookings': 'recurring_bookings',
  coupons: 'membership_coupons',
  'booking-coupons': 'booking_coupons',
  'carnet-products': 'carnet_products',
  'bvu-members': 'bvu_members',
  courts: 'courts',
  'court-closures': 'court_closures',
  setups: 'setups',
  'court-setups': 'court_setups',
  expenses: 'expenses',
  incomes: 'incomes',
  transactions: 'transactions',
  'check-ins': 'check_ins',
  certificates: 'medical_certificates',
  'rain-checks': 'rain_checks',
};

/** Never copied into the log: secrets, whatever the route. */
const SECRET_KEYS = new Set(['password', 'password_confirmation', 'current_password', 'password_hash', 'calendar_token', 'token', 'access_token']);

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEYS.has(key)).map(([key, inner]) => [key, redactSecrets(inner)]));
}

/** "/api/admin/users/:id/role" → "users"; other areas by their first segment after /api. */
export const resourceOf = (path: string) => {
  const segments = path.split('/').filter(Boolean);
  return (segments[1] === 'admin' ? segments[2] : segments[1]) ?? 'unknown';
};

/** The id of the written row: the path's numeric parameter, or for a creation the id in the answer. */
function entityIdOf(write: AuditedWrite, response: unknown): number | null {
  const params = (write.input.params ?? {}) as Record<string, unknown>;
  const fromPath = Object.values(params).find((value): value is number => typeof value === 'number');
  if (fromPath !== undefined) return fromPath;
  if (!response || typeof response !== 'object') return null;
  const answer = response as Record<string, unknown>;
  if (typeof answer.id === 'number') return answer.id;
  for (const inner of Object.values(answer)) {
    if (inner && typeof inner === 'object' && typeof (inner as Record<string, unknown>).id === 'number') return (inner as { id: number }).id;
  }
  return null;
}

const userIdIn = (row: unknown) => (row && typeof row === 'object' && typeof (row as Record<string, unknown>).user_id === 'number' ? (row as { user_id: number }).user_id : null);

type Client = Db | Prisma.TransactionClient;

export function createAuditTrail({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): AuditTrail {
  const readRow = async (client: Client, resource: string, id: number | null): Promise<unknown> => {
    const table = TABLE_OF_RESOURCE[resource];
    if (!table || id === null) return null;
    const rows = await client.$queryRaw<{ row: unknown }[]>`SELECT to_jsonb(t) AS row FROM ${Prisma.raw(`"${table}"`)} t WHERE t.id = ${id}`;
    return redactSecrets(rows[0]?.row ?? null);
  };
  const keepsValues = (write: AuditedWrite) => write.definition.audit !== 'without-values';

  /** The entry's values, read through `client` (the write's transaction, when there is one). */
  async function entryOf(client: Client, write: AuditedWrite, before: unknown, response: unknown) {
    const { definition, req } = write;
    const resource = resourceOf(definition.path);
    const entityId = entityIdOf(write, response);
    const row = keepsValues(write) ? await readRow(client, resource, entityId) : null;
    const after = keepsValues(write) ? (row ?? (TABLE_OF_RESOURCE[resource] ? null : redactSecrets(response))) : null;
    return {
      entityId,
      subjectUserId: resource === 'users' ? entityId : (userIdIn(after) ?? userIdIn(before)),
      afterData: toJson(after),
      common: {
        actorId: authOf(req).user.id,
        action: `${definition.method.toUpperCase()} ${definition.path}`,
        entityType: resource,
        input: keepsValues(write) ? toJson(redactSecrets(write.input.body)) : Prisma.DbNull,
        beforeData: toJson(before),
        requestId: req.id === undefined ? null : String(req.id),
        ipAddress: req.ip ?? null,
      },
    };
  }

  return {
    async begin(write) {
      let before: unknown = null;
      if (keepsValues(write)) {
        try {
          before = await readRow(db, resourceOf(write.definition.path), entityIdOf(write, null));
        } catch (error) {
          logger.error({ err: error, action: write.definition.path }, 'audit log: could not read the values before the write');
        }
      }
      /** The entry once written by a transaction of this write, and whether it lacks what only the answer tells. */
      let recorded: { id: bigint; incomplete: boolean } | null = null;

      // Work the request leaves behind (a job it woke up) keeps its async scope: only the request's own
      // transactions, while it is under way, record the write.
      let underWay = true;
      // Inside the write's transaction: a failure here rolls the change back with it.
      const recordIn = async (tx: Prisma.TransactionClient, result: unknown) => {
        if (!underWay) return;
        // What the transaction returned only tells the written row's id; for a resource with no row the
        // answer (known at `finish`) stands for "after".
        // Only a row returned as such (a top-level id) names it: from anything else the id waits for the answer.
        const resource = resourceOf(write.definition.path);
        const row = TABLE_OF_RESOURCE[resource] && result && typeof result === 'object' && typeof (result as Record<string, unknown>).id === 'number' ? result : null;
        const { common, ...values } = await entryOf(tx, write, before, row);
        const incomplete = values.entityId === null || !TABLE_OF_RESOURCE[common.entityType];
        const entry = recorded ? await tx.auditLog.update({ where: { id: recorded.id }, data: values }) : await tx.auditLog.create({ data: { ...common, ...values } });
        recorded = { id: entry.id, incomplete };
      };

      return {
        during: (work) =>
          beforeCommit.run(recordIn, work).finally(() => {
            underWay = false;
          }),
        async finish(response) {
          const entry = recorded as { id: bigint; incomplete: boolean } | null;
          if (entry && !entry.incomplete) return;
          try {
            const { common, ...values } = await entryOf(db, write, before, response);
            if (entry) await db.auditLog.update({ where: { id: entry.id }, data: values });
            else await db.auditLog.create({ data: { ...common, ...values } });
          } catch (error) {
            // The write itself succeeded: the client gets its answer, the gap in the log is reported.
            logger.error({ err: error, action: write.definition.path, actorId: write.req.auth?.user.id }, 'audit log: could not record a back-office write');
          }
        },
      };
    },
  };
}

const toJson = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));
