// Members, families and languages in Chromium, at 390 and 1280 px: a title of one 120-letter word (a
// course, a camp, a tournament) never makes a page scroll sideways; a child's name over 100 characters is
// refused under its field in German, never cut, and the dialog keeps its buttons on screen; the phone
// menu leads to the school and the tournaments; a future birth date at registration gets one error and no
// guardian block; a consent never given is not "withdrawn"; signing in on /en/ makes the account English
// (its e-mails too); the grid's open slots are "Available"/"Verfügbar"; a shared court's organiser is told
// what they paid and what the other players owe.
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, forgetSession, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const dayFromToday = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Tomorrow in Rome, read when asked: after a midnight the file's `today` + 1 is today. */
const tomorrow = () => new Date(Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date())}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** One word as long as a title may be (120 letters): nowhere to break it but anywhere. */
const LONG_WORD = `Beachvolleyballsommerferienintensivtrainingswoche${'x'.repeat(71)}`;
const COURSE = `Corso${LONG_WORD}`.slice(0, 120);
const CAMP = `Camp${LONG_WORD}`.slice(0, 120);
const TOURNAMENT = `Torneo${LONG_WORD}`.slice(0, 120);
const MEMBER = 'utente@demo.beach';
let tournamentId = 0;

let page: Page | undefined;
afterEach(async () => {
  await page?.close();
  page = undefined;
});
const open = async (email: string, path: string, heading: string, viewport: typeof PHONE | typeof DESKTOP) => {
  page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email, path, heading, width: viewport.width });
  await page.setViewportSize(viewport);
  return page;
};
/** How far the page reaches past the viewport's right edge (0: no sideways scrolling). */
const sidewaysOverflow = (target: Page) => target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  const { db } = ctx.stack;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  const member = await db.user.findUniqueOrThrow({ where: { email: MEMBER } });
  const court = await db.court.findFirstOrThrow({ where: { code: 'D1' } });
  const at = (days: number) => new Date(`${dayFromToday(days)}T00:00:00Z`);
  for (const [name, offer] of [[COURSE, 'course'], [CAMP, 'camp']] as const) {
    const course = await db.course.create({
      data: {
        name, offer, minAge: 8, maxAge: 14, startsOn: at(10), endsOn: at(14), recurrence: 'FREQ=DAILY', startTime: '17:00', durationMinutes: 60, maxParticipants: 8, priceCents: 6000,
        publishedAt: new Date(), courts: { create: [{ courtId: court.id }] }, ...(offer === 'camp' ? { bands: { create: [{ minAge: 8, maxAge: 14, capacity: 8 }] } } : {}),
      },
    });
    const startsAt = new Date(`${dayFromToday(10)}T15:00:00Z`);
    await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) } });
    if (offer === 'course') await db.courseEnrolment.create({ data: { courseId: course.id, userId: member.id, kind: 'course', amountCents: 6000, status: 'confirmed', confirmedAt: new Date() } });
  }
  const day = at(7);
  const tournament = await db.tournament.create({
    data: {
      name: TOURNAMENT, sport: 'beach_volley', category: 'mixed', format: 'pools_knockout', matchFormat: 'one_set_21', matchMinutes: 30, entryFeeCents: 1500, maxEntries: 8,
      registrationOpensAt: new Date(Date.now() - 86_400_000), registrationClosesAt: new Date(day.getTime() - 86_400_000), startsOn: day, endsOn: day, status: 'published',
    },
  });
  tournamentId = tournament.id;
});

