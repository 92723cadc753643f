// The web screens as each role uses them, at the width where each fault was seen (390 px phone,
// 1280 px desktop): the pending-cards banner leaves the memberships table within the first screen,
// the day strip and the sport choice never cover each other, seven-digit amounts stay inside their
// dashboard cards, no form leans on the browser's (English) validation bubbles, money and dates have
// one format, each wrong field is said once under itself, search placeholders fit, and the courts list
// is cards on a phone. Screenshots of every screen at 390 and 1280 px.
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, DESKTOP, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { postHistory } from '../src/ledger.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const PENDING_CARDS = 40;
/** Text with the non-breaking spaces of it-IT currency as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
/** An it-IT amount with thousands separators and two decimals, e.g. "1.240,00 €". */
const EURO = /^-?\d{1,3}(\.\d{3})*,\d{2} €$/;

let page: Page;
const open = async (email: string, path: string, heading: string, width: number) => {
  page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email, path, heading, width });
  if (width === PHONE.width) await page.setViewportSize(PHONE);
  return page;
};
/**
 * The admin's page, kept from one admin test to the next: the first screen is the app's load, the next ones
 * are reached through the app's router at the test's width, at the top of the screen (a new signed-in page is
 * a renderer started and the app parsed again, docs/testing.md#session-17-the-browser-files-not-yet-reached).
 * Each screen is laid out by CSS at the width it is shown at, whatever width the page was loaded at.
 */
