// Split payment through the real database, the job queue, SMTP on loopback and the Stripe double: the
// organiser adds players to a held booking and pays their own share; each player pays theirs once (card
// with replayed webhooks, or credit); the deadline charges the organiser once; the desk collects what is
// still owed, the players' shares included; a cancellation returns each share to whoever paid it; only
// the players and staff see the booking. What a share is and owes is read from the ledger.
import ICAL from 'ical.js';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { moneyToCents } from '@beach/contracts';
import { addDays, todayInRome } from '../../lib/time.js';
import { sharesOf as ledgerSharesOf } from '../bookings/booking-money.js';
import { accounts, credit, debit, post } from '../ledger/index.js';
import { incomeByMonth } from '../finance/revenue.js';
import { useTestApp } from '../../test/app.js';
import { lastAuditOf, whileRefusing } from '../../test/audit.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';

const mail = await startMailCatcher();
const { app, db, deps, services, stripe } = await useTestApp({ SMTP_URL: mail.url, WEB_ORIGIN: 'http://web.example.test' }, { stripe: true });
const double = stripe!;

// Each test books its own day ahead of one date taken at the start: a run that passes midnight in Rome
// would otherwise move the later tests' days onto the earlier ones'.
const today = todayInRome();
const bearer = (member: TestMember | string) => ({ Authorization: `Bearer ${typeof member === 'string' ? member : member.token}` });
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
/** The member's credit balance, in cents, as they read it. */
const balanceOf = async (member: TestMember) => moneyToCents((await request(app).get('/api/me/credit').set(bearer(member)).expect(200)).body.balance);
/** The member's credit movements about a booking, as they read them. */
const movementsOn = async (member: TestMember, bookingId: number) =>
  ((await request(app).get('/api/me/credit').set(bearer(member)).expect(200)).body.data as { amount: string; booking_id: number | null }[]).filter((movement) => movement.booking_id === bookingId);
const subjectsTo = (email: string) => mail.messages.filter((message) => JSON.stringify(message.to).includes(email)).map((message) => message.subject);
const sharesOf = (bookingId: number) => db.bookingPlayer.findMany({ where: { bookingId }, orderBy: { id: 'asc' } });
/** What was assigned to a player (their share of the price), from the ledger. */
const shareCentsOf = async (bookingId: number, shareId: number) => (await ledgerSharesOf(db, [bookingId])).get(shareId)?.assigned ?? 0;

let staff: string;
let court: number;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, freeCancellationHours: 24, paymentHoldMinutes: 15, splitDeadlineHours: 2 } });
});

const creditOf = (member: TestMember, amount: string) => request(app).post(`/api/admin/users/${member.id}/credit/top-up`).set(bearer(staff)).send({ amount, method: 'cash' }).expect(200);
/** A 20 € day slot held by the organiser, days ahead (each test on its own day, or its own slot of day 7). */
const hold = async (organiser: TestMember, daysAhead: number, start = '10:30') =>
  (await request(app).post('/api/bookings').set(bearer(organiser)).send({ date: addDays(today, daysAhead), court_id: court, start }).expect(201)).body.booking.id as number;
const addPlayer = (organiser: TestMember, bookingId: number, body: Record<string, unknown>) => request(app).post(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).send(body);
/** The organiser pays their share by card (the double delivers the webhook). */
const organiserPays = async (organiser: TestMember, bookingId: number) => {
  const checkout = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(organiser)).send({}).expect(200);
  await double.pay(sessionIdOf(checkout.body.checkout_url));
  return db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionIdOf(checkout.body.checkout_url) } });
};
/** A confirmed 20 € booking of the organiser with these players, invitations sent. */
async function splitBooking(organiser: TestMember, players: TestMember[], daysAhead: number, start?: string) {
  const bookingId = await hold(organiser, daysAhead, start);
  for (const player of players) await addPlayer(organiser, bookingId, { user_id: player.id }).expect(201);
  await organiserPays(organiser, bookingId);
  await services.bookingPlayers.runShareJob();
  const shares = await sharesOf(bookingId);
  return { bookingId, shareOf: (player: TestMember) => shares.find((share) => share.userId === player.id)!.id };
}
const payByCard = async (player: TestMember, shareId: number) => {
  const checkout = await request(app).post(`/api/booking-shares/${shareId}/checkout`).set(bearer(player)).expect(200);
  await double.pay(sessionIdOf(checkout.body.checkout_url));
  return sessionIdOf(checkout.body.checkout_url);
};
const payByCredit = (player: TestMember, shareId: number) => request(app).post(`/api/booking-shares/${shareId}/pay-with-credit`).set(bearer(player));

