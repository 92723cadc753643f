// Open matches through the real database, the job queue and the Stripe double: a member opens a match on
// their hold and pays their part; others join and pay theirs in one step (credit, or card through the
// double); outside a competitive range a member asks and every player must accept; 20 members racing for
// the last place leave exactly one in; the cut-off job cancels a match not full and returns every part
// once, run twice at once or stopped half-way, and the books reconcile; the organiser may keep a match.
import { api, moneyToCents } from '@beach/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantInRome, todayInRome } from '../../lib/time.js';
import { i18nFor } from '../../lib/i18n.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { deskTopUp } from '../../test/credit-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { accounts } from '../ledger/accounts.js';
import { credit, debit, postMany } from '../ledger/ledger.js';
import { muOf } from '../levels/rating-scale.js';
import { matchImageSvg } from './match-image.js';
import { previewTexts } from './match-preview.js';

const { app, db, deps, services, stripe } = await useTestApp({}, { stripe: true });
const double = stripe!;
const today = todayInRome();
const bearer = (member: TestMember) => ({ Authorization: `Bearer ${member.token}` });
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
const balanceOf = async (member: TestMember) => moneyToCents((await request(app).get('/api/me/credit').set(bearer(member)).expect(200)).body.balance);
const reconciled = async () => expect((await services.reconciliation.checks()).filter((check) => !check.ok)).toEqual([]);

let staff: string;
let court: number;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C1' } })).id;
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 14, maxFutureBookings: 4, paymentHoldMinutes: 15, openMatchCutoffHours: 6 } });
});

const topUp = (member: TestMember, amount: string) => deskTopUp(app, staff, member, amount);
/** `count` new members (destructure at most `count` of them). */
const members = (count: number, lastName: string) =>
  Promise.all(Array.from({ length: count }, (_, index) => createMember(db, { firstName: `Gioca${index}`, lastName }))) as Promise<[TestMember, TestMember, TestMember, ...TestMember[]]>;
const friendly = { format: 'volley_2x2', competitive: false, gender: 'open' } as const;
const competitive = { format: 'volley_2x2', competitive: true, level_min: 2.5, level_max: 4, gender: 'mixed' } as const;

/** A 20 € slot held by the organiser, opened as a match, the organiser's part paid with credit (or by card). */
async function openMatch(organiser: TestMember, daysAhead: number, start: string, details: Record<string, unknown> = friendly, payBy: 'credit' | 'card' = 'credit') {
  const bookingId = (await request(app).post('/api/bookings').set(bearer(organiser)).send({ date: addDays(today, daysAhead), court_id: court, start }).expect(201)).body.booking.id as number;
  const opened = await request(app).post('/api/open-matches').set(bearer(organiser)).send({ booking_id: bookingId, ...details }).expect(201);
  if (payBy === 'credit') {
    await topUp(organiser, '5.00');
    await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(organiser)).expect(200);
  } else {
    const checkout = await request(app).post(`/api/bookings/${bookingId}/checkout`).set(bearer(organiser)).send({}).expect(200);
    await double.pay(sessionIdOf(checkout.body.checkout_url));
  }
  await expect.poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
  return { matchId: opened.body.id as number, bookingId, opened: opened.body };
}
const joinMatch = (member: TestMember, matchId: number, payWith: 'credit' | 'card' = 'credit') => request(app).post(`/api/open-matches/${matchId}/join`).set(bearer(member)).send({ pay_with: payWith });
const joinByCard = async (member: TestMember, matchId: number) => {
  const joined = await joinMatch(member, matchId, 'card').expect(200);
  await double.pay(sessionIdOf(joined.body.checkout_url));
  await expect.poll(async () => (await db.bookingPlayer.findFirstOrThrow({ where: { userId: member.id, booking: { openMatch: { id: matchId } } } })).paidWith).toBe('card');
};
const show = async (member: TestMember, matchId: number) => (await request(app).get(`/api/open-matches/${matchId}`).set(bearer(member)).expect(200)).body;
/**
 * The match as the list shows it to the member: read in the list's own statements, it must say what the match
 * page says. The list is sent unparsed (typedAnswer): here its whole answer must be what its contract gives back.
 */
async function listedAs(member: TestMember, matchId: number) {
  const { body } = await request(app).get('/api/open-matches').set(bearer(member)).expect(200);
  expect(api.openMatches.list.response.parse(body)).toEqual(body);
  return body.data.find((match: { id: number }) => match.id === matchId);
}

