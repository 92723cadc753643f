// Double elimination's grand final and its reset, through the organiser's routes and the live page: when the
// unbeaten pair (the winners' bracket's) wins the grand final, the reset is not played (out of the schedule,
// a score refused) and the tournament ends; when the losers' bracket's pair wins it, the same two play the
// reset, which decides the first place.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TTournamentMatch } from '@beach/contracts';
import { useTestApp } from '../../test/app.js';
import { DEMO, loginAs } from '../../test/auth-helpers.js';
import { nextYear } from '../../test/days.js';
import { instantInRome } from '../../lib/time.js';

const { app, db } = await useTestApp();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const A_WINS = [{ a: 21, b: 15 }];
const B_WINS = [{ a: 15, b: 21 }];

let admin: string;
let counter = 0;
beforeAll(async () => {
  admin = await loginAs(app, DEMO.admin);
});

/** A published double-elimination tournament of 4 confirmed pairs, registration closed, on A1 and C1 9:00–20:00. */
async function makeTournament() {
  counter += 1;
  const date = `${nextYear()}-08-${String(2 * counter).padStart(2, '0')}`; // next August: still to come whatever the day of the run
  const courts = await db.court.findMany({ where: { code: { in: ['A1', 'C1'] } }, select: { id: true } });
  const tournament = await db.tournament.create({
    data: {
      name: `Doppia eliminazione ${counter}`, sport: 'beach_volley', category: 'mixed', format: 'double_elimination', matchFormat: 'one_set_21', matchMinutes: 30, restMinutes: 15,
      entryFeeCents: 0, maxEntries: 8, entriesTaken: 4, registrationOpensAt: new Date(Date.now() - 10 * 86_400_000), registrationClosesAt: new Date(Date.now() - 3_600_000),
      startsOn: new Date(`${date}T00:00:00Z`), endsOn: new Date(`${date}T00:00:00Z`), status: 'published',
      courts: { create: courts.map((court) => ({ courtId: court.id, startsAt: instantInRome(date, '09:00'), endsAt: instantInRome(date, '20:00') })) },
    },
  });
  for (let pair = 0; pair < 4; pair += 1) {
    const users = await Promise.all([0, 1].map((seat) => db.user.create({
      data: { passwordHash: 'no login', firstName: `Gioc${counter}${pair}${seat}`, lastName: 'Beach', email: `de.${counter}.${pair}.${seat}@esempio.it`, emailVerifiedAt: new Date(), privacyAcceptedAt: new Date() },
    })));
    await db.tournamentEntry.create({ data: { tournamentId: tournament.id, status: 'confirmed', players: { create: users.map((user) => ({ tournamentId: tournament.id, userId: user.id, feeCents: 0 })) } } });
  }
  return tournament.id;
}

const score = (id: number, key: string, sets: typeof A_WINS) => request(app).put(`/api/admin/tournaments/${id}/matches/${key}/score`).set(bearer(admin)).send({ sets });
const liveOf = async (id: number) => (await request(app).get(`/api/tournaments/${id}`).expect(200)).body as { status: string; matches: TTournamentMatch[]; placements: { entry_id: number; place: number }[] };
const matchOf = (live: { matches: TTournamentMatch[] }, key: string) => live.matches.find((match) => match.key === key)!;

/** Draws, then plays every bracket match before the grand final with side a winning. */
async function toTheGrandFinal() {
  const id = await makeTournament();
  const drawn = await request(app).post(`/api/admin/tournaments/${id}/draw`).set(bearer(admin)).expect(200);
  const matches = drawn.body.tournament.matches as TTournamentMatch[];
  const [grandFinal, reset] = ['F-1', 'F-2'].map((key) => matches.find((match) => match.key === key)!);
  // The reset is in the draw and the schedule from the start, after the grand final and the pairs' rest.
  expect(reset).toMatchObject({ phase: 'final', round: 2, status: 'waiting' });
  expect(reset!.court).not.toBeNull();
  expect(Date.parse(reset!.starts_at!)).toBeGreaterThanOrEqual(Date.parse(grandFinal!.ends_at!) + 15 * 60_000);
  for (;;) {
    const next = (await liveOf(id)).matches.find((match) => match.status === 'ready' && match.phase !== 'final');
    if (!next) break;
    await score(id, next.key, A_WINS).expect(200);
  }
  const live = await liveOf(id);
  expect(matchOf(live, 'F-1').status).toBe('ready');
  return { id, unbeaten: matchOf(live, 'F-1').sides[0].entry_id!, challenger: matchOf(live, 'F-1').sides[1].entry_id! };
}

describe('the double elimination grand final', () => {
  it('won by the unbeaten pair: no reset (out of the schedule, its score refused), the tournament finished', async () => {
    const { id, unbeaten, challenger } = await toTheGrandFinal();
    await score(id, 'F-1', A_WINS).expect(200);
    const live = await liveOf(id);
    expect(matchOf(live, 'F-2')).toMatchObject({ status: 'not_needed', court: null, starts_at: null });
    expect(live.status).toBe('finished');
    expect(live.placements.filter((row) => row.place <= 2)).toEqual([
      expect.objectContaining({ entry_id: unbeaten, place: 1 }),
      expect.objectContaining({ entry_id: challenger, place: 2 }),
    ]);
    // The tournament is over: the reset takes no score.
    await score(id, 'F-2', B_WINS).expect(409);
  });

  it('won by the losers’ bracket’s pair: the same two play the reset, which decides the first place', async () => {
    const { id, unbeaten, challenger } = await toTheGrandFinal();
    await score(id, 'F-1', B_WINS).expect(200);
    let live = await liveOf(id);
    expect(live.status).toBe('drawn');
    expect(live.placements).toEqual([]);
    const reset = matchOf(live, 'F-2');
    expect(reset).toMatchObject({ status: 'ready', court: expect.anything() });
    expect(reset.sides.map((side) => side.entry_id)).toEqual([unbeaten, challenger]);
    // The unbeaten pair, beaten once in the grand final, wins the reset: it is first.
    await score(id, 'F-2', A_WINS).expect(200);
    live = await liveOf(id);
    expect(live.status).toBe('finished');
    expect(live.placements.filter((row) => row.place <= 2)).toEqual([
      expect.objectContaining({ entry_id: unbeaten, place: 1 }),
      expect.objectContaining({ entry_id: challenger, place: 2 }),
    ]);
  });
});
