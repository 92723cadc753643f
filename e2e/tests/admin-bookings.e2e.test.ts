// The front desk's booking back-office in Chromium. As staff: book a walk-in paid in cash from the
// planner, see a member who checked in marked "presente" with the whole name, try to move a booking onto
// a taken slot (the 409 message), move it, cancel it with a refund and restore it from the cancelled bookings. As admin: a weekly series with one conflict (skipped and
// listed), and a court closed for a day blocking both the planner and the member's grid.
// Screenshots at 1280 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const today = romeToday();
const plusDays = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const day = plusDays(1);
const italian = (date: string) => date.split('-').reverse().join('/');
/** A Rome wall-clock time of `date` as an instant (the test days are far from a DST change, so +01:00 or +02:00 is read from the zone). */
const rome = (date: string, time: string) => {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).format(guess)) - guess.getUTCHours();
  return new Date(guess.getTime() - ((offset + 24) % 24) * 3_600_000);
};

const signIn = (browser: Browser, email: string, path: string, heading: string) => openSignedIn(browser, ctx.stack.webUrl, { email, path, heading });

async function shoot(page: Page, name: string) {
  expect(await accessibilityViolations(page, 'main')).toEqual([]);
  await screenshot(page, `${name}-1280`, { fullPage: false });
  await page.setViewportSize(PHONE);
  // The planner scrolls inside its box; the page itself never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(page, `${name}-390`, { fullPage: false });
  await page.setViewportSize(DESKTOP);
}

const notice = (page: Page, text: string | RegExp) => page.getByRole('region', { name: 'Messaggi' }).getByText(text).waitFor();

beforeAll(async () => {
  // The whole year is season, so the test does not depend on today's date.
  await ctx.stack.db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
});