describe('opening and joining a match', () => {
  it('opens a friendly 2×2 on a hold, the organiser pays a quarter of the court, and members join in one step', async () => {
    const [organiser, anna, bea] = await members(3, 'Amichevole');
    const bookingId = (await request(app).post('/api/bookings').set(bearer(organiser)).send({ date: addDays(today, 2), court_id: court, start: '10:30' }).expect(201)).body.booking.id as number;
    const refused = await request(app).post('/api/open-matches').set(bearer(organiser)).send({ booking_id: bookingId, ...friendly, competitive: true }).expect(422);
    expect(refused.body.errors.level_max).toEqual(['Una partita competitiva ha un livello minimo e uno massimo, il minimo non sopra il massimo.']);
    await request(app).post('/api/open-matches').set(bearer(anna)).send({ booking_id: bookingId, ...friendly }).expect(404);
    const opened = await request(app).post('/api/open-matches').set(bearer(organiser)).send({ booking_id: bookingId, ...friendly, note: 'Manca il quarto' }).expect(201);
    expect(opened.body).toMatchObject({ sport: 'beach_volley', players_count: 4, part: '5.00', places_left: 3, note: 'Manca il quarto' });
    // The payment page finds the match on the organiser's booking (its link back); nobody else's booking says so.
    expect((await request(app).get(`/api/open-matches/on-booking/${bookingId}`).set(bearer(organiser)).expect(200)).body.match).toMatchObject({ id: opened.body.id });
    expect((await request(app).get(`/api/open-matches/on-booking/${bookingId}`).set(bearer(anna)).expect(200)).body).toEqual({ match: null });

    // The organiser now owes only their part: the payment page shows it, and 5 € of credit pays it and confirms the booking.
    expect((await request(app).get(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).expect(200)).body.organiser_share).toBe('5.00');
    await topUp(organiser, '5.00');
    await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(organiser)).expect(200);
    expect(await balanceOf(organiser)).toBe(0);
    const listed = (await request(app).get('/api/open-matches').query({ sport: 'beach_volley', date: addDays(today, 2), time_of_day: 'morning' }).set(bearer(anna)).expect(200)).body.data;
    expect(listed.map((match: { id: number }) => match.id)).toContain(opened.body.id);
    expect((await request(app).get('/api/open-matches').query({ time_of_day: 'evening', date: addDays(today, 2) }).set(bearer(anna)).expect(200)).body.data).toEqual([]);

    expect((await joinMatch(anna, opened.body.id).expect(409)).body.message).toBe('Credito insufficiente per questo movimento.');
    expect((await show(anna, opened.body.id)).places_left).toBe(3);
    await topUp(anna, '5.00');
    const joined = await joinMatch(anna, opened.body.id).expect(200);
    expect(joined.body.match).toMatchObject({ places_left: 2, my_way_in: 'in' });
    expect(await balanceOf(anna)).toBe(0);
    await joinMatch(anna, opened.body.id).expect(409);
    // The split payment's own changes would split the fixed parts again: the match's page is the way in and out.
    expect((await request(app).post(`/api/bookings/${bookingId}/players`).set(bearer(organiser)).send({ user_id: bea.id }).expect(409)).body.message).toBe(
      'Questa prenotazione è una partita aperta: i giocatori entrano ed escono dalla pagina della partita.',
    );
    await joinByCard(bea, opened.body.id);
    expect((await show(organiser, opened.body.id)).players.map((player: { name: string }) => player.name)).toEqual(['Gioca0 Amichevole', 'Gioca1 Amichevole', 'Gioca2 Amichevole']);
    // The shared link's preview for chat apps, in the link's language; nobody is named.
    const preview = (await request(app).get(`/api/open-matches/${opened.body.id}/preview`).query({ lang: 'de' }).expect(200)).text;
    expect(preview).toContain('<meta property="og:title" content="Beachvolleyball 2×2 · ');
    expect(preview).toContain('<meta property="og:description" content="Freundschaftsspiel · 1 Spieler fehlt · Anteil 5,00');
    expect(preview).toContain(`/de/partite/${opened.body.id}`);
    expect(preview).not.toContain('Amichevole');
    // Its image: a PNG card of 1200×630 in the same language, drawn from the same words.
    expect(preview).toContain(`<meta property="og:image" content="http://`);
    expect(preview).toContain(`/api/open-matches/${opened.body.id}/image.png?lang=de"`);
    const image = await request(app).get(`/api/open-matches/${opened.body.id}/image.png`).query({ lang: 'en' }).buffer(true).expect('Content-Type', 'image/png').expect(200);
    const png = image.body as Buffer;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const svg = matchImageSvg(await previewTexts(db, opened.body.id, i18nFor('en')));
    expect(svg).toContain('>Beach volleyball 2×2</text>');
    expect(svg).toContain('>Friendly match</text>');
    expect(svg).toContain('>1 player missing · share €5.00</text>');
    expect(svg).toMatch(/>\d{2}\/\d{2}\/\d{4} 10:30–12:00<\/text>/);
    // Past the cut-off a player no longer leaves (the match is played, or cancelled by the job).
    await db.openMatch.update({ where: { id: opened.body.id }, data: { cutoffAt: new Date(Date.now() - 60_000) } });
    expect((await request(app).post(`/api/open-matches/${opened.body.id}/leave`).set(bearer(bea)).expect(409)).body.message).toBe('Il termine per completare la partita è passato: puoi lasciarla solo se qualcuno prende il tuo posto.');
    await reconciled();
  });

  it('outside a competitive range a member asks; every player must accept, a refusal blocks until the organiser withdraws it', async () => {
    const [organiser, asker] = await members(2, 'Competitiva');
    const [friend] = await members(1, 'Amico');
    const { matchId } = await openMatch(organiser, 3, '10:30', competitive);
    // No level is known yet: everyone is outside a competitive range (docs/open-matches.md#levels).
    expect((await show(asker, matchId)).my_way_in).toBe('ask');
    expect((await joinMatch(asker, matchId).expect(409)).body.message).toBe('Il tuo livello non rientra in quello della partita: chiedi il posto ai giocatori.');
    // The organiser's friend asks and is accepted first; then both players answer the next request.
    const friendRequest = (await request(app).post(`/api/open-matches/${matchId}/ask`).set(bearer(friend)).expect(201)).body.requests[0].id;
    await request(app).post(`/api/open-matches/${matchId}/requests/${friendRequest}/answer`).set(bearer(organiser)).send({ accept: true }).expect(200);
    await topUp(friend, '5.00');
    await joinMatch(friend, matchId).expect(200);

    const asked = await request(app).post(`/api/open-matches/${matchId}/ask`).set(bearer(asker)).expect(201);
    await request(app).post(`/api/open-matches/${matchId}/ask`).set(bearer(asker)).expect(409);
    const requestId = asked.body.requests[0].id as number;
    await request(app).post(`/api/open-matches/${matchId}/requests/${requestId}/answer`).set(bearer(asker)).send({ accept: true }).expect(403);
    await request(app).post(`/api/open-matches/${matchId}/requests/${requestId}/answer`).set(bearer(organiser)).send({ accept: true }).expect(200);
    const refusedBy = await request(app).post(`/api/open-matches/${matchId}/requests/${requestId}/answer`).set(bearer(friend)).send({ accept: false }).expect(200);
    expect(refusedBy.body.requests[0]).toMatchObject({ accepted: false, refused_by: [{ user_id: friend.id }] });
    expect(await listedAs(organiser, matchId)).toEqual(await show(organiser, matchId));
    expect(await listedAs(asker, matchId)).toEqual(await show(asker, matchId));
    await topUp(asker, '5.00');
    expect((await joinMatch(asker, matchId).expect(409)).body.message).toBe('Tutti i giocatori devono accettare la tua richiesta prima che tu possa pagare.');

    await request(app).post(`/api/open-matches/${matchId}/requests/${requestId}/withdraw-refusal`).set(bearer(friend)).send({ player_id: friend.id }).expect(403);
    await request(app).post(`/api/open-matches/${matchId}/requests/${requestId}/withdraw-refusal`).set(bearer(organiser)).send({ player_id: friend.id }).expect(200);
    await joinMatch(asker, matchId).expect(409);
    await request(app).post(`/api/open-matches/${matchId}/requests/${requestId}/answer`).set(bearer(friend)).send({ accept: true }).expect(200);
    expect((await show(asker, matchId)).my_way_in).toBe('accepted');
    await joinMatch(asker, matchId).expect(200);
    expect((await show(asker, matchId)).places_left).toBe(1);
    // "At my level" without a level: friendly matches only.
    const mine = (await request(app).get('/api/open-matches').query({ at_my_level: 'true' }).set(bearer(asker)).expect(200)).body.data;
    expect(mine.every((match: { competitive: boolean }) => !match.competitive)).toBe(true);
  });

  it('lists a match ending at midnight as ending at 24:00 on its own day, as its page does, and filters by that day', async () => {
    const [organiser] = await members(1, 'Mezzanotte');
    const { matchId, bookingId } = await openMatch(organiser, 13, '10:30');
    await db.booking.update({ where: { id: bookingId }, data: { endsAt: instantInRome(addDays(today, 14), '00:00') } });
    const listed = await listedAs(organiser, matchId);
    expect(listed).toMatchObject({ date: addDays(today, 13), start: '10:30', end: '24:00' });
    expect(listed).toEqual(await show(organiser, matchId));
    const onItsDay = (await request(app).get('/api/open-matches').query({ date: addDays(today, 13), time_of_day: 'morning' }).set(bearer(organiser)).expect(200)).body.data;
    expect(onItsDay.map((match: { id: number }) => match.id)).toContain(matchId);
  });

  it('lists a full match to its players only, each with their level in the match’s sport, as its page does', async () => {
    const [organiser, second, third] = await members(3, 'Completa');
    const [fourth] = await members(1, 'Quarto');
    const [outsider] = await members(1, 'Fuori');
    // Levels in other sports too: the list must show the beach volley ones.
    const levels = [[organiser, 'beach_volley', 3], [organiser, 'beach_tennis', 6], [second, 'beach_volley', 2], [second, 'foot_volley', 5], [outsider, 'beach_volley', 3]] as const;
    await db.memberLevel.createMany({ data: levels.map(([member, sport, level]) => ({ userId: member.id, sport, mu: muOf(level), sigma: 5 })) });
    const { matchId } = await openMatch(organiser, 11, '09:00');
    for (const member of [second, third, fourth]) {
      await topUp(member, '5.00');
      await joinMatch(member, matchId).expect(200);
    }
    for (const player of [organiser, second, third, fourth]) expect(await listedAs(player, matchId)).toEqual(await show(player, matchId));
    expect((await listedAs(third, matchId)).players.map((player: { level: number | null }) => player.level)).toEqual([3, 2, null, null]);
    expect(await listedAs(outsider, matchId)).toBeUndefined();
    expect((await request(app).get('/api/open-matches').query({ at_my_level: 'true' }).set(bearer(outsider)).expect(200)).body.data.map((match: { id: number }) => match.id)).not.toContain(matchId);
  });

  it('gives the last place to exactly one of 20 members joining at once', async () => {
    const [organiser, first, second] = await members(3, 'Ultimo');
    const racers = await members(20, 'Corsa');
    const { matchId, bookingId } = await openMatch(organiser, 4, '10:30');
    // Each one's part in credit, given in one posting of the ledger (the desk's top-up is proved above, and by the credit module).
    await postMany(db, [first, second, ...racers].map((member) => ({ key: `test:race:${member.id}`, kind: 'correction', userId: member.id, description: 'Credito di prova', legs: [debit(accounts.adjustments, 500), credit(accounts.promo(member.id), 500)] })));
    await joinMatch(first, matchId).expect(200);
    await joinMatch(second, matchId).expect(200);
    const answers = await Promise.all(racers.map((member) => joinMatch(member, matchId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    expect(await db.bookingPlayer.count({ where: { bookingId, status: { not: 'dropped' } } })).toBe(3);
    const balances = await Promise.all(racers.map(balanceOf));
    expect(balances.filter((cents) => cents === 0)).toHaveLength(1);
    await reconciled();
  });
});

describe('filling rules', () => {
  /** A match this many days ahead at noon, the organiser by card, one player by card and one by credit: one place free. */
  async function unfilled(daysAhead: number) {
    const [organiser, byCard, byCredit] = await members(3, `Taglio${daysAhead}`);
    const { matchId, bookingId } = await openMatch(organiser, daysAhead, '12:00', friendly, 'card');
    await joinByCard(byCard, matchId);
    await topUp(byCredit, '5.00');
    await joinMatch(byCredit, matchId).expect(200);
    return { matchId, bookingId, organiser, byCard, byCredit };
  }
  const afterCutoff = async (bookingId: number) => new Date((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).startsAt.getTime() - 5 * 3_600_000);
  const cardRefundsOf = async (bookingId: number) => {
    await deps.jobs.waitUntilIdle();
    const refunds = await db.transaction.findMany({ where: { type: 'refund', OR: [{ bookingId }, { bookingPlayer: { bookingId } }] }, select: { amountCents: true, status: true } });
    return refunds.map((refund) => [refund.amountCents, refund.status]);
  };

  it('cancels a match not full at its cut-off and returns every part once, when the job runs twice at once', async () => {
    const { matchId, bookingId, byCredit } = await unfilled(5);
    const now = await afterCutoff(bookingId);
    const runs = await Promise.all([services.openMatches.cancelUnfilled(undefined, now), services.openMatches.cancelUnfilled(undefined, now)]);
    expect(runs.flatMap((run) => run.cancelled).filter((id) => id === matchId)).toEqual([matchId]);
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: 'cancelled' });
    expect((await db.openMatch.findUniqueOrThrow({ where: { id: matchId } })).state).toBe('cancelled');
    await expect.poll(() => cardRefundsOf(bookingId)).toEqual([[500, 'completed'], [500, 'completed']]);
    expect(await balanceOf(byCredit)).toBe(500);
    await services.openMatches.cancelUnfilled(undefined, now);
    expect(await cardRefundsOf(bookingId)).toHaveLength(2);
    await reconciled();
  });

  it('returns every part once when the worker stops half-way and runs again', async () => {
    const first = await unfilled(6);
    const second = await unfilled(7);
    const now = await afterCutoff(second.bookingId);
    // The worker stops after the first match: the second waits for the next run.
    const due = await db.openMatch.findMany({ where: { state: 'open', cutoffAt: { lte: now } }, orderBy: { id: 'asc' } });
    let asked = 0;
    const stopsBeforeSecond = { get aborted() { return asked++ >= due.findIndex((match) => match.id === second.matchId); } } as AbortSignal;
    expect((await services.openMatches.cancelUnfilled(stopsBeforeSecond, now)).cancelled).toContain(first.matchId);
    expect((await db.openMatch.findUniqueOrThrow({ where: { id: second.matchId } })).state).toBe('open');
    expect((await services.openMatches.cancelUnfilled(undefined, now)).cancelled).toEqual([second.matchId]);
    await services.openMatches.cancelUnfilled(undefined, now);
    for (const match of [first, second]) {
      expect((await db.openMatch.findUniqueOrThrow({ where: { id: match.matchId } })).state).toBe('cancelled');
      await expect.poll(() => cardRefundsOf(match.bookingId)).toEqual([[500, 'completed'], [500, 'completed']]);
      expect(await balanceOf(match.byCredit)).toBe(500);
    }
    await reconciled();
  });

  it('keeps a match whose organiser pays the missing parts; a player leaves before the cut-off with their part back, not after', async () => {
    const { matchId, bookingId, organiser, byCard, byCredit } = await unfilled(8);
    await request(app).post(`/api/open-matches/${matchId}/leave`).set(bearer(organiser)).expect(409);
    await request(app).post(`/api/open-matches/${matchId}/leave`).set(bearer(byCredit)).expect(200);
    expect(await balanceOf(byCredit)).toBe(500);
    await request(app).post(`/api/open-matches/${matchId}/leave`).set(bearer(byCard)).expect(200);
    await expect.poll(() => cardRefundsOf(bookingId)).toEqual([[500, 'completed']]);

    await request(app).post(`/api/open-matches/${matchId}/keep`).set(bearer(byCredit)).expect(403);
    await topUp(organiser, '10.00');
    expect((await request(app).post(`/api/open-matches/${matchId}/keep`).set(bearer(organiser)).expect(409)).body.message).toBe('Credito insufficiente per questo movimento.');
    await topUp(organiser, '5.00');
    const kept = await request(app).post(`/api/open-matches/${matchId}/keep`).set(bearer(organiser)).expect(200);
    expect(kept.body).toMatchObject({ state: 'kept' });
    expect(await balanceOf(organiser)).toBe(0);
    await services.openMatches.cancelUnfilled(undefined, await afterCutoff(bookingId));
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: 'confirmed' });
    await reconciled();
  });
});

