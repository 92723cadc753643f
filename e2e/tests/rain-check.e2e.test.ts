// The rain check in Chromium: staff open "Annulla per pioggia" on the planner's day, narrow the range,
// read the preview (count, total, what happens to each payment), confirm, follow the progress to the end
// and see the planner without the cancelled bookings, the evening booking outside the range still there.
// On today's planner the range starts at the next slot, and the dialog closes with "Chiudi" beside
// "Annulla N prenotazioni". The member then reads on /le-mie-prenotazioni that the weather cancelled it
// and where the money went; a hold of theirs that lapsed is no longer among the coming ones.
// Screenshots of the dialog, the progress and the member's list at 1280 and 390 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { creditBalance, creditEntriesOn, postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
/** Today in Rome, read when a test needs it: a file loaded before midnight runs its tests on the next day. */
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
/** The rain check's day, ahead of today even when a midnight passes between the file's load and its tests. */
const day = new Date(Date.parse(`${romeToday()}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
/** A Rome wall-clock time of `date` as an instant. */
const rome = (date: string, time: string) => {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(guess)) - guess.getUTCHours();
  return new Date(guess.getTime() - ((offset + 24) % 24) * 3_600_000);
};

async function shootBoth(page: Page, name: string) {
  expect(await accessibilityViolations(page, 'dialog')).toEqual([]);
  await screenshot(page, `${name}-1280`, { fullPage: false });
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(page, `${name}-390`, { fullPage: false });
  await page.setViewportSize(DESKTOP);
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = ctx.stack;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  const court = async (code: string) => (await db.court.findUniqueOrThrow({ where: { code } })).id;
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const book = (code: number, customer: { userId?: number; customerName?: string }, start: string, end: string, status: 'confirmed' | 'pending_payment' = 'confirmed') =>
    db.booking.create({ data: { courtId: code, ...customer, startsAt: rome(day, start), endsAt: rome(day, end), status, priceCents: 2000, holdExpiresAt: null } });
  const online = await book(await court('C1'), { userId: member.id }, '09:00', '10:30');
  await db.transaction.create({ data: { kind: 'booking', type: 'payment', bookingId: online.id, userId: member.id, amountCents: 2000, method: 'stripe', status: 'completed', paidAt: new Date() } });
  const walkIn = await book(await court('C2'), { customerName: 'Piero Bagnato' }, '10:30', '12:00');
  await db.transaction.create({ data: { kind: 'booking', type: 'payment', bookingId: walkIn.id, amountCents: 2000, method: 'cash', status: 'completed', paidAt: new Date() } });
  const unpaid = await book(await court('C3'), { customerName: 'Lia Senzaombrello' }, '12:00', '13:30');
  const evening = await book(await court('C4'), { customerName: 'Nino Serale' }, '19:30', '21:00');
  Object.assign(ids, { online: online.id, walkIn: walkIn.id, unpaid: unpaid.id, evening: evening.id, member: member.id });
  // Their books: what each booking owes and what its payment settled (the rain check returns what was paid).
  await postHistory(db);
});

describe('rain check from the planner', () => {
  it('previews, runs with live progress and leaves the planner without the cancelled bookings', async () => {
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: `/admin/prenotazioni?data=${day}`, heading: 'Prenotazioni' });
    await page.getByRole('button', { name: /^Campo C2, Piero Bagnato 10:30–12:00/ }).waitFor();
    await page.getByRole('button', { name: 'Annulla per pioggia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annulla per pioggia' });
    // Staff return to credit only: no choice of card or cash.
    expect(await dialog.getByLabel('Pagamenti restituiti').count()).toBe(0);
    await dialog.getByLabel('Alle', { exact: true }).selectOption('19:30');
    await dialog.getByText('3 prenotazioni · 40,00 € da restituire').waitFor();
    await dialog.getByText('Online 20,00 € → Restituito sul credito').waitFor();
    await dialog.getByText('In cassa 20,00 € → Restituito in cassa').waitFor();
    await dialog.getByText('Non pagata → Solo annullata (non pagata)').waitFor();
    // Without row C the preview shrinks at once; ticked again, it comes back.
    await dialog.getByLabel('Fila C').uncheck();
    await dialog.getByText('Nessuna prenotazione in quell’intervallo: i campi vengono solo chiusi.').waitFor();
    await dialog.getByLabel('Fila C').check();
    await dialog.getByText('3 prenotazioni · 40,00 € da restituire').waitFor();
    await dialog.getByLabel('Motivo').fill('Temporale');
    await shootBoth(page, 'rain-check-preview');

    await dialog.getByRole('button', { name: 'Annulla 3 prenotazioni' }).click();
    await dialog.getByText('Annullamento completato: 3 prenotazioni annullate, 40,00 € restituiti.', { exact: false }).waitFor({ timeout: 30_000 });
    await dialog.getByText('Completato: 3 di 3 prenotazioni annullate').waitFor();
    await shootBoth(page, 'rain-check-progress');
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).last().click();

    // The planner shows the day without them; the evening outside the range stays.
    await page.getByRole('button', { name: /^Campo C2, Piero Bagnato/ }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Campo C1, / }).count()).toBe(0);
    await page.getByRole('button', { name: /^Campo C4, Nino Serale 19:30–21:00/ }).waitFor();
    await screenshot(page, 'rain-check-planner-1280', { fullPage: false });

    const rows = await ctx.stack.db.booking.findMany({ where: { id: { in: [ids.online!, ids.walkIn!, ids.unpaid!, ids.evening!] } }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.id, row.status, row.cancellationReason])).toEqual([
      [ids.online, 'cancelled', 'Temporale'],
      [ids.walkIn, 'cancelled', 'Temporale'],
      [ids.unpaid, 'cancelled', 'Temporale'],
      [ids.evening, 'confirmed', null],
    ]);
    // The online payment went to the member's credit, once.
    expect(await creditEntriesOn(ctx.stack.db, ids.member!, ids.online!)).toEqual([{ kind: 'rain_credit', cents: 2000 }]);
    expect(await creditBalance(ctx.stack.db, ids.member!)).toBe(2000);
  });

  it('today: the range starts at the next slot, the one under way can still be chosen; "Chiudi" closes the dialog', async () => {
    // Today as the API will read it when the planner loads (the dialog's "today" is the planner's, from the API).
    const { db } = ctx.stack;
    const today = romeToday();
    const court = (await db.court.findUniqueOrThrow({ where: { code: 'C5' } })).id;
    await db.booking.create({ data: { courtId: court, customerName: 'Rita Temporale', startsAt: rome(today, '16:30'), endsAt: rome(today, '18:00'), status: 'confirmed', priceCents: 2000, holdExpiresAt: null } });
    await postHistory(db);
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'staff@demo.beach', path: `/admin/prenotazioni?data=${today}`, heading: 'Prenotazioni' });
    // 14:10 in Rome: the 13:30 slot is under way, the next one starts at 15:00.
    await page.clock.setFixedTime(rome(today, '14:10'));
    await page.getByRole('button', { name: /^Campo C5, Rita Temporale 16:30–18:00/ }).waitFor();
    await page.getByRole('button', { name: 'Annulla per pioggia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annulla per pioggia' });
    const from = dialog.getByLabel('Dalle', { exact: true });
    expect(await from.inputValue()).toBe('15:00');
    expect(await from.locator('option').allTextContents()).toEqual(['13:30', '15:00', '16:30', '18:00', '19:30', '21:00', '22:30']);
    expect(await dialog.getByLabel('Alle', { exact: true }).inputValue()).toBe('24:00');
    await dialog.getByText('1 prenotazione · 0,00 € da restituire').waitFor();
    // The footer: one button cancels bookings, the other only closes the dialog.
    await dialog.getByRole('button', { name: 'Annulla 1 prenotazione' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Annulla', exact: true }).count()).toBe(0);
    await shootBoth(page, 'rain-check-today');
    await dialog.getByRole('button', { name: 'Chiudi', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('tells the member on their bookings that the weather cancelled it and where the money went; a lapsed hold leaves Prossime', async () => {
    const { db } = ctx.stack;
    const court = (await db.court.findUniqueOrThrow({ where: { code: 'C5' } })).id;
    const lapsed = await db.booking.create({
      data: { courtId: court, userId: ids.member!, startsAt: rome(day, '16:30'), endsAt: rome(day, '18:00'), status: 'pending_payment', priceCents: 2000, holdExpiresAt: new Date(Date.now() - 60_000) },
    });
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'utente@demo.beach', path: '/le-mie-prenotazioni', heading: 'Le mie prenotazioni' });
    try {
      const upcoming = page.getByRole('region', { name: 'Prossime' });
      const rained = upcoming.getByRole('listitem').filter({ hasText: 'Annullata per pioggia' });
      await expect.poll(async () => (await rained.textContent())?.replace(/\s+/g, ' ')).toMatch(/Annullata dal centro per maltempo\. 20,00 € sono tornati sul tuo credito/);
      // The lapsed hold is with the past ones, not coming up.
      expect(await upcoming.getByText('16:30–18:00').count()).toBe(0);
      await page.getByRole('region', { name: 'Passate' }).getByRole('listitem').filter({ hasText: '16:30–18:00' }).getByText('Scaduta').waitFor();
      expect(await accessibilityViolations(page, 'main')).toEqual([]);
      await screenshot(page, 'rain-check-my-bookings-1280');
      await screenshotAtPhoneWidth(page, 'rain-check-my-bookings');
    } finally {
      await page.close();
      await db.booking.delete({ where: { id: lapsed.id } });
    }
  });
});
