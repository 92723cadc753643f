// What the admin dashboard says of the backups (docs/domain.md#backups): the last backup made and the
// last run's failure, from backup_runs; stale once the last one made is older than
// BACKUP_STALE_AFTER_HOURS (or none was ever made), failed while the last run failed.
import { BACKUP_STALE_AFTER_HOURS, type TBackupStatus } from '@beach/contracts';
import type { Db } from '../../lib/db.js';

const HOUR_MS = 60 * 60 * 1000;

export async function backupStatus(db: Db, now = new Date()): Promise<TBackupStatus> {
  const [lastRun, lastSuccess] = await Promise.all([
    db.backupRun.findFirst({ orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }] }),
    db.backupRun.findFirst({ where: { ok: true }, orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }] }),
  ]);
  const failed = lastRun !== null && !lastRun.ok;
  const stale = !lastSuccess || now.getTime() - lastSuccess.finishedAt.getTime() > BACKUP_STALE_AFTER_HOURS * HOUR_MS;
  return {
    state: failed ? 'failed' : stale ? 'stale' : 'recent',
    last_success: lastSuccess && { finished_at: lastSuccess.finishedAt.toISOString(), bytes: Number(lastSuccess.bytes), location: lastSuccess.location },
    last_failure: failed ? { finished_at: lastRun.finishedAt.toISOString(), error: lastRun.error ?? '' } : null,
  };
}
