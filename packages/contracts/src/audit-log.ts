// The audit log of back-office writes (docs/domain.md#audit-log): who, when, what, and the values
// before and after.
import { ZIsoDate } from './auth.js';
import { defineRoute, zOptionalTextRowId } from './http.js';
import { defineMessages, validationMessages } from './messages.js';
import { pagedListOf, pageQuery } from './paging.js';
import * as z from './zod-i18n.js';

const auditLogMessages = defineMessages({
  user: /* i18n */ { id: 'audit_log.user', message: 'Utente non valido.' },
  actor: /* i18n */ { id: 'audit_log.actor', message: 'Operatore non valido.' },
});

export const AUDIT_LOG_PER_PAGE = 20;

const optionalDate = z.preprocess((value) => (value === '' ? undefined : value), ZIsoDate.optional());

export const ZAuditLogQuery = pageQuery(AUDIT_LOG_PER_PAGE)
  .extend({
    /** The member the writes concern. */
    user_id: zOptionalTextRowId(auditLogMessages.user),
    membership_id: zOptionalTextRowId(validationMessages.membership),
    booking_id: zOptionalTextRowId(validationMessages.booking),
    /** The staff member or admin who wrote. */
    actor_id: zOptionalTextRowId(auditLogMessages.actor),
    /** Days in Rome time, both included. */
    date_from: optionalDate,
    date_to: optionalDate,
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
  ...z.because(validationMessages.dateToBeforeDateFrom),
    path: ['date_to'],
  });
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

/** name is null when the account no longer exists. */
const ZPersonRef = z.object({ id: z.number().int(), name: z.string().nullable() });

export const ZAuditEntry = z.object({
  id: z.number().int(),
  created_at: z.iso.datetime(),
  actor: ZPersonRef,
  /** What was done to the entity, e.g. "cancel", "update". */
  action: z.string(),
  /** The changed entity's table, e.g. "bookings", "ledger_entries". */
  entity_type: z.string(),
  /** The route the operator called: method and contract path, e.g. "PUT /api/admin/users/:id/role". */
  route: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  subject_user: ZPersonRef.nullable(),
  input: z.unknown().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
  ip_address: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const auditLogRoutes = {
  list: defineRoute({
    method: 'get', path: '/api/admin/audit-log', tag: 'audit-log', access: 'admin',
    summary: 'Registro delle modifiche del back-office, filtrabile per utente, tessera, prenotazione, operatore e date',
    query: ZAuditLogQuery, response: pagedListOf(ZAuditEntry),
  }),
};