describe('leaving after the cut-off', () => {
  const cardRefundsOf = async (bookingId: number) => {
    await deps.jobs.waitUntilIdle();
    return (await db.transaction.findMany({ where: { type: 'refund', OR: [{ bookingId }, { bookingPlayer: { bookingId } }] }, select: { amountCents: true, status: true } })).map((refund) => [refund.amountCents, refund.status]);
  };
  const placesOf = async (member: TestMember, matchId: number) => (await show(member, matchId)).places_left;

  it('offers the leaving player’s place; when a member takes it and pays, the leaver’s part goes back where it came from, once', async () => {
    const [organiser, byCard, byCredit] = await members(3, 'Sostituto');
    const [third] = await members(1, 'Terzo');
    const [takerByCredit, takerByCard, late] = await members(3, 'Subentra');
    const { matchId, bookingId } = await openMatch(organiser, 9, '12:00');
    await joinByCard(byCard, matchId);
    for (const member of [byCredit, third, takerByCredit, takerByCard, late]) await topUp(member, '5.00');
    await joinMatch(byCredit, matchId).expect(200);
    await joinMatch(third, matchId).expect(200);
    // The cut-off finds the match full: it is played.
    await db.openMatch.update({ where: { id: matchId }, data: { cutoffAt: new Date(Date.now() - 60_000) } });
    await services.openMatches.cancelUnfilled();
    expect((await db.openMatch.findUniqueOrThrow({ where: { id: matchId } })).state).toBe('filled');
    expect((await request(app).get('/api/open-matches').set(bearer(takerByCredit)).expect(200)).body.data.map((match: { id: number }) => match.id)).not.toContain(matchId);
    await joinMatch(takerByCredit, matchId).expect(409);

    // Leaving now offers the place: the player stays in, and nothing goes back yet.
    const offered = await request(app).post(`/api/open-matches/${matchId}/leave`).set(bearer(byCard)).expect(200);
    expect(offered.body.message).toBe('Il tuo posto è offerto agli altri soci: quando qualcuno lo prende e paga, la tua quota torna da dove l’hai pagata.');
    expect((await request(app).post(`/api/open-matches/${matchId}/leave`).set(bearer(byCard)).expect(409)).body.message).toBe('Il tuo posto è già offerto agli altri soci.');
    expect((await show(organiser, matchId)).players.find((player: { user_id: number }) => player.user_id === byCard.id)).toMatchObject({ leaving: true });
    expect(await cardRefundsOf(bookingId)).toEqual([]);
    const listed = (await request(app).get('/api/open-matches').set(bearer(takerByCredit)).expect(200)).body.data.find((match: { id: number }) => match.id === matchId);
    expect(listed).toMatchObject({ places_left: 1, my_way_in: 'join' });
    expect(listed).toEqual(await show(takerByCredit, matchId));
    expect(await listedAs(byCard, matchId)).toEqual(await show(byCard, matchId));

    // A member takes it with credit: the leaver's card part is refunded to the card, and they are out.
    await joinMatch(takerByCredit, matchId).expect(200);
    await expect.poll(() => cardRefundsOf(bookingId)).toEqual([[500, 'completed']]);
    expect((await show(organiser, matchId)).players.map((player: { user_id: number }) => player.user_id)).toEqual([organiser.id, byCredit.id, third.id, takerByCredit.id]);
    await joinMatch(late, matchId).expect(409);

    // A place taken by card is settled once the card has paid: the leaver's credit part back, exactly once.
    await request(app).post(`/api/open-matches/${matchId}/leave`).set(bearer(byCredit)).expect(200);
    expect(await balanceOf(byCredit)).toBe(0);
    const takenByCard = await joinMatch(takerByCard, matchId, 'card').expect(200);
    expect(await placesOf(organiser, matchId)).toBe(0);
    expect((await joinMatch(late, matchId).expect(409)).body.message).toBe('L’ultimo posto è appena stato preso da un altro giocatore.');
    await double.pay(sessionIdOf(takenByCard.body.checkout_url));
    await expect.poll(async () => (await db.bookingPlayer.findFirstOrThrow({ where: { userId: takerByCard.id, bookingId } })).paidAt).not.toBeNull();
    expect(await balanceOf(byCredit)).toBe(0);
    const runs = await Promise.all([services.openMatches.settleReplacements(), services.openMatches.settleReplacements()]);
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(1);
    await services.openMatches.settleReplacements();
    expect(await balanceOf(byCredit)).toBe(500);
    expect((await show(organiser, matchId)).players.map((player: { user_id: number }) => player.user_id)).toEqual([organiser.id, third.id, takerByCredit.id, takerByCard.id]);
    expect(await cardRefundsOf(bookingId)).toHaveLength(1);
    await reconciled();
  });
});

