// The backups on the admin dashboard in Chromium, at 1280 and 390 px, in their three states, each brought
// about by the nightly job itself: a backup just made (recent: when, size, folder); the same backup once
// it is more than 26 hours old (its time moved back: stale); a run that fails because BACKUP_DIR is a
// file (failed, with the reason, and the last backup made still shown).
import { rmSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const HOUR_MS = 3_600_000;
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
const inRome = (at: Date) =>
  `${new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at)} alle ${new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)}`;

/** The nightly job, now. */
async function runNightlyBackup() {
  await ctx.stack.jobs.send('backup-daily', {});
  await ctx.stack.jobs.waitUntilIdle(60_000);
}

/** The card at both widths, after the page is loaded again and shows `text`. */
async function seen(page: Page, card: Locator, text: string, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await card.getByText(text, { exact: true }).waitFor();
  await screenshot(card, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(card, `${name}-390`);
  return plain(await card.textContent());
}

describe('the backups on the admin dashboard', () => {
  it('show the last backup recent, stale after 26 hours, and a failed run with its reason', async () => {
    const { stack } = ctx;
    await runNightlyBackup();
    const made = await stack.db.backupRun.findFirstOrThrow({ where: { ok: true } });
    const page = await openSignedIn(ctx.browser, stack.webUrl, { email: 'admin@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' });
    const card = page.getByRole('region', { name: 'Backup' });

    const recent = await seen(page, card, `Ultimo backup il ${inRome(made.finishedAt)}.`, 'admin-dashboard-backup-recent');
    expect(recent).toContain(`Cartella${made.location}`);
    expect(made.location.startsWith(`${stack.backupDir}/beach-`)).toBe(true);
    expect(recent).toMatch(/Dimensione\d+ KB/);

    const longAgo = new Date(Date.now() - 30 * HOUR_MS);
    await stack.db.backupRun.update({ where: { id: made.id }, data: { finishedAt: longAgo } });
    const stale = await seen(page, card, `L’ultimo backup è del ${inRome(longAgo)}, più di 26 ore fa.`, 'admin-dashboard-backup-stale');
    expect(stale).toContain('Il backup si fa ogni notte alle 3:30');
    expect(stale).toContain(made.location);

    rmSync(stack.backupDir, { recursive: true });
    writeFileSync(stack.backupDir, 'a file where the backups should go');
    await runNightlyBackup();
    const failure = await stack.db.backupRun.findFirstOrThrow({ where: { ok: false } });
    const failed = await seen(page, card, `L’ultimo backup, il ${inRome(failure.finishedAt)}, non è riuscito.`, 'admin-dashboard-backup-failed');
    expect(failed).toContain(`Motivo: ${failure.error}`);
    expect(failure.error).toContain(stack.backupDir);
    expect(failed).toContain(`L’ultimo riuscito è del ${inRome(longAgo)}.`);
    await page.close();
  });
});
