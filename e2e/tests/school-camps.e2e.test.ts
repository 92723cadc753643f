// A summer camp week in Chromium (docs/school.md#camps, #instalments): on a phone a parent finds the week in
// /scuola's "Centri estivi", enrols both children at once (one in each age band, the second with the sibling
// discount), pays one deposit by card on the (double's) Stripe page and then (the discounted place says to pay
// the other first) the other with credit the desk topped up, and finds both confirmed on /profilo with the
// balance still to pay and its day. Later, the balance due, the parent pays it with "Paga ora" on a desktop
// and every instalment reads "Pagata"; on the ledger each enrolment owes nothing. The camp and the children are written straight to the tables (their screens
// are elsewhere). Screenshots of the camps, the camp's dialog and /profilo's enrolments at 390 and 1280 px.
// Then a full band's waiting list: the parent puts a child on it from the camp's dialog, the desk cancels
// the other family's place, and the parent finds it offered on /profilo with its deadline and accepts it.
// And a family's week: the dialog offers only the children (not the grown-up parent), keeps its controls
// after a refusal and refreshes its places; the sibling discount is named and the full-price place listed
// first, the discounted one with no pay button but the place to pay first named (it, de, en) until that is
// paid; while the checkout is being opened "Paga con la carta" is busy and disabled, a second tap asks for no
// second checkout, and Stripe's page then opens still valid; the
// cancel action and its confirmation's keep-it button have different words, in Italian, German and English.
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, keptSignedInPage, PHONE, screenshot } from '../src/browser.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { enrolmentOwed } from '../src/ledger.js';
import { apiCaller } from '../src/api-as.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const today = romeToday();
const dayFromToday = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** "14/12/2026", as the member's screens write a day. */
const shown = (day: string) => day.split('-').reverse().join('/');
/** Text with the money's non-breaking spaces as plain ones. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const CAMP = 'Centro estivo E2E';
const FULL_CAMP = 'Centro estivo pieno';
const FAMILY_CAMP = 'Centro estivo famiglie';
const OTHER_PARENT = 'marco.onda@e2e.test';
/** A Monday two or three weeks ahead: the week runs to its Friday. */
const AHEAD = 14 + ((8 - new Date(`${today}T12:00:00Z`).getUTCDay()) % 7);
const FIRST_DAY = dayFromToday(AHEAD);
const BALANCE_DUE = dayFromToday(5);
/** Born `years` years and a season before the camp's first day: that age on it. */
const bornBefore = (years: number) => new Date(Date.parse(`${Number(FIRST_DAY.slice(0, 4)) - years}${FIRST_DAY.slice(4)}T00:00:00Z`) - 100 * 86_400_000);
let parentId: number;

/** A camp week on D1 from FIRST_DAY to its Friday: 150 €, 50 € deposit with the balance by BALANCE_DUE, 10 % off for siblings. */
async function createCamp(name: string, bands: { minAge: number; maxAge: number; capacity: number }[]) {
  const { db } = ctx.stack;
  const court = await db.court.findFirstOrThrow({ where: { code: 'D1' } });
  const course = await db.course.create({
    data: {
      name, offer: 'camp', minAge: bands[0]!.minAge, maxAge: bands.at(-1)!.maxAge, startsOn: new Date(`${FIRST_DAY}T00:00:00Z`), endsOn: new Date(`${dayFromToday(AHEAD + 4)}T00:00:00Z`),
      recurrence: 'FREQ=DAILY', startTime: '09:00', durationMinutes: 480, maxParticipants: bands.reduce((sum, band) => sum + band.capacity, 0), priceCents: 15000, publishedAt: new Date(),
      depositCents: 5000, balanceDueOn: new Date(`${BALANCE_DUE}T00:00:00Z`), siblingDiscountPercent: 10,
      courts: { create: [{ courtId: court.id }] }, bands: { create: bands },
    },
  });
  for (let days = AHEAD; days <= AHEAD + 4; days += 1) {
    // 09:00 in Rome is 07:00 or 08:00 UTC: the hour is not what this test checks.
    const startsAt = new Date(`${dayFromToday(days)}T08:00:00Z`);
    await db.courseSession.create({ data: { courseId: course.id, startsAt, endsAt: new Date(startsAt.getTime() + 8 * 3_600_000) } });
  }
  return course.id;
}

