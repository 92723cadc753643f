// Tournaments through the real database and the Stripe double: the set-up holding its courts with
// closures (a clash refused), registering a pair where each pays their own part (card and credit) through
// the ledger, withdrawing with each part given back and the place passed to the waiting list, 20
// simultaneous registrations for the last place, the organiser collecting at the desk and withdrawing a pair,
// the partner finder, and who may touch an entry.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember, type TestMember } from '../../test/members.js';
import { addDays, todayInRome } from '../../lib/time.js';
import { balanceOf, giveCard } from '../enrolments/test-courses.js';
import { makeTournament } from './test-tournaments.js';

const mail = await startMailCatcher();
const { app, db, stripe, services } = await useTestApp({ SMTP_URL: mail.url }, { stripe: true });
const double = stripe!;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let admin: string;
let staff: string;
beforeAll(async () => {
  [admin, staff] = await Promise.all([loginAs(app, DEMO.admin), loginAs(app, DEMO.staff)]);
});

const carded = async () => {
  const member = await createMember(db);
  await giveCard(db, member.id);
  return member;
};
const register = (member: TestMember, tournamentId: number, partnerEmail: string | null) =>
  request(app).post(`/api/tournaments/${tournamentId}/entries`).set(bearer(member.token)).send({ partner_email: partnerEmail });
/** Every check of the books passes: entries balanced, balances matching, each payment posted, the till by day. */
const reconciled = async () => expect((await services.reconciliation.checks()).filter((check) => !check.ok)).toEqual([]);
const entryOf = (id: number) => db.tournamentEntry.findUniqueOrThrow({ where: { id }, include: { players: { orderBy: { id: 'asc' } } } });
const creditOf = async (member: TestMember) => (await request(app).get(`/api/admin/users/${member.id}/credit?per_page=100`).set(bearer(staff)).expect(200)).body as { balance: string; refundable: string };
const taken = async (id: number) => (await db.tournament.findUniqueOrThrow({ where: { id } })).entriesTaken;

function setUpBody(day: string, courtId: number, from = '09:00', to = '19:00') {
  return {
    name: 'Open d’estate', sport: 'beach_volley', category: 'open', format: 'pools_knockout', match_format: 'one_set_21', match_minutes: 30, entry_fee: '20.00', max_entries: 8,
    registration_opens_at: new Date(Date.now() - 60_000).toISOString(), registration_closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    starts_on: day, ends_on: day, courts: [{ court_id: courtId, date: day, from, to }],
  };
}

