// Split payment in Chromium: the organiser books a court and adds three players on the payment page,
// pays their own share by card; one player pays by card from /le-mie-prenotazioni, another from credit
// through the e-mail's link; the desk's booking detail offers to collect the fourth share, still owed, with
// the booking; the deadline passes (the deadline setting moved past the booking's time) and the job charges
// it to the organiser's credit;
// the desk's booking detail then shows who paid and nothing left to collect. The organiser follows it on
// their bookings (who paid, how, what is still owed); the search tells namesakes apart and an address adds
// a member shown by that address; a slot within the deadline offers no invitations; an invited guest
// registers from the invitation and lands on their share.
// Screenshots at 1280 and 390 px.
import { linkIn } from '@beach/api/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, forgetSession, screenshot, screenshotAtPhoneWidth, signInOn } from '../src/browser.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { creditBalance, creditEntriesOn, giveCredit, sharesOf } from '../src/ledger.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack({ page: true });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
const dayButton = new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`);
const PLAYERS = [
  { firstName: 'Paola', lastName: 'Splitcarta', email: 'paola.split@esempio.it' },
  { firstName: 'Piero', lastName: 'Splitcredito', email: 'piero.split@esempio.it' },
  { firstName: 'Pia', lastName: 'Splitritardo', email: 'pia.split@esempio.it' },
];
/** Two namesakes: one with a card valid today, one who has played with the organiser (Paola's booking is theirs). */
const NAMESAKES = [
  { firstName: 'Nicola', lastName: 'Omonimo', email: 'nicola.uno.split@esempio.it' },
  { firstName: 'Nicola', lastName: 'Omonimo', email: 'nicola.due.split@esempio.it' },
];

let organiserId: number;
beforeAll(async () => {
  const { db } = ctx.stack;
  // The whole year is season, so the test does not depend on today's date.
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', splitDeadlineHours: 2 } });
  const organiser = await db.user.findUniqueOrThrow({ where: { email: 'utente@demo.beach' } });
  organiserId = organiser.id;
  // Three members with the demo password; Piero has 10 € of credit, the organiser 6 €.
  for (const player of [...PLAYERS, ...NAMESAKES]) await db.user.create({ data: { ...player, passwordHash: organiser.passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
  const carded = await db.user.findUniqueOrThrow({ where: { email: 'nicola.due.split@esempio.it' } });
  const year = today.slice(0, 4);
  await db.membership.create({
    data: { membershipNumber: `T${year}-77123`, userId: carded.id, type: 'seasonal', status: 'active', activatedAt: new Date(), startDate: new Date(`${year}-01-01`), endDate: new Date(`${year}-12-31`), originalPriceCents: 0, priceCents: 0 },
  });
  const piero = await db.user.findUniqueOrThrow({ where: { email: 'piero.split@esempio.it' } });
  await giveCredit(db, piero.id, 1000, { reason: 'Prova' });
  await giveCredit(db, organiserId, 600, { reason: 'Prova' });
});

async function runShareJob() {
  await ctx.stack.jobs.send('booking-shares', {});
  await ctx.stack.jobs.waitUntilIdle();
}

/** The page signed in as `email` on `path` (the login form is the guest's journey below, and accounts.e2e.test.ts's). */
const signIn = (page: Page, email: string, path: string) => signInOn(page, ctx.stack.webUrl, { email, path });

/** The organiser, on the booking page of C2, holds C2 at `slot` (e.g. "10:30–12:00") on the test's day: the payment page's booking id. */
async function holdC2(page: Page, slot: string) {
  await page.getByRole('heading', { name: 'Prenota un campo', level: 1 }).waitFor();
  await page.getByRole('button', { name: dayButton }).click();
  await page.getByRole('button', { name: new RegExp(`^Campo C2, ${slot}: libero`) }).click();
  await page.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
  await page.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('split payment, in Chromium', () => {
  let bookingId: number;

  it('the organiser adds three players and pays their own share by card', async () => {
    const page = ctx.page;
    await signIn(page, 'utente@demo.beach', '/prenotazioni?campo=C2');
    bookingId = await holdC2(page, '10:30–12:00');

    const players = page.getByRole('region', { name: 'Giocatori e quote' });
    for (const player of PLAYERS) {
      await players.getByLabel('Aggiungi un socio').fill(player.lastName);
      await players.getByRole('button', { name: `Aggiungi ${player.firstName} ${player.lastName}` }).click();
      await players.getByRole('list', { name: 'Giocatori' }).getByText(`${player.firstName} ${player.lastName}`).waitFor();
    }
    // 20 € in four: 5 € each, and the search form is gone once the court is full.
    await expect.poll(async () => (await players.getByRole('list', { name: 'Giocatori' }).getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'Tu (organizzatore) Da pagare5,00 €',
      'Paola Splitcarta Da pagare5,00 €Togli',
      'Piero Splitcredito Da pagare5,00 €Togli',
      'Pia Splitritardo Da pagare5,00 €Togli',
    ]);
    await expect.poll(() => players.getByLabel('Aggiungi un socio').count()).toBe(0);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'split-payment-players-1280');
    await screenshotAtPhoneWidth(page, 'split-payment-players');

    await page.getByRole('button', { name: 'Paga con carta' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await expect.poll(() => page.textContent('body')).toContain('5,00');
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await expect.poll(async () => (await ctx.stack.db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
  });

  it('one player pays by card from their bookings, another from credit through the invitation', async () => {
    await runShareJob();
    const page = ctx.page;
    await signIn(page, 'paola.split@esempio.it', '/le-mie-prenotazioni');
    const shares = page.getByRole('region', { name: 'Partite con altri giocatori' });
    await shares.getByText('Organizza Giulia Rossi').waitFor();
    await shares.getByRole('link', { name: 'Paga la quota' }).click();
    await page.getByRole('heading', { name: 'La tua quota', level: 1 }).waitFor();
    await screenshot(page, 'split-payment-share-1280');
    await screenshotAtPhoneWidth(page, 'split-payment-share');
    await page.getByRole('button', { name: 'Paga con carta' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.getByText('Quota pagata: ci vediamo in campo!').waitFor();
    // Her receipt is under the booking she plays in (back to her bookings through the app).
    await routeInApp(page, '/le-mie-prenotazioni');
    await shares.getByRole('listitem').filter({ hasText: 'Quota pagata' }).getByRole('button', { name: /^Ricevuta/ }).waitFor();

    const invitation = await ctx.stack.mail.waitFor('piero.split@esempio.it');
    expect(invitation.subject).toMatch(/^Giulia Rossi ti ha aggiunto alla partita/);
    const link = new URL(linkIn(invitation, `${ctx.stack.webUrl}/quote/`));
    await signIn(page, 'piero.split@esempio.it', link.pathname);
    await page.getByRole('heading', { name: 'La tua quota', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Paga con il credito/ }).click();
    await page.getByText('Quota pagata con il credito.').waitFor();
    await screenshotAtPhoneWidth(page, 'split-payment-share-paid');
  });

  it('before the deadline the desk would collect the unpaid share; at the deadline the organiser’s credit covers it, and the desk sees who paid', async () => {
    const { db } = ctx.stack;
    // The desk, in the file's page (a new signed-in page would start a renderer and load the app in it).
    const page = ctx.page;
    await signIn(page, 'staff@demo.beach', `/admin/prenotazioni?data=${day}`);
    await page.getByRole('heading', { name: 'Prenotazioni', level: 1 }).waitFor();
    const booking = page.getByRole('button', { name: /^Campo C2, Giulia Rossi 10:30–12:00/ });
    const detail = page.getByRole('dialog');
    // Pia's share is still owed: "Segna pagata" would collect it with the booking.
    await booking.click();
    await expect.poll(() => detail.textContent()).toMatch(/Prezzo20,00\s€Pagato15,00\s€Ancora da incassare5,00\s€/);
    await detail.getByRole('button', { name: 'Segna pagata' }).click();
    await expect.poll(() => detail.getByRole('region', { name: 'Segna pagata' }).textContent()).toMatch(/^Incassa 5,00\s€ \(quote dei giocatori comprese\)\./);
    await detail.getByRole('region', { name: 'Segna pagata' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'split-payment-desk-owed-1280', { fullPage: false });

    // The booking is two days away: a deadline of 72 hours before play has passed.
    await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 72 } });
    try {
      await runShareJob();
      await runShareJob();
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 2 } });
    }
    const shares = await db.bookingPlayer.findMany({ where: { bookingId }, orderBy: { id: 'asc' } });
    expect(shares.map((share) => [share.status, share.paidWith])).toEqual([['paid', 'card'], ['paid', 'credit'], ['charged_to_organiser', 'credit']]);
    // Each player was assigned 5 € and owes nothing now.
    expect((await sharesOf(db, bookingId)).map((share) => [share.playerId, share.assigned, share.owed])).toEqual(shares.map((share) => [share.id, 500, 0]));
    expect(await creditBalance(db, organiserId)).toBe(100);
    // One payment from the organiser's credit for the fourth share.
    expect(await creditEntriesOn(db, organiserId, bookingId)).toEqual([{ kind: 'credit_payment', cents: -500 }]);

    await page.reload();
    await booking.click();
    const players = detail.getByRole('region', { name: 'Giocatori e quote' });
    await players.getByText('Pagata dall’organizzatore con credito').waitFor();
    // The shares count as paid: the desk has nothing left to collect.
    await expect.poll(() => detail.textContent()).toMatch(/Prezzo20,00\s€Pagato20,00\s€/);
    await expect.poll(() => players.textContent()).toMatch(/ancora da pagare: 0,00\s€/);
    expect(await detail.textContent()).not.toContain('Ancora da incassare');
    expect(await detail.getByRole('button', { name: 'Segna pagata' }).count()).toBe(0);
    await screenshot(page, 'split-payment-desk-1280', { fullPage: false });
    await screenshotAtPhoneWidth(page, 'split-payment-desk', { fullPage: false });
  });

  it('the organiser follows on their bookings who paid, how, and what is still owed', async () => {
    const page = ctx.page;
    await signIn(page, 'utente@demo.beach', '/le-mie-prenotazioni');
    const players = page.getByRole('region', { name: 'Giocatori e quote' });
    await expect.poll(async () => (await players.getByRole('list', { name: 'Giocatori' }).getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'Tu (organizzatore) Pagata con carta5,00 €',
      'Paola Splitcarta Pagata con carta5,00 €',
      'Piero Splitcredito Pagata con credito5,00 €',
      'Pia Splitritardo Pagata dall’organizzatore con credito5,00 €',
    ]);
    expect((await players.textContent())?.replace(/\s+/g, ' ')).toMatch(/Prezzo del campo 20,00 € · ancora da pagare: 0,00 €/);
    // The organiser was told of each share a friend paid.
    expect(ctx.stack.mail.messages.filter((message) => message.subject?.match(/^(Paola Splitcarta|Piero Splitcredito) ha pagato la sua quota/)).length).toBe(2);
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'split-payment-my-bookings-1280');
    await screenshotAtPhoneWidth(page, 'split-payment-my-bookings');
  });

  it('tells namesakes apart, adds a member by address shown by that address, and offers no invitations within the deadline', async () => {
    const page = ctx.page;
    // The organiser, signed in since the last test, goes on to book through the app.
    await routeInApp(page, '/prenotazioni?campo=C2');
    const held = await holdC2(page, '13:30–15:00');
    const players = page.getByRole('region', { name: 'Giocatori e quote' });

    await players.getByLabel('Aggiungi un socio').fill('Nicola Omonimo');
    const found = players.getByRole('list', { name: 'Soci trovati' });
    await expect.poll(async () => (await found.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s+/g, ' ').replace(/Aggiungi.*$/, ''))).toEqual([
      'Nicola Omonimo ni***@esempio.it',
      'Nicola Omonimo tessera …7123 · ni***@esempio.it',
    ]);
    await screenshot(page, 'split-payment-search-1280');
    // A whole address is not searched (nobody learns whether it has an account): it is offered as typed.
    await players.getByLabel('Aggiungi un socio').fill('Nicola.Due.Split@esempio.it');
    const typed = players.getByText('Aggiungi chi ha l’indirizzo nicola.due.split@esempio.it: riceve l’invito lì.');
    await typed.waitFor();
    await expect.poll(() => found.count()).toBe(0);
    await typed.locator('..').getByRole('button', { name: 'Invita', exact: true }).click();
    await players.getByRole('list', { name: 'Giocatori' }).getByText('nicola.due.split@esempio.it (invitato per e-mail)').waitFor();
    await screenshotAtPhoneWidth(page, 'split-payment-search');
    expect((await ctx.stack.db.bookingPlayer.findFirstOrThrow({ where: { bookingId: held } })).userId).not.toBeNull();

    // Within the deadline (72 h before a slot two days away), nobody can be invited to pay a share.
    await ctx.stack.db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 72 } });
    try {
      await page.reload();
      await players.getByText('La partita inizia tra poco: non c’è più tempo per invitare giocatori').waitFor();
      expect(await players.getByLabel('Aggiungi un socio').count()).toBe(0);
      expect(await players.getByRole('button', { name: /^Togli/ }).count()).toBe(0);
      await screenshotAtPhoneWidth(page, 'split-payment-invitations-closed');
    } finally {
      await ctx.stack.db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 2 } });
    }
  });

  it('an invited guest registers from the invitation with the address filled in and lands on their share', async () => {
    const { db } = ctx.stack;
    const page = ctx.page;
    // A booking of the organiser's with a guest, confirmed: the job sends the invitation.
    const guestEmail = 'ospite.nuovo.split@esempio.it';
    const booking = await db.booking.findFirstOrThrow({ where: { userId: organiserId, status: 'pending_payment' } });
    // The organiser is still signed in; the payment page opened again shows the invitations open again.
    await page.goto(`${ctx.stack.webUrl}/prenotazioni/pagamento/${booking.id}`);
    const players = page.getByRole('region', { name: 'Giocatori e quote' });
    await players.getByLabel('Oppure aggiungi con l’e-mail').fill(guestEmail);
    await players.getByRole('button', { name: 'Invita', exact: true }).click();
    await players.getByText(`${guestEmail} (invitato per e-mail)`).waitFor();
    await page.getByRole('button', { name: 'Paga con carta' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
    await expect.poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe('confirmed');

    // Paid, and still before the deadline: one more player joins from the organiser's bookings, and the
    // part they now pay goes back into the organiser's credit.
    const creditBefore = await creditBalance(db, organiserId);
    await routeInApp(page, '/le-mie-prenotazioni');
    const paidPanel = page.getByRole('region', { name: 'Giocatori e quote' }).filter({ hasText: guestEmail });
    await paidPanel.getByText('Hai già pagato la tua parte').waitFor();
    await paidPanel.getByLabel('Aggiungi un socio').fill('Splitcarta');
    await paidPanel.getByRole('button', { name: 'Aggiungi Paola Splitcarta' }).click();
    await paidPanel.getByRole('list', { name: 'Giocatori' }).getByText('Paola Splitcarta').waitFor();
    // 20 € among four: 5 € each; the organiser had paid 6,68 €, so 1,68 € go back.
    await expect.poll(async () => (await creditBalance(db, organiserId)) - creditBefore).toBe(168);
    await screenshot(page, 'split-payment-joined-after-paying-1280');
    await screenshotAtPhoneWidth(page, 'split-payment-joined-after-paying');
    await runShareJob();

    const invitation = await ctx.stack.mail.waitFor(guestEmail);
    const link = linkIn(invitation, `${ctx.stack.webUrl}/quote/`);
    expect(link).toContain(`?email=${encodeURIComponent(guestEmail)}`);
    await forgetSession(page, ctx.stack.webUrl);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Accedi' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Registrati' }).click();
    await page.getByRole('heading', { name: 'Registrati' }).waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(guestEmail);
    await screenshotAtPhoneWidth(page, 'split-payment-guest-register');
    await page.getByLabel(/^Nome/).fill('Ospite');
    await page.getByLabel('Cognome').fill('Nuovo');
    await page.getByLabel('Telefono').fill('+39 347 555 9876');
    await page.getByLabel('Data di nascita').fill('1990-03-14');
    await page.getByLabel(/^Password/).fill('Spiaggia2026');
    await page.getByLabel('Conferma password').fill('Spiaggia2026');
    await page.getByLabel(/informativa sulla privacy/).check();
    await page.getByRole('button', { name: 'Crea il mio account' }).click();
    await page.getByRole('heading', { name: 'Controlla la tua e-mail' }).waitFor();

    await page.goto(linkIn(await ctx.stack.mail.waitFor(guestEmail, undefined, /^Conferma il tuo indirizzo e-mail$/), `${ctx.stack.webUrl}/verify-email/`));
    await page.getByRole('heading', { name: 'E-mail confermata' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Accedi' }).click();
    await page.getByLabel('E-mail').fill(guestEmail);
    await page.getByLabel('Password').fill('Spiaggia2026');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByRole('heading', { name: 'La tua quota', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Paga con carta' }).waitFor();
    await screenshot(page, 'split-payment-guest-share-1280');
  });
});