describe('adding players to a held booking', () => {
  it('splits the price so the shares add up, the organiser paying their own share to confirm', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Organizza' });
    const [anna, bea] = await Promise.all([createMember(db, { firstName: 'Anna', lastName: 'Schiacciata' }), createMember(db, { firstName: 'Bea', lastName: 'Muro' })]);
    const bookingId = await hold(organiser, 2);

    // The search shows a name and a masked e-mail, nothing else; never the searcher.
    const found = await request(app).get('/api/booking-players/members').query({ q: 'schiacciata' }).set(bearer(organiser)).expect(200);
    expect(found.body.data).toEqual([{ id: anna.id, name: 'Anna Schiacciata', email: `${anna.email.slice(0, 2)}***@esempio.it`, card_ending: null, played_with_you: false }]);
    expect((await request(app).get('/api/booking-players/members').query({ q: 'ab' }).set(bearer(organiser)).expect(422)).body.errors.q).toEqual(['Scrivi almeno 3 lettere del nome o del cognome.']);

    expect((await addPlayer(organiser, bookingId, { user_id: organiser.id }).expect(422)).body.errors.user_id).toEqual(['Sei tu l’organizzatore: sei già nella partita.']);
    await addPlayer(anna, bookingId, { user_id: bea.id }).expect(404);
    await addPlayer(organiser, bookingId, { user_id: anna.id }).expect(201);
    await addPlayer(organiser, bookingId, { user_id: anna.id }).expect(409);
    await addPlayer(organiser, bookingId, { user_id: bea.id }).expect(201);
    expect((await addPlayer(organiser, bookingId, { email: 'non-una-mail' }).expect(422)).body.errors).toHaveProperty('email');
    const added = await addPlayer(organiser, bookingId, { email: 'Ospite.Split@Esempio.it' }).expect(201);
    expect(added.body).toMatchObject({ price: '20.00', organiser_share: '5.00', owed: '15.00', can_manage: true });
    expect(added.body).toMatchObject({ organiser_paid: '0.00', organiser_paid_with: null, invitations_closed: false });
    expect(added.body.players.map((player: { name: string; share: string; guest: boolean }) => [player.name, player.share, player.guest])).toEqual([
      ['Anna Schiacciata', '5.00', false],
      ['Bea Muro', '5.00', false],
      ['ospite.split@esempio.it', '5.00', true],
    ]);
    expect((await addPlayer(organiser, bookingId, { email: 'quinto@esempio.it' }).expect(409)).body.message).toBe('Puoi aggiungere al massimo 3 giocatori oltre a te.');

    // A player removed before the organiser pays: the price is split again among those left.
    const removed = await request(app).delete(`/api/bookings/${bookingId}/players/${added.body.players[1].id}`).set(bearer(organiser)).expect(200);
    expect(removed.body).toMatchObject({ organiser_share: '6.68', owed: '13.32' });
    expect(removed.body.players.filter((player: { status: string }) => player.status !== 'dropped').map((player: { share: string }) => player.share)).toEqual(['6.66', '6.66']);

    const payment = await organiserPays(organiser, bookingId);
    expect(payment).toMatchObject({ kind: 'booking', amountCents: 668, status: 'completed' });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
    // The split says what the organiser paid and how.
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200)).body).toMatchObject({ organiser_share: '6.68', organiser_paid: '6.68', organiser_paid_with: 'card', owed: '13.32' });
    const shares = (await sharesOf(bookingId)).filter((share) => share.status !== 'dropped');
    const assigned = await Promise.all(shares.map((share) => shareCentsOf(bookingId, share.id)));
    expect(668 + assigned.reduce((sum, cents) => sum + cents, 0)).toBe(2000);
  });

  it('invites each player once the booking is confirmed, and links a guest’s share when they register with that e-mail', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Invita' });
    const anna = await createMember(db, { firstName: 'Anna', lastName: 'Invitata' });
    const bookingId = await hold(organiser, 3);
    await addPlayer(organiser, bookingId, { user_id: anna.id }).expect(201);
    await addPlayer(organiser, bookingId, { email: 'nuovo.socio.split@esempio.it' }).expect(201);
    await services.bookingPlayers.runShareJob();
    expect(await db.bookingPlayer.count({ where: { bookingId, invitationSentAt: { not: null } } })).toBe(0);
    await organiserPays(organiser, bookingId);
    await services.bookingPlayers.runShareJob();
    await services.bookingPlayers.runShareJob();
    const invitation = await mail.waitFor(anna.email);
    expect(invitation.subject).toContain('Olga Invita ti ha aggiunto alla partita');
    expect(invitation.text).toContain('La tua quota è di 6,66');
    // A guest's link carries their address, for the registration form.
    expect((await mail.waitFor('nuovo.socio.split@esempio.it')).text).toMatch(/\/quote\/\d+\?email=nuovo\.socio\.split%40esempio\.it/);
    await deps.jobs.waitUntilIdle();
    expect(mail.messages.filter((message) => JSON.stringify(message.to).includes(anna.email))).toHaveLength(1);

    // The guest registers with the invited address (confirmed): the share is theirs.
    const guest = await createMember(db);
    await db.user.update({ where: { id: guest.id }, data: { email: 'nuovo.socio.split@esempio.it' } });
    const mine = await request(app).get('/api/me/booking-shares').set(bearer(guest)).expect(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ booking_id: bookingId, share: '6.66', status: 'invited', can_pay: true, organiser: 'Olga Invita' })]);
  });

  it('invites in each player’s language, and a guest without an account in the organiser’s', async () => {
    const organiser = await createMember(db, { firstName: 'Greta', lastName: 'Deutsch' });
    const english = await createMember(db, { firstName: 'Emma', lastName: 'English' });
    await db.user.update({ where: { id: organiser.id }, data: { locale: 'de' } });
    await db.user.update({ where: { id: english.id }, data: { locale: 'en' } });
    const bookingId = await hold(organiser, 3, '15:00');
    await addPlayer(organiser, bookingId, { user_id: english.id }).expect(201);
    await addPlayer(organiser, bookingId, { email: 'gast.split@beispiel.de' }).expect(201);
    await organiserPays(organiser, bookingId);
    await services.bookingPlayers.runShareJob();

    const guest = await mail.waitFor('gast.split@beispiel.de');
    expect(guest.subject).toMatch(/^Greta Deutsch hat dich zum Spiel hinzugefügt: Campo C1, \d{2}\.\d{2}\.\d{4} 15:00–16:30$/);
    expect(guest.text).toContain('Hallo,');
    expect(guest.text).toMatch(/Dein Anteil beträgt 6,66\s€: Bezahle ihn mit Karte oder Guthaben bis zum \d{2}\.\d{2}\.\d{4} um 13:00\./);
    expect(guest.text).toContain('Noch kein Konto? Registriere dich mit dieser E-Mail-Adresse');
    // The button leads to the German page, the guest's address still on it.
    expect(guest.text).toMatch(/Deinen Anteil bezahlen: http:\/\/web\.example\.test\/de\/quote\/\d+\?email=gast\.split%40beispiel\.de/);
    expect(guest.html).toContain('<html lang="de">');
    expect(guest.headers.get('content-language')).toBe('de');

    const invitation = await mail.waitFor(english.email);
    expect(invitation.subject).toMatch(/^Greta Deutsch added you to the game: Campo C1, \d{2}\/\d{2}\/\d{4} 15:00–16:30$/);
    expect(invitation.text).toContain('Hi Emma,');
    expect(invitation.text).toContain('Your share is €6.66');
    expect(invitation.text).toMatch(/Pay your share: http:\/\/web\.example\.test\/en\/quote\/\d+/);
  });
});