describe('set-up', () => {
  it('holds its courts with closures, refuses a clash naming the court and time, replaces them on update, and publishes', async () => {
    const day = addDays(todayInRome(), 40);
    const court = await db.court.findFirstOrThrow({ where: { code: 'A1' } });
    const made = await request(app).post('/api/admin/tournaments').set(bearer(admin)).send(setUpBody(day, court.id)).expect(201);
    const id = made.body.tournament.id as number;
    expect(made.body.tournament).toMatchObject({ status: 'draft', entry_fee: '20.00', court_hours: [{ court_id: court.id, date: day, from: '09:00', to: '19:00' }] });
    const closures = await db.courtClosure.findMany({ where: { courtId: court.id, reason: 'Torneo Open d’estate' } });
    expect(closures).toHaveLength(1);

    const clash = await request(app).post('/api/admin/tournaments').set(bearer(admin)).send({ ...setUpBody(day, court.id, '18:00', '20:00'), name: 'Altro' }).expect(409);
    expect(clash.body.message).toMatch(/^Il campo A1 è occupato il .* dalle 09:00 alle 19:00 \(Torneo Open d’estate\)\.$/);

    await request(app).put(`/api/admin/tournaments/${id}`).set(bearer(admin)).send(setUpBody(day, court.id, '10:00', '12:00')).expect(200);
    const after = await db.courtClosure.findMany({ where: { courtId: court.id, reason: 'Torneo Open d’estate' } });
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(closures[0]!.id);

    await request(app).get(`/api/tournaments/${id}`).expect(404);
    await request(app).post(`/api/admin/tournaments/${id}/publish`).set(bearer(admin)).expect(200);
    const live = await request(app).get(`/api/tournaments/${id}`).expect(200);
    expect(live.body).toMatchObject({ status: 'published', registration_open: true, matches: [], pools: [], placements: [], courts: [{ code: 'A1', lit: true }] });
    expect((await request(app).get('/api/tournaments').expect(200)).body.data.map((row: { id: number }) => row.id)).toContain(id);

    await request(app).post(`/api/admin/tournaments/${id}/cancel`).set(bearer(admin)).expect(200);
    expect(await db.courtClosure.count({ where: { courtId: court.id, reason: 'Torneo Open d’estate' } })).toBe(0);
    expect(await db.tournamentCourt.findMany({ where: { tournamentId: id }, select: { closureId: true } })).toEqual([{ closureId: null }]);
    // The cancelled tournament's hours stay on record, unheld: another tournament takes the same hours.
    await request(app).post('/api/admin/tournaments').set(bearer(admin)).send({ ...setUpBody(day, court.id, '10:00', '12:00'), name: 'Al posto suo' }).expect(201);
  });

  it('offers the places it raises to the waiting list, and keeps pairs or King of the Beach once entries exist', async () => {
    const day = addDays(todayInRome(), 12);
    const court = await db.court.findFirstOrThrow({ where: { code: 'B1' } });
    const body = { ...setUpBody(day, court.id), name: 'Re della spiaggia', format: 'king_of_the_beach', max_entries: 2 };
    const id = (await request(app).post('/api/admin/tournaments').set(bearer(admin)).send(body).expect(201)).body.tournament.id as number;
    await request(app).post(`/api/admin/tournaments/${id}/publish`).set(bearer(admin)).expect(200);
    for (const member of [await carded(), await carded()]) await register(member, id, null).expect(201);
    const waiting = (await register(await carded(), id, null).expect(201)).body.entry.id as number;
    const last = (await register(await carded(), id, null).expect(201)).body.entry.id as number;
    expect((await entryOf(waiting)).status).toBe('waiting');

    await request(app).put(`/api/admin/tournaments/${id}`).set(bearer(admin)).send({ ...body, max_entries: 3 }).expect(200);
    expect(await entryOf(waiting)).toMatchObject({ status: 'pending', offeredUntil: expect.any(Date) });
    expect((await entryOf(last)).status).toBe('waiting');
    expect(await taken(id)).toBe(3);

    const refused = await request(app).put(`/api/admin/tournaments/${id}`).set(bearer(admin)).send({ ...body, max_entries: 3, format: 'pools_knockout' }).expect(409);
    expect(refused.body.message).toBe('Ci sono già iscritti: la formula non può passare tra coppie e King of the Beach.');
  });

  it('answers bad input with 422 and Italian field messages, and is the admin’s only', async () => {
    const bad = await request(app).post('/api/admin/tournaments').set(bearer(admin)).send({ ...setUpBody('2030-01-01', 1), name: '', courts: [] }).expect(422);
    expect(bad.body.errors.name).toEqual(['Indica il nome del torneo (al massimo 120 caratteri).']);
    expect(bad.body.errors.courts).toEqual(['Indica almeno un campo con giorno e orari.']);
    const member = await createMember(db);
    await request(app).post('/api/admin/tournaments').set(bearer(member.token)).send(setUpBody('2030-01-01', 1)).expect(403);
  });
});

