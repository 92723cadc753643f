// The admin's courts and pricing screens in Chromium: close a court for a day (and see the live
// booking it hits), create a setup and assign it to a court, copy the price list to next year and
// change a price there, create a booking coupon and switch it off. Screenshots at 1280 and 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, screenshot } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });
/** Today in Rome, read when a test needs it: a file loaded before midnight runs its tests on the next day. */
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
let current: Page;

async function open(path: string, heading: string) {
  await current.goto(`${ctx.stack.webUrl}${path}`);
  await current.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Both widths of a screen, for the reviewer's eyes, after axe's WCAG 2.1 A/AA check of the screen (the header is checked elsewhere). */
async function shoot(name: string) {
  expect(await accessibilityViolations(current, 'main')).toEqual([]);
  await screenshot(current, `${name}-1280`);
  await current.setViewportSize({ width: 390, height: 844 });
  // Wide tables scroll inside their box; the page itself never scrolls sideways on a phone.
  expect(await current.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(current, `${name}-390`);
  await current.setViewportSize({ width: 1280, height: 900 });
}

describe('admin courts and pricing', () => {
  it('signs in as admin', async () => {
    current = ctx.page;
    await current.goto(`${ctx.stack.webUrl}/login?redirect=${encodeURIComponent('/admin/campi')}`);
    await current.getByLabel('E-mail').fill('admin@demo.beach');
    await current.getByLabel('Password').fill('Demo2026!');
    await current.getByRole('button', { name: 'Accedi' }).click();
    await current.getByRole('heading', { name: 'Campi', level: 1 }).waitFor();
  });

  it('closes a court for the day and lists the booking it hits and the closure', async () => {
    const db = ctx.stack.db;
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });

    const dayBefore = romeToday();
    await open('/admin/campi', 'Campi');
    const form = current.getByRole('form', { name: 'Nuova chiusura' });
    // The form closes today, the page's (a run across midnight in Rome may have opened it on either day); the
    // booking it hits is made on that day.
    const today = await form.getByLabel(/^Dal giorno( \*)?$/).inputValue();
    expect([...new Set([dayBefore, romeToday()])]).toContain(today);
    expect(await form.getByLabel(/^Al giorno( \*)?$/).inputValue()).toBe(today);
    await db.booking.create({ data: { courtId: court.id, customerName: 'Mario Walkin', startsAt: new Date(`${today}T12:00:00Z`), endsAt: new Date(`${today}T13:30:00Z`), status: 'confirmed', priceCents: 2500 } });
    await postHistory(db);
    await form.getByLabel(/^Campo( \*)?$/).selectOption({ label: `${court.name} (C1)` });
    await form.getByLabel('Motivo').fill('Livellamento sabbia');
    await form.getByRole('button', { name: 'Chiudi il campo' }).click();

    await current.getByText(`Prenotazioni attive nella chiusura di ${court.name}: spostale o cancellale`).waitFor();
    await current.getByText(/Mario Walkin · Confermata/).waitFor();
    const row = current.getByRole('row').filter({ hasText: 'Livellamento sabbia' });
    await row.waitFor();
    const closure = await db.courtClosure.findFirstOrThrow({ where: { courtId: court.id } });
    expect(closure.reason).toBe('Livellamento sabbia');
    expect(closure.endsAt.getTime() - closure.startsAt.getTime()).toBe(15 * 3_600_000);
    await shoot('admin-courts');
  });

  it('creates a setup and assigns it to a court; an overlapping assignment is explained', async () => {
    await open('/admin/allestimenti', 'Allestimenti');
    await current.getByRole('cell', { name: 'Foot volley' }).first().waitFor();
    await current.getByRole('button', { name: 'Nuovo allestimento' }).click();
    const dialog = current.getByRole('dialog');
    await dialog.getByLabel('Nome').fill('Beach tennis junior');
    await dialog.getByLabel('Sport').selectOption('beach_tennis');
    await dialog.getByLabel('Altezza rete (cm)').fill('150');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await current.getByRole('cell', { name: 'Beach tennis junior', exact: true }).waitFor();
    await current.getByRole('cell', { name: '1,50 m' }).waitFor();

    const form = current.getByRole('form', { name: 'Nuova assegnazione' });
    await form.getByLabel(/^Campo( \*)?$/).selectOption({ label: 'Campo C2 (C2)' });
    await form.getByLabel('Allestimento').selectOption({ label: 'Beach tennis junior' });
    await form.getByRole('button', { name: 'Assegna' }).click();
    await current.getByRole('row').filter({ hasText: 'Beach tennis junior' }).filter({ hasText: 'Campo C2' }).waitFor();
    await form.getByRole('button', { name: 'Assegna' }).click();
    await form.getByText('Il campo ha già un allestimento in alcuni di questi giorni').waitFor();
    expect(await ctx.stack.db.courtSetup.count()).toBe(1);
    await shoot('admin-setups');
  });

  it('copies the price list to next year and changes a price there only', async () => {
    const romeYear = Number(romeToday().slice(0, 4));
    await open('/admin/listino-prezzi', 'Listino prezzi');
    await current.getByLabel('Fascia diurna (€)').waitFor();
    await current.getByRole('button', { name: `Copia nel ${romeYear + 1}` }).click();
    await current.getByRole('dialog').getByRole('button', { name: 'Copia' }).click();
    await current.getByText(`Listino ${romeYear + 1} creato dal ${romeYear}.`).waitFor();
    expect(await current.getByLabel('Anno').inputValue()).toBe(String(romeYear + 1));

    // Type into next year's list once it shows, as the admin would.
    await current.getByRole('form', { name: `Listino ${romeYear + 1}` }).getByLabel('Fascia diurna (€)').fill('27,50');
    await current.getByRole('button', { name: `Salva listino ${romeYear + 1}` }).click();
    await current.getByText(`Listino ${romeYear + 1} salvato.`).waitFor();
    const price = (year: number) => ctx.stack.db.priceListEntry.findUniqueOrThrow({ where: { year_code: { year, code: 'court_day_slot' } } });
    expect((await price(romeYear + 1)).amountCents).toBe(2750);
    expect((await price(romeYear)).amountCents).not.toBe(2750);
    await shoot('admin-pricing');
  });

  it('creates a booking coupon and switches it off', async () => {
    await open('/admin/coupon-prenotazioni', 'Coupon prenotazioni');
    await current.getByText('Nessun coupon prenotazioni.', { exact: false }).waitFor();
    await current.getByRole('button', { name: 'Nuovo coupon' }).click();
    const dialog = current.getByRole('dialog');
    await dialog.getByLabel('Codice').fill('estate10');
    await dialog.getByLabel('Sconto (%)').fill('10');
    await dialog.getByLabel('Fascia').selectOption('evening');
    await dialog.getByLabel('Utilizzi per tesserato').fill('2');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    const row = current.getByRole('row').filter({ hasText: 'ESTATE10' });
    await row.getByText('Attivo').waitFor();
    await row.getByText('Fascia serale').waitFor();

    await row.getByRole('button', { name: 'Disattiva ESTATE10' }).click();
    await row.getByText('Disattivato').waitFor();
    const coupon = await ctx.stack.db.bookingCoupon.findUniqueOrThrow({ where: { code: 'ESTATE10' } });
    expect(coupon).toMatchObject({ isActive: false, perMemberLimit: 2, band: 'evening' });
    await shoot('admin-booking-coupons');
  });
});
