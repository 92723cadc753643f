// The scheduler against random days: 3–6 courts opening 8:00–10:00 and closing 18:00–22:00 (some unlit)
// on any date of the year, matches of 20–60 minutes, rests of 0–30, and draws shaped like real ones
// (pools of 4 whose pairs play again and again, then a knockout fed by two pools or by all of them; a
// single elimination; King of the Beach, as drawn and over more rounds). Whatever it places breaks no rule,
// every match is placed or reported unplaced exactly once, and given enough days everything is placed, never
// in less than the day's lower bound.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@beach/contracts';
import { instantInRome } from '../../../lib/time.js';
import { courtsOn, kingOfTheBeach, kingOfTheBeachRounds, knockout, roundRobin, singleElimination } from './sample-draws.js';
import { dependencyBoundMinutes, moveMatch, schedule, violations, type CourtHours, type MatchToPlace, type ScheduleInput } from './index.js';

const RUNS = 100;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Pools of 4 (pairs 1…4n), then a knockout whose first-round match i waits for two pools (1st of one, 2nd of another) or for all. */
function poolsWithKnockout(pools: number, knockoutPairs: number, fedByAllPools: boolean, thirdPlace: boolean): MatchToPlace[] {
  const poolMatches = Array.from({ length: pools }, (_, pool) => roundRobin(`G${pool + 1}`, [1, 2, 3, 4].map((seat) => 4 * pool + seat), 1, 45));
  if (knockoutPairs === 0) return poolMatches.flat();
  const keysOf = (pool: number) => poolMatches[pool % pools]!.map((match) => match.key);
  const firstRound = Array.from({ length: knockoutPairs / 2 }, (_, i) => ({
    participants: [],
    feeders: fedByAllPools ? poolMatches.flat().map((match) => match.key) : [...new Set([...keysOf(i), ...keysOf(i + 1)])],
  }));
  return [...poolMatches.flat(), ...knockout('T', firstRound, 10, 45, thirdPlace)];
}

const drawShape = fc.oneof(
  fc
    .record({ pools: fc.integer({ min: 1, max: 6 }), knockoutPower: fc.integer({ min: 0, max: 3 }), fedByAllPools: fc.boolean(), thirdPlace: fc.boolean() })
    .map(({ pools, knockoutPower, fedByAllPools, thirdPlace }) => poolsWithKnockout(pools, knockoutPower === 0 ? 0 : Math.min(2 ** knockoutPower, 4 * pools), fedByAllPools, thirdPlace)),
  fc.record({ power: fc.integer({ min: 1, max: 5 }), thirdPlace: fc.boolean() }).map(({ power, thirdPlace }) => singleElimination(2 ** power, 45, thirdPlace)),
  fc.integer({ min: 2, max: 6 }).map((pools) => kingOfTheBeach(4 * pools, 25)),
  fc.integer({ min: 1, max: 6 }).map((groups) => kingOfTheBeachRounds(4 * groups, 25)),
);

/** A draw with its own random length for every match. */
const draw = drawShape.chain((matches) =>
  fc.array(fc.integer({ min: 20, max: 60 }), { minLength: matches.length, maxLength: matches.length }).map((lengths) => matches.map((match, i) => ({ ...match, minutes: lengths[i]! }))),
);

const court = fc.record({ lit: fc.boolean(), opens: fc.integer({ min: 8 * 12, max: 10 * 12 }), closes: fc.integer({ min: 18 * 12, max: 22 * 12 }) });
const day = fc.integer({ min: 0, max: 364 }).map((offset) => addDays('2027-01-01', offset));

const randomDay = fc
  .record({ matches: draw, courts: fc.array(court, { minLength: 3, maxLength: 6 }), date: day, restMinutes: fc.integer({ min: 0, max: 30 }), changeoverMinutes: fc.integer({ min: 0, max: 10 }), slotMinutes: fc.constantFrom(1, 5, 10, 15) })
  .map(({ courts, date, ...rest }): ScheduleInput => ({
    ...rest,
    // Hours on a 5-minute grid, as the back office sets them.
    courts: courts.map((hours, i) => ({ courtId: i + 1, lit: hours.lit, from: instantInRome(date, hhmm(hours.opens * 5)), to: instantInRome(date, hhmm(hours.closes * 5)) })),
  }));

