// The back-office's audit trail (docs/domain.md#audit-log). A use case names what it changed — the
// entity (its table), the row's id, the action, the row before and after — with `audit(tx, …)` inside
// the transaction that changes it, so the entry commits and rolls back with the change. Who asked, from
// where and through which route comes from the request's scope, opened by the route mounter around every
// back-office write (modules/audit-log/audit-trail.ts); outside one (a member's own write, a job) there
// is no operator to name and `audit` records nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Prisma } from '../generated/prisma/client.js';

/** The request an audited write runs in. */
export interface AuditScope {
  actorId: number;
  /** The contract's method and path, e.g. "POST /api/admin/bookings/:id/cancel". */
  route: string;
  /** The request's body, secrets removed; null when the route keeps values out of the log. */
  input: unknown;
  /** false for a route whose values must not be copied (an erasure). */
  keepsValues: boolean;
  requestId: string | null;
  ipAddress: string | null;
  /** Entries this request has written so far. */
  recorded: number;
}

export const auditScope = new AsyncLocalStorage<AuditScope>();

/** What a write changed, by its table. */
export type AuditEntity =
  | 'annual_account_mappings'
  | 'association'
  | 'automatic_match_rules'
  | 'bank_lines'
  | 'bank_statements'
  | 'booking_coupons'
  | 'booking_players'
  | 'bookings'
  | 'broadcasts'
  | 'bvu_members'
  | 'carnet_products'
  | 'carnets'
  | 'check_ins'
  | 'closed_years'
  | 'course_attendances'
  | 'court_closures'
  | 'court_setups'
  | 'course_sessions'
  | 'courses'
  | 'course_enrolments'
  | 'courts'
  | 'expenses'
  | 'incomes'
  | 'ledger_entries'
  | 'lesson_slots'
  | 'medical_certificates'
  | 'member_level_changes'
  | 'membership_coupons'
  | 'memberships'
  | 'price_lists'
  | 'rain_checks'
  | 'recurring_bookings'
  | 'settings'
  | 'setups'
  | 'till_counts'
  | 'transactions'
  | 'users'
  | 'tournaments'
  | 'tournament_entries'
  | 'tournament_matches';

/** What was done to it; the audit log screen names each (features/audit-log/entity-labels.ts). */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'cancel'
  | 'restore'
  | 'move'
  | 'mark-paid'
  | 'activate'
  | 'link-payment'
  | 'verify'
  | 'reject'
  | 'enable'
  | 'disable'
  | 'erase'
  | 'change-role'
  | 'import'
  | 'send'
  | 'copy'
  | 'check-in'
  | 'top-up'
  | 'adjust'
  | 'refund'
  | 'sell'
  | 'publish'
  | 'close'
  | 'reopen';

export interface AuditChange {
  entity: AuditEntity;
  /** The changed row's id; null for an entity without rows of its own (settings, a price list by year). */
  id: number | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
  /** The member the change concerns; by default the user itself, or the row's `user_id`. */
  subjectUserId?: number | null;
}

/** Never copied into the log: secrets, whatever the entity. */
const SECRET_KEYS = new Set(['password', 'password_confirmation', 'current_password', 'password_hash', 'passwordHash', 'calendar_token', 'calendarToken', 'token', 'access_token']);

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEYS.has(key)).map(([key, inner]) => [key, redactSecrets(inner)]));
}

const userIdIn = (row: unknown): number | null => {
  if (!row || typeof row !== 'object') return null;
  const { user_id: snake, userId: camel } = row as Record<string, unknown>;
  const id = snake ?? camel;
  return typeof id === 'number' ? id : null;
};

const toJson = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (redactSecrets(value) as Prisma.InputJsonValue));

/** Records `change` in the back-office write under way, inside `tx`, the transaction that makes it. */
export async function audit(tx: Prisma.TransactionClient, change: AuditChange): Promise<void> {
  await auditMany(tx, [change]);
}

/** Records several changes of one write as `audit` records each, in one statement. */
export async function auditMany(tx: Prisma.TransactionClient, changes: AuditChange[]): Promise<void> {
  const scope = auditScope.getStore();
  if (!scope || changes.length === 0) return;
  await tx.auditLog.createMany({
    data: changes.map((change) => ({
      actorId: scope.actorId,
      route: scope.route,
      action: change.action,
      entityType: change.entity,
      entityId: change.id,
      subjectUserId: change.subjectUserId !== undefined ? change.subjectUserId : change.entity === 'users' ? change.id : (userIdIn(change.after) ?? userIdIn(change.before)),
      input: scope.keepsValues ? toJson(scope.input) : Prisma.DbNull,
      beforeData: scope.keepsValues ? toJson(change.before) : Prisma.DbNull,
      afterData: scope.keepsValues ? toJson(change.after) : Prisma.DbNull,
      requestId: scope.requestId,
      ipAddress: scope.ipAddress,
    })),
  });
  scope.recorded += changes.length;
}

/** A row as the database holds it (snake_case columns), for the values before and after a change. */
export async function rowOf(tx: Prisma.TransactionClient, entity: AuditEntity, id: number): Promise<Record<string, unknown> | null> {
  const rows = await tx.$queryRaw<{ row: Record<string, unknown> }[]>`SELECT to_jsonb(t) AS row FROM ${Prisma.raw(`"${entity}"`)} t WHERE t.id = ${id}`;
  return rows[0]?.row ?? null;
}

/** Several rows of `entity` by id, as `rowOf` reads one. */
export async function rowsOf(tx: Prisma.TransactionClient, entity: AuditEntity, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ id: number; row: Record<string, unknown> }[]>`SELECT t.id, to_jsonb(t) AS row FROM ${Prisma.raw(`"${entity}"`)} t WHERE t.id = ANY(${ids}::int[])`;
  return new Map(rows.map(({ id, row }) => [id, row]));
}

/**
 * Runs `write` on one row of `entity` and records it, with the row read before and after. A creation
 * names no id: the one `write` returns is taken. Only for rows with an `id`; a write touching several
 * entities calls `audit` once per entity it names.
 */
export async function auditRow<T>(
  tx: Prisma.TransactionClient,
  change: Omit<AuditChange, 'id' | 'before' | 'after'> & { id?: number },
  write: () => Promise<T>,
): Promise<T> {
  // Outside a back-office write nothing is recorded: the rows need not be read either.
  if (!auditScope.getStore()) return write();
  const before = change.id === undefined ? null : await rowOf(tx, change.entity, change.id);
  const result = await write();
  const id = change.id ?? idIn(result);
  const after = id === null ? null : await rowOf(tx, change.entity, id);
  await audit(tx, { ...change, id, before, after });
  return result;
}

const idIn = (result: unknown): number | null =>
  result && typeof result === 'object' && typeof (result as Record<string, unknown>).id === 'number' ? (result as { id: number }).id : null;