describe('registration and money', () => {
  it('registers a pair, each pays their own part (credit and card) through the ledger, confirmed once both paid; a withdrawal gives each their part back', async () => {
    const tournament = await makeTournament(db, { feeCents: 2000 });
    const [first, second] = [await carded(), await carded()];
    const made = await register(first, tournament.id, second.email).expect(201);
    expect(made.body.message).toBe('Iscrizione fatta: il posto è tuo. Ognuno paga la propria quota per confermarla.');
    expect(made.body.entry).toMatchObject({ status: 'pending', players: [{ me: true, paid: false, owed: '20.00' }, { me: false, paid: false, owed: '0.00' }] });
    const entryId = made.body.entry.id as number;
    const [mine, partner] = (await entryOf(entryId)).players;
    expect(await balanceOf(db, `tournament-player:${mine!.id}`)).toBe(2000);
    expect(await balanceOf(db, `tournament-player:${partner!.id}`)).toBe(2000);
    expect(await taken(tournament.id)).toBe(1);

    await deskTopUp(app, staff, first, '50');
    const byCredit = await request(app).post(`/api/me/tournament-entries/${entryId}/pay-with-credit`).set(bearer(first.token)).expect(200);
    expect(byCredit.body.entry.status).toBe('pending');
    expect(await balanceOf(db, `tournament-player:${mine!.id}`)).toBe(0);
    // The partner is shown to the registrant by the e-mail typed until they pay their part; then by name.
    expect(byCredit.body.entry.players[1].name).toBe(second.email);

    const opened = await request(app).post(`/api/me/tournament-entries/${entryId}/checkout`).set(bearer(second.token)).expect(200);
    await double.pay((opened.body.checkout_url as string).split('/').pop()!);
    await expect.poll(async () => (await entryOf(entryId)).status, { timeout: 15_000 }).toBe('confirmed');
    expect(await balanceOf(db, `tournament-player:${partner!.id}`)).toBe(0);
    const partnerUser = await db.user.findUniqueOrThrow({ where: { id: second.id } });
    expect((await request(app).get('/api/me/tournament-entries').set(bearer(first.token)).expect(200)).body.data[0].players[1].name).toBe(`${partnerUser.firstName} ${partnerUser.lastName}`);

    // Someone else's entry does not exist for them.
    const stranger = await carded();
    await request(app).post(`/api/me/tournament-entries/${entryId}/pay-with-credit`).set(bearer(stranger.token)).expect(404);
    await request(app).post(`/api/me/tournament-entries/${entryId}/withdraw`).set(bearer(stranger.token)).expect(404);

    const withdrawn = await request(app).post(`/api/me/tournament-entries/${entryId}/withdraw`).set(bearer(second.token)).expect(200);
    expect(withdrawn.body.message).toBe('Coppia ritirata: ognuno riceve indietro la quota che ha pagato.');
    expect((await entryOf(entryId)).status).toBe('withdrawn');
    expect(await taken(tournament.id)).toBe(0);
    // The credit payer has their 50 € back; the card payer's 20 € are on their way back to the card.
    const wallet = await request(app).get('/api/me/credit').set(bearer(first.token)).expect(200);
    expect(wallet.body.available).toBe('50.00');
    // Its status becomes 'refunded' whenever Stripe's refund news arrives, before or after this read.
    const cardPayment = await db.transaction.findFirstOrThrow({ where: { tournamentPlayerId: partner!.id, type: 'payment', status: { in: ['completed', 'refunded'] } } });
    expect(await db.stripeRequest.count({ where: { paymentId: cardPayment.id, kind: 'refund', amountCents: 2000 } })).toBe(1);
    // The books agree with Stripe once the queued refund has gone through.
    await expect.poll(async () => (await services.reconciliation.checks()).filter((check) => !check.ok)).toEqual([]);
  });

  it('takes a part once: its card webhook delivered three times at once, and its credit payment sent twice at once', async () => {
    const tournament = await makeTournament(db, { feeCents: 2000 });
    const [first, second] = [await carded(), await carded()];
    const entryId = (await register(first, tournament.id, second.email).expect(201)).body.entry.id as number;
    const [mine, partner] = (await entryOf(entryId)).players;

    double.setAutoDeliver(false);
    try {
      const opened = await request(app).post(`/api/me/tournament-entries/${entryId}/checkout`).set(bearer(first.token)).expect(200);
      await double.pay((opened.body.checkout_url as string).split('/').pop()!);
      const completed = double.events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
      expect(await Promise.all([double.deliver(completed), double.deliver(completed), double.deliver(completed)])).toEqual([200, 200, 200]);
    } finally {
      double.setAutoDeliver(true);
    }
    expect(await db.transaction.count({ where: { tournamentPlayerId: mine!.id, type: 'payment', status: 'completed' } })).toBe(1);
    expect(await db.ledgerEntry.count({ where: { tournamentPlayerId: mine!.id, kind: 'payment' } })).toBe(1);
    expect(await balanceOf(db, `tournament-player:${mine!.id}`)).toBe(0);

    await deskTopUp(app, staff, second, '50');
    const twice = await Promise.all([1, 2].map(() => request(app).post(`/api/me/tournament-entries/${entryId}/pay-with-credit`).set(bearer(second.token))));
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(db, `tournament-player:${partner!.id}`)).toBe(0);
    expect((await request(app).get('/api/me/credit').set(bearer(second.token)).expect(200)).body.available).toBe('30.00');
    expect((await entryOf(entryId)).status).toBe('confirmed');
    await reconciled();
  });

  it('gives 20 simultaneous registrations for the last place exactly one; the others wait, and a withdrawal offers the place to the first waiting', async () => {
    const tournament = await makeTournament(db, { maxEntries: 2, format: 'king_of_the_beach' });
    const early = await carded();
    await register(early, tournament.id, null).expect(201);
    const members = await Promise.all(Array.from({ length: 20 }, () => carded()));
    const answers = await Promise.all(members.map((member) => register(member, tournament.id, null)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const statuses = answers.map((answer) => answer.body.entry.status as string);
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'waiting')).toHaveLength(19);
    expect(answers.find((answer) => answer.body.entry.status === 'waiting')!.body.message).toBe('Il torneo è al completo: siete in lista d’attesa. Se si libera un posto vi scriviamo.');
    expect(await taken(tournament.id)).toBe(2);

    const earlyEntry = (await request(app).get('/api/me/tournament-entries').set(bearer(early.token)).expect(200)).body.data[0];
    await request(app).post(`/api/me/tournament-entries/${earlyEntry.id}/withdraw`).set(bearer(early.token)).expect(200);
    expect(await taken(tournament.id)).toBe(2);
    const offered = await db.tournamentEntry.findMany({ where: { tournamentId: tournament.id, offeredUntil: { not: null } } });
    expect(offered).toHaveLength(1);
    expect(offered[0]!.status).toBe('pending');
  });

  it('takes a withdrawal and a payment of the same entry at once without a deadlock: one order of locks', async () => {
    for (let round = 0; round < 3; round += 1) {
      const tournament = await makeTournament(db);
      const [first, second] = [await carded(), await carded()];
      const entryId = (await register(first, tournament.id, second.email).expect(201)).body.entry.id as number;
      await deskTopUp(app, staff, second, '50');
      const [withdrawn, paid] = await Promise.all([
        request(app).post(`/api/me/tournament-entries/${entryId}/withdraw`).set(bearer(first.token)),
        request(app).post(`/api/me/tournament-entries/${entryId}/pay-with-credit`).set(bearer(second.token)),
      ]);
      expect(withdrawn.status).toBe(200);
      expect([200, 409]).toContain(paid.status);
      // Whichever came first, the withdrawal gave everything back.
      expect((await request(app).get('/api/me/credit').set(bearer(second.token)).expect(200)).body.available).toBe('50.00');
    }
  });

  it('refuses a second registration of the same member, a partner in KOB and a missing partner in pairs', async () => {
    const tournament = await makeTournament(db);
    const [first, second, third] = [await carded(), await carded(), await carded()];
    await register(first, tournament.id, second.email).expect(201);
    expect((await register(first, tournament.id, third.email).expect(409)).body.message).toBe('Sei già iscritto a questo torneo.');
    expect((await register(third, tournament.id, second.email).expect(409)).body.message).toBe('Il tuo compagno è già iscritto a questo torneo.');
    expect((await register(third, tournament.id, null).expect(422)).body.errors).toEqual({ partner_email: ['Indica l’e-mail del compagno o della compagna.'] });
    expect((await register(third, tournament.id, 'not-an-email').expect(422)).body.errors.partner_email).toBeDefined();
    const kob = await makeTournament(db, { format: 'king_of_the_beach' });
    expect((await register(third, kob.id, second.email).expect(422)).body.errors).toEqual({ partner_email: ['Nel King of the Beach ci si iscrive da soli.'] });
  });

  it('invites a guest by e-mail, who sees the entry once registered with it', async () => {
    const tournament = await makeTournament(db);
    const first = await carded();
    const email = `ospite-${Date.now()}@example.com`;
    await register(first, tournament.id, email).expect(201);
    const invitation = await mail.waitFor(email);
    expect(invitation.subject).toMatch(/ti ha iscritto al torneo/);
    const guest = await createMember(db);
    await db.user.update({ where: { id: guest.id }, data: { email } });
    const mine = await request(app).get('/api/me/tournament-entries').set(bearer(guest.token)).expect(200);
    expect(mine.body.data[0].players[1]).toMatchObject({ me: true, invited: true, owed: '20.00' });
  });
});

