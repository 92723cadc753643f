// The tournament's day through the real database: the draw of a 24-pair pools-and-knockout tournament
// scheduled at once on 4 courts (one unlit) with no rule broken; a King of the Beach final's sides by
// their qualifiers' seats on the live page; the organiser's scores carrying the draw
// to its end (finished, ranking results, the club ranking); a player's score confirmed by the other side
// only; invalid sets; moves (what shifted, a clash refused); the call e-mail in the player's language;
// a member's next match in their entries (called, then the next one, then none; King of the Beach by the
// player's own entry); the routes: the organiser's answers, a member refused them, the public live page
// with the placed matches.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db.js';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { nextYear } from '../../test/days.js';
import { startMailCatcher } from '../../test/mail-catcher.js';
import { createMember } from '../../test/members.js';
import { addDays, instantInRome } from '../../lib/time.js';
import { type DrawState, matchesOf } from './draw/index.js';
import { drawnView } from './drawn-view.js';
import { violations } from './schedule/index.js';
import { scheduleInputOf, currentPlacements } from './tournament-day-plan.js';

const mail = await startMailCatcher();
const { app, db, services } = await useTestApp({ SMTP_URL: mail.url });
const day = services.tournamentDay;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let counter = 0;
let courts: Record<string, number>;
beforeAll(async () => {
  courts = Object.fromEntries((await db.court.findMany({ select: { id: true, code: true } })).map((court) => [court.code, court.id]));
});

async function makePlayer(db: Db, locale = 'it') {
  counter += 1;
  return db.user.create({ data: { passwordHash: 'no login', firstName: `Gioc${counter}`, lastName: 'Beach', email: `giocatore.${Date.now()}.${counter}@esempio.it`, locale, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } });
}

/**
 * A published tournament whose registration closed an hour ago, played on `courtCodes` 9:00–20:00 on `days`
 * days from next July, to come whatever the day of the run (different ones per tournament: courts are held once), with `pairs` confirmed entries of two players
 * (of one, King of the Beach).
 */
async function makeTournament({ pairs, format = 'pools_knockout' as const, courtCodes = ['A1', 'C1', 'C2', 'B1'], locale = 'it', days = 1 }: { pairs: number; format?: 'pools_knockout' | 'round_robin' | 'king_of_the_beach'; courtCodes?: string[]; locale?: string; days?: number }) {
  const date = addDays(`${nextYear()}-07-01`, 3 * counter);
  const dates = Array.from({ length: days }, (_, index) => addDays(date, index));
  const now = Date.now();
  const tournament = await db.tournament.create({
    data: {
      name: `Torneo ${counter}`, sport: 'beach_volley', category: 'mixed', format, matchFormat: 'best_of_three_21', matchMinutes: 45, restMinutes: 20,
      entryFeeCents: 0, maxEntries: 64, entriesTaken: pairs, registrationOpensAt: new Date(now - 10 * 86_400_000), registrationClosesAt: new Date(now - 3_600_000),
      startsOn: new Date(`${date}T00:00:00Z`), endsOn: new Date(`${dates.at(-1)}T00:00:00Z`), status: 'published',
      courts: { create: dates.flatMap((date) => courtCodes.map((code) => ({ courtId: courts[code]!, startsAt: instantInRome(date, '09:00'), endsAt: instantInRome(date, '20:00') }))) },
    },
  });
  const entries: { id: number; users: { id: number; email: string }[] }[] = [];
  for (let index = 0; index < pairs; index += 1) {
    // King of the Beach: one player per entry.
    const users = format === 'king_of_the_beach' ? [await makePlayer(db, locale)] : [await makePlayer(db, locale), await makePlayer(db, locale)];
    const entry = await db.tournamentEntry.create({
      data: { tournamentId: tournament.id, status: 'confirmed', players: { create: users.map((user) => ({ tournamentId: tournament.id, userId: user.id, feeCents: 0 })) } },
    });
    entries.push({ id: entry.id, users });
  }
  return { id: tournament.id, date, entries };
}