describe('finding and adding a player', () => {
  it('searches names only, tells namesakes apart without their address, never finds a disabled account, and shows a member added by address by that address until they pay', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Omonimi' });
    const [first, second, disabled] = await Promise.all(
      ['uno', 'due', 'tre'].map(async (tag) => {
        const member = await createMember(db, { firstName: 'Nicola', lastName: 'Barbierisplit' });
        await db.user.update({ where: { id: member.id }, data: { email: `nicola.${tag}.split@esempio.it` } });
        return member;
      }),
    );
    await db.user.update({ where: { id: disabled!.id }, data: { disabledAt: new Date() } });
    // This year's card, read now: the date taken at the start may be last year's after New Year's midnight.
    const thisYear = todayInRome().slice(0, 4);
    await db.membership.create({
      data: { membershipNumber: 'T2026-99871', userId: second!.id, type: 'seasonal', status: 'active', activatedAt: new Date(), startDate: new Date(`${thisYear}-01-01`), endDate: new Date(`${thisYear}-12-31`), originalPriceCents: 0, priceCents: 0 },
    });
    // Played together: the first namesake joined a confirmed booking of the organiser's.
    const { bookingId: played } = await splitBooking(organiser, [first!], 7, '09:00');
    expect(played).toBeGreaterThan(0);

    const search = (q: string) => request(app).get('/api/booking-players/members').query({ q }).set(bearer(organiser)).expect(200);
    const found = (await search('nicola barbierisplit')).body.data;
    expect(found).toEqual([
      { id: first!.id, name: 'Nicola Barbierisplit', email: 'ni***@esempio.it', card_ending: null, played_with_you: true },
      { id: second!.id, name: 'Nicola Barbierisplit', email: 'ni***@esempio.it', card_ending: '9871', played_with_you: false },
    ]);
    // An address, whole or in part, finds nobody: the search never tells whether an address has an account.
    expect((await search('nicola.due.split@esempio.it')).body.data).toEqual([]);
    expect((await search('due.split')).body.data).toEqual([]);

    // Added by the whole address: it is that member, shown by the address (as a guest would be) until they pay.
    const bookingId = await hold(organiser, 7, '12:00');
    const added = await addPlayer(organiser, bookingId, { email: 'Nicola.Due.Split@esempio.it' }).expect(201);
    const guest = await addPlayer(organiser, bookingId, { email: 'nessuno.split@esempio.it' }).expect(201);
    const rows = (body: { players: { name: string; guest: boolean }[] }) => body.players.map((player) => [player.name, player.guest]);
    expect(rows(added.body)).toEqual([['nicola.due.split@esempio.it', true]]);
    expect(rows(guest.body)).toEqual([
      ['nicola.due.split@esempio.it', true],
      ['nessuno.split@esempio.it', true],
    ]);
    // A disabled account is nobody to add; its address is a guest's, and never becomes that account's share.
    await addPlayer(organiser, bookingId, { user_id: disabled!.id }).expect(422);
    await addPlayer(organiser, bookingId, { email: 'nicola.tre.split@esempio.it' }).expect(201);
    expect((await sharesOf(bookingId)).map((share) => share.userId)).toEqual([second!.id, null, null]);

    await organiserPays(organiser, bookingId);
    await services.bookingPlayers.runShareJob();
    const shareId = (await sharesOf(bookingId))[0]!.id;
    await creditOf(second!, '10.00');
    await payByCredit(second!, shareId).expect(200);
    const paid = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200);
    expect(rows(paid.body)[0]).toEqual(['Nicola Barbierisplit', false]);
    // Staff see who it is all along.
    const desk = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(staff)).expect(200);
    expect(desk.body.players[1]).toMatchObject({ name: 'nessuno.split@esempio.it', guest: true });
  });

  it('offers no invitations for a slot starting within the deadline', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Tardi' });
    const anna = await createMember(db, { firstName: 'Anna', lastName: 'Tardi' });
    const bookingId = await hold(organiser, 7, '13:30');
    await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 72 } });
    try {
      const split = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200);
      expect(split.body).toMatchObject({ can_manage: true, invitations_closed: false });
      // The slot is a week ahead: a deadline of 72 h still leaves time. Moved to within it:
      const slot = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { startsAt: true, endsAt: true } });
      await db.booking.update({ where: { id: bookingId }, data: { startsAt: new Date(Date.now() + 3 * 3_600_000), endsAt: new Date(Date.now() + 4.5 * 3_600_000) } });
      const late = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200);
      expect(late.body).toMatchObject({ can_manage: false, invitations_closed: true });
      expect((await addPlayer(organiser, bookingId, { user_id: anna.id }).expect(409)).body.message).toBe('La partita inizia tra poco: non si possono più aggiungere o togliere giocatori.');
      // Put back: other tests use that hour.
      await db.booking.update({ where: { id: bookingId }, data: slot });
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 2 } });
    }
  });

  it('e-mails the organiser once for each share a player pays, by card or credit, and not for the shares the organiser pays', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Avvisata' });
    const [anna, bea] = await Promise.all([createMember(db, { firstName: 'Anna', lastName: 'Paga' }), createMember(db, { firstName: 'Bea', lastName: 'Paga' })]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna, bea], 14);
    await payByCard(anna, shareOf(anna));
    // The payment's webhook delivered again changes nothing, and tells nobody twice.
    expect(await double.deliver(double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!)).toBe(200);
    await creditOf(bea, '10.00');
    await payByCredit(bea, shareOf(bea)).expect(200);
    await deps.jobs.waitUntilIdle();
    const paid = subjectsTo(organiser.email).filter((subject) => subject?.includes('ha pagato la sua quota'));
    expect(paid).toHaveLength(2);
    expect(paid).toEqual(expect.arrayContaining([expect.stringContaining('Anna Paga ha pagato la sua quota'), expect.stringContaining('Bea Paga ha pagato la sua quota')]));
    const message = mail.messages.find((sent) => sent.subject?.startsWith('Anna Paga ha pagato'))!;
    expect(message.text).toMatch(/la sua quota di 6,66\s€/);
    // The organiser's own payments (their share, shares charged to them) tell nobody.
    expect(subjectsTo(organiser.email).filter((subject) => subject?.includes('Olga Avvisata ha pagato'))).toEqual([]);
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200)).body.owed).toBe('0.00');
  });
});

