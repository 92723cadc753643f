// The money screens of the member and of the desk, in Chromium at 390 and 1280 px: a member who owes the
// centre books a court, is told so on the payment page, follows the notice's link to the credit section of
// their profile and pays the debt there by card ("Paga"); a refund due is shown to the member. At the desk,
// on the member's page, staff collect a debt ("Incassa"), pay out a refund due from inside its box, see all
// the member owes (a booking, a share, an enrolment, the debt) with one total and collect it from there, and
// confirm a large top-up in words.
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, keptSignedInPage, openSignedIn, PHONE, screenshot } from '../src/browser.js';
import { accounts, credit, debit, post } from '@beach/api/testing';
import { creditBalance, failedCardRefund, oweCentre, postHistory } from '../src/ledger.js';
import { routeInApp } from '../src/in-app-navigation.js';
import { useBrowserStack } from '../src/stack.js';

const ctx = useBrowserStack();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const day = new Date(Date.parse(`${today}T12:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);
const dayButton = new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}`);
const MEMBER = 'utente@demo.beach';
let memberId: number;
let deskMemberId: number;

/** What the member owes as the ledger holds it, in cents. */
const owedBy = async (userId: number) =>
  (await ctx.stack.db.$queryRaw<{ cents: number }[]>`SELECT coalesce(sum(debits_posted - credits_posted), 0)::int AS cents FROM ledger_accounts WHERE kind = 'member_debt' AND user_id = ${userId}`)[0]!.cents;

/** Whether `inner` lies wholly inside `outer` on the page. */
async function inside(inner: Locator, outer: Locator) {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) return false;
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
}

beforeAll(async () => {
  const { db } = ctx.stack;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31' } });
  memberId = (await db.user.findUniqueOrThrow({ where: { email: MEMBER } })).id;
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: MEMBER } });
  deskMemberId = (await db.user.create({ data: { firstName: 'Debora', lastName: 'Cassa', email: 'debora.cassa@e2e.test', passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } })).id;
});

