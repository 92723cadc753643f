// The admin dashboard over the demo volume (`pnpm db:seed -- --demo`: 2,000 members, a season of
// bookings, payments, refunds, expenses and income, bank statements whose fees, bills and sponsors the treasurer
// assigned): every money card and every month of the chart
// match totals computed here straight from the tables, with a formulation of their own; the books'
// verification finds everything in order.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seed, TEST_BCRYPT_COST } from '@beach/api/testing';
import { openSignedIn, screenshot } from '../src/browser.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
const euros = (cents: number) => plain(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100));
const card = async (page: Page, label: string) => plain(await page.getByRole('group', { name: label, exact: true }).textContent());

/** Today in Rome (YYYY-MM-DD), read when the test needs it: a run may cross midnight, and with it the start of a month. */
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** The six months of a chart opened on `day`, oldest first, as first days (YYYY-MM-DD). */
const sixMonthsTo = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return Array.from({ length: 6 }, (_, index) => new Date(Date.UTC(year, month - 6 + index, 1)).toISOString().slice(0, 10));
};
const monthLabel = (first: string) => new Intl.DateTimeFormat('it-IT', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${first}T00:00:00Z`));

/**
 * All-time and per-month figures in cents, from the tables. Bank lines assigned to an income category (other
 * income, sponsors, equipment sold) are income whatever their sign: a transfer sent back reduces it. Every
 * other category is an expense.
 */
async function expectedFigures(months: string[]) {
  const { db } = ctx.stack;
  const [all] = await db.$queryRaw<{ membership: number; booking: number; extra: number; expenses: number }[]>`
    SELECT
      (SELECT coalesce(sum(amount_cents), 0) FROM transactions WHERE kind = 'membership' AND type = 'payment' AND status <> 'pending' AND status <> 'failed')::int
        - (SELECT coalesce(sum(amount_cents), 0) FROM transactions WHERE kind = 'membership' AND type = 'refund' AND status = 'completed')::int AS membership,
      (SELECT coalesce(sum(amount_cents), 0) FROM transactions WHERE kind IN ('booking', 'booking_share') AND type = 'payment' AND status <> 'pending' AND status <> 'failed')::int
        - (SELECT coalesce(sum(amount_cents), 0) FROM transactions WHERE kind IN ('booking', 'booking_share') AND type = 'refund' AND status = 'completed')::int AS booking,
      (SELECT coalesce(sum(amount_cents), 0) FROM incomes)::int
        + (SELECT coalesce(sum(amount_cents), 0) FROM bank_lines WHERE state = 'assigned' AND category IN ('other_income', 'sponsors', 'equipment_sale'))::int AS extra,
      (SELECT coalesce(sum(amount_cents), 0) FROM expenses)::int
        - (SELECT coalesce(sum(amount_cents), 0) FROM bank_lines WHERE state = 'assigned' AND category NOT IN ('other_income', 'sponsors', 'equipment_sale'))::int AS expenses`;
  const monthly = await Promise.all(
    months.map(async (first) => {
      const [row] = await db.$queryRaw<{ income: number; expenses: number }[]>`
        SELECT
          (SELECT coalesce(sum(CASE WHEN type = 'refund' THEN -amount_cents ELSE amount_cents END), 0) FROM transactions
            WHERE status NOT IN ('pending', 'failed') AND (paid_at AT TIME ZONE 'Europe/Rome')::date BETWEEN ${first}::date AND (${first}::date + interval '1 month' - interval '1 day')::date)::int
          + (SELECT coalesce(sum(amount_cents), 0) FROM incomes WHERE date BETWEEN ${first}::date AND (${first}::date + interval '1 month' - interval '1 day')::date)::int
          + (SELECT coalesce(sum(amount_cents), 0) FROM bank_lines WHERE state = 'assigned' AND category IN ('other_income', 'sponsors', 'equipment_sale') AND booked_on BETWEEN ${first}::date AND (${first}::date + interval '1 month' - interval '1 day')::date)::int AS income,
          (SELECT coalesce(sum(amount_cents), 0) FROM expenses WHERE date BETWEEN ${first}::date AND (${first}::date + interval '1 month' - interval '1 day')::date)::int
          - (SELECT coalesce(sum(amount_cents), 0) FROM bank_lines WHERE state = 'assigned' AND category NOT IN ('other_income', 'sponsors', 'equipment_sale') AND booked_on BETWEEN ${first}::date AND (${first}::date + interval '1 month' - interval '1 day')::date)::int AS expenses`;
      return { label: monthLabel(first), ...row! };
    }),
  );
  return { ...all!, monthly };
}

describe('the admin dashboard over the demo data', () => {
  it('shows money cards and a chart that match the tables to the cent', async () => {
    // The seed is this test's cost (30 s of CPU, docs/testing.md#the-browser-lane); its members' hash at the tests' cost.
    await seed(ctx.stack.db, { demo: true, nodeEnv: 'test', bcryptCost: TEST_BCRYPT_COST, log: () => {} });

    const dayBefore = romeToday();
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: 'admin@demo.beach', path: '/admin', heading: 'Dashboard Amministratore' });
    const chart = page.getByRole('img', { name: /Incassi e spese degli ultimi 6 mesi/ });
    await chart.waitFor({ timeout: 30_000 });
    const chartText = plain(await chart.getAttribute('aria-label'));
    // The chart's six months end with the month the dashboard was opened in: a run across midnight may have
    // opened it on either day, and so in either month.
    const newest = /([a-z]{3} \d{4}) incassi[^;]*$/.exec(chartText)?.[1];
    const months = [...new Set([dayBefore, romeToday()])].map(sixMonthsTo).find((candidate) => monthLabel(candidate.at(-1)!) === newest);
    expect(months, chartText).toBeDefined();
    const expected = await expectedFigures(months!);
    expect(expected.booking).toBeGreaterThan(0);

    const income = expected.membership + expected.booking + expected.extra;
    const net = income - expected.expenses;
    expect(await card(page, 'Incassi tessere')).toBe(`Incassi tessere${euros(expected.membership)}`);
    expect(await card(page, 'Incassi prenotazioni')).toBe(`Incassi prenotazioni${euros(expected.booking)}`);
    expect(await card(page, 'Incassi extra')).toBe(`Incassi extra${euros(expected.extra)}`);
    expect(await card(page, 'Totale incassi')).toBe(`Totale incassi${euros(income)}`);
    expect(await card(page, 'Totale spese')).toBe(`Totale spese${euros(expected.expenses)}`);
    expect(await card(page, 'Utile netto')).toBe(`Utile netto${euros(net)}${net < 0 ? ' (perdita)' : ''}`);

    expect(chartText.split(';')).toHaveLength(6);
    for (const point of expected.monthly) expect(chartText).toContain(`${point.label} incassi ${euros(point.income)}, spese ${euros(point.expenses)}`);

    // The demo season's books, posted by the seed, prove themselves.
    const verification = page.getByRole('region', { name: 'Verifica dei conti' });
    await verification.getByRole('button', { name: 'Verifica ora' }).click();
    // Polled on the region's text, so that a failure shows what the verification said instead; the whole
    // demo season's books take seconds on a quiet machine, over 30 s on a loaded one.
    await expect.poll(() => verification.innerText(), { timeout: 120_000 }).toMatch(/Conti verificati il \d{2}\/\d{2}\/\d{4} alle \d{2}:\d{2}: tutto corrisponde\./);

    await screenshot(page, 'admin-dashboard-demo-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-dashboard-demo-390');
    await page.close();
  });
});