const loaded = (id: number) => db.tournament.findUniqueOrThrow({ where: { id } });
const stateOf = async (id: number) => (await loaded(id)).draw as unknown as DrawState;
const rowsOf = (id: number) => db.tournamentMatch.findMany({ where: { tournamentId: id } });
const twoNil = [{ a: 21, b: 15 }, { a: 21, b: 17 }];

describe('the draw and the schedule', () => {
  it('draws 24 pairs into pools and a knockout and places every match on 4 courts (one unlit) without breaking a rule', async () => {
    // 36 pool matches end at 16:25; the knockout's four rounds (45 minutes after 20 of rest) need a second day.
    const made = await makeTournament({ pairs: 24, days: 2 });
    const answer = await day.draw(made.id);
    expect(answer.unplaced).toEqual([]);
    const tournament = await loaded(made.id);
    expect(tournament).toMatchObject({ status: 'drawn', liveVersion: 1 });
    const state = tournament.draw as unknown as DrawState;
    const playable = matchesOf(state).filter((match) => match.status !== 'bye');
    expect(playable.filter((match) => match.phase === 'pool')).toHaveLength(36);
    const rows = await rowsOf(made.id);
    expect(rows).toHaveLength(matchesOf(state).length);
    const placed = currentPlacements(rows);
    expect(placed.map((row) => row.key).sort()).toEqual(playable.map((match) => match.key).sort());
    const input = await scheduleInputOf(db, tournament, state, rows, new Date());
    expect(violations(input, placed)).toEqual([]);
    // Seeds 1…24 once each, from the ranking (nobody ranked yet: the order of registration).
    const seeds = (await db.tournamentEntry.findMany({ where: { tournamentId: made.id }, orderBy: { id: 'asc' } })).map((entry) => entry.seed);
    expect(seeds).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
    // The live view: every placed match with its court and times, placeholders for the knockout.
    const view = await drawnView(db, tournament);
    expect(view.matches.filter((match) => match.court !== null)).toHaveLength(playable.length);
    expect(view.pools).toHaveLength(6);
    const knockout = view.matches.find((match) => match.phase === 'knockout' && match.status !== 'bye')!;
    expect(knockout.sides[0]).toMatchObject({ entry_id: null, placeholder: { kind: expect.any(String) } });
    expect(view.matches.find((match) => match.phase === 'pool')!.sides[0]!.names).toHaveLength(2);
  });

  it('schedules a King of the Beach final’s three matches one after the other: the same four finalists play them all', async () => {
    const made = await makeTournament({ pairs: 8, format: 'king_of_the_beach', courtCodes: ['A1', 'C1', 'C2', 'B1'] });
    expect((await day.draw(made.id)).unplaced).toEqual([]);
    const finals = (await rowsOf(made.id)).filter((row) => row.key.startsWith('KF-')).sort((x, y) => x.startsAt!.getTime() - y.startsAt!.getTime());
    expect(finals).toHaveLength(3);
    for (const [index, row] of finals.slice(1).entries()) expect(row.startsAt!.getTime()).toBeGreaterThanOrEqual(finals[index]!.endsAt!.getTime());
  });

  it('shows a King of the Beach final’s sides by their qualifiers’ seats on the live page until the pools end', async () => {
    const made = await makeTournament({ pairs: 8, format: 'king_of_the_beach', courtCodes: ['A1', 'C1'] });
    await day.draw(made.id);
    const live = await request(app).get(`/api/tournaments/${made.id}`).expect(200);
    const finals = (live.body.matches as { key: string; phase: string; sides: unknown[] }[]).filter((match) => match.phase === 'kob_final').sort((x, y) => x.key.localeCompare(y.key));
    // Seat 1 the best ranked qualifier: each final match pairs them differently (KOB_ROTATION).
    expect(finals.map((match) => match.sides)).toEqual([[[1, 2], [3, 4]], [[1, 3], [2, 4]], [[1, 4], [2, 3]]].map((pairs) =>
      pairs.map((seats) => ({ entry_id: null, names: [], placeholder: { kind: 'kob_seats', seats } }))));
  });

  it('refuses a draw before the registration closes, and a second draw', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C3'] });
    await db.tournament.update({ where: { id: made.id }, data: { registrationClosesAt: new Date(Date.now() + 3_600_000) } });
    await expect(day.draw(made.id)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('Le iscrizioni chiudono il') });
    await db.tournament.update({ where: { id: made.id }, data: { registrationClosesAt: new Date(Date.now() - 1000) } });
    await day.draw(made.id);
    await expect(day.draw(made.id)).rejects.toMatchObject({ status: 409 });
  });

  it('keeps the organiser’s seeds, given each confirmed entry once', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C4'] });
    const ids = made.entries.map((entry) => entry.id);
    await expect(day.seeds(made.id, [ids[0]!, ids[0]!, ids[1]!, ids[2]!])).rejects.toMatchObject({ status: 422, errors: { entry_ids: [expect.anything()] } });
    await expect(day.seeds(made.id, ids.slice(1))).rejects.toMatchObject({ status: 422 });
    await day.seeds(made.id, [...ids].reverse());
    await day.draw(made.id);
    const seeds = (await db.tournamentEntry.findMany({ where: { tournamentId: made.id }, orderBy: { id: 'asc' } })).map((entry) => entry.seed);
    expect(seeds).toEqual([4, 3, 2, 1]);
    await expect(day.seeds(made.id, ids)).rejects.toMatchObject({ status: 409 });
  });
});