describe('the waiting list’s offer lapses', () => {
  it('withdraws an offer not paid in time once even with two runs at once, gives the paid part back, e-mails its players and offers the place on', async () => {
    const tournament = await makeTournament(db, { maxEntries: 2, feeCents: 2000 });
    const members = await Promise.all(Array.from({ length: 8 }, () => carded()));
    const entryIds: number[] = [];
    for (let index = 0; index < 8; index += 2) entryIds.push((await register(members[index]!, tournament.id, members[index + 1]!.email).expect(201)).body.entry.id);
    const [leaving, , offered, next] = entryIds as [number, number, number, number];
    const [offeredPayer, offeredPartner, nextPayer, nextPartner] = [members[4]!, members[5]!, members[6]!, members[7]!];
    await db.user.update({ where: { id: offeredPartner.id }, data: { locale: 'en' } });
    expect((await entryOf(offered)).status).toBe('waiting');

    await request(app).post(`/api/me/tournament-entries/${leaving}/withdraw`).set(bearer(members[0]!.token)).expect(200);
    expect(await entryOf(offered)).toMatchObject({ status: 'pending', offeredUntil: expect.any(Date) });
    expect((await mail.waitFor(offeredPayer.email, 45_000, /Si è liberato un posto/)).subject).toBe(`Si è liberato un posto: ${tournament.name}`);
    // One player pays their part in time; the other does not.
    await deskTopUp(app, staff, offeredPayer, '50');
    await request(app).post(`/api/me/tournament-entries/${offered}/pay-with-credit`).set(bearer(offeredPayer.token)).expect(200);
    expect((await entryOf(offered)).status).toBe('pending');

    // Time passes: before the deadline nothing lapses; after it, two runs at once lapse the offer once.
    expect(await services.tournaments.expireOffers()).toBe(0);
    await db.tournamentEntry.update({ where: { id: offered }, data: { offeredUntil: new Date(Date.now() - 1000) } });
    const runs = await Promise.all([services.tournaments.expireOffers(), services.tournaments.expireOffers()]);
    expect(runs[0] + runs[1]).toBe(1);
    expect((await entryOf(offered)).status).toBe('withdrawn');
    expect(await entryOf(next)).toMatchObject({ status: 'pending', offeredUntil: expect.any(Date) });
    expect(await taken(tournament.id)).toBe(2);

    // The part paid comes back to the credit, what was owed is written off; the players are told in their language.
    expect((await request(app).get('/api/me/credit').set(bearer(offeredPayer.token)).expect(200)).body.available).toBe('50.00');
    for (const player of (await entryOf(offered)).players) expect(await balanceOf(db, `tournament-player:${player.id}`)).toBe(0);
    expect((await mail.waitFor(offeredPayer.email, 45_000, /scaduta/)).subject).toBe(`L’offerta del posto è scaduta: ${tournament.name}`);
    expect((await mail.waitFor(offeredPartner.email, 45_000, /expired/i)).text).toContain(tournament.name);
    await mail.waitFor(nextPayer.email, 45_000, /Si è liberato un posto/);
    expect(await services.tournaments.expireOffers()).toBe(0);

    // A card payment of the lapsed entry arriving now buys nothing: confirm says no, so it is refunded.
    const latePlayer = (await entryOf(offered)).players[1]!;
    const paidRow = { id: 0, amountCents: 2000, description: 'Quota torneo', userId: latePlayer.userId } as Parameters<typeof services.tournaments.paymentTarget.confirm>[2];
    expect(await db.$transaction((tx) => services.tournaments.paymentTarget.confirm(tx, latePlayer.id, paidRow))).toBe(false);

    // The next offer paid in full in time is confirmed and its deadline dropped: it no longer lapses.
    for (const payer of [nextPayer, nextPartner]) {
      await deskTopUp(app, staff, payer, '20');
      await request(app).post(`/api/me/tournament-entries/${next}/pay-with-credit`).set(bearer(payer.token)).expect(200);
    }
    expect(await entryOf(next)).toMatchObject({ status: 'confirmed', offeredUntil: null });
    await services.tournaments.expireOffers(new Date(Date.now() + 86_400_000));
    expect((await entryOf(next)).status).toBe('confirmed');
  });
});