describe('the organiser’s own share', () => {
  it('is what credit takes from them to confirm, the players owing the rest', async () => {
    const organiser = await createMember(db);
    const anna = await createMember(db);
    const bookingId = await hold(organiser, 10);
    await addPlayer(organiser, bookingId, { user_id: anna.id }).expect(201);
    await creditOf(organiser, '10');
    const paid = await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(organiser)).expect(200);
    expect(paid.body).toMatchObject({ balance: '0.00', movement: { amount: '-10.00', booking_id: bookingId } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200)).body).toMatchObject({ organiser_share: '10.00', owed: '10.00' });
  });
});

describe('the deadline setting', () => {
  it('is read by staff and changed by admins only, between 0 and 72 hours', async () => {
    const admin = await loginAs(app, DEMO.admin);
    expect((await request(app).get('/api/admin/booking-players/settings').set(bearer(staff)).expect(200)).body).toEqual({ deadline_hours: 2 });
    await request(app).put('/api/admin/booking-players/settings').set(bearer(staff)).send({ deadline_hours: 3 }).expect(403);
    expect((await request(app).put('/api/admin/booking-players/settings').set(bearer(admin)).send({ deadline_hours: 73 }).expect(422)).body.errors.deadline_hours).toEqual(['Da 0 a 72 ore.']);
    try {
      expect((await request(app).put('/api/admin/booking-players/settings').set(bearer(admin)).send({ deadline_hours: 3 }).expect(200)).body).toEqual({ deadline_hours: 3 });
      expect((await db.setting.findUniqueOrThrow({ where: { id: 1 } })).splitDeadlineHours).toBe(3);
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 2 } });
    }
  });

  it('is recorded as the settings (no id) with the value before and after, and not kept when the entry cannot be written', async () => {
    const admin = await loginAs(app, DEMO.admin);
    try {
      await request(app).put('/api/admin/booking-players/settings').set(bearer(admin)).send({ deadline_hours: 5 }).expect(200);
      expect(await lastAuditOf(db, 'settings', null)).toMatchObject({
        action: 'update',
        route: 'PUT /api/admin/booking-players/settings',
        subjectUserId: null,
        input: { deadline_hours: 5 },
        beforeData: { split_deadline_hours: 2 },
        afterData: { split_deadline_hours: 5 },
      });
      await whileRefusing(db, 'audit_log', () => request(app).put('/api/admin/booking-players/settings').set(bearer(admin)).send({ deadline_hours: 7 }).expect(500));
      expect((await db.setting.findUniqueOrThrow({ where: { id: 1 } })).splitDeadlineHours).toBe(5);
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 2 } });
    }
  });
});