describe('the desk', () => {
  it('shows a match with free places as paid in the planner and the list once everyone in has paid: the places not taken are owed by nobody', async () => {
    const [organiser, byCredit, byCard] = await members(3, 'Planner');
    const { matchId, bookingId } = await openMatch(organiser, 11, '12:00');
    const date = addDays(today, 11);
    const asStaff = { Authorization: `Bearer ${staff}` };
    const plannerState = async () => (await request(app).get('/api/admin/bookings/planner').query({ date }).set(asStaff).expect(200)).body.bookings.find((booking: { id: number }) => booking.id === bookingId).payment_state;
    const listed = async (payment: string) =>
      (await request(app).get('/api/admin/bookings').query({ date_from: date, date_to: date, payment }).set(asStaff).expect(200)).body.data.map((booking: { id: number }) => booking.id);
    expect(await plannerState()).toBe('paid');
    await topUp(byCredit, '5.00');
    await joinMatch(byCredit, matchId).expect(200);
    expect(await plannerState()).toBe('paid');
    expect(await listed('paid')).toContain(bookingId);
    expect(await listed('unpaid')).not.toContain(bookingId);
    // A card joiner still paying owes their part: the booking has something to pay until their card pays.
    const joined = await joinMatch(byCard, matchId, 'card').expect(200);
    expect(await plannerState()).toBe('unpaid');
    expect(await listed('unpaid')).toContain(bookingId);
    await double.pay(sessionIdOf(joined.body.checkout_url));
    await expect.poll(plannerState).toBe('paid');
    expect(await listed('paid')).toContain(bookingId);
    // The booking's details say what the ledger says was paid: the organiser's part and both players' parts.
    expect((await request(app).get(`/api/admin/bookings/${bookingId}`).set(asStaff).expect(200)).body).toMatchObject({ paid: '15.00', owed: '0.00' });
  });

  it('shows the day’s matches with their fill state and adds walk-in members paid at the desk, never the staff member themselves', async () => {
    const [organiser, online, walkIn] = await members(3, 'Banco');
    const [second, tooMany] = await members(2, 'Passaggio');
    const { matchId, bookingId } = await openMatch(organiser, 10, '12:00');
    await topUp(online, '5.00');
    await joinMatch(online, matchId).expect(200);
    const date = addDays(today, 10);
    await request(app).get('/api/admin/open-matches').query({ date }).set(bearer(online)).expect(403);
    const day = (await request(app).get('/api/admin/open-matches').query({ date }).set('Authorization', `Bearer ${staff}`).expect(200)).body.data;
    expect(day.find((match: { id: number }) => match.id === matchId)).toMatchObject({ booking_id: bookingId, taken: 2, places_left: 2, players_count: 4, state: 'open', can_add: true, players: ['Gioca0 Banco', 'Gioca1 Banco'] });

    const walkInTo = (userId: number, method = 'cash') => request(app).post(`/api/admin/open-matches/${matchId}/walk-in`).set('Authorization', `Bearer ${staff}`).send({ user_id: userId, method });
    const bad = await request(app).post(`/api/admin/open-matches/${matchId}/walk-in`).set('Authorization', `Bearer ${staff}`).send({ method: 'cash' }).expect(422);
    expect(bad.body.errors.user_id).toEqual(['Scegli il socio da aggiungere alla partita.']);
    const staffUser = await db.user.findUniqueOrThrow({ where: { email: DEMO.staff } });
    expect((await walkInTo(staffUser.id).expect(403)).body.message).toBe('Non puoi registrare denaro sul tuo conto (o dei tuoi figli): chiedi a un amministratore.');
    expect((await walkInTo(walkIn.id).expect(200)).body).toMatchObject({ taken: 3, places_left: 1, can_add: true });
    expect((await walkInTo(walkIn.id).expect(409)).body.message).toBe('Questo socio è già nella partita.');
    const paidAtDesk = await db.transaction.findFirstOrThrow({ where: { bookingPlayer: { bookingId, userId: walkIn.id } } });
    expect(paidAtDesk).toMatchObject({ type: 'payment', method: 'cash', status: 'completed', amountCents: 500 });
    expect(await balanceOf(walkIn)).toBe(0);
    expect((await walkInTo(second.id, 'card').expect(200)).body).toMatchObject({ taken: 4, places_left: 0, state: 'full', can_add: false });
    expect((await walkInTo(tooMany.id).expect(409)).body.message).toBe('L’ultimo posto è appena stato preso da un altro giocatore.');
    expect((await show(walkIn, matchId)).my_way_in).toBe('in');
    await reconciled();
  });
});