describe('scores', () => {
  it('carries the draw to its end by the organiser’s scores: finished, ranking results once per player, the club ranking', async () => {
    const made = await makeTournament({ pairs: 8, courtCodes: ['A1', 'C5'] });
    await day.draw(made.id);
    for (let guard = 0; guard < 100; guard += 1) {
      const next = matchesOf(await stateOf(made.id)).find((match) => match.status === 'ready');
      if (!next) break;
      await day.score(made.id, next.key, { sets: twoNil });
    }
    const tournament = await loaded(made.id);
    expect(tournament.status).toBe('finished');
    const results = await db.rankingResult.findMany({ where: { tournamentId: made.id } });
    expect(results).toHaveLength(16);
    expect(results.filter((row) => row.place === 1).map((row) => row.points)).toEqual([100, 100]);
    const view = await drawnView(db, tournament);
    expect(view.placements).toHaveLength(8);
    const board = await day.ranking({ sport: 'beach_volley', category: 'mixed' });
    const winners = results.filter((row) => row.place === 1).map((row) => row.userId);
    expect(board.data.filter((row) => winners.includes(row.user_id))).toEqual(winners.map(() => expect.objectContaining({ rank: 1, points: 100, tournaments: 1 })));
    // Ties share a rank: the next rank after two winners is 3.
    expect(board.data[2]).toMatchObject({ rank: 3, points: 80 });
    await expect(day.score(made.id, 'F-1', { sets: twoNil })).rejects.toMatchObject({ status: 409 });
  });

  it('takes a player’s score once the other side confirms it; the same side cannot; invalid sets are a 422 on sets', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C3'] });
    await day.draw(made.id);
    const match = matchesOf(await stateOf(made.id)).find((candidate) => candidate.status === 'ready')!;
    const entryOf = (side: 0 | 1) => made.entries.find((entry) => match.sides[side].kind === 'entries' && match.sides[side].entryIds.includes(entry.id))!;
    const [home, away] = [entryOf(0), entryOf(1)];
    const outsider = made.entries.find((entry) => entry !== home && entry !== away)!;

    await expect(day.proposeScore({ id: home.users[0]!.id }, made.id, match.key, { sets: [{ a: 21, b: 20 }, { a: 21, b: 10 }] }))
      .rejects.toMatchObject({ status: 422, errors: { sets: [expect.objectContaining({ message: expect.stringContaining('due punti di scarto') })] } });
    await expect(day.proposeScore({ id: outsider.users[0]!.id }, made.id, match.key, { sets: twoNil })).rejects.toMatchObject({ status: 403 });
    await day.proposeScore({ id: home.users[0]!.id }, made.id, match.key, { sets: twoNil });
    expect((await db.tournamentMatch.findFirstOrThrow({ where: { tournamentId: made.id, key: match.key } })).proposedSets).toEqual(twoNil);
    await expect(day.confirmScore({ id: home.users[1]!.id }, made.id, match.key)).rejects.toMatchObject({ status: 403 });
    // Both players of the other side confirm at once: the result is recorded once.
    const both = await Promise.allSettled(away.users.map((user) => day.confirmScore({ id: user.id }, made.id, match.key)));
    expect(both.map((settled) => settled.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((settled) => settled.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    const played = matchesOf(await stateOf(made.id)).find((candidate) => candidate.key === match.key)!;
    expect(played).toMatchObject({ status: 'played', winner: 'a', sets: twoNil });
    const row = await db.tournamentMatch.findFirstOrThrow({ where: { tournamentId: made.id, key: match.key } });
    expect(row.playedAt).not.toBeNull();
    expect(row.proposedSets).toBeNull();
    await expect(day.score(made.id, match.key, { sets: [{ a: 21, b: 19 }] })).rejects.toMatchObject({ status: 422, errors: { sets: [expect.anything()] } });
  });

  it('confirms only a proposal of the match’s other side as it stands now; a result drops the proposals of pairs no longer in their match', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C4'] });
    await day.draw(made.id);
    const [match, next] = matchesOf(await stateOf(made.id)).filter((candidate) => candidate.status === 'ready');
    const inMatch = (side: 0 | 1) => made.entries.find((entry) => match!.sides[side].kind === 'entries' && match!.sides[side].entryIds.includes(entry.id))!;
    const outsider = made.entries.find((entry) => entry !== inMatch(0) && entry !== inMatch(1))!;
    // A proposal standing in the name of a pair not (any longer) in the match cannot be confirmed.
    await db.tournamentMatch.updateMany({ where: { tournamentId: made.id, key: match!.key }, data: { proposedSets: twoNil, proposedByEntryId: outsider.id } });
    await expect(day.confirmScore({ id: inMatch(1).users[0]!.id }, made.id, match!.key)).rejects.toMatchObject({ status: 409 });
    // The next result recorded drops it.
    await day.score(made.id, next!.key, { sets: twoNil });
    expect(await db.tournamentMatch.findFirstOrThrow({ where: { tournamentId: made.id, key: match!.key } })).toMatchObject({ proposedSets: null, proposedByEntryId: null });
  });
});

describe('moves and calls', () => {
  it('moves a match: it is pinned there, what shifted is listed; a move onto a clash is refused', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C3', 'C4'] });
    await day.draw(made.id);
    const rows = await rowsOf(made.id);
    const first = rows.find((row) => row.startsAt?.getTime() === Math.min(...rows.map((candidate) => candidate.startsAt!.getTime())))!;
    const late = instantInRome(made.date, '18:00');
    const moved = await day.moveMatch(made.id, first.key, { court_id: courts.C3!, starts_at: late.toISOString() });
    expect(moved.shifted).toContainEqual({ key: first.key, from: first.startsAt!.toISOString(), to: late.toISOString(), court_from: expect.any(String), court_to: 'C3' });
    const after = await db.tournamentMatch.findUniqueOrThrow({ where: { id: first.id } });
    expect(after).toMatchObject({ pinned: true, courtId: courts.C3, startsAt: late });
    const other = rows.find((row) => row.key !== first.key)!;
    await expect(day.moveMatch(made.id, other.key, { court_id: courts.C3!, starts_at: late.toISOString() }))
      .rejects.toMatchObject({ status: 409, message: expect.stringContaining('campo C3') });
    await expect(day.moveMatch(made.id, other.key, { court_id: courts.D1!, starts_at: late.toISOString() })).rejects.toMatchObject({ status: 409 });
  });

  it('keeps a match under way where it is: a called match is not re-placed by a move or a new plan', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C2', 'B1'] });
    await day.draw(made.id);
    const rows = await rowsOf(made.id);
    const called = rows.find((row) => row.startsAt?.getTime() === Math.min(...rows.map((candidate) => candidate.startsAt!.getTime())))!;
    await day.call(made.id, called.key);
    await day.schedule(made.id);
    expect(await db.tournamentMatch.findUniqueOrThrow({ where: { id: called.id } })).toMatchObject({ courtId: called.courtId, startsAt: called.startsAt });
    // Another match put on the called one's court and time: refused, the called match does not make room.
    const other = rows.find((row) => row.key !== called.key && row.startsAt!.getTime() > called.startsAt!.getTime())!;
    await expect(day.moveMatch(made.id, other.key, { court_id: called.courtId!, starts_at: called.startsAt!.toISOString() })).rejects.toMatchObject({ status: 409 });
    expect(await db.tournamentMatch.findUniqueOrThrow({ where: { id: called.id } })).toMatchObject({ courtId: called.courtId, startsAt: called.startsAt });
  });

  it('calls both pairs to the court: called_at, and an e-mail to each player in their language', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C5'], locale: 'en' });
    await day.draw(made.id);
    const row = (await rowsOf(made.id)).find((candidate) => candidate.startsAt)!;
    const before = (await loaded(made.id)).liveVersion;
    await day.call(made.id, row.key);
    expect((await db.tournamentMatch.findUniqueOrThrow({ where: { id: row.id } })).calledAt).not.toBeNull();
    expect((await loaded(made.id)).liveVersion).toBe(before + 1);
    const match = matchesOf(await stateOf(made.id)).find((candidate) => candidate.key === row.key)!;
    const players = made.entries.filter((entry) => match.sides.some((side) => side.kind === 'entries' && side.entryIds.includes(entry.id))).flatMap((entry) => entry.users);
    expect(players).toHaveLength(4);
    const email = await mail.waitFor(players[0]!.email);
    expect(email.subject).toMatch(/C5/);
    expect(email.subject).not.toMatch(/Tocca a voi/);
  });

  it('names the tournament in the call by its German title to a German player', async () => {
    const made = await makeTournament({ pairs: 3, format: 'round_robin', courtCodes: ['C4'], locale: 'de' });
    const tournament = await db.tournament.update({ where: { id: made.id }, data: { titleDe: `Sommerturnier ${made.id}` } });
    await day.draw(made.id);
    const row = (await rowsOf(made.id)).find((candidate) => candidate.startsAt)!;
    await day.call(made.id, row.key);
    const match = matchesOf(await stateOf(made.id)).find((candidate) => candidate.key === row.key)!;
    const called = made.entries.find((entry) => match.sides.some((side) => side.kind === 'entries' && side.entryIds.includes(entry.id)))!;
    const email = await mail.waitFor(called.users[0]!.email);
    expect(email.text).toContain(`«Sommerturnier ${made.id}»`);
    expect(email.text).not.toContain(`«${tournament.name}»`);
  });
});

