// The tournaments in the demo (docs/tournaments.md): last summer's "Torneo di Ferragosto" on the Campo
// Centrale A1, 16 pairs of demo members in pools and a knockout, drawn, placed and played to the end by the
// same engine and scheduler as the organiser's (so the ranking has its results), free of charge; and the
// next "Adriatica Beach Cup" a few weeks ahead, published with registration open. Nothing dated after `now`.
import type { Prisma } from '../generated/prisma/client.js';
import { createDraw, matchesOf, placements, pointsForPlace, recordResult, schedule } from '../modules/tournaments/index.js';
import { addDays, fromIsoDate, instantInRome, todayInRome } from '../lib/time.js';
import type { seededRandom } from '../lib/seeded-random.js';

const PAIRS = 16;
const DAY_MS = 86_400_000;
/** ISO weekday (1 Monday … 7 Sunday) of a Rome calendar date. */
const weekday = (date: string) => fromIsoDate(date).getUTCDay() || 7;
/** The Saturday on or before `date`. */
const saturdayOnOrBefore = (date: string) => addDays(date, -((weekday(date) + 1) % 7));

/** The last Ferragosto weekend that is over by `now`: the Saturday on or before 15 August. */
function lastFerragostoSaturday(now: Date): string {
  const today = todayInRome(now);
  const year = Number(today.slice(0, 4));
  const thisYear = saturdayOnOrBefore(`${year}-08-15`);
  // Its Sunday must be over: both days are in the past.
  return addDays(thisYear, 1) < today ? thisYear : saturdayOnOrBefore(`${year - 1}-08-15`);
}

