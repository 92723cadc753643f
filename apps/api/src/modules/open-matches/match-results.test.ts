// Levels in open matches through the real database: a member's level decides whether they join at once or
// ask, and what "at my level" lists; a competitive match's result, proposed by a player and confirmed by the
// other side, moves every level exactly as openskill computes it (2×2 and 4×4), once even when confirmed
// twice at once; a friendly match has no result; a proposal left unconfirmed 48 hours is dropped by the job.
import type { Sport } from '../../generated/prisma/client.js';
import { rate, rating } from 'openskill';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../../lib/time.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { createMember, type TestMember } from '../../test/members.js';
import { accounts } from '../ledger/accounts.js';
import { credit, debit, post } from '../ledger/ledger.js';

const { app, db, services } = await useTestApp({}, { stripe: true });
const today = todayInRome();
const bearer = (member: TestMember) => ({ Authorization: `Bearer ${member.token}` });
/** The mu that shows as `level` on the 0–7 scale (docs/levels.md#the-scale). */
const muAt = (level: number) => (level / 7) * 50;

let staff: string;
let court: number;
let nextDay = 1;
beforeAll(async () => {
  staff = await loginAs(app, DEMO.staff);
  court = (await db.court.findUniqueOrThrow({ where: { code: 'C2' } })).id;
  // A day of its own per match: far enough ahead for every test of the file.
  await db.setting.update({ where: { id: 1 }, data: { seasonStart: '01-01', seasonEnd: '12-31', bookingHorizonDays: 30, maxFutureBookings: 4, paymentHoldMinutes: 15, openMatchCutoffHours: 6 } });
});

/** `count` new members (destructure at most `count` of them). */
const players = (count: number, lastName: string) =>
  Promise.all(Array.from({ length: count }, (_, index) => createMember(db, { firstName: `Gioca${index}`, lastName }))) as Promise<[TestMember, TestMember, TestMember, TestMember, ...TestMember[]]>;
const setLevel = (member: TestMember, sport: Sport, level: number, sigma = 5) => db.memberLevel.create({ data: { userId: member.id, sport, mu: muAt(level), sigma } });
const competitive = (format: string, min: number, max: number) => ({ format, competitive: true, level_min: min, level_max: max, gender: 'open' });
const friendly = { format: 'volley_2x2', competitive: false, gender: 'open' };

let parts = 0;
/** A member's part of a match (5 €) given as credit in one posting of the ledger: set-up here (the desk's top-up is the credit module's to prove). */
const givePart = (member: TestMember) =>
  post(db, { key: `test:part:${++parts}`, kind: 'correction', userId: member.id, description: 'Credito di prova', legs: [debit(accounts.adjustments, 500), credit(accounts.promo(member.id), 500)] });

/** The organiser's slot opened as a match and their part paid with credit; a day of its own per match. */
async function openMatch(organiser: TestMember, details: object) {
  const bookingId = (await request(app).post('/api/bookings').set(bearer(organiser)).send({ date: addDays(today, nextDay++), court_id: court, start: '10:30' }).expect(201)).body.booking.id as number;
  const opened = await request(app).post('/api/open-matches').set(bearer(organiser)).send({ booking_id: bookingId, ...details }).expect(201);
  await givePart(organiser);
  await request(app).post(`/api/bookings/${bookingId}/pay-with-credit`).set(bearer(organiser)).expect(200);
  return { matchId: opened.body.id as number, bookingId };
}
const join = async (member: TestMember, matchId: number) => {
  await givePart(member);
  return request(app).post(`/api/open-matches/${matchId}/join`).set(bearer(member)).send({ pay_with: 'credit' });
};