describe('paying a share', () => {
  it('records each share once: a card payment with its webhook replayed, a credit payment, and a second payment refused or its checkout closed', async () => {
    const organiser = await createMember(db);
    const [anna, bea, carlo] = await Promise.all([createMember(db), createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna, bea, carlo], 4);

    const bookingIncome = async () => (await incomeByMonth(db)).reduce((sum, month) => sum + month.booking, 0);
    const incomeBefore = await bookingIncome();
    double.setAutoDeliver(false);
    try {
      const sessionId = await payByCard(anna, shareOf(anna));
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)])).toEqual([200, 200, 200]);
      const payment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionId } });
      expect(payment).toMatchObject({ kind: 'booking_share', bookingPlayerId: shareOf(anna), bookingId: null, amountCents: 500, status: 'completed' });
      const outcome = await request(app).post('/api/payments/reconcile').set(bearer(anna)).send({ session_id: sessionId }).expect(200);
      expect(outcome.body).toEqual({ status: 'paid', kind: 'booking_share', target_id: shareOf(anna) });
    } finally {
      double.setAutoDeliver(true);
    }
    expect(await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(anna) } })).toMatchObject({ status: 'paid', paidWith: 'card' });
    // The share is booking income, once.
    expect((await bookingIncome()) - incomeBefore).toBe(500);
    expect((await request(app).post(`/api/booking-shares/${shareOf(anna)}/checkout`).set(bearer(anna)).expect(409)).body.message).toBe('Questa quota non è da pagare.');

    // A second checkout for a share closes the first: only one can be paid.
    const first = await request(app).post(`/api/booking-shares/${shareOf(carlo)}/checkout`).set(bearer(carlo)).expect(200);
    await payByCard(carlo, shareOf(carlo));
    expect((await deps.stripe!.checkout.sessions.retrieve(sessionIdOf(first.body.checkout_url))).status).toBe('expired');
    expect(await db.transaction.count({ where: { bookingPlayerId: shareOf(carlo), type: 'payment', status: 'completed' } })).toBe(1);

    await creditOf(bea, '12');
    const paid = await Promise.all([payByCredit(bea, shareOf(bea)), payByCredit(bea, shareOf(bea))]);
    expect(paid.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(bea)).toBe(700);
    expect(await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(bea) } })).toMatchObject({ status: 'paid', paidWith: 'credit' });
    // Someone else cannot pay (or even see) a player's share.
    await payByCredit(organiser, shareOf(anna)).expect(404);

    const split = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200);
    expect(split.body).toMatchObject({ owed: '0.00', can_manage: true });
    expect(split.body.players.map((player: { status: string; paid_with: string }) => [player.status, player.paid_with])).toEqual([['paid', 'card'], ['paid', 'credit'], ['paid', 'card']]);
  });

  it('shows the booking only to its players and staff; the players see it in their list and calendar feed', async () => {
    const organiser = await createMember(db);
    const [anna, stranger] = await Promise.all([createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna], 5);
    await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(stranger)).expect(404);
    await request(app).get(`/api/booking-shares/${shareOf(anna)}`).set(bearer(stranger)).expect(404);
    await request(app).post(`/api/booking-shares/${shareOf(anna)}/checkout`).set(bearer(stranger)).expect(404);
    await request(app).get(`/api/bookings/${bookingId}/players`).expect(401);
    await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(anna)).expect(200);
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(staff)).expect(200)).body.players).toHaveLength(1);
    expect((await request(app).get('/api/me/booking-shares').set(bearer(stranger)).expect(200)).body.data).toEqual([]);
    expect((await request(app).get('/api/me/booking-shares').set(bearer(anna)).expect(200)).body.data.map((share: { booking_id: number }) => share.booking_id)).toEqual([bookingId]);

    const feed = await request(app).get('/api/bookings/calendar').set(bearer(anna)).expect(200);
    const path = new URL(feed.body.url).pathname;
    const served = await request(app).get(path).expect(200);
    expect(served.text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    // Read as a calendar application would: the player's event is the booking's real instants.
    const [event] = new ICAL.Component(ICAL.parse(served.text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const booked = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect([event!.startDate.toJSDate().toISOString(), event!.endDate.toJSDate().toISOString()]).toEqual([booked.startsAt.toISOString(), booked.endsAt.toISOString()]);
    const strangerFeed = new URL((await request(app).get('/api/bookings/calendar').set(bearer(stranger)).expect(200)).body.url).pathname;
    expect((await request(app).get(strangerFeed).expect(200)).text).not.toContain('BEGIN:VEVENT');
  });

  it('lets a player leave before paying: the unpaid shares are spread over the others, or pass to the organiser', async () => {
    const organiser = await createMember(db);
    const [anna, bea, carlo] = await Promise.all([createMember(db), createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna, bea, carlo], 6);
    await creditOf(anna, '5');
    await payByCredit(anna, shareOf(anna)).expect(200);
    await request(app).post(`/api/booking-shares/${shareOf(anna)}/leave`).set(bearer(anna)).expect(409);
    expect((await request(app).post(`/api/booking-shares/${shareOf(bea)}/leave`).set(bearer(bea)).expect(200)).body.message).toBe('Hai lasciato la partita: le quote degli altri sono state ricalcolate.');
    expect(await shareCentsOf(bookingId, shareOf(carlo))).toBe(1000);
    // The last one who owes leaves: the organiser (whose credit covers it) pays it.
    await creditOf(organiser, '10');
    await request(app).post(`/api/booking-shares/${shareOf(carlo)}/leave`).set(bearer(carlo)).expect(200);
    expect(await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(carlo) } })).toMatchObject({ status: 'charged_to_organiser', paidWith: 'credit' });
    expect(await shareCentsOf(bookingId, shareOf(carlo))).toBe(1000);
    expect(await balanceOf(organiser)).toBe(0);
    const split = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200);
    expect(split.body).toMatchObject({ owed: '0.00', organiser_share: '5.00' });
  });
  it('closes the checkout a player opened for their old share when another leaves, so nobody pays a stale amount', async () => {
    const organiser = await createMember(db);
    const [anna, bea] = await Promise.all([createMember(db), createMember(db)]);
    const { shareOf } = await splitBooking(organiser, [anna, bea], 13);
    const opened = await request(app).post(`/api/booking-shares/${shareOf(anna)}/checkout`).set(bearer(anna)).expect(200);
    await request(app).post(`/api/booking-shares/${shareOf(bea)}/leave`).set(bearer(bea)).expect(200);
    expect(await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: sessionIdOf(opened.body.checkout_url) } })).toMatchObject({ status: 'abandoned' });
    await deps.jobs.waitUntilIdle();
    expect((await deps.stripe!.checkout.sessions.retrieve(sessionIdOf(opened.body.checkout_url))).status).toBe('expired');
    // The new share is paid once, at its new amount.
    await payByCard(anna, shareOf(anna));
    await expect.poll(async () => (await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(anna) } })).paidWith).toBe('card');
    expect(await db.transaction.findMany({ where: { bookingPlayerId: shareOf(anna), type: 'payment', status: 'completed' }, select: { amountCents: true } })).toEqual([{ amountCents: 1332 }]);
  });
});

