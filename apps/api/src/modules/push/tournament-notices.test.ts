// What the tournaments tell and feed through the real database: "Tocca a voi" pushed to a player who chose
// it, in their language, with the tournament's page; a confirmed result moving the players' levels only
// when the centre's setting is on, once per match even when the organiser corrects it.
import { rate, rating } from 'openskill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { nextYear } from '../../test/days.js';
import { addDays, instantInRome } from '../../lib/time.js';
import { startPushLoopback } from './push-loopback.js';

const { db, deps, services } = await useTestApp();
const day = services.tournamentDay;
const loopback = await startPushLoopback();
afterAll(() => loopback.close());

let counter = 0;
let courtId: number;
beforeAll(async () => {
  courtId = (await db.court.findFirstOrThrow({ where: { code: 'C5' } })).id;
});

/** A drawn round robin of three pairs on C5, and its first placed match; each player a member in `locale`. */
async function drawnPairs(locale: string) {
  counter += 1;
  const date = addDays(`${nextYear()}-08-01`, 2 * counter);
  const now = Date.now();
  const tournament = await db.tournament.create({
    data: {
      name: `Torneo ${counter}`, titleDe: `Turnier ${counter}`, sport: 'beach_volley', category: 'mixed', format: 'round_robin', matchFormat: 'best_of_three_21', matchMinutes: 45, restMinutes: 20,
      entryFeeCents: 0, maxEntries: 8, entriesTaken: 3, registrationOpensAt: new Date(now - 10 * 86_400_000), registrationClosesAt: new Date(now - 3_600_000),
      startsOn: new Date(`${date}T00:00:00Z`), endsOn: new Date(`${date}T00:00:00Z`), status: 'published',
      courts: { create: [{ courtId, startsAt: instantInRome(date, '09:00'), endsAt: instantInRome(date, '20:00') }] },
    },
  });
  const pairs: number[][] = [];
  for (let pair = 0; pair < 3; pair += 1) {
    const users = await Promise.all([0, 1].map((seat) => db.user.create({ data: { passwordHash: 'no login', firstName: `Gioc${counter}${pair}${seat}`, lastName: 'Beach', email: `torneo.${now}.${counter}.${pair}.${seat}@esempio.it`, locale, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() } })));
    await db.tournamentEntry.create({ data: { tournamentId: tournament.id, status: 'confirmed', players: { create: users.map((user) => ({ tournamentId: tournament.id, userId: user.id, feeCents: 0 })) } } });
    pairs.push(users.map((user) => user.id));
  }
  await day.draw(tournament.id);
  const [match] = await db.tournamentMatch.findMany({ where: { tournamentId: tournament.id, startsAt: { not: null } }, orderBy: { startsAt: 'asc' } });
  return { id: tournament.id, key: match!.key, pairs };
}
const setFeeding = (on: boolean) => db.setting.update({ where: { id: 1 }, data: { tournamentResultsFeedLevels: on } });
const levelsOf = (ids: number[]) => db.memberLevel.findMany({ where: { userId: { in: ids }, sport: 'beach_volley' }, orderBy: { userId: 'asc' } });
const twoNil = [{ a: 21, b: 15 }, { a: 21, b: 17 }];

describe('"Tocca a voi"', () => {
  it('is pushed to the match’s players who chose it, in their language, opening the tournament’s page', async () => {
    const drawn = await drawnPairs('de');
    const devices = [];
    for (const player of drawn.pairs.flat()) {
      const device = loopback.device();
      await services.push.subscribe({ id: player }, device.subscription);
      await services.push.savePreferences({ id: player }, [{ kind: 'tournament_call', push: true, email: true }]);
      devices.push(device);
    }
    await day.call(drawn.id, drawn.key);
    await deps.jobs.waitUntilIdle();
    const told = devices.filter((device) => device.received.length > 0);
    expect(told).toHaveLength(4); // both pairs of the match, not the third
    for (const device of told) {
      expect(device.received).toEqual([{ kind: 'tournament_call', title: expect.stringMatching(/C5/), body: expect.stringContaining(`«Turnier ${counter}»`), url: expect.stringMatching(new RegExp(`/de/tornei/${drawn.id}$`)) }]);
      expect(device.received[0]!.title).not.toMatch(/Tocca a voi/);
    }
  });
});

describe('a tournament result', () => {
  it('moves no level while the setting is off (the default)', async () => {
    await setFeeding(false);
    const drawn = await drawnPairs('it');
    await day.score(drawn.id, drawn.key, { sets: twoNil });
    expect(await levelsOf(drawn.pairs.flat())).toEqual([]);
  });

  it('moves every player’s level as openskill does when the setting is on, once per match even when corrected', async () => {
    await setFeeding(true);
    const drawn = await drawnPairs('it');
    await day.score(drawn.id, drawn.key, { sets: twoNil });
    // Everyone starts at the library's default: the winners end at its winners' rating, the losers at its losers'.
    const [winners, losers] = rate([[rating(), rating()], [rating(), rating()]]);
    const after = await levelsOf(drawn.pairs.flat());
    expect(after.map((row) => row.mu).sort()).toEqual([losers![0]!.mu, losers![1]!.mu, winners![0]!.mu, winners![1]!.mu].sort());
    expect(after.every((row) => row.competitiveMatches === 1)).toBe(true);
    // The organiser corrects the score: the result has counted already.
    await day.score(drawn.id, drawn.key, { sets: [{ a: 15, b: 21 }, { a: 17, b: 21 }] });
    expect((await levelsOf(drawn.pairs.flat())).map((row) => [row.mu, row.competitiveMatches])).toEqual(after.map((row) => [row.mu, 1]));
    await setFeeding(false);
  });
});