/** A match every player joined and paid, its hour already begun (moved into a past of its own). */
async function playedMatch(team: TestMember[], details: object) {
  const { matchId, bookingId } = await openMatch(team[0]!, details);
  for (const member of team.slice(1)) await join(member, matchId).then((answer) => expect(answer.status).toBe(200));
  const startsAt = new Date(Date.UTC(2020, 0, nextDay++, 9));
  await db.booking.update({ where: { id: bookingId }, data: { startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) } });
  return matchId;
}
const propose = (member: TestMember, matchId: number, body: object) => request(app).post(`/api/open-matches/${matchId}/result`).set(bearer(member)).send(body);
const confirm = (member: TestMember, matchId: number) => request(app).post(`/api/open-matches/${matchId}/result/confirm`).set(bearer(member));
const ratingsOf = async (team: TestMember[], sport: Sport = 'beach_volley') => {
  const rows = await db.memberLevel.findMany({ where: { sport, userId: { in: team.map((member) => member.id) } } });
  return team.map((member) => rows.find((row) => row.userId === member.id)!);
};

describe('a member’s level in open matches', () => {
  it('lets a member inside the range join at once, makes one outside it or with no level ask, and filters "at my level"', async () => {
    const [organiser, inside, above, unknown] = await players(4, 'Livello');
    await setLevel(organiser, 'beach_volley', 3);
    await setLevel(inside, 'beach_volley', 3.2);
    await setLevel(above, 'beach_volley', 5.5);
    const { matchId } = await openMatch(organiser, competitive('volley_2x2', 2.5, 4));
    const atMyLevel = async (member: TestMember) =>
      (await request(app).get('/api/open-matches').query({ at_my_level: 'true' }).set(bearer(member)).expect(200)).body.data.map((match: { id: number }) => match.id);

    expect(await atMyLevel(inside)).toContain(matchId);
    expect(await atMyLevel(above)).not.toContain(matchId);
    expect(await atMyLevel(unknown)).not.toContain(matchId);
    const seen = async (member: TestMember) => (await request(app).get(`/api/open-matches/${matchId}`).set(bearer(member)).expect(200)).body;
    expect((await seen(inside)).my_way_in).toBe('join');
    expect((await seen(above)).my_way_in).toBe('ask');
    expect((await seen(unknown)).my_way_in).toBe('ask');
    expect((await join(above, matchId)).status).toBe(409);

    expect((await join(inside, matchId)).status).toBe(200);
    const shownLevels = (await seen(organiser)).players.map((player: { user_id: number; level: number | null }) => [player.user_id, player.level]);
    expect(shownLevels).toEqual([[organiser.id, 3], [inside.id, 3.2]]);
    // The list reads the levels in its own statements: the same match, the same levels, as on its page.
    const listed = (await request(app).get('/api/open-matches').set(bearer(inside)).expect(200)).body.data.find((match: { id: number }) => match.id === matchId);
    expect(listed).toEqual(await seen(inside));
  });
});