describe('changing players after the organiser has paid', () => {
  const statementOf = async (member: TestMember) => (await request(app).get('/api/me/credit').set(bearer(member)).expect(200)).body as { balance: string; available: string; refundable: string; owed: string };
  const splitOf = async (member: TestMember, bookingId: number) => (await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(member)).expect(200)).body;

  it('a player added after a card payment owes an equal share, which goes back into the organiser’s credit at once, refundable; a cancellation then refunds only the rest to the card', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Dopo' });
    const anna = await createMember(db, { firstName: 'Anna', lastName: 'Dopo' });
    const bookingId = await hold(organiser, 14, '09:00');
    await organiserPays(organiser, bookingId);
    expect(await balanceOf(organiser)).toBe(0);

    const added = await addPlayer(organiser, bookingId, { user_id: anna.id }).expect(201);
    expect(added.body).toMatchObject({ organiser_share: '10.00', organiser_paid: '10.00', organiser_paid_with: 'card', owed: '10.00', can_manage: true });
    expect(added.body.players.map((player: { share: string; status: string }) => [player.share, player.status])).toEqual([['10.00', 'invited']]);
    // The 10 € Anna now pays are the organiser's again: credit from their card payment, refundable.
    expect(await statementOf(organiser)).toMatchObject({ balance: '10.00', available: '10.00', refundable: '10.00' });

    await services.bookingPlayers.runShareJob();
    expect((await mail.waitFor(anna.email, undefined, /ti ha aggiunto alla partita/)).text).toMatch(/La tua quota è di 10,00/);
    await creditOf(anna, '10.00');
    await payByCredit(anna, (await sharesOf(bookingId))[0]!.id).expect(200);
    expect((await splitOf(organiser, bookingId)).owed).toBe('0.00');

    // Cancelled in time: the card gets back what the organiser's payment still pays (10 €), Anna her credit; the organiser keeps their 10 € of credit.
    await request(app).post(`/api/bookings/${bookingId}/cancel`).set(bearer(organiser)).expect(200);
    await expect.poll(async () => (await db.transaction.findMany({ where: { bookingId, type: 'refund' } })).map((refund) => refund.amountCents)).toEqual([1000]);
    expect(await balanceOf(anna)).toBe(1000);
    expect(await balanceOf(organiser)).toBe(1000);
  });

  it('gives back an organiser’s part paid with credit while they owe the centre (the debt settled from it), and takes back the part given into credit when the bank refunds the card payment', async () => {
    const debtor = await createMember(db, { firstName: 'Olga', lastName: 'Debitrice' });
    const [anna, bea] = await Promise.all([createMember(db, { firstName: 'Anna', lastName: 'Debito' }), createMember(db, { firstName: 'Bea', lastName: 'Banca' })]);
    await creditOf(debtor, '20.00');
    const held = await hold(debtor, 14, '12:00');
    await request(app).post(`/api/bookings/${held}/pay-with-credit`).set(bearer(debtor)).expect(200);
    // The member owes the centre 5 € (as when spent credit's top-up is refunded by the bank).
    await post(db, { key: `test:debt:${debtor.id}`, kind: 'correction', userId: debtor.id, legs: [debit(accounts.debt(debtor.id), 500), credit(accounts.revenue('extra'), 500)] });
    await addPlayer(debtor, held, { user_id: anna.id }).expect(201);
    expect(await statementOf(debtor)).toMatchObject({ balance: '5.00', owed: '0.00' });

    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Rimborsata' });
    const bookingId = await hold(organiser, 13, '16:30');
    const payment = await organiserPays(organiser, bookingId);
    await addPlayer(organiser, bookingId, { user_id: bea.id }).expect(201);
    expect(await statementOf(organiser)).toMatchObject({ balance: '10.00', owed: '0.00' });
    // The bank gives the whole card payment back: the booking owes again what it still paid, and the part
    // given into credit goes back with it — nothing left to spend, nothing owed.
    await double.refundFromDashboard(payment.stripePaymentIntentId!, 2000);
    await expect.poll(async () => (await statementOf(organiser)).balance).toBe('0.00');
    expect((await statementOf(organiser)).owed).toBe('0.00');
  });

  it('keeps the shares adding up to the price when two players are added at once after paying, while a share’s payment webhook comes twice', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Insieme' });
    const [anna, bea, carlo] = await Promise.all([createMember(db), createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna], 13, '09:00');
    double.setAutoDeliver(false);
    try {
      await payByCard(anna, shareOf(anna));
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      const [first, second, ...deliveries] = await Promise.all([
        addPlayer(organiser, bookingId, { user_id: bea.id }),
        addPlayer(organiser, bookingId, { user_id: carlo.id }),
        double.deliver(completed),
        double.deliver(completed),
      ]);
      expect([first.status, second.status, ...deliveries]).toEqual([201, 201, 200, 200]);
    } finally {
      double.setAutoDeliver(true);
    }
    // Whichever came first, the shares add up to the price, the organiser's credit holds what they paid
    // beyond their part, and Anna's card payment is recorded once: paying her share, or refunded when her
    // share changed under it.
    const players = await sharesOf(bookingId);
    const assigned = await Promise.all(players.map((player) => shareCentsOf(bookingId, player.id)));
    const split = await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200);
    expect(moneyToCents(split.body.organiser_share) + assigned.reduce((sum, cents) => sum + cents, 0)).toBe(2000);
    expect(split.body.organiser_paid).toBe(split.body.organiser_share);
    expect(await balanceOf(organiser)).toBe(1000 - moneyToCents(split.body.organiser_paid));
    await expect.poll(async () => (await db.transaction.findMany({ where: { bookingPlayerId: shareOf(anna), type: 'payment', status: { in: ['completed', 'refunded'] } } })).length).toBe(1);
  });

  it('splits again what the organiser paid with credit and what the unpaid players owe, paid shares untouched; a player the organiser removes before the deadline passes their share to those who owe', async () => {
    const organiser = await createMember(db, { firstName: 'Olga', lastName: 'Credito' });
    const [anna, bea, carlo] = await Promise.all([createMember(db, { firstName: 'Anna', lastName: 'Pagata' }), createMember(db, { firstName: 'Bea', lastName: 'Tolta' }), createMember(db, { firstName: 'Carlo', lastName: 'Aggiunto' })]);
    const bookingId = await hold(organiser, 14, '13:30');
    await addPlayer(organiser, bookingId, { user_id: anna.id }).expect(201);
    await addPlayer(organiser, bookingId, { user_id: bea.id }).expect(201);
    await creditOf(organiser, '10.00');
    await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(organiser)).expect(200);
    expect(await balanceOf(organiser)).toBe(1000 - 668);
    await services.bookingPlayers.runShareJob();
    await creditOf(anna, '10.00');
    const [annaShare, beaShare] = await sharesOf(bookingId);
    await payByCredit(anna, annaShare!.id).expect(200);

    // Anna paid 6,66; the organiser's 6,68 and Bea's 6,66 are split again with Carlo: 13,34 in three, the organiser taking the remainder.
    const added = await addPlayer(organiser, bookingId, { user_id: carlo.id }).expect(201);
    expect(added.body.players.map((player: { share: string }) => player.share)).toEqual(['6.66', '4.44', '4.44']);
    expect(added.body).toMatchObject({ organiser_share: '4.46', organiser_paid: '4.46', organiser_paid_with: 'credit', owed: '8.88' });
    expect(await balanceOf(organiser)).toBe(1000 - 446);
    const total = 446 + (await Promise.all((await sharesOf(bookingId)).map((share) => shareCentsOf(bookingId, share.id)))).reduce((sum, cents) => sum + cents, 0);
    expect(total).toBe(2000);

    // Removed before paying: Bea's share passes to Carlo, who still owes his.
    const removed = await request(app).delete(`/api/bookings/${bookingId}/players/${beaShare!.id}`).set(bearer(organiser)).expect(200);
    expect(removed.body.players.filter((player: { status: string }) => player.status !== 'dropped').map((player: { share: string }) => player.share)).toEqual(['6.66', '8.88']);
    // A paid player stays.
    expect((await request(app).delete(`/api/bookings/${bookingId}/players/${annaShare!.id}`).set(bearer(organiser)).expect(409)).body.message).toBe('Questo giocatore ha già pagato la sua quota.');
    // Within the deadline (2 h before play), nothing changes any more. (The slot is put back after: other tests use that hour.)
    const slot = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { startsAt: true, endsAt: true } });
    await db.booking.update({ where: { id: bookingId }, data: { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 2.5 * 3_600_000) } });
    try {
      expect((await addPlayer(organiser, bookingId, { user_id: bea.id }).expect(409)).body.message).toBe('La partita inizia tra poco: non si possono più aggiungere o togliere giocatori.');
    } finally {
      await db.booking.update({ where: { id: bookingId }, data: slot });
    }
  });
});