describe('the member’s next match', () => {
  const nextMatchOf = async (user: { id: number }, tournamentId: number) => {
    const mine = await services.tournaments.mine(await db.user.findUniqueOrThrow({ where: { id: user.id } }));
    return mine.data.find((entry) => entry.tournament.id === tournamentId)!.next_match;
  };
  const placedOf = async (id: number) => (await rowsOf(id)).filter((row) => row.startsAt).sort((x, y) => x.startsAt!.getTime() - y.startsAt!.getTime() || x.key.localeCompare(y.key));

  it('shows the earliest placed match not played: called with its court and time, then the next one, none once all are played', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C3'] });
    const player = made.entries[0]!.users[1]!;
    expect(await nextMatchOf(player, made.id)).toBeNull();
    await day.draw(made.id);
    const state = await stateOf(made.id);
    const plays = (key: string) => matchesOf(state).find((match) => match.key === key)!.sides.some((side) => side.kind === 'entries' && side.entryIds.includes(made.entries[0]!.id));
    const theirs = (await placedOf(made.id)).filter((row) => plays(row.key));
    expect(theirs).toHaveLength(3);
    const [first, second] = theirs;
    expect(await nextMatchOf(player, made.id)).toEqual({ key: first!.key, court: 'C3', starts_at: first!.startsAt!.toISOString(), called: false });
    await day.call(made.id, first!.key);
    expect(await nextMatchOf(player, made.id)).toEqual({ key: first!.key, court: 'C3', starts_at: first!.startsAt!.toISOString(), called: true });
    await day.score(made.id, first!.key, { sets: twoNil });
    expect(await nextMatchOf(player, made.id)).toEqual({ key: second!.key, court: 'C3', starts_at: second!.startsAt!.toISOString(), called: false });
    for (const row of theirs.slice(1)) await day.score(made.id, row.key, { sets: twoNil });
    expect(await nextMatchOf(player, made.id)).toBeNull();
  });

  it('finds a King of the Beach player’s match by their own entry among the side’s two', async () => {
    const made = await makeTournament({ pairs: 8, format: 'king_of_the_beach', courtCodes: ['A1', 'C1'] });
    await day.draw(made.id);
    const state = await stateOf(made.id);
    const first = (await placedOf(made.id))[0]!;
    const side = matchesOf(state).find((match) => match.key === first.key)!.sides[1];
    const entry = made.entries.find((candidate) => side.kind === 'entries' && side.entryIds.includes(candidate.id))!;
    expect(await nextMatchOf(entry.users[0]!, made.id)).toMatchObject({ key: first.key, starts_at: first.startsAt!.toISOString(), called: false });
  });
});