beforeAll(async () => {
  const { db } = ctx.stack;
  const parent = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  parentId = parent.id;
  // Two children, one for each band: 8 and 12 on the first day.
  await db.child.create({ data: { parentId, firstName: 'Pietro', lastName: parent.lastName, birthDate: bornBefore(8) } });
  await db.child.create({ data: { parentId, firstName: 'Sofia', lastName: parent.lastName, birthDate: bornBefore(12) } });
  await createCamp(CAMP, [{ minAge: 6, maxAge: 10, capacity: 20 }, { minAge: 11, maxAge: 14, capacity: 16 }]);
});

/** The member's API with their token, as the screens call it (the desk's top-up has its own screen, tested elsewhere). */
const callAs = apiCaller(ctx);

/** The parent's page, kept from one test to the next: each test loads /scuola on it afresh (the camps and places changed server-side meanwhile). */
const openSchool = keptSignedInPage(ctx, { email: 'utente@demo.beach', path: '/scuola', heading: 'Scuola di beach volley' });

/** Pays on the Stripe double's page what `button` opens and comes back to /profilo. */
async function payByCard(page: Page, button: Locator, amount: string) {
  await button.click();
  await page.waitForURL(/\/checkout\/cs_test_/);
  await expect.poll(() => page.textContent('body')).toContain(amount);
  await page.getByRole('button', { name: 'Paga' }).click();
  await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
  await page.getByText('Iscrizione confermata: ci vediamo al corso!').waitFor();
  await page.getByRole('link', { name: 'Vai alle tue iscrizioni' }).click();
}