function expectEveryMatchOnce(input: ScheduleInput, placed: { key: string }[], unplaced: string[]) {
  const reported = [...placed.map((placement) => placement.key), ...unplaced].sort();
  expect(reported).toEqual(input.matches.map((match) => match.key).sort());
}

describe('the scheduler on random days', () => {
  it('breaks no rule, and places or reports every match exactly once', () => {
    fc.assert(
      fc.property(randomDay, (input) => {
        const { placed, unplaced } = schedule(input);
        expect(violations(input, placed)).toEqual([]);
        expectEveryMatchOnce(input, placed, unplaced);
      }),
      { numRuns: RUNS },
    );
  });

  it('places everything when the courts open on enough days', () => {
    fc.assert(
      fc.property(randomDay, (input) => {
        // Enough even one match after another on a single court: each match with its rest, 8:00–22:00 a
        // day on lit courts (an unlit one in December would stop at 16:30).
        const serialMinutes = input.matches.reduce((sum, match) => sum + match.minutes + Math.max(input.restMinutes, input.changeoverMinutes ?? 5) + (input.slotMinutes ?? 5), 0);
        const days = Math.ceil(serialMinutes / (14 * 60 - 60)) + 1;
        const date = input.courts[0]!.from.toISOString().slice(0, 10);
        const courts: CourtHours[] = Array.from({ length: days }, (_, d) => courtsOn(addDays(date, d), input.courts.map(({ courtId }) => ({ courtId, lit: true })), '08:00', '22:00')).flat();
        const roomy = { ...input, courts };
        const { placed, unplaced } = schedule(roomy);
        expect(unplaced).toEqual([]);
        expect(violations(roomy, placed)).toEqual([]);
        expectEveryMatchOnce(roomy, placed, unplaced);
        // The bound is one: no plan that keeps the rules is shorter.
        const dayMinutes = (Math.max(...placed.map((p) => p.endsAt.getTime())) - Math.min(...placed.map((p) => p.startsAt.getTime()))) / 60_000;
        expect(dayMinutes).toBeGreaterThanOrEqual(dependencyBoundMinutes(roomy));
      }),
      { numRuns: RUNS },
    );
  });

  it('after a manual move anywhere, only the moved match can break a rule, and `shifted` says what changed', () => {
    const withMove = randomDay.chain((input) =>
      fc.record({ input: fc.constant(input), matchIndex: fc.nat(input.matches.length - 1), courtIndex: fc.nat(input.courts.length - 1), minutesIn: fc.integer({ min: 0, max: 14 * 60 }) }),
    );
    fc.assert(
      fc.property(withMove, ({ input, matchIndex, courtIndex, minutesIn }) => {
        const current = schedule(input).placed;
        const hours = input.courts[courtIndex]!;
        const move = { key: input.matches[matchIndex]!.key, courtId: hours.courtId, startsAt: new Date(hours.from.getTime() + minutesIn * 60_000) };
        const { placed, unplaced, shifted, conflicts } = moveMatch(input, current, move);
        expect(placed.find((placement) => placement.key === move.key)).toMatchObject({ courtId: move.courtId, startsAt: move.startsAt });
        for (const conflict of conflicts) expect(conflict).toContain(move.key);
        expect(violations({ ...input, pinned: [move] }, placed)).toEqual(conflicts);
        expectEveryMatchOnce(input, placed, unplaced);
        const before = new Map(current.map((placement) => [placement.key, placement]));
        for (const placement of placed) {
          const was = before.get(placement.key);
          const moved = !was || was.courtId !== placement.courtId || was.startsAt.getTime() !== placement.startsAt.getTime();
          expect(shifted.some((shift) => shift.key === placement.key)).toBe(moved);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
