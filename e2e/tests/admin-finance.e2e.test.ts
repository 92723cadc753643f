// The admin dashboard and the finance screens in Chromium: with known payments, a refund, an extra
// income and an expense, the admin sees every money card and the 6-month chart with the right
// figures; staff see no money and never call the admin-only stats; a 403, a network failure and a
// chart failure show the dashboard's messages; an expense added on /admin/spese moves the chart and
// turns the net profit into a loss; an extra income is recorded, edited and deleted after a
// confirmation; the transactions list filters, opens a detail and exports CSV, and shows a credit
// top-up and a carnet sale as their own kinds; the dashboard owes the carnet's unused uses; online top-ups
// paid, declined and abandoned on the Stripe test double are listed newest first with their own states. The admin's
// dashboard also has the books' verification (never run yet; "Verifica ora" proves the books, then names
// a payment recorded outside them) and today's credit corrections, which staff see too. The money is
// written straight into the tables, then posted to the ledger as the application would have (the screens
// read the ledger only).
import { accounts, credit, debit, post } from '@beach/api/testing';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, downloadedBytes, forgetSession, openSignedIn, PHONE, screenshot, screenshotAtPhoneWidth, signInOn } from '../src/browser.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { giveCredit, postHistory } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
/** The one page of the file: the admin's, signed in by the first test, then the staff's. */
let current: Page | undefined;
const page = (): Page => {
  if (!current) throw new Error('No page signed in yet: the first test signs the admin in');
  return current;
};
/** Text with the non-breaking spaces of it-IT currency as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
const mainText = async () => plain(await page().textContent('main'));
const card = async (label: string) => plain(await page().getByRole('group', { name: label, exact: true }).textContent());
const chartLabel = async () => plain(await page().getByRole('img', { name: /Incassi e spese degli ultimi 6 mesi/ }).getAttribute('aria-label'));

/** The day in Rome (YYYY-MM-DD) of an instant, now unless told: read when a test needs it, as a run may cross midnight. */
const romeDay = (at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** The month (YYYY-MM) `shift` months from the one of `day`. */
const monthOf = (day: string, shift = 0) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + shift, 1)).toISOString().slice(0, 7);
};
const monthLabel = (month: string) => new Intl.DateTimeFormat('it-IT', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
const italianDay = (day: string) => day.split('-').reverse().join('/');
const euros = (cents: number) => plain(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100));
/** The chart's months, oldest first, by their labels (`nov 2026`). */
const chartMonths = (label: string) => label.split(';').map((point) => /([a-z]{3} \d{4}) incassi/.exec(point)?.[1]);
/** The months in Rome of the days a run was on between two readings (one, unless it crossed the start of a month). */
const monthsBetween = (dayBefore: string) => [...new Set([dayBefore, romeDay()].map((day) => monthLabel(monthOf(day))))];

/** The day the money of this file was arranged on (its payments, its income; its expense two months back). */
let moneyDay = '';
/** The cash this file's payments put in the till, and when: a day's till is checked against the desk's payments that day. */
const cashPaid: { cents: number; at: Date }[] = [];
const cashOn = (day: string) => cashPaid.filter(({ at }) => romeDay(at) === day).reduce((sum, { cents }) => sum + cents, 0);

async function login(email: string, path: string, heading: string, width = 1280) {
  await current?.close();
  current = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email, path, heading, width });
}

const atPhoneWidth = (name: string) => screenshotAtPhoneWidth(page(), name);

/**
 * The admin's next screen, reached as the side menu reaches it: through the app's router, in the page
 * signed in already (a load of the app costs Chromium about a second of CPU, the router a fraction). Every
 * list and card of these screens is asked of the API again when shown (docs/testing.md#session-14-page-loads-in-the-journeys).
 * A list's filters are in its address: the list opened by its bare path shows unfiltered.
 */