describe('long words wrap', () => {
  // The Italian screens first: the walk moves through the app, and there an address without prefix keeps
  // the language the page speaks (docs/i18n.md#addresses-and-the-language-of-a-page).
  const walk = () => [
    { path: '/scuola', heading: 'Scuola di beach volley', shows: COURSE },
    { path: '/tornei', heading: 'Tornei', shows: TOURNAMENT },
    { path: '/profilo', heading: 'Il mio profilo', shows: COURSE },
    { path: '/de/scuola', heading: 'Beachvolleyball-Schule', shows: CAMP },
    { path: '/de/tornei', heading: 'Turniere', shows: TOURNAMENT },
    { path: '/de/profilo', heading: 'Mein Profil', shows: COURSE },
    { path: '/en/scuola', heading: 'Beach volleyball school', shows: COURSE },
    { path: `/en/tornei/${tournamentId}`, heading: TOURNAMENT, shows: TOURNAMENT },
  ];
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px no page with a 120-letter title scrolls sideways`, async () => {
      // One signed-in page walked through the app, as a member moves on: a new sign-in and load per screen
      // cost most of this test's CPU (docs/testing.md#the-browser-lane).
      const [first, ...rest] = walk();
      await open(MEMBER, first!.path, first!.heading, viewport);
      for (const { path, heading, shows } of [first!, ...rest]) {
        if (path !== first!.path) await routeInApp(page!, path);
        await page!.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page!.getByText(shows).first().waitFor();
        expect({ path, overflow: await sidewaysOverflow(page!) }).toEqual({ path, overflow: 0 });
        if (path === '/de/scuola' || path === '/profilo') await screenshot(page!, `long-words${path.replaceAll('/', '-')}-${viewport.width}`);
      }
    });
  }
});

describe('a child’s name', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px over 100 characters is refused in German under its field, never cut, and the dialog keeps “Speichern” on screen`, async () => {
      await open(MEMBER, '/de/profilo', 'Mein Profil', viewport);
      await page!.getByRole('button', { name: 'Kind hinzufügen' }).click();
      const dialog = page!.getByRole('dialog');
      const firstName = dialog.getByRole('textbox', { name: /^Name/ });
      const tooLong = 'Sofiaaaaaa'.repeat(15);
      await firstName.fill(tooLong);
      expect(await firstName.inputValue()).toBe(tooLong);
      await dialog.getByRole('textbox', { name: /^Nachname/ }).fill('Rossi');
      await dialog.getByLabel('Geburtsdatum').fill('2017-05-04');
      await dialog.getByRole('checkbox', { name: /^Ich erkläre/ }).check();
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect.poll(() => firstName.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Darf höchstens 100 Zeichen enthalten.');
      // The dialog and its buttons inside the viewport: nothing to scroll sideways to reach them.
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const save = (await dialog.getByRole('button', { name: 'Speichern' }).boundingBox())!;
      expect(save.x + save.width).toBeLessThanOrEqual(viewport.width);
      expect(save.y + save.height).toBeLessThanOrEqual(viewport.height);
      await screenshot(page!, `child-name-refused-${viewport.width}`, { fullPage: false });

      // 100 letters are taken: the notice and the title that name the child wrap inside the page.
      const longest = `${viewport.width}`.padEnd(100, 'a');
      await firstName.fill(longest);
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await page!.getByText(`${longest} wurde deinem Konto hinzugefügt.`).waitFor();
      expect(await sidewaysOverflow(page!)).toBe(0);
      await page!.getByRole('button', { name: 'Bearbeiten' }).last().click();
      const edit = page!.getByRole('dialog');
      await edit.getByRole('heading', { name: `Daten von ${longest} bearbeiten` }).waitFor();
      const editBox = (await edit.boundingBox())!;
      expect(editBox.x + editBox.width).toBeLessThanOrEqual(viewport.width);
      const editSave = (await edit.getByRole('button', { name: 'Speichern' }).boundingBox())!;
      expect(editSave.x + editSave.width).toBeLessThanOrEqual(viewport.width);
      expect(editSave.y + editSave.height).toBeLessThanOrEqual(viewport.height);
      await screenshot(page!, `child-edit-long-name-${viewport.width}`, { fullPage: false });
    });
  }
});