describe('the routes', () => {
  it('answers the organiser with the tournament, refuses a member the organiser’s routes, shows the placed matches publicly', async () => {
    const made = await makeTournament({ pairs: 4, format: 'round_robin', courtCodes: ['C1'] });
    const [admin, member] = await Promise.all([loginAs(app, DEMO.admin), createMember(db)]);
    await request(app).post(`/api/admin/tournaments/${made.id}/draw`).set(bearer(member.token)).expect(403);
    const drawn = await request(app).post(`/api/admin/tournaments/${made.id}/draw`).set(bearer(admin)).expect(200);
    expect(drawn.body.message).toBe('Sorteggio fatto: 6 partite in programma.');
    expect(drawn.body.tournament).toMatchObject({ status: 'drawn', live_version: 1 });
    const key = drawn.body.tournament.matches[0].key as string;
    await request(app).put(`/api/admin/tournaments/${made.id}/matches/${key}/score`).set(bearer(member.token)).send({ sets: twoNil }).expect(403);
    await request(app).put(`/api/admin/tournaments/${made.id}/matches/${key}/score`).set(bearer(admin)).send({ sets: [{ a: 21, b: 20 }, { a: 21, b: 3 }] }).expect(422);
    // A member not in the match cannot propose its score.
    await request(app).post(`/api/tournaments/${made.id}/matches/${key}/score`).set(bearer(member.token)).send({ sets: twoNil }).expect(403);
    const live = await request(app).get(`/api/tournaments/${made.id}`).expect(200);
    expect(live.body.matches).toHaveLength(6);
    expect(live.body.matches.every((match: { court: { code: string } | null; starts_at: string | null }) => match.court?.code === 'C1' && match.starts_at)).toBe(true);
    expect(live.body.pools[0].rows).toHaveLength(4);
    const ranking = await request(app).get('/api/rankings?sport=beach_volley&category=mixed').expect(200);
    expect(ranking.body.data).toEqual(expect.any(Array));
    await request(app).get('/api/rankings?sport=curling').expect(422);
  });
});