describe('the deadline', () => {
  it('charges the shares still unpaid to the organiser once, from credit when it covers them all', async () => {
    const organiser = await createMember(db);
    const [anna, bea, carlo] = await Promise.all([createMember(db), createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna, bea, carlo], 1);
    await payByCard(anna, shareOf(anna));
    await creditOf(organiser, '12');
    // The booking is tomorrow: a deadline of 72 hours before play has passed.
    await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 72 } });
    try {
      await Promise.all([services.bookingPlayers.runShareJob(), services.bookingPlayers.runShareJob()]);
      await services.bookingPlayers.runShareJob();
    } finally {
      await db.setting.update({ where: { id: 1 }, data: { splitDeadlineHours: 2 } });
    }
    expect((await movementsOn(organiser, bookingId)).map((movement) => movement.amount)).toEqual(['-10.00']);
    expect(await balanceOf(organiser)).toBe(200);
    expect((await sharesOf(bookingId)).map((share) => [share.status, share.paidWith])).toEqual([['paid', 'card'], ['charged_to_organiser', 'credit'], ['charged_to_organiser', 'credit']]);
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
    // The desk counts the shares as paid: nothing left to collect.
    expect((await request(app).get(`/api/admin/bookings/${bookingId}`).set(bearer(staff)).expect(200)).body).toMatchObject({ price: '20.00', paid: '20.00', payment_state: 'paid' });
    // A player's late payment finds nothing to pay.
    expect((await payByCredit(bea, shareOf(bea)).expect(409)).body.message).toBe('Questa quota non è da pagare.');
    await deps.jobs.waitUntilIdle();
    // The organiser is told once that their credit paid the shares.
    expect(subjectsTo(organiser.email).filter((subject) => subject?.startsWith('Quote saldate con il tuo credito'))).toHaveLength(1);
  });

  it('e-mails the organiser payment links when their credit does not cover the shares, and the desk sees what is owed until paid', async () => {
    const organiser = await createMember(db);
    const anna = await createMember(db);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna], 8);
    await creditOf(organiser, '5');
    await db.booking.update({ where: { id: bookingId }, data: { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 2.5 * 3_600_000) } });
    await services.bookingPlayers.runShareJob();
    await services.bookingPlayers.runShareJob();
    expect(await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(anna) } })).toMatchObject({ status: 'charged_to_organiser', paidAt: null });
    expect(await shareCentsOf(bookingId, shareOf(anna))).toBe(1000);
    expect(await balanceOf(organiser)).toBe(500);
    await deps.jobs.waitUntilIdle();
    const emails = mail.messages.filter((message) => JSON.stringify(message.to).includes(organiser.email) && message.subject?.startsWith('Quote da saldare'));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`http://web.example.test/quote/${shareOf(anna)}`);
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(staff)).expect(200)).body.owed).toBe('10.00');
    // The player can no longer pay it; the organiser can, once.
    await request(app).post(`/api/booking-shares/${shareOf(anna)}/checkout`).set(bearer(anna)).expect(409);
    expect((await request(app).get('/api/me/booking-shares').set(bearer(organiser)).expect(200)).body.data).toEqual([expect.objectContaining({ id: shareOf(anna), can_pay: true, status: 'charged_to_organiser' })]);
    await payByCard(organiser, shareOf(anna));
    expect(await db.bookingPlayer.findUniqueOrThrow({ where: { id: shareOf(anna) } })).toMatchObject({ status: 'charged_to_organiser', paidWith: 'card' });
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(staff)).expect(200)).body.owed).toBe('0.00');
  });
});

describe('paid at the desk', () => {
  it('collects what the booking still owes, the players’ unpaid shares included, each shown paid at the desk; a refund gives each part back its way', async () => {
    const organiser = await createMember(db);
    const [anna, bea] = await Promise.all([createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna, bea], 11);
    await payByCard(anna, shareOf(anna));
    const desk = async () => (await request(app).get(`/api/admin/bookings/${bookingId}`).set(bearer(staff)).expect(200)).body;
    expect(await desk()).toMatchObject({ price: '20.00', paid: '13.34', owed: '6.66', payment_state: 'unpaid' });

    const paid = await request(app).post(`/api/admin/bookings/${bookingId}/mark-paid`).set(bearer(staff)).send({ method: 'cash' }).expect(200);
    expect(paid.body.booking).toMatchObject({ paid: '20.00', owed: '0.00', payment_state: 'paid' });
    const cash = await db.transaction.findFirstOrThrow({ where: { bookingId, method: 'cash', type: 'payment' } });
    expect(cash).toMatchObject({ amountCents: 666, status: 'completed' });
    expect((await sharesOf(bookingId)).map((share) => [share.status, share.paidWith])).toEqual([['paid', 'card'], ['paid', 'desk']]);
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200)).body.owed).toBe('0.00');
    // Nothing left to collect, and the player has nothing to pay.
    expect((await request(app).post(`/api/admin/bookings/${bookingId}/mark-paid`).set(bearer(staff)).send({ method: 'cash' }).expect(409)).body.message).toBe('Questa prenotazione è già pagata.');
    await payByCredit(bea, shareOf(bea)).expect(409);

    // Cancelled by the desk with a refund: the cards through Stripe, the cash from the till.
    const cancelled = await request(app).post(`/api/admin/bookings/${bookingId}/cancel`).set(bearer(staff)).send({ refund: true }).expect(200);
    expect(cancelled.body.message).toBe('Prenotazione annullata: il rimborso online è in corso.');
    expect(await db.transaction.findFirstOrThrow({ where: { refundOfId: cash.id } })).toMatchObject({ amountCents: 666, method: 'cash', status: 'completed' });
    await deps.jobs.waitUntilIdle();
    const refunds = await db.transaction.findMany({ where: { type: 'refund', refundOf: { OR: [{ bookingId }, { bookingPlayerId: { in: [shareOf(anna), shareOf(bea)] } }] } }, orderBy: { amountCents: 'asc' } });
    expect(refunds.map((refund) => [refund.method, refund.amountCents])).toEqual(
      expect.arrayContaining([
        ['stripe', 666],
        ['cash', 666],
        ['stripe', 668],
      ]),
    );
    expect(refunds).toHaveLength(3);
    expect(await desk()).toMatchObject({ status: 'cancelled', paid: '20.00', refunded: '20.00', owed: '0.00', payment_state: 'refunded' });
  });
});