describe('the member’s debt and refund due', () => {
  it('books with a debt, follows the notice to the credit section and pays it by card; sees a refund due', async () => {
    await oweCentre(ctx.stack.db, memberId, 750);
    await failedCardRefund(ctx.stack.db, memberId, 2000);
    const page = await openSignedIn(ctx.browser, ctx.stack.webUrl, { email: MEMBER, path: '/prenotazioni?campo=C4', heading: 'Prenota un campo', width: PHONE.width });
    try {
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: dayButton }).click();
      await page.getByRole('button', { name: /^Campo C4, 18:00–19:30: libero/ }).click();
      await page.getByRole('region', { name: 'Riepilogo' }).getByRole('button', { name: 'Prenota e paga' }).click();
      await page.waitForURL(/\/prenotazioni\/pagamento\/\d+/);
      const notice = page.getByRole('status').filter({ hasText: 'Devi ancora' });
      await expect.poll(() => notice.textContent()).toMatch(/^Devi ancora 7,50\s€ al centro\. ?Saldalo dal tuo profilo con la carta, o in segreteria\.$/);
      await screenshot(page, 'debt-notice-390', { fullPage: false });

      // The link lands on the credit section, not the top of the profile.
      await notice.getByRole('link', { name: 'profilo' }).click();
      await page.waitForURL(/\/profilo#credit-title$/);
      const heading = page.getByRole('heading', { name: 'Il mio credito' });
      await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().top < window.innerHeight / 2)).toBe(true);
      const section = page.getByRole('region', { name: 'Il mio credito' });
      await section.getByText(/^Hai un rimborso di 20,00\s€ da ricevere\.$/).waitFor();
      await section.getByText(/^Devi 7,50\s€ al centro: pagalo qui con la carta o in segreteria\.$/).waitFor();
      await screenshot(page, 'member-debt-refund-due-390', { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await heading.scrollIntoViewIfNeeded();
      await screenshot(page, 'member-debt-refund-due-1280', { fullPage: false });

      await section.getByRole('button', { name: 'Paga', exact: true }).click();
      await page.waitForURL(/\/checkout\/cs_test_/);
      await expect.poll(() => page.textContent('body')).toContain('7,50');
      await page.getByRole('button', { name: 'Paga' }).click();
      await page.waitForURL(/\/pagamento-completato\?session_id=cs_test_/);
      await expect.poll(() => owedBy(memberId)).toBe(0);
      // Back from the payment to the credit section, through the app.
      await routeInApp(page, '/profilo#credit-title');
      await section.getByText(/^Hai un rimborso di 20,00\s€ da ricevere\.$/).waitFor();
      expect(await section.getByText(/Devi 7,50/).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

describe('the desk’s money on the member’s page', () => {
  /** The desk's page, kept from one record opened to the next: each opening loads the users' list afresh (the member's money changed server-side meanwhile). */
  const openUsers = keptSignedInPage(ctx, { email: 'staff@demo.beach', path: '/admin/users', heading: 'Gestione Utenti' });
  async function openRecord(width: number) {
    const page = await openUsers(width);
    await page.getByLabel('Cerca').fill('debora.cassa@e2e.test');
    await page.getByLabel('Cerca').press('Enter');
    await page.getByRole('button', { name: 'Apri la scheda di Debora Cassa' }).click();
    return { page, credit: page.getByRole('region', { name: 'Credito' }) };
  }

  it('collects a debt with "Incassa" and pays out a refund due from inside its box, at 390 and 1280 px', async () => {
    await oweCentre(ctx.stack.db, deskMemberId, 1200);
    await failedCardRefund(ctx.stack.db, deskMemberId, 2000);
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, credit } = await openRecord(viewport.width);
      await page.setViewportSize(viewport);
      const due = credit.getByRole('status').filter({ hasText: 'Rimborso sulla carta non riuscito' });
      await due.getByText(/^Rimborso sulla carta non riuscito: 20,00\s€ da restituire al socio\.$/).waitFor();
      const payout = credit.getByRole('form', { name: 'Restituisci il rimborso non riuscito' });
      await payout.scrollIntoViewIfNeeded();
      expect(await inside(payout, due)).toBe(true);
      await screenshot(page, `desk-refund-due-${viewport.width}`, { fullPage: false });
    }
    const { page, credit } = await openRecord(DESKTOP.width);
    const owed = credit.getByRole('status').filter({ hasText: 'Il socio deve' });
    await owed.getByText(/^Il socio deve 12,00\s€ al centro\.$/).waitFor();
    await owed.getByLabel('Saldato con').selectOption('cash');
    await owed.getByRole('button', { name: 'Incassa' }).click();
    await expect.poll(() => owedBy(deskMemberId)).toBe(0);
    await expect.poll(() => owed.count()).toBe(0);
    const due = credit.getByRole('status').filter({ hasText: 'Rimborso sulla carta non riuscito' });
    await due.getByLabel('Restituisci', { exact: true }).selectOption('credit');
    await due.getByRole('button', { name: 'Restituisci il rimborso' }).click();
    await expect.poll(() => due.count()).toBe(0);
    expect(await creditBalance(ctx.stack.db, deskMemberId)).toBe(2000);
    await screenshot(page, 'desk-debt-collected-1280', { fullPage: false });
  });

  it('shows everything the member owes — a booking, a share, an enrolment, the debt — with one total, and collects them from the member’s page', async () => {
    const { db } = ctx.stack;
    const court = await db.court.findUniqueOrThrow({ where: { code: 'C3' } });
    const startsAt = new Date(`${day}T16:00:00Z`);
    const span = { startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000), priceCents: 2000, status: 'confirmed' as const };
    const booking = await db.booking.create({ data: { courtId: court.id, userId: deskMemberId, ...span } });
    // Her share (10 €) of a court Olga booked, still to pay.
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: deskMemberId } });
    const olga = await db.user.create({ data: { firstName: 'Olga', lastName: 'Organizza', email: 'olga.organizza@e2e.test', passwordHash, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
    const shared = await db.booking.create({ data: { courtId: (await db.court.findUniqueOrThrow({ where: { code: 'C2' } })).id, userId: olga.id, ...span } });
    const share = await db.bookingPlayer.create({ data: { bookingId: shared.id, userId: deskMemberId, invitedEmail: 'debora.cassa@e2e.test' } });
    await postHistory(db);
    await post(db, { key: `e2e:split:${share.id}`, kind: 'split', bookingId: shared.id, bookingPlayerId: share.id, legs: [debit(accounts.share(share.id, shared.id), 1000), credit(accounts.booking(shared.id), 1000)] });
    // Her enrolment in a course (60 €), not paid yet.
    const course = await db.course.create({
      data: { name: 'Corso Cassa', offer: 'course', minAge: 8, maxAge: 70, startsOn: startsAt, endsOn: startsAt, recurrence: 'FREQ=DAILY', startTime: '17:00', durationMinutes: 60, maxParticipants: 8, priceCents: 6000, publishedAt: new Date() },
    });
    const enrolment = await db.courseEnrolment.create({ data: { courseId: course.id, userId: deskMemberId, kind: 'course', amountCents: 6000, status: 'confirmed', confirmedAt: new Date() } });
    await post(db, { key: `e2e:enrolment:${enrolment.id}`, kind: 'charge', enrolmentId: enrolment.id, userId: deskMemberId, legs: [debit(accounts.enrolment(enrolment.id), 6000), credit(accounts.billed, 6000)] });
    await oweCentre(db, deskMemberId, 500);
    const title = (total: string) => new RegExp(`^Da incassare in tutto: ${total}\\s€\\.$`);
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await openRecord(viewport.width);
      await page.setViewportSize(viewport);
      const unpaid = page.getByRole('region', { name: 'Da incassare' });
      await unpaid.getByText(title('95,00')).waitFor();
      const lines = unpaid.getByRole('list', { name: 'Cosa deve il socio' }).getByRole('listitem');
      await expect.poll(() => lines.allInnerTexts()).toEqual([
        expect.stringMatching(/^Prenotazione del .*\nAncora da incassare 20,00\s€/),
        expect.stringMatching(/^Quota nella prenotazione di Olga Organizza, .*\nAncora da incassare 10,00\s€/),
        expect.stringMatching(/^Iscrizione: Corso Cassa · Debora Cassa\nAncora da incassare 60,00\s€/),
        expect.stringMatching(/^Debito verso il centro\nAncora da incassare 5,00\s€/),
      ]);
      const bookings = page.getByRole('region', { name: /^Prenotazioni \(/ });
      await bookings.getByText(/^Da pagare · 20,00\s€$/).waitFor();
      expect(await bookings.getByText('Confermata', { exact: true }).count()).toBe(0);
      await unpaid.scrollIntoViewIfNeeded();
      await screenshot(page, `desk-unpaid-booking-${viewport.width}`, { fullPage: false });
    }
    const { page, credit: creditSection } = await openRecord(DESKTOP.width);
    const unpaid = page.getByRole('region', { name: 'Da incassare' });
    await unpaid.getByRole('form', { name: /^Incassa la quota del / }).getByRole('button', { name: 'Incassa' }).click();
    await unpaid.getByText(title('85,00')).waitFor();
    expect(await db.transaction.count({ where: { bookingPlayerId: share.id, type: 'payment', status: 'completed', method: 'cash', amountCents: 1000 } })).toBe(1);
    await unpaid.getByRole('form', { name: /^Incassa la prenotazione del / }).getByRole('button', { name: 'Incassa' }).click();
    await unpaid.getByText(title('65,00')).waitFor();
    expect(await db.transaction.count({ where: { bookingId: booking.id, type: 'payment', status: 'completed', method: 'cash', amountCents: 2000 } })).toBe(1);
    await page.getByRole('region', { name: /^Prenotazioni \(/ }).getByText('Confermata', { exact: true }).waitFor();
    // The debt and the enrolment are collected in their own sections, reached from here.
    await unpaid.getByRole('button', { name: 'Vai al credito' }).click();
    const owed = creditSection.getByRole('status').filter({ hasText: 'Il socio deve' });
    await expect.poll(() => owed.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await owed.getByRole('button', { name: 'Incassa' }).click();
    await unpaid.getByText(title('60,00')).waitFor();
    await unpaid.getByRole('button', { name: 'Vai alle rate' }).click();
    const enrolments = page.getByRole('region', { name: 'Iscrizioni ai corsi' });
    await expect.poll(() => enrolments.evaluate((element) => element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await enrolments.getByRole('button', { name: /^Incassa/ }).click();
    await expect.poll(() => unpaid.count()).toBe(0);
  });

  it('confirms a large top-up in words before it is booked', async () => {
    const { page, credit } = await openRecord(PHONE.width);
    await page.setViewportSize(PHONE);
    const before = await creditBalance(ctx.stack.db, deskMemberId);
    await credit.getByLabel('Ricarica (€)').fill('1000');
    await credit.getByRole('button', { name: 'Ricarica', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importo alto: controlla' });
    await dialog.getByText(/^Confermi una ricarica di 1\.000,00\s€ \(mille euro\)\?$/).waitFor();
    await screenshot(page, 'desk-large-top-up-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await creditBalance(ctx.stack.db, deskMemberId)).toBe(before);
    await page.setViewportSize(DESKTOP);
    await credit.getByRole('button', { name: 'Ricarica', exact: true }).click();
    await dialog.getByText(/^Confermi una ricarica di 1\.000,00\s€ \(mille euro\)\?$/).waitFor();
    await screenshot(page, 'desk-large-top-up-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Sì, registra' }).click();
    await credit.getByText('Ricarica registrata.').waitFor();
    expect(await creditBalance(ctx.stack.db, deskMemberId)).toBe(before + 100_000);
  });
});