async function goTo(path: string, heading: string) {
  await routeInApp(page(), path);
  await page().getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page().waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/**
 * The transactions list unfiltered, before a filter is chosen: a filter chosen while the last test's filtered
 * list still shows would keep that list on screen (as the one asked is fetched) and could pass for it.
 */
async function openTransactions() {
  await goTo('/admin/transactions', 'Transazioni');
  await expect.poll(() => page().getByLabel('Per', { exact: true }).inputValue()).toBe('');
}

/**
 * An active and a pending card. This month: a 60 € card payment, a 40 € booking at the desk, a 25 € online booking refunded 5 €, 150 € of
 * extra income. Two months ago: an 80 € expense. Income 270 €, expenses 80 €, net 190 €. The member holds 35,50 € of credit:
 * owed to them, so no income.
 */
async function arrangeMoney() {
  const { db } = ctx.stack;
  const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  const admin = await db.user.findUniqueOrThrow({ where: { email: 'admin@demo.beach' } });
  // Every row of the arrangement on one day: the day of this instant.
  const now = new Date();
  moneyDay = romeDay(now);
  const card = async (userId: number, status: 'active' | 'pending') => {
    const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${Number(moneyDay.slice(0, 4))}) AS number`;
    const start = new Date(`${moneyDay}T00:00:00Z`);
    return db.membership.create({
      data: { membershipNumber: issued!.number, userId, type: 'monthly', status, startDate: start, endDate: new Date(start.getTime() + 29 * 86_400_000), originalPriceCents: 6000, priceCents: 6000, activatedAt: status === 'active' ? now : null },
    });
  };
  const active = await card(member.id, 'active');
  await card(admin.id, 'pending');
  await db.transaction.create({ data: { kind: 'membership', userId: member.id, membershipId: active.id, amountCents: 6000, method: 'cash', status: 'completed', paidAt: now, description: 'Tessera stagionale' } });
  cashPaid.push({ cents: 6000, at: now });
  // The desk booking is for a walk-in: no account, a name and a phone on the booking. A month ahead, so not one of today's bookings.
  const c1 = await db.court.findUniqueOrThrow({ where: { code: 'C1' } });
  const play = new Date(now.getTime() + 30 * 86_400_000);
  const walkIn = await db.booking.create({
    data: { courtId: c1.id, customerName: 'Mario Rossi', customerPhone: '333 7654321', startsAt: play, endsAt: new Date(play.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 4000 },
  });
  await db.transaction.create({ data: { kind: 'booking', bookingId: walkIn.id, amountCents: 4000, method: 'card', status: 'completed', paidAt: now, description: 'Campo C1 al banco' } });
  const online = await db.transaction.create({
    data: { kind: 'booking', userId: member.id, amountCents: 2500, method: 'stripe', status: 'partially_refunded', paidAt: now, description: 'Campo C3 online', stripePaymentIntentId: 'pi_e2e_finance' },
  });
  await db.transaction.create({
    data: { kind: 'booking', type: 'refund', refundOfId: online.id, userId: member.id, amountCents: 500, method: 'stripe', status: 'completed', paidAt: now, description: 'Rimborso parziale', stripeRefundId: 're_e2e_finance' },
  });
  await db.income.create({ data: { date: new Date(`${moneyDay}T00:00:00Z`), category: 'Sponsor', description: 'Sponsor torneo', amountCents: 15_000 } });
  await db.expense.create({ data: { date: new Date(`${monthOf(moneyDay, -2)}-15T00:00:00Z`), category: 'Sabbia', description: 'Sabbia campo B', amountCents: 8000, supplier: 'Cava Adriatica' } });
  await postHistory(db);
  await giveCredit(db, member.id, 3550, { reason: 'Credito di prova', by: admin.id });
}

describe('admin dashboard and finance in Chromium', () => {
  // The tests share one signed-in page: one that fails half-way must not leave its faked fault to the next.
  afterEach(() => current?.unrouteAll({ behavior: 'ignoreErrors' }));

  it('admin: the cards and the 6-month chart show the seeded money to the cent', async () => {
    await arrangeMoney();
    const dayBefore = romeDay();
    await login('admin@demo.beach', '/admin', 'Dashboard Amministratore');
    await page().getByRole('img', { name: /Incassi e spese degli ultimi 6 mesi/ }).waitFor();
    const openedIn = monthsBetween(dayBefore);

    expect(await card('Incassi tessere')).toContain('60,00 €');
    expect(await card('Incassi prenotazioni')).toContain('60,00 €');
    expect(await card('Incassi extra')).toContain('150,00 €');
    expect(await card('Totale incassi')).toContain('270,00 €');
    expect(await card('Totale spese')).toContain('80,00 €');
    expect(await card('Utile netto')).toBe('Utile netto190,00 €');
    expect(await card('Credito dei soci (da usare)')).toBe('Credito dei soci (da usare)35,50 €Ricariche, rettifiche e crediti per maltempo non ancora spesi');
    expect(await card('Tessere attive')).toBe('Tessere attive1su 2 tessere');
    expect(await card('Tessere da attivare')).toBe('Tessere da attivare1');
    expect(await card('Coupon attivi')).toMatch(/^Coupon attivi\d+$/);
    expect(await card('Prenotazioni di oggi')).toMatch(/^Prenotazioni di oggi\d+$/);
    // The books have not been verified yet (the nightly job has not run); today's one correction, by the admin.
    const verification = page().getByRole('region', { name: 'Verifica dei conti' });
    await verification.getByText('I conti non sono ancora stati verificati: la verifica automatica si fa ogni notte.').waitFor();
    const corrections = page().getByRole('region', { name: 'Rettifiche del credito di oggi' });
    const correction = corrections.getByRole('row').filter({ hasText: 'Credito di prova' });
    await correction.waitFor();
    expect(plain(await correction.textContent())).toMatch(/^Ora\d{2}:\d{2}Credito diGiulia RossiImporto\+35,50 €MotivoCredito di provaFatta daAlessandra Amministratrice$/);
    expect(plain(await corrections.getByLabel('Totali di oggi').textContent())).toBe('Aggiunti+35,50 €Tolti0,00 €Rettifiche1');

    // Two lines, six months up to the month the dashboard was opened in, the money's month's income and the
    // expense two months before it (a run across midnight may have opened the dashboard on either day).
    expect(await page().locator('.recharts-line').count()).toBe(2);
    const chart = await chartLabel();
    expect(chart.split(';')).toHaveLength(6);
    expect(openedIn).toContain(chartMonths(chart).at(-1));
    expect(chart).toContain(`${monthLabel(monthOf(moneyDay))} incassi 270,00 €, spese 0,00 €`);
    expect(chart).toContain(`${monthLabel(monthOf(moneyDay, -2))} incassi 0,00 €, spese 80,00 €`);
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-dashboard-1280');
    await atPhoneWidth('admin-dashboard');
  });

  it('admin: an expense added on /admin/spese moves the chart and turns the net profit into a loss', async () => {
    await goTo('/admin/spese', 'Spese');
    await expect.poll(mainText).toContain('1 spesa');

    const dayBefore = romeDay();
    await page().getByRole('button', { name: 'Nuova spesa' }).click();
    const form = page().getByRole('dialog', { name: 'Nuova spesa' });
    await form.getByLabel('Importo (€)').fill('0');
    await form.getByLabel(/^Categoria/).fill('Illuminazione');
    await form.getByLabel(/^Descrizione/).fill('Fari campo C');
    await form.getByRole('button', { name: 'Registra' }).click();
    // The server refuses zero, under the field.
    await form.getByText('L’importo deve essere maggiore di zero.').first().waitFor();
    await form.getByLabel('Importo (€)').fill('300,00');
    await form.getByLabel('Fornitore').fill('Elettrica Romagna');
    // The expense is dated as the form proposes: the day it was opened on (either, in a run across midnight).
    const spentOn = await form.getByLabel('Data').inputValue();
    expect([...new Set([dayBefore, romeDay()])]).toContain(spentOn);
    await form.getByRole('button', { name: 'Registra' }).click();
    await page().getByRole('region', { name: 'Messaggi' }).getByText('Spesa registrata.').waitFor();
    await expect.poll(mainText).toContain('2 spese');
    expect(await mainText()).toContain('Totale spese380,00 €');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-expenses-1280');
    await atPhoneWidth('admin-expenses');

    await page().getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page().getByRole('heading', { name: 'Dashboard Amministratore', level: 1 }).waitFor();
    await expect.poll(() => card('Utile netto').catch(() => '')).toBe('Utile netto-110,00 € (perdita)');
    expect(await card('Totale spese')).toContain('380,00 €');
    // Its month: its 300 € beside the month's income (the arranged 270 €, unless a month began between them).
    await expect.poll(chartLabel).toContain(`${monthLabel(monthOf(spentOn))} incassi ${monthOf(spentOn) === monthOf(moneyDay) ? '270,00' : '0,00'} €, spese 300,00 €`);
    await screenshot(page(), 'admin-dashboard-loss-1280');
  });

  it('admin: a 403, a network failure and a chart failure show the dashboard’s messages', async () => {
    await page().route('**/api/admin/memberships/stats', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Vietato.' }) }));
    await page().reload();
    await page().getByRole('alert').getByText('Non hai i permessi necessari per accedere a questa risorsa.').waitFor();
    expect(await mainText()).not.toContain('Utile netto');
    await screenshot(page(), 'admin-dashboard-403-1280');
    await page().unroute('**/api/admin/memberships/stats');

    await page().route('**/api/admin/memberships/stats', (route) => route.abort('internetdisconnected'));
    await page().reload();
    await page().getByRole('alert').getByText('Impossibile contattare il server. Controlla la tua connessione e riprova.').waitFor();
    await page().unroute('**/api/admin/memberships/stats');

    await page().route('**/api/admin/incomes/stats**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Statistiche non disponibili.' }) }));
    await page().reload();
    const chartError = page().getByRole('alert').filter({ hasText: 'Errore: Statistiche non disponibili.' });
    await chartError.waitFor();
    await screenshot(page(), 'admin-dashboard-chart-error-1280');
    await page().unroute('**/api/admin/incomes/stats**');
    await chartError.getByRole('button', { name: 'Riprova' }).click();
    await page().getByRole('img', { name: /Incassi e spese degli ultimi 6 mesi/ }).waitFor();
  });

  it('admin: records an extra income, edits it and deletes it after a confirmation', async () => {
    await goTo('/admin/incassi', 'Incassi');
    await expect.poll(mainText).toContain('1 incasso');

    await page().getByRole('button', { name: 'Nuovo incasso' }).click();
    const form = page().getByRole('dialog', { name: 'Nuovo incasso' });
    await form.getByRole('button', { name: 'Registra' }).click();
    await form.getByText('Compila tutti i campi obbligatori.').waitFor();
    await form.getByLabel('Data').fill('');
    await form.getByLabel('Importo (€)').fill('45,5');
    await form.getByLabel(/^Categoria/).fill('Bar');
    await form.getByLabel(/^Descrizione/).fill('Affitto chiosco');
    await form.getByLabel('Metodo di pagamento').selectOption('cash');
    await form.getByRole('button', { name: 'Registra' }).click();
    await form.getByText('Compila tutti i campi obbligatori.').waitFor();
    await form.getByLabel('Data').fill(romeDay());
    await form.getByRole('button', { name: 'Registra' }).click();
    await page().getByRole('region', { name: 'Messaggi' }).getByText('Incasso registrato.').waitFor();
    await expect.poll(mainText).toContain('2 incassi');
    expect(await mainText()).toContain('Totale incassi195,50 €');

    await page().getByRole('button', { name: /^Modifica “Affitto chiosco”/ }).click();
    const edit = page().getByRole('dialog', { name: 'Modifica incasso' });
    expect(await edit.getByLabel('Importo (€)').inputValue()).toBe('45,50');
    await edit.getByLabel('Importo (€)').fill('50');
    await edit.getByRole('button', { name: 'Salva modifiche' }).click();
    await page().getByRole('region', { name: 'Messaggi' }).getByText('Incasso aggiornato.').waitFor();
    await expect.poll(mainText).toContain('Totale incassi200,00 €');
    await atPhoneWidth('admin-incomes');

    await page().getByRole('button', { name: /^Elimina “Affitto chiosco”/ }).click();
    const confirm = page().getByRole('dialog', { name: 'Elimina incasso' });
    expect(plain(await confirm.textContent())).toContain('Eliminare “Affitto chiosco”');
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    expect(await mainText()).toContain('2 incassi');
    await page().getByRole('button', { name: /^Elimina “Affitto chiosco”/ }).click();
    await page().getByRole('dialog', { name: 'Elimina incasso' }).getByRole('button', { name: 'Elimina' }).click();
    await page().getByRole('region', { name: 'Messaggi' }).getByText('Incasso eliminato.').waitFor();
    await expect.poll(mainText).toContain('1 incasso');
    expect(await mainText()).toContain('Totale incassi150,00 €');
  });

  it('admin: filters the transactions, opens one with its refund and exports the filter as CSV', async () => {
    await openTransactions();
    await expect.poll(mainText).toContain('4 movimenti');
    expect(await mainText()).toContain('Incassato125,00 €Rimborsato5,00 €Netto120,00 €');
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-transactions-1280');
    await atPhoneWidth('admin-transactions');

    await page().getByLabel('Cerca').fill('pi_e2e');
    await expect.poll(mainText).toContain('1 movimento');
    expect(await mainText()).toContain('Netto25,00 €');
    await page().getByLabel('Cerca').fill('Mario Rossi');
    await expect.poll(mainText).toContain('1 movimento');
    expect(plain(await page().getByRole('row').filter({ hasText: 'Campo C1 al banco' }).textContent())).toContain('Mario Rossi333 7654321');
    await page().getByRole('row').filter({ hasText: 'Campo C1 al banco' }).getByRole('button', { name: /Dettagli del movimento/ }).click();
    const walkIn = page().getByRole('region', { name: 'Cliente' });
    await walkIn.waitFor();
    expect(plain(await walkIn.textContent())).toBe('ClienteNomeMario Rossi (cliente al banco)Telefono333 7654321');
    await page().getByRole('dialog').getByRole('button', { name: 'Chiudi' }).last().click();
    await page().getByLabel('Cerca').fill('');
    await page().getByLabel('Movimento', { exact: true }).selectOption('refund');
    await expect.poll(mainText).toContain('1 movimento');
    expect(await mainText()).toContain('Netto-5,00 €');
    await page().getByLabel('Movimento', { exact: true }).selectOption('');
    await page().getByLabel('Per', { exact: true }).selectOption('booking');
    await expect.poll(mainText).toContain('3 movimenti');
    expect(await mainText()).toContain('Netto60,00 €');

    await page().getByRole('row').filter({ hasText: 'Campo C3 online' }).getByRole('button', { name: /Dettagli del movimento/ }).click();
    const detail = page().getByRole('dialog');
    await detail.getByText('pi_e2e_finance').waitFor();
    expect(plain(await detail.textContent())).toContain('Rimborso di 5,00 €');
    await screenshot(page(), 'admin-transaction-detail-1280', { fullPage: false });
    await detail.getByRole('button', { name: 'Chiudi' }).last().click();

    const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: 'Esporta CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('movimenti-tutti.csv');
    const lines = (await downloadedBytes(download)).toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Data;Movimento;Per;Cliente;E-mail;Telefono;Descrizione;Metodo;Stato;Importo;ID Stripe');
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.includes(';Mario Rossi;;333 7654321;Campo C1 al banco;Carta (POS);Completato;40,00;'))).toBe(true);
    expect(lines.some((line) => line.endsWith(';Rimborso parziale;Online (Stripe);Completato;-5,00;re_e2e_finance'))).toBe(true);
  });

  it('admin: a credit top-up is listed as its own kind, filtered by it and counted in the totals', async () => {
    const { db } = ctx.stack;
    const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const topUp = await db.transaction.create({ data: { kind: 'credit', userId: member.id, amountCents: 2500, method: 'cash', status: 'completed', paidAt: new Date(), description: 'Versamento al banco' } });
    cashPaid.push({ cents: 2500, at: topUp.paidAt! });
    // Its books, as the desk's top-up posts them: the cash in the till, owed to the member as credit paid in.
    await post(db, {
      key: `payment:${topUp.id}`,
      kind: 'top_up',
      description: 'Ricarica in segreteria',
      userId: member.id,
      transactionId: topUp.id,
      legs: [debit(accounts.till('cash'), 2500), credit(accounts.funded(member.id, topUp.id), 2500)],
    });
    await openTransactions();
    await page().getByLabel('Per', { exact: true }).selectOption('credit');
    await expect.poll(mainText).toContain('1 movimento');
    expect(await mainText()).toContain('Netto25,00 €');
    expect(plain(await page().getByRole('row').filter({ hasText: 'Versamento al banco' }).textContent())).toContain('Ricarica credito');
  });

  it('admin: a carnet sale is listed as "Vendita carnet"; the dashboard earns its used use and owes the unused ones', async () => {
    const { db } = ctx.stack;
    const member = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const c2 = await db.court.findUniqueOrThrow({ where: { code: 'C2' } });
    const validUntil = new Date(Date.now() + 60 * 86_400_000);
    // 25 € for 3 uses: 8,33 + 8,33 + 8,34. One use pays a booking: 8,33 € earned, 16,67 € still owed.
    const product = await db.carnetProduct.create({ data: { name: 'Tris serale', uses: 3, priceCents: 2500, validFrom: new Date(`${romeDay()}T00:00:00Z`), validUntil } });
    const sale = await db.transaction.create({ data: { kind: 'carnet', userId: member.id, carnetProductId: product.id, amountCents: 2500, method: 'cash', status: 'completed', paidAt: new Date(), description: 'Carnet Tris serale' } });
    cashPaid.push({ cents: 2500, at: sale.paidAt! });
    const carnet = await db.carnet.create({ data: { userId: member.id, productId: product.id, usesTotal: 3, usesLeft: 3, validFrom: product.validFrom, validUntil, transactionId: sale.id } });
    const play = new Date(Date.now() + 31 * 86_400_000);
    const booking = await db.booking.create({ data: { courtId: c2.id, userId: member.id, startsAt: play, endsAt: new Date(play.getTime() + 90 * 60_000), status: 'confirmed', priceCents: 2000 } });
    const use = await db.carnetUse.create({ data: { carnetId: carnet.id, bookingId: booking.id } });
    // Their books, as the sale and the use post them: the sale's cash owed as the carnet's value; the booking
    // owes its price, which the use settles, earning the use's worth.
    const value = accounts.carnet(carnet.id, member.id);
    await post(db, {
      key: `payment:${sale.id}`,
      kind: 'carnet_sale',
      description: sale.description,
      userId: member.id,
      carnetId: carnet.id,
      transactionId: sale.id,
      legs: [debit(accounts.till('cash'), 2500), credit(value, 2500)],
    });
    await postHistory(db);
    await post(db, {
      key: `carnet-use:${use.id}`,
      kind: 'carnet_use',
      userId: member.id,
      carnetId: carnet.id,
      bookingId: booking.id,
      legs: [debit(value, 833), credit(accounts.revenue('booking'), 833), credit(accounts.booking(booking.id), 2000), debit(accounts.billed, 2000)],
    });

    await openTransactions();
    await page().getByLabel('Per', { exact: true }).selectOption('carnet');
    await expect.poll(mainText).toContain('1 movimento');
    expect(await mainText()).toContain('Netto25,00 €');
    expect(plain(await page().getByRole('row').filter({ hasText: 'Carnet Tris serale' }).textContent())).toContain('Vendita carnet');

    await goTo('/admin', 'Dashboard Amministratore');
    await expect.poll(() => card('Carnet non ancora usati').catch(() => '')).toBe('Carnet non ancora usati16,67 €Ingressi venduti, non ancora usati');
    expect(await card('Incassi prenotazioni')).toContain('68,33 €');
    expect(await card('Credito dei soci (da usare)')).toContain('60,50 €');
    await screenshot(page(), 'admin-dashboard-carnets-1280');
    await atPhoneWidth('admin-dashboard-carnets');
  });

  it('admin: "Verifica ora" proves the books, then names a payment recorded outside them; the verdict stays', async () => {
    await goTo('/admin', 'Dashboard Amministratore');
    const verification = page().getByRole('region', { name: 'Verifica dei conti' });
    const showCard = () => verification.evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 80));
    // Everything so far was posted as the application posts it: every check matches.
    await verification.getByRole('button', { name: 'Verifica ora' }).click();
    // The whole demo season's books are verified: seconds on a quiet machine, over 30 s on a loaded one.
    // Polled on the region's text, so that a failure shows what the verification said instead.
    await expect.poll(() => verification.innerText(), { timeout: 120_000 }).toMatch(/Conti verificati il \d{2}\/\d{2}\/\d{4} alle \d{2}:\d{2}: tutto corrisponde\./);
    await showCard();
    await screenshot(page(), 'admin-reconciliation-ok-1280', { fullPage: false });

    // A payment written straight into the table, with no entry in the books: the next check names it.
    const member = await ctx.stack.db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
    const stray = await ctx.stack.db.transaction.create({ data: { kind: 'credit', userId: member.id, amountCents: 1000, method: 'cash', status: 'completed', paidAt: new Date(), description: 'Ricarica fuori dai conti' } });
    await verification.getByRole('button', { name: 'Verifica ora' }).click();
    const failing = verification.getByRole('list', { name: 'Controlli non corrispondenti' });
    await failing.waitFor({ timeout: 120_000 });
    // Its document has no entry, and the till of its day (the cash this file put in it that day: all of it, 110 €,
    // unless a run crossed midnight between its payments) is 10 € short of the desk's payments.
    const strayDay = romeDay(stray.paidAt!);
    expect(plain(await verification.getByRole('status').filter({ hasText: 'controlli non corrispondono' }).textContent())).toMatch(/^Verifica dei conti del \d{2}\/\d{2}\/\d{4} alle \d{2}:\d{2}: 2 controlli non corrispondono\./);
    expect((await failing.locator(':scope > li').allTextContents()).map(plain)).toEqual([
      `Ogni pagamento e rimborso è registrato una volta (1 discrepanza)Pagamento ${stray.id} di 10,00 €: nessuna registrazione`,
      `La cassa di ogni giorno corrisponde agli incassi in segreteria (1 discrepanza)${italianDay(strayDay)} (Contanti): cassa ${euros(cashOn(strayDay))}, incassi ${euros(cashOn(strayDay) + 1000)}`,
    ]);
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await showCard();
    await screenshot(page(), 'admin-reconciliation-mismatch-1280', { fullPage: false });
    await page().setViewportSize(PHONE);
    await showCard();
    await screenshot(page(), 'admin-reconciliation-mismatch-390', { fullPage: false });
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await page().setViewportSize(DESKTOP);

    // The last verdict is stored: the dashboard opened again shows it without checking again.
    await page().reload();
    await verification.getByRole('list', { name: 'Controlli non corrispondenti' }).waitFor();
  });

  it('admin: online payments newest first by when the money moved; a declined card reads "Non riuscito", an abandoned checkout "Abbandonato"', async () => {
    const { webUrl, stripe } = ctx.stack;
    const member = await fetch(`${webUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'utente@demo.beach', password: 'Demo2026!' }) });
    const { access_token: token } = (await member.json()) as { access_token: string };
    /** The member opens a top-up on Stripe Checkout: the address of its payment page. */
    const topUp = async (amount: string) => {
      const response = await fetch(`${webUrl}/api/me/credit/top-up`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ amount }) });
      expect(response.status).toBe(200);
      return ((await response.json()) as { checkout_url: string }).checkout_url;
    };
    const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    /** The row of the top-up of `euros` (its description names the amount). */
    const rowOf = (euros: number) => page().getByRole('row').filter({ hasText: new RegExp(`Ricarica credito ${euros},00\\s€`) });
    const listShown = () => page().getByRole('heading', { name: 'Transazioni', level: 1 }).waitFor();

    // A card declined on Stripe's page: the checkout stays open to try again, and the list says it did not go through.
    const declined = await topUp('10');
    await page().goto(declined);
    await page().getByRole('button', { name: 'Carta rifiutata' }).click();
    await page().getByText('La carta è stata rifiutata').waitFor();
    // Back from Stripe's page to the list, in the admin's page still signed in.
    await page().goto(`${webUrl}/admin/transactions`);
    await listShown();
    await expect.poll(async () => plain(await rowOf(10).textContent())).toContain('Non riuscito');

    // The next top-up closes that checkout (still "Non riuscito"); left unpaid on Stripe's page until it expires, it is abandoned.
    const abandoned = await topUp('11');
    await stripe.expireNow(sessionOf(abandoned));
    // A third one paid, the newest money that moved.
    await stripe.pay(sessionOf(await topUp('12')));
    // The list loaded again for what Stripe did meanwhile.
    await page().reload();
    await listShown();
    await rowOf(12).getByText('Completato').waitFor();
    const firstRows = (await page().getByRole('row').allTextContents()).slice(1, 4).map(plain);
    expect(firstRows.map((row) => /(\d+,\d{2} €)/.exec(row)?.[1])).toEqual(['12,00 €', '11,00 €', '10,00 €']);
    expect(firstRows.map((row) => /(Completato|Abbandonato|Non riuscito|In attesa)/.exec(row)?.[1])).toEqual(['Completato', 'Abbandonato', 'Non riuscito']);
    expect(await accessibilityViolations(page(), 'main')).toEqual([]);
    await screenshot(page(), 'admin-transactions-states-1280');
    await atPhoneWidth('admin-transactions-states');

    // Each state is a filter of its own.
    await page().getByLabel('Stato', { exact: true }).selectOption({ label: 'Abbandonato' });
    await expect.poll(mainText).toContain('1 movimento');
    expect(plain(await page().getByRole('row').nth(1).textContent())).toContain('11,00 €');
    await page().getByLabel('Stato', { exact: true }).selectOption({ label: 'Non riuscito' });
    await expect.poll(async () => plain(await page().getByRole('row').nth(1).textContent())).toContain('10,00 €');
  });

  it('staff: the activity cards only, with no money and no call to the admin-only stats', async () => {
    const calls: string[] = [];
    // A correction of the admin's made now, on the day the staff's dashboard opens: the first test's may be of
    // the day before, in a run that crossed midnight in Rome since.
    const { db } = ctx.stack;
    const [member, admin] = await Promise.all(['utente@demo.beach', 'admin@demo.beach'].map((email) => db.user.findUniqueOrThrow({ where: { email } })));
    await giveCredit(db, member!.id, 1000, { reason: 'Credito per la segreteria', by: admin!.id });
    // Staff sign in on the admin's page, the admin's app gone first (a new page would start a renderer): every
    // call of the staff's dashboard is heard, from its one load of the app on.
    await forgetSession(page(), ctx.stack.webUrl);
    page().on('request', (request) => calls.push(new URL(request.url()).pathname));
    await signInOn(page(), ctx.stack.webUrl, { email: 'staff@demo.beach', path: '/admin' });
    await page().getByRole('heading', { name: 'Dashboard Amministratore', level: 1 }).waitFor();
    await page().getByRole('group', { name: 'Tessere attive' }).waitFor();
    await expect.poll(() => card('Coupon attivi')).toMatch(/^Coupon attivi\d+$/);
    // Today's credit corrections are the desk's too.
    await page().getByRole('region', { name: 'Rettifiche del credito di oggi' }).getByRole('row').filter({ hasText: 'Credito per la segreteria' }).waitFor();
    const text = await mainText();
    for (const money of ['Riepilogo finanziario', 'Utile netto', 'Totale incassi', 'Incassi e spese degli ultimi 6 mesi', 'Verifica dei conti']) expect(text).not.toContain(money);
    expect(text).not.toContain('Credito dei soci');
    expect(calls).toContain('/api/admin/memberships/stats');
    expect(calls).toContain('/api/admin/credit/corrections');
    expect(calls.filter((path) => path.startsWith('/api/admin/incomes') || path.startsWith('/api/admin/expenses') || path.startsWith('/api/admin/transactions') || path.startsWith('/api/admin/reconciliation'))).toEqual([]);
    await screenshot(page(), 'staff-dashboard-1280');
    await atPhoneWidth('staff-dashboard');
  });
});