describe('the draw and the money', () => {
  it('withdraws at the draw the entries not confirmed, each paid part back; a payment after the close is refused, a checkout completed after it refunded', async () => {
    const tournament = await makeTournament(db, { feeCents: 2000, format: 'round_robin' });
    const members = await Promise.all(Array.from({ length: 10 }, () => carded()));
    const entryIds: number[] = [];
    for (let index = 0; index < 10; index += 2) entryIds.push((await register(members[index]!, tournament.id, members[index + 1]!.email).expect(201)).body.entry.id);
    // Three pairs confirmed (their payments are not this test's); the fourth half paid, the fifth not at all.
    await db.tournamentEntry.updateMany({ where: { id: { in: entryIds.slice(0, 3) } }, data: { status: 'confirmed' } });
    const [halfPaid, unpaid] = [entryIds[3]!, entryIds[4]!];
    const [payer, partner] = [members[6]!, members[7]!];
    await deskTopUp(app, staff, payer, '50');
    await request(app).post(`/api/me/tournament-entries/${halfPaid}/pay-with-credit`).set(bearer(payer.token)).expect(200);
    expect((await request(app).get('/api/me/credit').set(bearer(payer.token)).expect(200)).body.available).toBe('30.00');
    expect(await taken(tournament.id)).toBe(5);

    await db.tournament.update({ where: { id: tournament.id }, data: { registrationClosesAt: new Date(Date.now() - 1000) } });
    await deskTopUp(app, staff, partner, '50');
    const late = await request(app).post(`/api/me/tournament-entries/${halfPaid}/pay-with-credit`).set(bearer(partner.token)).expect(409);
    expect(late.body.message).toBe('Le iscrizioni sono chiuse: le quote non si pagano più e le iscrizioni non confermate sono ritirate.');

    await services.tournamentDay.draw(tournament.id);
    expect((await entryOf(halfPaid)).status).toBe('withdrawn');
    expect((await entryOf(unpaid)).status).toBe('withdrawn');
    expect(await taken(tournament.id)).toBe(3);
    expect((await request(app).get('/api/me/credit').set(bearer(payer.token)).expect(200)).body.available).toBe('50.00');
    for (const player of [...(await entryOf(halfPaid)).players, ...(await entryOf(unpaid)).players]) expect(await balanceOf(db, `tournament-player:${player.id}`)).toBe(0);

    // A checkout paid after the close (here: after the draw) buys nothing: confirm says no, so the payment is refunded.
    const [unpaidPlayer] = (await entryOf(unpaid)).players;
    const paidRow = { id: 0, amountCents: 2000, description: 'Quota torneo', userId: unpaidPlayer!.userId } as Parameters<typeof services.tournaments.paymentTarget.confirm>[2];
    expect(await db.$transaction((tx) => services.tournaments.paymentTarget.confirm(tx, unpaidPlayer!.id, paidRow))).toBe(false);
    const confirmedPlayer = (await entryOf(entryIds[0]!)).players[0]!;
    expect(await db.$transaction((tx) => services.tournaments.paymentTarget.confirm(tx, confirmedPlayer.id, paidRow))).toBe(false);
  });
});