describe('the phone menu', () => {
  it('leads to the school and the tournaments, signed out and signed in, in the page’s language', async () => {
    page = await ctx.browser.newPage({ viewport: PHONE });
    await page.goto(`${ctx.stack.webUrl}/de/`);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobiles Menü' });
    expect(await menu.getByRole('link', { name: 'Beachvolleyball-Schule' }).getAttribute('href')).toBe('/de/scuola');
    expect(await menu.getByRole('link', { name: 'Turniere' }).getAttribute('href')).toBe('/de/tornei');
    await screenshot(page, 'phone-menu-signed-out-390', { fullPage: false });
    await page.close();

    await open(MEMBER, '/profilo', 'Il mio profilo', PHONE);
    await page!.getByRole('button', { name: 'Apri menu' }).click();
    const signedIn = page!.getByRole('navigation', { name: 'Menu mobile' });
    await signedIn.getByRole('link', { name: 'Scuola di beach volley' }).click();
    await page!.getByRole('heading', { name: 'Scuola di beach volley', level: 1 }).waitFor();
    await page!.getByRole('button', { name: 'Apri menu' }).click();
    await signedIn.getByRole('link', { name: 'Tornei' }).click();
    await page!.getByRole('heading', { name: 'Tornei', level: 1 }).waitFor();
  });
});

describe('registration and consents', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px a future birth date gets one error on the date and no guardian block`, async () => {
      page = await ctx.browser.newPage({ viewport });
      await page.goto(`${ctx.stack.webUrl}/de/registrazione`);
      const birthDate = page.getByLabel('Geburtsdatum');
      await birthDate.fill(tomorrow());
      await page.getByRole('button', { name: 'Konto erstellen' }).click();
      await expect.poll(() => birthDate.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Das Geburtsdatum darf nicht in der Zukunft liegen.');
      expect(await page.getByLabel('Vor- und Nachname des Elternteils oder Vormunds').count()).toBe(0);
      await screenshot(page, `registration-future-birth-date-${viewport.width}`);
    });
  }

  it('a new account’s consent history shows the consents never given as not given, not withdrawn', async () => {
    const email = `consensi.nuovi@esempio.it`;
    const response = await fetch(`${ctx.stack.webUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ first_name: 'Nina', last_name: 'Neu', email, phone: '+39 333 7654321', birth_date: '1990-04-12', password: 'Demo2026!', password_confirmation: 'Demo2026!', privacy_consent: true }),
    });
    expect(response.status).toBe(201);
    await ctx.stack.db.user.update({ where: { email }, data: { emailVerifiedAt: new Date() } });
    await open(email, '/de/profilo', 'Mein Profil', PHONE);
    const history = page!.getByRole('heading', { name: 'Verlauf der Einwilligungen' }).locator('..');
    await expect.poll(async () => (await history.getByRole('listitem').allTextContents()).map((text) => text.replace(/\d.*$/, '').trim())).toEqual([
      'Newsletter: nicht erteilt',
      'Fotos und Videos: nicht erteilt',
      expect.stringMatching(/^Datenschutzerklärung: akzeptiert/),
    ]);
    expect(await history.textContent()).not.toContain('widerrufen');
    await screenshot(page!, 'consent-history-new-account-390');
  });
});

describe('the account’s language', () => {
  it('signing in on /en/ makes the account English: its profile and its e-mails', async () => {
    const { db, mail, webUrl } = ctx.stack;
    const email = 'lingua.inglese@esempio.it';
    const member = await db.user.findUniqueOrThrow({ where: { email: MEMBER } });
    await db.user.create({ data: { firstName: 'Emma', lastName: 'English', email, passwordHash: member.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).locale).toBe('it');
    page = await ctx.browser.newPage({ viewport: PHONE });
    await forgetSession(page, webUrl);
    await page.goto(`${webUrl}/en/login?redirect=${encodeURIComponent('/en/profilo')}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('Demo2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();
    await expect.poll(async () => (await db.user.findUniqueOrThrow({ where: { email } })).locale).toBe('en');
    await expect.poll(() => page!.getByText('Language').locator('..').textContent()).toContain('English');
    await screenshot(page, 'profile-language-english-390');
    // An e-mail asked for in Italian still speaks the account's English.
    const asked = await fetch(`${webUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'it' }, body: JSON.stringify({ email }) });
    expect(asked.ok).toBe(true);
    const received = await mail.waitFor(email);
    expect(received.subject).toBe('Reset your password');
    expect(received.text ?? '').toContain('We received a request to reset the password of your account.');
  });
});