describe('a summer camp week, in Chromium', () => {
  it('a parent enrols two children on a phone, pays the deposits, and later the balances on a desktop', async () => {
    const page = await openSchool(DESKTOP.width);
    const camps = page.getByRole('region', { name: 'Centri estivi' });
    const card = camps.getByRole('button', { name: new RegExp(CAMP) });
    await expect.poll(() => card.textContent()).toMatch(/6–10 anni: 20 posti.*11–14 anni: 16 posti.*Acconto 50,00\s€ all’iscrizione, saldo entro il .*Sconto fratelli: 10%/);
    await screenshot(page, 'school-camps-list-1280', { fullPage: false });
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'school-camps-list-390', { fullPage: false });

    await card.click();
    const dialog = page.getByRole('dialog', { name: CAMP });
    const pietro = dialog.getByRole('checkbox', { name: 'Pietro Rossi' });
    const sofia = dialog.getByRole('checkbox', { name: 'Sofia Rossi' });
    await pietro.check();
    await sofia.check();
    await screenshot(page, 'school-camps-dialog-390', { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'school-camps-dialog-1280', { fullPage: false });
    await page.setViewportSize(PHONE);
    const dayBefore = romeToday();
    await dialog.getByRole('button', { name: 'Iscrivi' }).click();
    const outcomes = dialog.getByRole('list', { name: 'Esito delle iscrizioni' });
    // Each with the price it got: the second child's is the sibling discount's.
    await expect.poll(async () => (await outcomes.getByRole('listitem').allTextContents()).map(spaced)).toEqual([
      'Pietro Rossi · 150,00 €: Posto tenuto: completa il pagamento per confermare l’iscrizione.',
      'Sofia Rossi · 135,00 €: Posto tenuto: completa il pagamento per confermare l’iscrizione.Sconto fratelli −15,00 €',
    ]);
    await screenshot(page, 'school-camps-enrolled-390', { fullPage: false });
    // The deposit is due on the day in Rome the places were made: a run across midnight may have made them on either.
    const enrolledOn = new RegExp(`^50,00 € entro il (${[...new Set([dayBefore, romeToday()])].map(shown).join('|')})Pagata$`);
    await dialog.getByRole('link', { name: 'Vai al profilo per pagare' }).click();

    // The first child at the full price, the second with 10 % off: both ask the 50 € deposit now.
    const enrolments = page.getByRole('region', { name: 'Le mie iscrizioni' });
    // By whom the place is for: a discounted place also names its sibling's place, to be paid first.
    const rowOf = (child: string) => enrolments.getByRole('listitem', { name: CAMP }).filter({ hasText: `${child} Rossi · ` });
    await expect.poll(() => rowOf('Pietro').textContent()).toMatch(/Pietro Rossi · Settimana intera · 150,00\s€.*Da pagare ora: 50,00\s€/);
    // The discounted place is paid once the full-price one is: until then it says so.
    await expect.poll(() => rowOf('Sofia').textContent()).toMatch(/Sofia Rossi · Settimana intera · 135,00\s€.*Paga prima l’iscrizione di Pietro Rossi/);
    await payByCard(page, rowOf('Pietro').getByRole('button', { name: 'Paga con la carta' }), '50,00');

    // The desk tops the parent's credit up with 50 € in cash; back on the page (read again), the second deposit
    // is paid with it: "Paga con il credito" is offered only once the credit covers it.
    expect(await rowOf('Sofia').getByRole('button', { name: 'Paga con il credito' }).count()).toBe(0);
    await callAs('staff@demo.beach', 'POST', `/api/admin/users/${parentId}/credit/top-up`, { amount: '50', method: 'cash' });
    await page.reload();
    await expect.poll(() => rowOf('Sofia').textContent()).toMatch(/Da pagare ora: 50,00\s€/);
    await rowOf('Sofia').getByRole('button', { name: 'Paga con il credito' }).click();
    await rowOf('Sofia').getByText('Iscrizione pagata con il credito e confermata.').waitFor();
    for (const [child, balance] of [['Pietro', '100,00'], ['Sofia', '85,00']] as const) {
      const rates = rowOf(child).getByRole('list', { name: 'Rate' });
      await expect.poll(() => rowOf(child).getByText('Confermata', { exact: true }).count()).toBe(1);
      await expect.poll(async () => (await rates.getByRole('listitem').allTextContents()).map(spaced)).toEqual([expect.stringMatching(enrolledOn), `${balance} € entro il ${shown(BALANCE_DUE)}Da pagare`]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await enrolments.scrollIntoViewIfNeeded();
    await screenshot(page, 'school-camps-profile-deposits-390', { fullPage: false });

    // Later: the balance falls due (moved to today, the day it is now), and the parent pays it at a desktop.
    const dueToday = romeToday();
    await ctx.stack.db.enrolmentInstalment.updateMany({ where: { seq: 2, enrolment: { course: { name: CAMP } } }, data: { dueOn: new Date(`${dueToday}T00:00:00Z`) } });
    await page.setViewportSize(DESKTOP);
    await page.reload();
    for (const [child, balance] of [['Pietro', '100,00'], ['Sofia', '85,00']] as const) {
      await expect.poll(async () => spaced(await rowOf(child).textContent())).toContain(`Prossima rata: ${balance} €, entro il ${shown(dueToday)}`);
      await payByCard(page, rowOf(child).getByRole('button', { name: 'Paga ora con la carta' }), balance);
    }
    for (const child of ['Pietro', 'Sofia']) {
      await expect.poll(() => rowOf(child).getByRole('list', { name: 'Rate' }).getByText('Pagata').count()).toBe(2);
      expect(await rowOf(child).getByRole('button').count()).toBe(0);
    }
    await enrolments.scrollIntoViewIfNeeded();
    await screenshot(page, 'school-camps-profile-paid-1280', { fullPage: false });
    await page.setViewportSize(PHONE);
    await enrolments.scrollIntoViewIfNeeded();
    await screenshot(page, 'school-camps-profile-paid-390', { fullPage: false });

    const enrolled = await ctx.stack.db.courseEnrolment.findMany({ where: { course: { name: CAMP } }, select: { id: true, status: true, amountCents: true }, orderBy: { id: 'asc' } });
    expect(enrolled.map(({ status, amountCents }) => [status, amountCents])).toEqual([['confirmed', 15000], ['confirmed', 13500]]);
    for (const { id } of enrolled) expect(await enrolmentOwed(ctx.stack.db, id)).toBe(0);
  });

  it('a full band’s waiting list: the freed place is offered to the first waiting, accepted on /profilo', async () => {
    const { db } = ctx.stack;
    const campId = await createCamp(FULL_CAMP, [{ minAge: 6, maxAge: 10, capacity: 1 }]);
    // Another family takes the band's only place, its deposit paid at the desk.
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: parentId } });
    const other = await db.user.create({ data: { firstName: 'Marco', lastName: 'Onda', email: OTHER_PARENT, passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
    const leo = await db.child.create({ data: { parentId: other.id, firstName: 'Leo', lastName: 'Onda', birthDate: bornBefore(7) } });
    const { enrolment } = (await callAs(OTHER_PARENT, 'POST', '/api/me/enrolments', { course_id: campId, kind: 'course', child_id: leo.id })) as { enrolment: { id: number } };
    await callAs('staff@demo.beach', 'POST', `/api/admin/enrolments/${enrolment.id}/collect`, { method: 'cash', seq: 1 });

    const page = await openSchool(PHONE.width);
    await page.setViewportSize(PHONE);
    const card = page.getByRole('button', { name: new RegExp(FULL_CAMP) });
    await expect.poll(() => card.textContent()).toContain('6–10 anni: al completo');
    await card.click();
    const dialog = page.getByRole('dialog', { name: FULL_CAMP });
    await dialog.getByText('Centro estivo al completo.').waitFor();
    const waitlist = dialog.getByRole('region', { name: 'Lista d’attesa' });
    await waitlist.getByRole('option', { name: 'Pietro Rossi' }).waitFor({ state: 'attached' });
    await waitlist.getByLabel('Chi metti in lista').selectOption({ label: 'Pietro Rossi' });
    await waitlist.getByRole('button', { name: 'Mettiti in lista' }).click();
    await waitlist.getByText('Sei in lista d’attesa: se si libera un posto ti scriviamo.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'school-camps-waitlist-join-390', { fullPage: false });

    // The desk cancels the other family's place: held for Pietro, first in line, not given back to anyone.
    // The parent goes on to their profile through the app, which asks for their waiting lists again.
    await callAs('staff@demo.beach', 'POST', `/api/admin/enrolments/${enrolment.id}/cancel`);
    await routeInApp(page, '/profilo');
    const offer = page.getByRole('region', { name: 'Liste d’attesa' }).getByRole('listitem', { name: FULL_CAMP });
    await expect.poll(async () => spaced(await offer.textContent())).toMatch(/Pietro Rossi.*Posto offerto.*Il posto è tenuto per te fino al \d\d\/\d\d\/\d{4}.*\d\d:\d\d/);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'school-camps-waitlist-offer-390', { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'school-camps-waitlist-offer-1280', { fullPage: false });

    await offer.getByRole('button', { name: 'Accetta il posto' }).click();
    const row = page.getByRole('region', { name: 'Le mie iscrizioni' }).getByRole('listitem', { name: FULL_CAMP });
    await expect.poll(async () => spaced(await row.textContent())).toMatch(/Pietro Rossi · Settimana intera · 150,00 €.*Da pagare ora: 50,00 €/);
    await offer.waitFor({ state: 'detached' });
    expect(await db.courseWaitlistEntry.findMany({ where: { courseId: campId }, select: { status: true } })).toEqual([{ status: 'enrolled' }]);
    expect(await db.courseBand.findMany({ where: { courseId: campId }, select: { placesTaken: true } })).toEqual([{ placesTaken: 1 }]);
  });
  it('a family’s week: only the children offered, places refreshed, the sibling discount named, one tap one checkout, distinct cancel words', async () => {
    const { db, webUrl } = ctx.stack;
    const campId = await createCamp(FAMILY_CAMP, [{ minAge: 6, maxAge: 10, capacity: 20 }, { minAge: 11, maxAge: 14, capacity: 16 }]);
    const page = await openSchool(PHONE.width);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: new RegExp(FAMILY_CAMP) }).click();
    const dialog = page.getByRole('dialog', { name: FAMILY_CAMP });
    await dialog.getByRole('checkbox', { name: 'Pietro Rossi' }).check();
    // The parent is of no band's age: only the children are offered.
    expect(await dialog.getByRole('checkbox').count()).toBe(2);
    expect(await dialog.getByRole('checkbox', { name: /^Io/ }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Sofia Rossi' }).check();
    await dialog.getByRole('button', { name: 'Iscrivi' }).click();
    const outcomes = dialog.getByRole('list', { name: 'Esito delle iscrizioni' });
    await expect.poll(async () => (await outcomes.getByRole('listitem').allTextContents()).map(spaced)).toEqual([
      'Pietro Rossi · 150,00 €: Posto tenuto: completa il pagamento per confermare l’iscrizione.',
      'Sofia Rossi · 135,00 €: Posto tenuto: completa il pagamento per confermare l’iscrizione.Sconto fratelli −15,00 €',
    ]);
    // The places read again: one fewer in each band.
    await expect.poll(() => dialog.textContent()).toMatch(/6–10 anni: 19 posti.*11–14 anni: 15 posti/);
    // A refusal hides no control.
    await dialog.getByRole('checkbox', { name: 'Pietro Rossi' }).check();
    await dialog.getByRole('button', { name: 'Iscrivi' }).click();
    await expect.poll(async () => spaced(await outcomes.textContent())).toBe('Pietro Rossi: Risulta già un’iscrizione per questa persona.');
    await dialog.getByRole('checkbox', { name: 'Sofia Rossi' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'school-camps-family-dialog-390', { fullPage: false });
    await dialog.getByRole('link', { name: 'Vai al profilo per pagare' }).click();

    // The full-price place first, the discounted one after it, named.
    const rows = page.getByRole('region', { name: 'Le mie iscrizioni' }).getByRole('listitem', { name: FAMILY_CAMP });
    await expect.poll(async () => (await rows.allTextContents()).map((text) => spaced(text).match(/^.*?(Pietro|Sofia)[^€]*€(Sconto fratelli −15,00 €)?/)?.slice(1, 3))).toEqual([
      ['Pietro', undefined],
      ['Sofia', 'Sconto fratelli −15,00 €'],
    ]);
    await rows.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'school-camps-family-profile-390', { fullPage: false });

    // Sofia's discounted place waits for Pietro's: it names the place to pay first and offers no payment the server would refuse, in each language.
    // The profile at each width and in each language is reached in the same page, through the app's router.
    for (const [path, payFirst, card, width] of [
      ['/profilo', 'Paga prima l’iscrizione di Pietro Rossi: lo sconto fratelli vale con un fratello iscritto.', 'Paga con la carta', PHONE],
      ['/profilo', 'Paga prima l’iscrizione di Pietro Rossi: lo sconto fratelli vale con un fratello iscritto.', 'Paga con la carta', DESKTOP],
      ['/de/profilo', 'Bezahle zuerst die Anmeldung von Pietro Rossi: Der Geschwisterrabatt gilt mit einem angemeldeten Geschwisterkind.', 'Mit Karte zahlen', DESKTOP],
      ['/en/profilo', 'Pay Pietro Rossi’s enrolment first: the sibling discount applies once a sibling is enrolled.', 'Pay by card', PHONE],
    ] as const) {
      await page.setViewportSize(width);
      await routeInApp(page, path);
      const places = page.getByRole('listitem', { name: FAMILY_CAMP });
      const sofia = places.filter({ hasText: 'Sofia' });
      await sofia.getByText(payFirst).waitFor();
      await places.filter({ hasText: 'Pietro Rossi · ' }).getByRole('button', { name: card }).waitFor();
      expect(await sofia.getByRole('button', { name: card }).count()).toBe(0);
      expect(await sofia.getByRole('button').allTextContents()).toEqual([expect.not.stringMatching(/Paga|zahlen|Pay/)]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width.width);
      await sofia.scrollIntoViewIfNeeded();
      await screenshot(page, `school-camps-family-pay-first-${path.split('/')[1] === 'profilo' ? 'it' : path.split('/')[1]}-${width.width}`, { fullPage: false });
    }
    await page.setViewportSize(PHONE);
    // Loaded, not routed: in the app an English visit stays English, and /profilo moves on to /en/profilo
    // (languageOfAddress, apps/web/src/lib/i18n.ts); the member opening the app again is back in Italian.
    await page.goto(`${webUrl}/profilo`);

    // One tap, one checkout: the request that opens the checkout is held on its way while the member taps again.
    // Holding the request, not Stripe's page, keeps the page interactive: Playwright's actions on a page that is
    // leaving do not answer, so a tap made then would prove nothing. Once the answer is in, the button stays
    // disabled while the browser leaves (my-enrolments-section.test.tsx).
    const checkout = /\/api\/me\/enrolments\/\d+\/checkout$/;
    const checkoutsAsked: string[] = [];
    const countCheckouts = (request: Request) => {
      if (request.method() === 'POST' && checkout.test(new URL(request.url()).pathname)) checkoutsAsked.push(request.url());
    };
    page.on('request', countCheckouts);
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(checkout, async (route) => {
      await held;
      await route.continue();
    });
    await rows.first().getByRole('button', { name: 'Paga con la carta' }).click();
    const opening = rows.first().getByRole('button', { name: 'Apertura del pagamento...' });
    await opening.waitFor();
    expect(await opening.isDisabled()).toBe(true);
    // A real tap on the busy button (force: Playwright would otherwise wait for it to be enabled; the disabled
    // button itself is what refuses it).
    await opening.click({ force: true });
    letThrough();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Paga' }).waitFor();
    // Both taps were made before the first answer, so a second request would have been sent by now.
    expect(checkoutsAsked).toHaveLength(1);
    expect(await page.getByText('Questa sessione di pagamento è scaduta.').count()).toBe(0);
    expect(await db.transaction.count({ where: { enrolment: { courseId: campId }, method: 'stripe' } })).toBe(1);
    await page.unroute(checkout);
    page.off('request', countCheckouts);
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await page.getByText('Iscrizione confermata: ci vediamo al corso!').waitFor();

    // Cancelling the other place: the action and the keep-it button say different things, in each language.
    // Pietro's place now confirmed, Sofia's offers its payments. From the payment's page, in the app, through its router.
    for (const [path, action, back, discount, card] of [['/profilo', 'Annulla iscrizione', 'Indietro', 'Sconto fratelli −15,00 €', 'Paga con la carta'], ['/de/profilo', 'Anmeldung stornieren', 'Zurück', 'Geschwisterrabatt −15,00 €', 'Mit Karte zahlen'], ['/en/profilo', 'Cancel enrolment', 'Back', 'Sibling discount −€15.00', 'Pay by card']] as const) {
      await page.setViewportSize(DESKTOP);
      await routeInApp(page, path);
      const sofia = page.getByRole('listitem', { name: FAMILY_CAMP }).filter({ hasText: 'Sofia' });
      await expect.poll(async () => spaced(await sofia.textContent())).toContain(discount);
      await sofia.getByRole('button', { name: card }).waitFor();
      expect(await sofia.getByText(/Paga prima|Bezahle zuerst|first:/).count()).toBe(0);
      await sofia.getByRole('button', { name: action }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: back }).waitFor();
      expect(await confirm.getByRole('button', { name: action }).count()).toBe(1);
      await screenshot(page, `school-camps-family-cancel-${path.split('/')[1] === 'profilo' ? 'it' : path.split('/')[1]}-1280`, { fullPage: false });
      await confirm.getByRole('button', { name: back }).click();
      await confirm.waitFor({ state: 'detached' });
    }
    await page.setViewportSize(PHONE);
    await routeInApp(page, '/de/profilo');
    await page.getByRole('listitem', { name: FAMILY_CAMP }).filter({ hasText: 'Sofia' }).getByRole('button', { name: 'Anmeldung stornieren' }).click();
    await screenshot(page, 'school-camps-family-cancel-de-390', { fullPage: false });
    await page.getByRole('dialog').getByRole('button', { name: 'Zurück' }).click();
    expect(await db.courseEnrolment.count({ where: { courseId: campId, status: 'pending_payment' } })).toBe(1);
  });
});