let adminPage: Page | undefined;
const openAsAdmin = async (path: string, heading: string, width: number) => {
  if (!adminPage) {
    adminPage = await open('admin@demo.beach', path, heading, width);
    return adminPage;
  }
  page = adminPage;
  await page.setViewportSize(width === PHONE.width ? PHONE : DESKTOP);
  await routeInApp(page, path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.waitForURL((url) => url.pathname === path);
  await page.evaluate(() => window.scrollTo(0, 0));
  return page;
};
afterEach(async () => {
  if (page !== adminPage) await page?.close();
});

/** The screen at the width it was opened at, then at the other one (back to where it was). */
async function shootBoth(name: string) {
  const start = page.viewportSize()!;
  const [first, second] = start.width === PHONE.width ? [PHONE, DESKTOP] : [DESKTOP, PHONE];
  await screenshot(page, `${name}-${first.width}`);
  await page.setViewportSize(second);
  await screenshot(page, `${name}-${second.width}`);
  await page.setViewportSize(start);
}

/** The message a field points to with aria-describedby (its error, or its hint). */
const messageUnder = (field: Locator) => field.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
const top = async (locator: Locator) => (await locator.boundingBox())!.y;
const height = async (locator: Locator) => (await locator.boundingBox())!.height;

beforeAll(async () => {
  const { db } = ctx.stack;
  // The whole year is season, so the planner has free cells whatever today is.
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  const start = new Date(`${today}T00:00:00Z`);
  for (let index = 0; index < PENDING_CARDS; index++) {
    const user = await db.user.create({ data: { firstName: 'Socio', lastName: `Attesa ${index + 1}`, email: `attesa${index + 1}@esempio.it`, passwordHash: 'x', emailVerifiedAt: new Date() } });
    const [issued] = await db.$queryRaw<{ number: string }[]>`SELECT next_membership_number(${year}) AS number`;
    await db.membership.create({
      data: {
        membershipNumber: issued!.number, userId: user.id, type: 'monthly', status: 'pending', startDate: start, endDate: new Date(start.getTime() + 29 * 86_400_000),
        originalPriceCents: 3000, priceCents: 3000,
        // The first card was created on New Year's evening, 19:59 in Rome.
        ...(index === 0 ? { createdAt: new Date('2026-01-01T18:59:00Z') } : {}),
      },
    });
  }
  // Seven-digit income and a four-digit expense.
  await db.income.create({ data: { date: start, category: 'Sponsor', description: 'Sponsor stagione', amountCents: 123_456_789 } });
  await db.expense.create({ data: { date: start, category: 'Manutenzione', description: 'Reti nuove', amountCents: 124_000 } });
  // Their books: finance reads the ledger.
  await postHistory(db);
});

describe('back-office screens at 1280 and 390 px', () => {
  // Closed once the admin's tests are done: the next signed-in pages reuse its context and the app's files in its cache.
  afterAll(async () => adminPage?.close());
  // One test per width: each walks the whole banner, and together they outlast one test's ceiling on a busy machine.
  for (const viewport of [DESKTOP, PHONE]) {
    it(`at ${viewport.width} px the pending-cards banner shows ${viewport === DESKTOP ? 'three cards' : 'one card'} and the rest on request: the table starts on the first screen${viewport === PHONE ? ' (the select filters fold behind one button)' : ''}`, async () => {
      await openAsAdmin('/admin/memberships', 'Gestione Tesseramenti', viewport.width);
      const banner = page.getByRole('region', { name: 'Tessere da Attivare' });
      await banner.getByText(`Ci sono ${PENDING_CARDS} tessere in attesa`).waitFor();
      const preview = viewport === DESKTOP ? 3 : 1;
      expect(await banner.getByRole('listitem').count()).toBe(preview);
      // Each shown card keeps number, name, e-mail, type, creation date and both actions.
      const first = banner.getByRole('listitem').first();
      expect(plain(await first.textContent())).toMatch(/^T\d{4}-\d+ · Socio Attesa \d+attesa\d+@esempio\.it · Mensile · creata il \d{2}\/\d{2}\/\d{4}Attiva.*Collega pagamento/);
      expect(await height(banner)).toBeLessThan(viewport.height * 0.4);
      const table = page.locator('table', { has: page.locator('caption', { hasText: 'Tessere' }) });
      await table.locator('tbody tr').first().waitFor();
      expect(await top(table)).toBeLessThan(viewport.height);
      if (viewport === PHONE) {
        // On a phone the select filters wait behind one button, and open on a tap.
        const filters = page.getByRole('region', { name: 'Filtri' });
        await expect.poll(() => filters.getByLabel('Stato').isVisible()).toBe(false);
        await filters.getByRole('button', { name: 'Filtri', exact: true }).click();
        await filters.getByLabel('Stato').selectOption('pending');
        await expect.poll(() => filters.getByRole('button', { name: 'Filtri (1)' }).getAttribute('aria-expanded')).toBe('true');
        await screenshot(page, 'memberships-filters-open-390', { fullPage: false });
        await filters.getByRole('button', { name: 'Cancella filtri' }).click();
        await filters.getByRole('button', { name: 'Filtri', exact: true }).click();
      }
      await screenshot(page, `memberships-pending-banner-${viewport.width}`, { fullPage: false });

      await banner.getByRole('button', { name: `Mostra tutte le ${PENDING_CARDS} tessere` }).click();
      await expect.poll(() => banner.getByRole('listitem').count()).toBe(PENDING_CARDS);
      // Expanded, the list scrolls inside the banner: forty cards never push the table far down.
      expect(await height(banner)).toBeLessThan(viewport.height * 0.75);
      await banner.getByRole('list', { name: `Tutte le ${PENDING_CARDS} tessere da attivare` }).getByRole('button', { name: /^Attiva la tessera/ }).last().scrollIntoViewIfNeeded();
      await screenshot(page, `memberships-pending-banner-expanded-${viewport.width}`, { fullPage: false });
      expect(await accessibilityViolations(page, 'main')).toEqual([]);
      await banner.getByRole('button', { name: 'Mostra meno' }).click();
      expect(await banner.getByRole('listitem').count()).toBe(preview);
    });
  }

  it('the membership detail shows its dates as dd/mm/yyyy, times as HH:mm', async () => {
    await openAsAdmin('/admin/memberships', 'Gestione Tesseramenti', DESKTOP.width);
    const card = await ctx.stack.db.membership.findFirstOrThrow({ where: { createdAt: new Date('2026-01-01T18:59:00Z') } });
    await page.getByRole('searchbox', { name: 'Cerca' }).fill(card.membershipNumber);
    await page.getByRole('button', { name: `Dettagli tessera ${card.membershipNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Tessera ${card.membershipNumber}` });
    const created = dialog.locator('dt', { hasText: 'Creata il' }).locator('xpath=following-sibling::dd');
    expect(await created.textContent()).toBe('01/01/2026, 19:59');
    expect(await dialog.locator('dd', { hasText: /\b\d{2}\/\d{2}\/\d{2}\b(?!\d)/ }).count()).toBe(0);
    await screenshot(page, 'membership-detail-dates-1280', { fullPage: false });
  });

  it('dashboard: seven-digit amounts stay inside their cards on a phone, the chart axis groups thousands', async () => {
    await openAsAdmin('/admin', 'Dashboard Amministratore', PHONE.width);
    await page.getByRole('img', { name: /Incassi e spese degli ultimi 6 mesi/ }).waitFor();
    const cards = ['Incassi tessere', 'Incassi prenotazioni', 'Incassi extra', 'Totale incassi', 'Totale spese', 'Utile netto'];
    expect(plain(await page.getByRole('group', { name: 'Incassi extra', exact: true }).textContent())).toBe('Incassi extra1.234.567,89 €');
    expect(plain(await page.getByRole('group', { name: 'Utile netto', exact: true }).textContent())).toBe('Utile netto1.233.327,89 €');
    for (const name of cards) {
      const fits = await page.getByRole('group', { name, exact: true }).evaluate((card) => {
        const range = document.createRange();
        range.selectNodeContents(card.querySelectorAll('p')[1]!);
        const text = range.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        return text.left >= box.left && text.right <= box.right && text.right <= window.innerWidth;
      });
      expect(fits, name).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    // Every tick of the money axis is a full it-IT amount: "1.050.000,00 €", never "1050000 €".
    const tickLabels = page.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await expect.poll(() => tickLabels.count()).toBeGreaterThan(2);
    const ticks = await tickLabels.allTextContents();
    for (const tick of ticks) expect(plain(tick)).toMatch(EURO);
    expect(ticks.map(plain).some((tick) => /^\d\.\d{3}\.\d{3},\d{2} €$/.test(tick))).toBe(true);
    await shootBoth('dashboard-amounts');
  });

  it('expenses and extra income show thousands separators; a negative expense is told once, under the field, that it must be above zero', async () => {
    await openAsAdmin('/admin/incassi', 'Incassi', DESKTOP.width);
    await expect.poll(async () => plain(await page.textContent('main'))).toContain('1.234.567,89 €');
    await routeInApp(page, '/admin/spese');
    await page.getByRole('heading', { name: 'Spese', level: 1 }).waitFor();
    await expect.poll(async () => plain(await page.textContent('main'))).toContain('1.240,00 €');
    expect(plain(await page.textContent('main'))).not.toMatch(/\d{4},\d{2} €/);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Nuova spesa' }).click();
    const form = page.getByRole('dialog', { name: 'Nuova spesa' });
    await form.getByLabel('Importo (€)').fill('-50');
    await form.getByLabel(/^Categoria/).fill('Sabbia');
    await form.getByLabel(/^Descrizione/).fill('Sabbia campo B');
    await form.getByRole('button', { name: 'Registra' }).click();
    const expected = 'Inserisci un importo maggiore di zero, con al massimo due decimali (es. 12,50).';
    await form.getByText(expected).waitFor();
    expect(await messageUnder(form.getByLabel('Importo (€)'))).toBe(expected);
    expect(await form.getByText(/Inserisci un importo/).count()).toBe(1);
    expect(await form.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'expense-negative-390', { fullPage: false });

    // Empty required fields: each says so under itself, in Italian.
    await form.getByLabel(/^Categoria/).fill('');
    await form.getByLabel(/^Descrizione/).fill('');
    await form.getByRole('button', { name: 'Registra' }).click();
    await form.getByRole('alert').waitFor();
    expect(await messageUnder(form.getByLabel(/^Categoria/))).toBe('Campo obbligatorio.');
    expect(await messageUnder(form.getByLabel(/^Descrizione/))).toBe('Campo obbligatorio.');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'expense-required-1280', { fullPage: false });
  });

  it('desk booking: an empty name gets the Italian message under the field, never the browser’s bubble', async () => {
    await open('staff@demo.beach', `/admin/prenotazioni?data=${tomorrow}`, 'Prenotazioni', DESKTOP.width);
    await page.getByRole('button', { name: 'Prenota Campo C1 alle 10:30' }).click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel(/^Nome e cognome/);
    await name.waitFor();
    expect(await dialog.locator('form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);
    await dialog.getByRole('button', { name: 'Prenota', exact: true }).click();
    await expect.poll(() => messageUnder(name)).toBe('Scegli un socio oppure scrivi il nome del cliente.');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await shootBoth('desk-booking-required');
  });

  it('search boxes on a phone: the placeholder fits and "press Enter" is read under the box', async () => {
    const screens = [
      { path: '/admin/bvu-members', heading: 'Gestione Tesserati BVU', placeholder: 'Nome, tessera o codice fiscale' },
      { path: '/admin/coupons', heading: 'Gestione Coupon Tessere', placeholder: 'Codice o descrizione' },
      { path: '/admin/users', heading: 'Gestione Utenti', placeholder: 'Nome, cognome o e-mail' },
    ];
    // The admin's page at phone width, each screen reached through the app.
    await openAsAdmin(screens[0]!.path, screens[0]!.heading, PHONE.width);
    for (const screen of screens) {
      await routeInApp(page, screen.path);
      await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
      const box = page.getByRole('searchbox', { name: 'Cerca' });
      expect(await box.getAttribute('placeholder')).toBe(screen.placeholder);
      expect(await messageUnder(box)).toBe('Premi Invio per cercare.');
      const { text, room } = await box.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return { text: context.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
      });
      expect(text, screen.path).toBeLessThanOrEqual(room);
      await shootBoth(`search-placeholder${screen.path.replaceAll('/', '-')}`);
    }
  });

  it('/admin/campi on a phone: the courts are cards with their actions on screen, no sideways scrolling', async () => {
    await openAsAdmin('/admin/campi', 'Campi', PHONE.width);
    const table = page.locator('table', { has: page.locator('caption', { hasText: /^Campi$/ }) });
    await table.locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    expect(await table.locator('tbody tr').first().evaluate((row) => getComputedStyle(row).display)).toBe('block');
    const edits = table.getByRole('button', { name: /^Modifica / });
    expect(await edits.count()).toBe(await ctx.stack.db.court.count());
    for (const edit of await edits.all()) {
      const box = (await edit.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await shootBoth('admin-courts-cards');
  });
});

describe('member and public screens', () => {
  it('/prenotazioni on a phone: the day strip and the sport choice are both fully visible and tappable', async () => {
    await open('utente@demo.beach', '/prenotazioni', 'Prenota un campo', PHONE.width);
    const strip = page.getByRole('group', { name: 'Giorno' });
    await strip.getByRole('button').first().waitFor();
    const sport = page.getByLabel('Sport');
    const [stripBox, sportBox] = [(await strip.boundingBox())!, (await sport.boundingBox())!];
    const apart = stripBox.y + stripBox.height <= sportBox.y || sportBox.y + sportBox.height <= stripBox.y;
    expect(apart).toBe(true);
    expect(sportBox.x).toBeGreaterThanOrEqual(0);
    expect(sportBox.x + sportBox.width).toBeLessThanOrEqual(PHONE.width);
    // What a finger lands on at the centre of each control is that control.
    const hit = (locator: Locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      });
    expect(await hit(sport)).toBe(true);
    const days = await strip.getByRole('button').all();
    for (const day of days.slice(0, 3)) {
      const box = (await day.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await hit(day)).toBe(true);
    }
    await days[1]!.click();
    expect(await days[1]!.getAttribute('aria-pressed')).toBe('true');
    await sport.selectOption({ label: 'Beach tennis' });
    await shootBoth('bookings-day-strip');
  });

  it('registration reports a short password and a different confirmation at once, under their fields', async () => {
    page = await ctx.browser.newPage({ viewport: PHONE });
    await page.goto(`${ctx.stack.webUrl}/registrazione`);
    await page.getByLabel(/^Nome/).fill('Lia');
    await page.getByLabel(/^Cognome/).fill('Neri');
    await page.getByLabel(/^E-mail/).fill('lia.neri@esempio.it');
    await page.getByLabel(/^Telefono/).fill('333 4445555');
    await page.getByLabel(/^Data di nascita/).fill('1995-05-05');
    await page.getByLabel(/^Password/).fill('sole1');
    await page.getByLabel(/^Conferma password/).fill('sole2');
    await page.getByLabel(/Ho letto e accetto/).check();
    await page.getByRole('button', { name: 'Crea il mio account' }).click();
    await expect.poll(() => messageUnder(page.getByLabel(/^Conferma password/))).toBe('Le password non coincidono.');
    expect(await messageUnder(page.getByLabel(/^Password/))).toBe('La password deve contenere almeno 8 caratteri.');
    await shootBoth('registration-every-field');
  });
});
