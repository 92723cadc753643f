// Backups (docs/domain.md#backups): the admin dashboard shows the last backup made (when, its size, the
// folder it is in) and warns when the last run failed or the last backup made is older than
// BACKUP_STALE_AFTER_HOURS (a nightly job: one missed night is already late).
import { defineRoute } from './http.js';
import * as z from './zod-i18n.js';

export const BACKUP_STALE_AFTER_HOURS = 26;
/** recent: made within the hours above, and the last run did not fail; stale: none made within them (or ever); failed: the last run failed. */
export const BACKUP_STATES = ['recent', 'stale', 'failed'] as const;

export const ZBackupStatus = z.object({
  state: z.enum(BACKUP_STATES),
  /** The last backup made; null when none has been. */
  last_success: z
    .object({
      finished_at: z.iso.datetime(),
      bytes: z.number().int(),
      /** The backup's folder on the server that made it. */
      location: z.string(),
    })
    .nullable(),
  /** The last run, when it failed: when, and why. */
  last_failure: z.object({ finished_at: z.iso.datetime(), error: z.string() }).nullable(),
});
export type TBackupStatus = z.infer<typeof ZBackupStatus>;

export const backupsRoutes = {
  status: defineRoute({
    method: 'get', path: '/api/admin/backups', tag: 'backups', access: 'admin',
    summary: 'L’ultimo backup fatto (quando, dimensione, cartella) e se è recente, vecchio di più di 26 ore o se l’ultimo tentativo non è riuscito',
    response: ZBackupStatus,
  }),
};
