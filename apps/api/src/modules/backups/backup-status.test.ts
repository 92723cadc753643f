// What the admin dashboard and the metrics say of the backups, from real runs on the test database: none
// yet, one made, one made too long ago, a run that failed (BACKUP_DIR is a file), and made again; only
// admins read it, and /api/ready stays about readiness whatever the backups' state.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_STALE_AFTER_HOURS, type TBackupStatus } from '@beach/contracts';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { backupStatus } from './backup-status.js';
import { createBackup } from './index.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const work = mkdtempSync(join(tmpdir(), 'beach-backup-status-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const { app, config, db } = await useTestApp({ METRICS_TOKEN: TOKEN, STORAGE_DIR: join(work, 'storage'), BACKUP_DIR: join(work, 'backups') });
const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const HOUR_MS = 3_600_000;

let admin: string;
let staff: string;
beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
});

const status = async () => (await request(app).get('/api/admin/backups').set('Authorization', `Bearer ${admin}`).expect(200)).body as TBackupStatus;
const lastSuccessMetric = async () => {
  const families = parsePrometheusTextFormat((await request(app).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text);
  const metric = families.find((family) => family.name === 'backup_last_success_seconds')!.metrics[0] as { value: string };
  return Number(metric.value);
};

describe('GET /api/admin/backups and the metrics', () => {
  it('say stale before any backup, recent once one is made', async () => {
    expect(await status()).toEqual({ state: 'stale', last_success: null, last_failure: null });
    // Never: 0, so an alert on the time since the last backup fires as well.
    expect(await lastSuccessMetric()).toBe(0);

    const made = await createBackup(config, logger);
    const run = await db.backupRun.findFirstOrThrow({ where: { ok: true } });
    expect(await status()).toEqual({ state: 'recent', last_success: { finished_at: run.finishedAt.toISOString(), bytes: made.bytes, location: made.location }, last_failure: null });
    expect(await lastSuccessMetric()).toBe(run.finishedAt.getTime() / 1000);
  });

  it(`turn stale when the last backup made is more than ${BACKUP_STALE_AFTER_HOURS} hours old`, async () => {
    const { finishedAt } = await db.backupRun.findFirstOrThrow({ where: { ok: true } });
    const after = (hours: number, minutes: number) => new Date(finishedAt.getTime() + hours * HOUR_MS + minutes * 60_000);
    expect((await backupStatus(db, after(BACKUP_STALE_AFTER_HOURS - 1, 59))).state).toBe('recent');
    expect((await backupStatus(db, after(BACKUP_STALE_AFTER_HOURS, 1))).state).toBe('stale');
    expect((await backupStatus(db, after(BACKUP_STALE_AFTER_HOURS, 1))).last_success?.finished_at).toBe(finishedAt.toISOString());

    await db.backupRun.updateMany({ data: { finishedAt: new Date(Date.now() - (BACKUP_STALE_AFTER_HOURS + 1) * HOUR_MS) } });
    expect((await status()).state).toBe('stale');
  });

  it('say failed while the last run failed, with why, and the last backup made', async () => {
    const notAFolder = join(work, 'not-a-folder');
    writeFileSync(notAFolder, 'a file where the backups should go');
    await expect(createBackup({ ...config, BACKUP_DIR: notAFolder }, logger)).rejects.toThrow();
    const answer = await status();
    expect(answer.state).toBe('failed');
    expect(answer.last_failure?.error).toContain('not-a-folder');
    expect(answer.last_success).not.toBeNull();
    // Readiness is about serving requests: a failed backup does not take the API out of rotation.
    expect((await request(app).get('/api/ready').expect(200)).body).toEqual({ status: 'ready', database: 'ok', jobs: 'ok' });

    await createBackup(config, logger);
    expect((await status()).state).toBe('recent');
  });

  it('is for admins only', async () => {
    await request(app).get('/api/admin/backups').set('Authorization', `Bearer ${staff}`).expect(403);
    await request(app).get('/api/admin/backups').expect(401);
  });
});