describe('walk-ins without an account', () => {
  it('takes a place by name, paid at the desk through the ledger with its receipt; the place counts for filling and the match is played', async () => {
    const [organiser, online, late] = await members(3, 'Ospite');
    const { matchId, bookingId } = await openMatch(organiser, 12, '12:00');
    const asStaff = { Authorization: `Bearer ${staff}` };
    const walkIn = (body: object) => request(app).post(`/api/admin/open-matches/${matchId}/walk-in`).set(asStaff).send(body);
    expect((await walkIn({ name: ' ', method: 'cash' }).expect(422)).body.errors.name).toEqual(['Scrivi nome e cognome del giocatore (al massimo 120 caratteri).']);
    expect((await walkIn({ user_id: online.id, name: 'Marco Rossi', method: 'cash' }).expect(422)).body.errors.name).toEqual(['Scegli un socio oppure scrivi il nome di chi non ha un account, non entrambi.']);
    expect((await walkIn({ method: 'cash' }).expect(422)).body.errors.user_id).toEqual(['Scegli il socio da aggiungere alla partita.']);

    expect((await walkIn({ name: 'Marco Rossi', method: 'cash' }).expect(200)).body).toMatchObject({ taken: 2, places_left: 2, players: ['Gioca0 Ospite', 'Marco Rossi'] });
    const paidAtDesk = await db.transaction.findFirstOrThrow({ where: { bookingPlayer: { bookingId, guestName: 'Marco Rossi' } } });
    expect(paidAtDesk).toMatchObject({ userId: null, type: 'payment', method: 'cash', status: 'completed', amountCents: 500 });
    await expect.poll(async () => (await db.receipt.findUnique({ where: { transactionId: paidAtDesk.id } }))?.id ?? null).not.toBeNull();
    // Members see the walk-in among the players, with no level, and one place fewer.
    const seen = await show(late, matchId);
    expect(seen).toMatchObject({ places_left: 2 });
    expect(seen.players).toContainEqual({ user_id: null, name: 'Marco Rossi', organiser: false, level: null, is_me: false, leaving: false });
    expect(await listedAs(late, matchId)).toEqual(seen);

    await walkIn({ name: 'Luca Bianchi', method: 'card' }).expect(200);
    await topUp(online, '5.00');
    await joinMatch(online, matchId).expect(200);
    await topUp(late, '5.00');
    expect((await joinMatch(late, matchId).expect(409)).body.message).toBe('L’ultimo posto è appena stato preso da un altro giocatore.');
    // The cut-off finds every place paid, the walk-ins' included: the match is played, not cancelled.
    await db.openMatch.update({ where: { id: matchId }, data: { cutoffAt: new Date(Date.now() - 60_000) } });
    await services.openMatches.cancelUnfilled();
    expect((await db.openMatch.findUniqueOrThrow({ where: { id: matchId } })).state).toBe('filled');
    const planner = (await request(app).get('/api/admin/bookings/planner').query({ date: addDays(today, 12) }).set(asStaff).expect(200)).body.bookings;
    expect(planner.find((booking: { id: number }) => booking.id === bookingId).payment_state).toBe('paid');
    await reconciled();
  });
});