describe('the organiser’s money: collecting at the desk and withdrawing a pair', () => {
  const collectPlayer = (token: string, playerId: number, method = 'cash') => request(app).post(`/api/admin/tournament-players/${playerId}/collect`).set(bearer(token)).send({ method });
  const collectEntry = (token: string, entryId: number, method = 'cash') => request(app).post(`/api/admin/tournament-entries/${entryId}/collect`).set(bearer(token)).send({ method });
  const withdrawEntry = (token: string, entryId: number) => request(app).post(`/api/admin/tournament-entries/${entryId}/withdraw`).set(bearer(token));
  const audited = (entryId: number, action: string) => db.auditLog.count({ where: { entityType: 'tournament_entries', entityId: entryId, action } });
  const adminEntry = (body: { tournament: { admin_entries: { id: number }[] } }, id: number) => body.tournament.admin_entries.find((entry) => entry.id === id);

  it('collects one part, then the rest of the entry, into the desk’s money: the entry confirmed, nothing owed, a second collect refused', async () => {
    const tournament = await makeTournament(db, { feeCents: 2000 });
    const [first, second] = [await carded(), await carded()];
    const entryId = (await register(first, tournament.id, second.email).expect(201)).body.entry.id as number;
    const [mine, partner] = (await entryOf(entryId)).players;
    const [cashBefore, posBefore] = [await balanceOf(db, 'till:cash'), await balanceOf(db, 'till:card')];

    await collectPlayer(first.token, mine!.id).expect(403);
    await collectEntry(first.token, entryId).expect(403);
    // The organiser's (as the board is): the staff has no tournaments' screen.
    await collectPlayer(staff, mine!.id).expect(403);
    expect((await collectPlayer(admin, mine!.id, 'gold').expect(422)).body.errors.method).toEqual(['Scegli come è stato pagato: contanti, POS o bonifico.']);

    const one = await collectPlayer(admin, mine!.id, 'cash').expect(200);
    expect(one.body.message).toBe('Quota incassata.');
    expect(adminEntry(one.body, entryId)).toMatchObject({ status: 'pending', players: [{ paid: true, owed: '0.00' }, { paid: false, owed: '20.00' }] });
    const all = await collectEntry(admin, entryId, 'card').expect(200);
    expect(all.body.message).toBe('Quote incassate: la coppia è confermata.');
    expect(adminEntry(all.body, entryId)).toMatchObject({ status: 'confirmed', players: [{ paid: true }, { paid: true }] });

    expect(await balanceOf(db, `tournament-player:${mine!.id}`)).toBe(0);
    expect(await balanceOf(db, `tournament-player:${partner!.id}`)).toBe(0);
    expect((await balanceOf(db, 'till:cash')) - cashBefore).toBe(2000);
    expect((await balanceOf(db, 'till:card')) - posBefore).toBe(2000);
    expect(await db.transaction.count({ where: { tournamentPlayerId: { in: [mine!.id, partner!.id] }, kind: 'tournament_fee', status: 'completed' } })).toBe(2);
    expect(await audited(entryId, 'mark-paid')).toBe(2);

    expect((await collectEntry(admin, entryId).expect(409)).body.message).toBe('Non c’è nulla da incassare: le quote sono già pagate.');
    await collectPlayer(admin, partner!.id).expect(409);
    // A guest without an account is not paid for at the desk: money given back goes to the payer's credit.
    const fifth = await carded();
    const withGuest = (await register(fifth, tournament.id, 'ospite.senza.account@example.com').expect(201)).body.entry.id as number;
    const guestPart = (await entryOf(withGuest)).players.find((player) => player.userId === null)!;
    expect((await collectPlayer(admin, guestPart.id).expect(409)).body.message).toMatch(/^Un ospite invitato paga dopo essersi registrato/);
    await collectEntry(admin, withGuest).expect(409);
    expect(await balanceOf(db, `tournament-player:${guestPart.id}`)).toBe(2000);
    await reconciled();
    // After the registration's close nothing is collected, as the members' own payments.
    const other = await makeTournament(db);
    const [third, fourth] = [await carded(), await carded()];
    const late = (await register(third, other.id, fourth.email).expect(201)).body.entry.id as number;
    await db.tournament.update({ where: { id: other.id }, data: { registrationClosesAt: new Date(Date.now() - 1000) } });
    expect((await collectEntry(admin, late).expect(409)).body.message).toBe('Le iscrizioni sono chiuse: le quote non si pagano più e le iscrizioni non confermate sono ritirate.');
  });

  it('refuses a part of an offered place once its deadline has passed, before the minute job passes it on', async () => {
    const tournament = await makeTournament(db, { feeCents: 2000 });
    const [first, second] = [await carded(), await carded()];
    const entryId = (await register(first, tournament.id, second.email).expect(201)).body.entry.id as number;
    await db.tournamentEntry.update({ where: { id: entryId }, data: { offeredUntil: new Date(Date.now() - 1000) } });
    const [mine] = (await entryOf(entryId)).players;
    expect((await collectPlayer(admin, mine!.id).expect(409)).body.message).toMatch(/^L’offerta del posto è scaduta/);
    await deskTopUp(app, staff, first, '20');
    await request(app).post(`/api/me/tournament-entries/${entryId}/pay-with-credit`).set(bearer(first.token)).expect(409);
  });

  it('withdraws a pair until the draw: the card part refunded, the desk part into refundable credit, the place offered to the waiting list', async () => {
    const tournament = await makeTournament(db, { maxEntries: 2, feeCents: 2000 });
    const members = await Promise.all(Array.from({ length: 8 }, () => carded()));
    const entryIds: number[] = [];
    for (let index = 0; index < 8; index += 2) entryIds.push((await register(members[index]!, tournament.id, members[index + 1]!.email).expect(201)).body.entry.id);
    const [leaving, staying, offered, last] = entryIds as [number, number, number, number];
    const [cardPlayer, deskPlayer] = (await entryOf(leaving)).players;

    const opened = await request(app).post(`/api/me/tournament-entries/${leaving}/checkout`).set(bearer(members[0]!.token)).expect(200);
    await double.pay((opened.body.checkout_url as string).split('/').pop()!);
    await expect.poll(() => balanceOf(db, `tournament-player:${cardPlayer!.id}`), { timeout: 15_000 }).toBe(0);
    await collectPlayer(admin, deskPlayer!.id, 'cash').expect(200);
    expect((await entryOf(leaving)).status).toBe('confirmed');

    await withdrawEntry(members[0]!.token, leaving).expect(403);
    await withdrawEntry(staff, leaving).expect(403);
    const withdrawn = await withdrawEntry(admin, leaving).expect(200);
    expect(withdrawn.body.message).toBe('Coppia ritirata: ogni quota pagata torna a chi l’ha pagata e il posto passa alla lista d’attesa.');
    expect(adminEntry(withdrawn.body, leaving)).toMatchObject({ status: 'withdrawn' });
    expect((await entryOf(leaving)).status).toBe('withdrawn');
    const cardPayment = await db.transaction.findFirstOrThrow({ where: { tournamentPlayerId: cardPlayer!.id, method: 'stripe', type: 'payment', status: { in: ['completed', 'refunded'] } } });
    expect(await db.stripeRequest.count({ where: { paymentId: cardPayment.id, kind: 'refund', amountCents: 2000 } })).toBe(1);
    expect(await creditOf(members[1]!)).toMatchObject({ balance: '20.00', refundable: '20.00' });
    expect(await entryOf(offered)).toMatchObject({ status: 'pending', offeredUntil: expect.any(Date) });
    expect(await taken(tournament.id)).toBe(2);
    expect(await audited(leaving, 'cancel')).toBe(1);
    expect((await withdrawEntry(admin, leaving).expect(409)).body.message).toBe('Questa iscrizione è già ritirata.');

    // After the registration's close the organiser still withdraws (no offer then: the place goes back); after the draw, no more.
    await db.tournament.update({ where: { id: tournament.id }, data: { registrationClosesAt: new Date(Date.now() - 1000) } });
    await withdrawEntry(admin, staying).expect(200);
    expect((await entryOf(last)).status).toBe('waiting');
    expect(await taken(tournament.id)).toBe(1);
    await db.tournament.update({ where: { id: tournament.id }, data: { status: 'drawn' } });
    expect((await withdrawEntry(admin, offered).expect(409)).body.message).toBe('Il torneo è già stato sorteggiato (o è chiuso): non si può più modificare.');
    expect((await entryOf(offered)).status).toBe('pending');
  });
});