describe('a competitive result', () => {
  for (const size of [2, 4]) {
    it(`proposed by a player and confirmed by the other side moves a ${size}×${size}'s levels exactly as openskill's rate()`, async () => {
      const team = await players(2 * size, `Risultato${size}`);
      for (const [index, member] of team.entries()) await setLevel(member, 'beach_volley', 2 + index * 0.3, 6 - index * 0.4);
      const matchId = await playedMatch(team, competitive(size === 2 ? 'volley_2x2' : 'volley_4x4', 0, 7));
      // The proposer (the organiser) played with the next size−1 players and lost.
      const mine = team.slice(0, size);
      const theirs = team.slice(size);
      const before = await Promise.all([ratingsOf(mine), ratingsOf(theirs)]);

      const proposed = await propose(team[0]!, matchId, { partners: mine.slice(1).map((member) => member.id), won: false }).expect(200);
      expect(proposed.body).toMatchObject({ state: 'proposed', winner: 1, can_confirm: false, message: 'Risultato inviato: vale quando un giocatore dell’altra squadra lo conferma.' });
      expect(proposed.body.sides[1].map((player: { user_id: number }) => player.user_id).sort()).toEqual(theirs.map((member) => member.id).sort());
      // Nothing moves until the other side confirms; a partner of the proposer may not.
      expect((await confirm(mine[1]!, matchId).expect(403)).body.message).toBe('Il risultato lo conferma un giocatore della squadra avversaria di chi l’ha proposto.');
      expect(await ratingsOf(mine)).toEqual(before[0]);

      const confirmed = await confirm(theirs[0]!, matchId).expect(200);
      expect(confirmed.body).toMatchObject({ state: 'confirmed', can_propose: false, message: 'Risultato confermato: i livelli dei giocatori sono aggiornati.' });
      const expected = rate(before.map((side) => side.map((row) => rating({ mu: row.mu, sigma: row.sigma }))), { rank: [2, 1] });
      for (const [side, members] of [mine, theirs].entries()) {
        (await ratingsOf(members)).forEach((row, index) => {
          expect(row.mu).toBeCloseTo(expected[side]![index]!.mu, 10);
          expect(row.sigma).toBeCloseTo(expected[side]![index]!.sigma, 10);
          expect(row.competitiveMatches).toBe(1);
        });
      }
      expect(await db.memberLevelChange.count({ where: { sourceKey: `open-match:${matchId}` } })).toBe(2 * size);
      // A confirmed result stays: proposing again is refused.
      expect((await propose(team[1]!, matchId, { partners: [team[0]!.id, ...team.slice(2, size + 1).map((member) => member.id)].slice(0, size - 1), won: true }).expect(409)).body.message).toBe(
        'Il risultato di questa partita è già confermato.',
      );
    });
  }

  it('confirmed by both opponents at once counts once', async () => {
    const team = await players(4, 'Insieme');
    for (const member of team) await setLevel(member, 'beach_volley', 3.5);
    const matchId = await playedMatch(team, competitive('volley_2x2', 3, 4));
    await propose(team[0]!, matchId, { partners: [team[1]!.id], won: true }).expect(200);
    const answers = await Promise.all([confirm(team[2]!, matchId), confirm(team[3]!, matchId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await ratingsOf(team)).map((row) => row.competitiveMatches)).toEqual([1, 1, 1, 1]);
    expect(await db.memberLevelChange.count({ where: { sourceKey: `open-match:${matchId}` } })).toBe(4);
  });

  it('is refused for a friendly match, before the match, from outside it or with partners not in it, moving no level', async () => {
    const team = await players(5, 'Amici');
    for (const member of team) await setLevel(member, 'beach_volley', 3);
    const friendlyMatch = await playedMatch(team.slice(0, 4), friendly);
    expect((await propose(team[0]!, friendlyMatch, { partners: [team[1]!.id], won: true }).expect(409)).body.message).toBe('Una partita amichevole non ha un risultato: non muove i livelli.');
    expect((await request(app).get(`/api/open-matches/${friendlyMatch}/result`).set(bearer(team[2]!)).expect(200)).body).toMatchObject({ state: 'none', can_propose: false });

    const { matchId: upcoming } = await openMatch(team[4]!, competitive('volley_2x2', 0, 7));
    expect((await propose(team[4]!, upcoming, { partners: [], won: true }).expect(409)).body.message).toBe('Il risultato si inserisce quando la partita, con tutti i posti pagati, è cominciata.');
    await propose(team[4]!, friendlyMatch, { partners: [team[1]!.id], won: true }).expect(403);
    const competitiveMatch = await playedMatch(team.slice(0, 4), competitive('volley_2x2', 0, 7));
    const wrong = await propose(team[0]!, competitiveMatch, { partners: [team[4]!.id], won: true }).expect(422);
    expect(wrong.body.errors.partners).toEqual(['Scegli i tuoi compagni di squadra tra i giocatori della partita: uno in un 2×2, tre in un 4×4.']);
    expect((await propose(team[0]!, competitiveMatch, { partners: 'x', won: 'yes' }).expect(422)).body.errors).toHaveProperty('won');
    expect((await ratingsOf(team)).map((row) => row.competitiveMatches)).toEqual([0, 0, 0, 0, 0]);
  });

  it('left unconfirmed for 48 hours is dropped by the job, and then moves no level', async () => {
    const team = await players(4, 'Scaduto');
    for (const member of team) await setLevel(member, 'beach_volley', 3);
    const matchId = await playedMatch(team, competitive('volley_2x2', 0, 7));
    await propose(team[0]!, matchId, { partners: [team[1]!.id], won: true }).expect(200);
    const proposedAt = (await db.openMatchResult.findUniqueOrThrow({ where: { matchId } })).proposedAt;

    expect(await services.matchResults.dropUnconfirmed(new Date(proposedAt.getTime() + 47 * 3600_000))).toEqual({ dropped: 0 });
    expect(await services.matchResults.dropUnconfirmed(new Date(proposedAt.getTime() + 48 * 3600_000))).toEqual({ dropped: 1 });
    expect(await services.matchResults.dropUnconfirmed(new Date(proposedAt.getTime() + 49 * 3600_000))).toEqual({ dropped: 0 });

    expect((await confirm(team[2]!, matchId).expect(409)).body.message).toBe('Il risultato non è stato confermato entro 48 ore ed è decaduto: questa partita non muove i livelli.');
    await propose(team[2]!, matchId, { partners: [team[3]!.id], won: true }).expect(409);
    expect((await request(app).get(`/api/open-matches/${matchId}/result`).set(bearer(team[3]!)).expect(200)).body).toMatchObject({ state: 'dropped', can_propose: false, can_confirm: false });
    expect((await ratingsOf(team)).map((row) => row.competitiveMatches)).toEqual([0, 0, 0, 0]);
  });
});

describe('leaving a match that has begun', () => {
  it('is refused once its hour has begun, played and confirmed or not, and the match page no longer offers it', async () => {
    const team = await players(4, 'Iniziata');
    for (const member of team) await setLevel(member, 'beach_volley', 3);
    const show = async (member: TestMember, matchId: number) => (await request(app).get(`/api/open-matches/${matchId}`).set(bearer(member)).expect(200)).body;
    const leave = (member: TestMember, matchId: number) => request(app).post(`/api/open-matches/${matchId}/leave`).set(bearer(member));

    const { matchId: upcoming } = await openMatch(team[0]!, friendly);
    await join(team[1]!, upcoming).then((answer) => expect(answer.status).toBe(200));
    expect((await show(team[1]!, upcoming)).can_leave).toBe(true);
    expect((await show(team[0]!, upcoming)).can_leave).toBe(false);

    const matchId = await playedMatch(team, competitive('volley_2x2', 0, 7));
    expect((await show(team[1]!, matchId)).can_leave).toBe(false);
    expect((await leave(team[1]!, matchId).expect(409)).body.message).toBe('La partita è già cominciata: non si può più lasciare.');
    await propose(team[0]!, matchId, { partners: [team[1]!.id], won: true }).expect(200);
    await confirm(team[2]!, matchId).expect(200);
    expect((await leave(team[3]!, matchId).expect(409)).body.message).toBe('La partita è già cominciata: non si può più lasciare.');
    expect((await show(team[3]!, matchId)).can_leave).toBe(false);
    expect(await db.bookingPlayer.count({ where: { booking: { openMatch: { id: matchId } }, status: 'paid' } })).toBe(3);
  });
});

describe('a walk-in without an account', () => {
  it('holds a place in a competitive match, which then has no result and moves no level', async () => {
    const team = await players(4, 'Conospite');
    for (const member of team) await setLevel(member, 'beach_volley', 3);
    const { matchId, bookingId } = await openMatch(team[0]!, competitive('volley_2x2', 0, 7));
    for (const member of team.slice(1, 3)) await join(member, matchId).then((answer) => expect(answer.status).toBe(200));
    await request(app).post(`/api/admin/open-matches/${matchId}/walk-in`).set('Authorization', `Bearer ${staff}`).send({ name: 'Ospite Senzaconto', method: 'cash' }).expect(200);
    const startsAt = new Date(Date.UTC(2020, 0, nextDay++, 9));
    await db.booking.update({ where: { id: bookingId }, data: { startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) } });

    expect((await request(app).get(`/api/open-matches/${matchId}/result`).set(bearer(team[1]!)).expect(200)).body).toMatchObject({ state: 'none', can_propose: false });
    expect((await propose(team[0]!, matchId, { partners: [team[1]!.id], won: true }).expect(409)).body.message).toBe('In questa partita ha giocato chi non ha un account: il risultato non muove i livelli.');
    expect((await ratingsOf(team.slice(0, 3))).map((row) => row.competitiveMatches)).toEqual([0, 0, 0]);
  });
});