describe('a card joiner in the list', () => {
  it('lists a card joiner still paying as in and unpaid, then as gone once their time ran out, as the match page does', async () => {
    const [organiser, byCredit, second] = await members(3, 'Carta');
    const [byCard, other] = await members(2, 'Guarda');
    const { matchId } = await openMatch(organiser, 6, '15:00');
    for (const member of [byCredit, second]) await topUp(member, '5.00');
    await joinMatch(byCredit, matchId).expect(200);
    await joinMatch(second, matchId).expect(200);
    await joinMatch(byCard, matchId, 'card').expect(200);
    // Every place is held, one not paid: the match is not full yet, and the card joiner sees it listed.
    const paying = await listedAs(byCard, matchId);
    expect(paying).toMatchObject({ places_left: 0, state: 'open', my_way_in: 'in' });
    expect(paying).toEqual(await show(byCard, matchId));

    // The checkout's time ran out unpaid: the place is free again in the list and on the page.
    await db.bookingPlayer.updateMany({ where: { userId: byCard.id, paidAt: null }, data: { createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000) } });
    const lapsed = await listedAs(other, matchId);
    expect(lapsed).toMatchObject({ places_left: 1, my_way_in: 'join' });
    expect(lapsed.players.map((player: { user_id: number }) => player.user_id)).toEqual([organiser.id, byCredit.id, second.id]);
    expect(lapsed).toEqual(await show(other, matchId));
  });
});