export async function seedDemoTournaments(
  tx: Prisma.TransactionClient,
  { random, now, members }: { random: ReturnType<typeof seededRandom>; now: Date; members: { id: number }[] },
): Promise<{ tournaments: number; matches: number }> {
  const court = await tx.court.findUniqueOrThrow({ where: { code: 'A1' } });
  const players = members.slice(0, PAIRS * 2);
  if (players.length < PAIRS * 2) return { tournaments: 0, matches: 0 };

  // Last summer's: two days on A1, one set to 21 (30 minutes a match), registration closed a week before.
  const saturday = lastFerragostoSaturday(now);
  const sunday = addDays(saturday, 1);
  const hours = [saturday, sunday].map((day) => ({ courtId: court.id, startsAt: instantInRome(day, '09:00'), endsAt: instantInRome(day, '20:00') }));
  const past = await tx.tournament.create({
    data: {
      name: 'Torneo di Ferragosto', sport: 'beach_volley', category: 'open', format: 'pools_knockout', matchFormat: 'one_set_21', matchMinutes: 30, restMinutes: 20,
      entryFeeCents: 0, maxEntries: PAIRS, entriesTaken: PAIRS, status: 'drawn',
      registrationOpensAt: new Date(hours[0]!.startsAt.getTime() - 30 * DAY_MS), registrationClosesAt: new Date(hours[0]!.startsAt.getTime() - 7 * DAY_MS),
      startsOn: fromIsoDate(saturday), endsOn: fromIsoDate(sunday), rulesText: 'Un set a 21 punti con due punti di scarto. Gironi da 4, poi eliminazione diretta.',
      courts: { create: hours }, createdAt: new Date(hours[0]!.startsAt.getTime() - 31 * DAY_MS),
    },
  });
  const entries = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const createdAt = new Date(past.registrationOpensAt.getTime() + (pair + 1) * 3_600_000);
    const entry = await tx.tournamentEntry.create({ data: { tournamentId: past.id, status: 'confirmed', seed: pair + 1, createdById: players[pair * 2]!.id, createdAt } });
    await tx.tournamentPlayer.createMany({
      data: [players[pair * 2]!, players[pair * 2 + 1]!].map((user) => ({ entryId: entry.id, tournamentId: past.id, userId: user.id, feeCents: 0, acceptedAt: createdAt, createdAt })),
    });
    entries.push(entry);
  }

  // Drawn, placed, then every ready match played with a valid one-set score until the last place is known.
  let state = await createDraw('pools_knockout', entries.map((entry, index) => ({ id: entry.id, seed: index + 1 })));
  const placed = schedule({
    matches: matchesOf(state).filter((match) => match.status !== 'bye').map((match, order) => ({
      key: match.key, order, feeders: match.feeders, minutes: past.matchMinutes,
      participants: match.sides.flatMap((side) => (side.kind === 'entries' ? side.entryIds : [])),
    })),
    courts: hours.map((row) => ({ courtId: row.courtId, lit: court.hasLights, from: row.startsAt, to: row.endsAt })),
    restMinutes: past.restMinutes,
  }).placed;
  for (let ready = matchesOf(state).filter((match) => match.status === 'ready'); ready.length > 0; ready = matchesOf(state).filter((match) => match.status === 'ready')) {
    for (const match of ready) {
      const loser = random.int(9, 19);
      state = await recordResult(state, match.key, [random.chance(0.5) ? { a: 21, b: loser } : { a: loser, b: 21 }], 'one_set_21');
    }
  }
  const slotOf = new Map(placed.map((slot) => [slot.key, slot]));
  const matches = matchesOf(state);
  await tx.tournamentMatch.createMany({
    data: matches.map((match) => {
      const slot = slotOf.get(match.key);
      return { tournamentId: past.id, key: match.key, courtId: slot?.courtId ?? null, startsAt: slot?.startsAt ?? null, endsAt: slot?.endsAt ?? null, playedAt: match.status === 'played' ? (slot?.endsAt ?? null) : null };
    }),
  });
  const places = new Map(placements(state).map((row) => [row.entryId, row.place]));
  await tx.tournament.update({ where: { id: past.id }, data: { draw: state as unknown as Prisma.InputJsonValue, status: 'finished', liveVersion: 1 } });
  await tx.rankingResult.createMany({
    data: entries.flatMap((entry, pair) =>
      [players[pair * 2]!, players[pair * 2 + 1]!].map((user) => {
        const place = places.get(entry.id)!;
        return { tournamentId: past.id, userId: user.id, sport: past.sport, category: past.category, place, points: pointsForPlace(place), earnedOn: fromIsoDate(sunday) };
      }),
    ),
  });

  // The next one: the first Saturday at least three weeks ahead, registration open since yesterday until the
  // Wednesday before; A1 held by a closure, as the organiser's set-up does.
  // A week later while demo bookings already hold A1 that day.
  let nextSaturday = saturdayOnOrBefore(addDays(todayInRome(now), 27));
  const dayOn = (date: string) => ({ courtId: court.id, startsAt: instantInRome(date, '09:00'), endsAt: instantInRome(date, '20:00') });
  while (await tx.booking.count({ where: { courtId: court.id, status: { in: ['pending_payment', 'confirmed'] }, startsAt: { lt: dayOn(nextSaturday).endsAt }, endsAt: { gt: dayOn(nextSaturday).startsAt } } })) {
    nextSaturday = addDays(nextSaturday, 7);
  }
  const day = dayOn(nextSaturday);
  const name = 'Adriatica Beach Cup';
  const closure = await tx.courtClosure.create({ data: { courtId: court.id, startsAt: day.startsAt, endsAt: day.endsAt, reason: `Torneo ${name}`, createdAt: now } });
  await tx.tournament.create({
    data: {
      name, sport: 'beach_volley', category: 'mixed', format: 'pools_knockout', matchFormat: 'one_set_21', matchMinutes: 30, restMinutes: 20,
      entryFeeCents: 1500, maxEntries: 16, status: 'published',
      registrationOpensAt: new Date(now.getTime() - DAY_MS), registrationClosesAt: instantInRome(addDays(nextSaturday, -3), '23:59'),
      startsOn: fromIsoDate(nextSaturday), endsOn: fromIsoDate(nextSaturday), createdAt: now, updatedAt: now,
      rulesText: 'Coppie miste. Un set a 21 punti con due punti di scarto; gironi da 4, poi eliminazione diretta. Quota di 15 € a giocatore; ritiro con rimborso fino alla chiusura delle iscrizioni.',
      courts: { create: [{ ...day, closureId: closure.id }] },
    },
  });
  return { tournaments: 2, matches: matches.length };
}