describe('partner finder', () => {
  it('forms a pair from an accepted answer, registered as register does, both posts closed', async () => {
    const tournament = await makeTournament(db);
    const [poster, answerer] = [await carded(), await carded()];
    const posted = await request(app).post(`/api/tournaments/${tournament.id}/partner-posts`).set(bearer(poster.token)).send({ level: 'intermedio', note: 'Gioco a destra' }).expect(201);
    await request(app).post(`/api/tournaments/${tournament.id}/partner-posts`).set(bearer(poster.token)).send({ level: 'intermedio' }).expect(409);
    await request(app).post(`/api/partner-posts/${posted.body.post.id}/answers`).set(bearer(poster.token)).send({}).expect(409);
    await request(app).post(`/api/partner-posts/${posted.body.post.id}/answers`).set(bearer(answerer.token)).send({ message: 'Io!' }).expect(201);
    const seen = await request(app).get(`/api/tournaments/${tournament.id}/partner-posts`).set(bearer(poster.token)).expect(200);
    const answerId = seen.body.data[0].answers[0].id as number;
    await request(app).post(`/api/partner-answers/${answerId}/accept`).set(bearer(answerer.token)).expect(404);
    const accepted = await request(app).post(`/api/partner-answers/${answerId}/accept`).set(bearer(poster.token)).expect(201);
    expect(accepted.body.entry).toMatchObject({ status: 'pending', players: [{ me: true }, { me: false }] });
    expect(await taken(tournament.id)).toBe(1);
    expect((await request(app).get(`/api/tournaments/${tournament.id}/partner-posts`).set(bearer(poster.token)).expect(200)).body.data).toEqual([]);
  });
});