describe('who still owes', () => {
  it('is the share\'s receivable in the ledger: paid_at follows it, and no other write can change it', async () => {
    const organiser = await createMember(db);
    const [anna, bea] = await Promise.all([createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna, bea], 12, '15:00');
    await creditOf(anna, '7');
    await payByCredit(anna, shareOf(anna)).expect(200);
    const players = async () => (await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200)).body;
    const paidAtOf = async (shareId: number) => (await players()).players.find((player: { id: number }) => player.id === shareId).paid_at as string | null;
    expect(await paidAtOf(shareOf(anna))).not.toBeNull();
    expect(await paidAtOf(shareOf(bea))).toBeNull();
    expect((await players()).owed).toBe('6.66');

    // Marked paid or unpaid beside the ledger: refused by the database.
    await expect(db.$executeRaw`UPDATE booking_players SET paid_at = now() WHERE id = ${shareOf(bea)}`).rejects.toThrow(/booking_players_paid_from_ledger|kept by its receivable/);
    await expect(db.bookingPlayer.update({ where: { id: shareOf(anna) }, data: { paidAt: null } })).rejects.toThrow();
    await expect(db.bookingPlayer.create({ data: { bookingId, guestEmail: 'ospite@esempio.it', status: 'invited', paidAt: new Date() } })).rejects.toThrow();

    // The ledger says Anna's share owes 1 € again: she is shown owing it, and nobody can take her share as paid.
    await post(db, { key: `test:reopen:${shareOf(anna)}`, kind: 'charge', bookingId, bookingPlayerId: shareOf(anna), legs: [debit(accounts.share(shareOf(anna), bookingId), 100), credit(accounts.billed, 100)] });
    expect(await paidAtOf(shareOf(anna))).toBeNull();
    expect((await players()).owed).toBe('7.66');
  });
});

describe('cancelling in time', () => {
  it('returns each share the way it was paid: card refunded, credit back to whoever paid', async () => {
    const organiser = await createMember(db);
    const [anna, bea] = await Promise.all([createMember(db), createMember(db)]);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna, bea], 9);
    const annaSession = await payByCard(anna, shareOf(anna));
    await creditOf(bea, '7');
    await payByCredit(bea, shareOf(bea)).expect(200);
    expect(await balanceOf(bea)).toBe(34);

    await request(app).post(`/api/bookings/${bookingId}/cancel`).set(bearer(organiser)).expect(200);
    await request(app).post(`/api/bookings/${bookingId}/cancel`).set(bearer(organiser)).expect(409);
    await deps.jobs.waitUntilIdle();
    expect(await balanceOf(bea)).toBe(700);
    const annaPayment = await db.transaction.findUniqueOrThrow({ where: { stripeCheckoutSessionId: annaSession }, include: { refunds: true } });
    expect(annaPayment.status).toBe('refunded');
    expect(annaPayment.refunds.map((refund) => refund.amountCents)).toEqual([666]);
    const organiserPayment = await db.transaction.findFirstOrThrow({ where: { bookingId, kind: 'booking', type: 'payment', status: { not: 'failed' } }, include: { refunds: true } });
    expect(organiserPayment).toMatchObject({ amountCents: 668, status: 'refunded' });
    expect(organiserPayment.refunds).toHaveLength(1);
  });

  it('never keeps a share paid while its booking is being cancelled: the payment waits for the cancellation and is refused', async () => {
    const organiser = await createMember(db);
    const anna = await createMember(db);
    const { bookingId, shareOf } = await splitBooking(organiser, [anna], 12);
    await creditOf(anna, '10');
    // The cancellation is held up just before it writes off what is still owed (the organiser's account
    // is locked elsewhere), after it has read what was paid: the worst moment for a share to be paid.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM ledger_accounts WHERE key = ${`booking:${bookingId}`} FOR UPDATE`;
      locked();
      await released;
    }, { timeout: 30_000 });
    await isLocked;
    const waiting = async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)[0]!.n;
    const cancelled = request(app).post(`/api/bookings/${bookingId}/cancel`).set(bearer(organiser)).then((response) => response);
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    let paidAt: number | null = null;
    const paid = payByCredit(anna, shareOf(anna)).then((response) => {
      paidAt = Date.now();
      return response;
    });
    // The share's payment waits for the booking (two waiting), where it once went through.
    await expect.poll(async () => (await waiting()) === 2 || paidAt !== null, { timeout: 10_000 }).toBe(true);
    release();
    await holder;
    expect((await cancelled).status).toBe(200);
    expect((await paid).status).toBe(409);
    await deps.jobs.waitUntilIdle();
    expect(await balanceOf(anna)).toBe(1000);
    expect(await movementsOn(anna, bookingId)).toEqual([]);
  });
});