describe('booking back-office as staff', () => {
  let page: Page;

  it('books a walk-in paid in cash from the planner', async () => {
    const c2 = await ctx.stack.db.court.findUniqueOrThrow({ where: { code: 'C2' } });
    await ctx.stack.db.booking.create({ data: { courtId: c2.id, customerName: 'Gino Occupante', startsAt: rome(day, '13:30'), endsAt: rome(day, '15:00'), status: 'confirmed', priceCents: 2000 } });
    await postHistory(ctx.stack.db);
    page = await signIn(ctx.browser, 'staff@demo.beach', `/admin/prenotazioni?data=${day}`, 'Prenotazioni');
    await page.getByRole('button', { name: 'Prenota Campo C1 alle 10:30' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Prezzo di listino: 20,00 €').waitFor();
    await dialog.getByLabel(/^Nome e cognome/).fill('Walter Passante');
    await dialog.getByLabel('Telefono').fill('333 1112222');
    await dialog.getByLabel('Metodo').selectOption({ label: 'Contanti' });
    await screenshot(page, 'admin-bookings-desk-booking-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Prenota', exact: true }).click();
    await notice(page, 'Prenotazione registrata e pagata.');
    await page.getByRole('button', { name: /^Campo C1, Walter Passante 10:30–12:00 · Pagata/ }).waitFor();
    await shoot(page, 'admin-bookings-planner');
  });

  it('marks a member who checked in "presente" and still shows the whole name, at 1280 and 390', async () => {
    const { db } = ctx.stack;
    const [c3, member, staff] = await Promise.all([
      db.court.findUniqueOrThrow({ where: { code: 'C3' } }),
      db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } }),
      db.user.findUniqueOrThrow({ where: { email: 'staff@demo.beach' } }),
    ]);
    const booking = await db.booking.create({ data: { courtId: c3.id, userId: member.id, startsAt: rome(day, '09:00'), endsAt: rome(day, '10:30'), status: 'confirmed', priceCents: 2000 } });
    await db.checkIn.create({ data: { userId: member.id, staffId: staff.id, bookingId: booking.id, courtRow: 'C' } });
    await postHistory(db);
    await page.reload();
    const cell = page.getByRole('button', { name: /^Campo C3, Giulia Rossi presente 09:00–10:30/ });
    await cell.waitFor();
    // The badge is on a line of its own, under the name: at 1280 the whole name of a one-slot booking (the
    // narrowest) fits its box; on a phone the planner scrolls sideways with the same narrower columns.
    const name = cell.getByText('Giulia Rossi', { exact: true });
    const badge = cell.getByText('presente', { exact: true });
    const badgeUnderName = async () => (await badge.boundingBox())!.y >= (await name.boundingBox())!.y + (await name.boundingBox())!.height;
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await badgeUnderName()).toBe(true);
    await cell.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-bookings-checked-in-1280', { fullPage: false });
    await page.setViewportSize(PHONE);
    expect(await badgeUnderName()).toBe(true);
    await cell.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-bookings-checked-in-390', { fullPage: false });
    await page.setViewportSize(DESKTOP);
  });

  it('refuses a move onto a taken slot with the 409 message, then moves it', async () => {
    await page.getByRole('button', { name: /^Campo C1, Walter Passante 10:30–12:00/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sposta', exact: true }).click();
    await dialog.getByLabel('Nuovo campo').selectOption({ label: 'Campo C2' });
    await dialog.getByLabel('Nuovo inizio').selectOption('13:30');
    await dialog.getByRole('button', { name: 'Sposta qui' }).click();
    await dialog.getByText('Questo orario è appena stato prenotato da un altro utente.').waitFor();
    await screenshotAtPhoneWidth(page, 'admin-bookings-move-refused', { fullPage: false });
    await dialog.getByLabel('Nuovo inizio').selectOption('12:00');
    await dialog.getByRole('button', { name: 'Sposta qui' }).click();
    await notice(page, 'Prenotazione spostata.');
    await page.getByRole('button', { name: /^Campo C2, Walter Passante 12:00–13:30/ }).waitFor();
  });

  it('cancels it with a refund and restores it from the cancelled bookings', async () => {
    await page.getByRole('button', { name: /^Campo C2, Walter Passante 12:00–13:30/ }).click();
    const dialog = page.getByRole('dialog', { name: /Prenotazione/ });
    await dialog.getByRole('button', { name: 'Annulla prenotazione' }).click();
    await dialog.getByLabel('Motivo').fill('Pioggia');
    await dialog.getByLabel(/^Rimborsa 20,00/).check();
    await dialog.getByRole('button', { name: 'Conferma annullamento' }).click();
    await page.getByRole('dialog', { name: 'Annulla prenotazione' }).getByRole('button', { name: 'Annulla prenotazione' }).click();
    await notice(page, 'Prenotazione annullata e rimborsata.');
    await page.getByRole('button', { name: /Walter Passante/ }).waitFor({ state: 'detached' });

    await page.goto(`${ctx.stack.webUrl}/admin/prenotazioni-cancellate`);
    await page.getByRole('heading', { name: 'Prenotazioni cancellate', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Walter Passante' });
    await row.getByText('Pioggia').waitFor();
    await row.getByText('Rimborsata').waitFor();
    await shoot(page, 'admin-bookings-cancelled');
    await row.getByRole('button', { name: /^Ripristina la prenotazione di Walter Passante/ }).click();
    await page.getByRole('dialog', { name: 'Ripristina prenotazione' }).getByRole('button', { name: 'Ripristina' }).click();
    await notice(page, 'Prenotazione ripristinata.');
    await page.getByText('Nessuna prenotazione cancellata.').waitFor();
    const restored = await ctx.stack.db.booking.findFirstOrThrow({ where: { customerName: 'Walter Passante' } });
    expect(restored.status).toBe('confirmed');
  });

  it('finds the booking in the list view and exports it', async () => {
    const dayBefore = romeToday();
    await page.goto(`${ctx.stack.webUrl}/admin/prenotazioni?vista=elenco`);
    await page.getByRole('heading', { name: 'Prenotazioni', level: 1 }).waitFor();
    // The list opens on the week from the day in Rome it was opened on: a run across midnight may have opened it on either.
    const from = await page.getByLabel('Dal', { exact: true }).inputValue();
    expect([...new Set([dayBefore, romeToday()])]).toContain(from);
    await page.getByLabel('Cliente').fill('walter');
    await page.getByRole('row').filter({ hasText: 'Walter Passante' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
    // The file is named by the list's first day.
    expect(download.suggestedFilename()).toBe(`prenotazioni-${from}.csv`);
    await page.close();
  });
});

describe('booking back-office as admin', () => {
  let page: Page;

  it('creates a weekly series with one conflict: the free dates are booked, the taken one listed', async () => {
    const c3 = await ctx.stack.db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    await ctx.stack.db.booking.create({ data: { courtId: c3.id, customerName: 'Già in campo', startsAt: rome(plusDays(8), '18:00'), endsAt: rome(plusDays(8), '19:30'), status: 'confirmed', priceCents: 2000 } });
    await postHistory(ctx.stack.db);
    page = await signIn(ctx.browser, 'admin@demo.beach', '/admin/prenotazioni-ricorrenti', 'Prenotazioni ricorrenti');
    await page.getByRole('button', { name: 'Nuova serie' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Campo').selectOption({ label: 'Campo C3 (C3)' });
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
    await dialog.getByLabel('Giorno della settimana').selectOption(String(weekday));
    await dialog.getByLabel('Ora di inizio').selectOption('18:00');
    await dialog.getByLabel('Ora di fine').selectOption('19:30');
    await dialog.getByLabel(/^Primo giorno/).fill(day);
    await dialog.getByLabel(/^Ultimo giorno/).fill(plusDays(22));
    await dialog.getByLabel(/^Nome e cognome/).fill('Scuola Beach Junior');
    await dialog.getByRole('button', { name: 'Anteprima' }).click();
    await dialog.getByText('3 date libere, 1 saltata · 20,00 € per data').waitFor();
    await screenshot(page, 'admin-bookings-series-preview-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Crea serie (3 date)' }).click();
    await notice(page, 'Serie creata: 3 date prenotate, 1 saltata.');
    await page.getByText(`${italian(plusDays(8))}: Già prenotato`).waitFor();
    await page.getByRole('row').filter({ hasText: 'Scuola Beach Junior' }).getByText('3 da giocare su 3').waitFor();
    expect(await ctx.stack.db.booking.count({ where: { customerName: 'Scuola Beach Junior', status: 'confirmed' } })).toBe(3);
    await shoot(page, 'admin-bookings-series');
  });

  it('closes a court for a day: the planner and the member’s grid show it closed', async () => {
    const c4 = await ctx.stack.db.court.findUniqueOrThrow({ where: { code: 'C4' } });
    await page.goto(`${ctx.stack.webUrl}/admin/campi`);
    await page.getByRole('heading', { name: 'Campi', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Nuova chiusura' });
    await form.getByLabel(/^Campo( \*)?$/).selectOption({ label: `${c4.name} (C4)` });
    await form.getByLabel(/^Dal giorno/).fill(day);
    await form.getByLabel(/^Al giorno/).fill(day);
    await form.getByLabel('Motivo').fill('Torneo giovanile');
    await form.getByRole('button', { name: 'Chiudi il campo' }).click();
    await page.getByRole('row').filter({ hasText: 'Torneo giovanile' }).waitFor();

    await page.goto(`${ctx.stack.webUrl}/admin/prenotazioni?data=${day}`);
    const c4Row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Campo C4/ }) });
    await c4Row.getByText('Chiuso').first().waitFor();
    expect(await c4Row.getByRole('button', { name: /^Prenota Campo C4/ }).count()).toBe(0);

    const member = await signIn(ctx.browser, 'utente@demo.beach', '/prenotazioni', 'Prenota un campo');
    await member.getByRole('button', { name: new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`) }).click();
    await member.getByLabel(/^Campo C4, 10:30–12:00: chiuso/).waitFor();
    expect(await member.getByRole('button', { name: /^Campo C4, .*: libero/ }).count()).toBe(0);
    await member.close();
    await page.close();
  });
});