describe('the booking grid', () => {
  for (const [path, heading, dayStrip, label, not] of [['/en/prenotazioni', 'Book a court', 'Day', 'Available', 'Free'], ['/de/prenotazioni', 'Platz buchen', 'Tag', 'Verfügbar', 'Frei']] as const) {
    it(`${path} at 390 and 1280 px calls an open slot "${label}"`, async () => {
      // One signed-in page at the phone's width, then the desktop's: what the grid calls a slot does not depend on
      // the width the page was loaded at, and a signed-in page costs Chromium ≈ 1 s of CPU (docs/testing.md).
      await open(MEMBER, path, heading, PHONE);
      // Tomorrow, whose slots are all still to come.
      await page!.getByRole('group', { name: dayStrip }).getByRole('button').nth(1).click();
      for (const viewport of [PHONE, DESKTOP]) {
        await page!.setViewportSize(viewport);
        const open_ = page!.getByRole('button', { name: new RegExp(`: ${label.toLowerCase()}, `) }).first();
        await open_.waitFor();
        expect(await open_.textContent()).toMatch(new RegExp(`^${label} `));
        expect(await page!.getByRole('table').first().textContent()).not.toContain(`${not} `);
        await screenshot(page!, `grid${path.replaceAll('/', '-')}-${viewport.width}`, { fullPage: false });
      }
    });
  }
});

describe('a shared court paid by its organiser', () => {
  it('the payment page says what the organiser paid and what the other player still owes', async () => {
    const { db } = ctx.stack;
    const organiser = await db.user.findUniqueOrThrow({ where: { email: MEMBER } });
    await db.user.create({ data: { firstName: 'Paolo', lastName: 'Compagno', email: 'paolo.compagno@esempio.it', passwordHash: organiser.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
    await open(MEMBER, '/prenotazioni?campo=C2', 'Prenota un campo', DESKTOP);
    const day = dayFromToday(2);
    await page!.getByRole('button', { name: new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`) }).click();
    await page!.getByRole('button', { name: /^Campo C2, 10:30–12:00: libero/ }).click();
    await page!.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
    await page!.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
    const players = page!.getByRole('region', { name: 'Giocatori e quote' });
    await players.getByLabel('Aggiungi un socio').fill('Compagno');
    await players.getByRole('button', { name: 'Aggiungi Paolo Compagno' }).click();
    await players.getByRole('list', { name: 'Giocatori' }).getByText('Paolo Compagno').waitFor();
    await page!.getByRole('button', { name: 'Paga con carta' }).click();
    await page!.waitForURL(/\/checkout\/cs_test_/);
    await page!.getByRole('button', { name: 'Paga' }).click();
    await page!.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await page!.getByText(/^Hai pagato 10,00\s€: la tua parte del campo\.$/).waitFor();
    const shares = page!.getByRole('list', { name: 'Giocatori' });
    await expect.poll(async () => (await shares.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'Tu (organizzatore) Pagata con carta10,00 €',
      // The same panel as on the organiser's bookings: a player who has not paid can still be taken off.
      'Paolo Compagno Da pagare10,00 €Togli',
    ]);
    expect((await page!.locator('main').textContent())?.replace(/\s+/g, ' ')).toMatch(/ancora da pagare: 10,00 €/);
    expect((await page!.locator('main').textContent())?.replace(/\s+/g, ' ')).toMatch(/Prezzo del campo20,00 €/);
    await screenshot(page!, 'shared-court-paid-1280');
    await page!.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page!)).toBe(0);
    // Beside a long date the label keeps its word whole: the text of "Quando" on one line, as "Campo".
    const labelLines = (name: string) =>
      page!.locator('dt', { hasText: new RegExp(`^${name}$`) }).evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect([await labelLines('Campo'), await labelLines('Quando')]).toEqual([1, 1]);
    await screenshot(page!, 'shared-court-paid-390');
  });
});
