// The scheduler on a real tournament day: 24 pairs in 6 pools of 4, then a 16-pair knockout with a match
// for third place, on 4 courts (court 4 unlit); the sunset of July and of late October; a manual move;
// re-planning during the day.
import { describe, expect, it } from 'vitest';
import { timeOf } from '../../../lib/time.js';
import { courtsOn, kingOfTheBeach, kingOfTheBeachRounds, poolsThenKnockout } from './sample-draws.js';
import { dependencyBoundMinutes, lowerBoundMinutes, moveMatch, schedule, sunsetOn, violations, type Placement, type ScheduleInput } from './index.js';

const COURTS = [
  { courtId: 1, lit: true },
  { courtId: 2, lit: true },
  { courtId: 3, lit: true },
  { courtId: 4, lit: false },
];
const matches = poolsThenKnockout({ pairs: 24, poolSize: 4, knockoutPairs: 16, minutes: 45, thirdPlace: true });
const isPool = (key: string) => key.startsWith('G');
const dayOf = (date: string, to = '20:00'): ScheduleInput => ({ matches, courts: courtsOn(date, COURTS, '09:00', to), restMinutes: 20 });
const lastEnd = (placed: Placement[]) => Math.max(...placed.map((placement) => placement.endsAt.getTime()));
const firstStart = (placed: Placement[]) => Math.min(...placed.map((placement) => placement.startsAt.getTime()));

describe('a 24-pair day', () => {
  it('has 36 pool matches and 16 knockout matches (15 and the one for third place)', () => {
    expect(matches.filter((match) => isPool(match.key))).toHaveLength(36);
    expect(matches.filter((match) => !isPool(match.key))).toHaveLength(16);
  });

  it('over Saturday and Sunday (9:00–20:00): everything placed, no rule broken, the knockout after the last pool match', () => {
    const input: ScheduleInput = { ...dayOf('2027-07-10'), courts: [...courtsOn('2027-07-10', COURTS, '09:00', '20:00'), ...courtsOn('2027-07-11', COURTS, '09:00', '20:00')] };
    const { placed, unplaced } = schedule(input);
    expect(unplaced).toEqual([]);
    expect(placed).toHaveLength(52);
    expect(violations(input, placed)).toEqual([]);
    const pools = placed.filter((placement) => isPool(placement.key));
    const knockout = placed.filter((placement) => !isPool(placement.key));
    expect(firstStart(knockout)).toBeGreaterThanOrEqual(lastEnd(pools) + 20 * 60_000);
    // 36 matches of 45 minutes on 4 courts with 5 minutes of changeover: 9 rounds, the last ending at 16:25.
    expect(timeOf(new Date(lastEnd(pools)))).toBe('16:25');
  });

  it('on one July day (9:00–20:00) the last rounds cannot fit: they are reported unplaced, and what is placed breaks no rule', () => {
    // The pools end at 16:25 at best (above); the final waits for the round of 16, the quarter- and the
    // semi-final, each 45 minutes after 20 of rest: 16:25 + 4 × (20 + 45) = 20:45, after the courts close.
    const input = dayOf('2027-07-10');
    const { placed, unplaced } = schedule(input);
    expect(violations(input, placed)).toEqual([]);
    expect(placed.filter((placement) => isPool(placement.key))).toHaveLength(36);
    expect(unplaced).toContain('T4-1');
    expect([...placed.map((placement) => placement.key), ...unplaced].sort()).toEqual(matches.map((match) => match.key).sort());
    expect(lastEnd(placed)).toBeLessThanOrEqual(input.courts[0]!.to.getTime());
  });

  it('with the courts open until 23:00, all are placed and the day ends at 21:35 (lower bound 585 minutes)', () => {
    const input = dayOf('2027-07-10', '23:00');
    const { placed, unplaced } = schedule(input);
    expect(unplaced).toEqual([]);
    expect(violations(input, placed)).toEqual([]);
    expect(lowerBoundMinutes(input)).toBe(585);
    expect(timeOf(new Date(lastEnd(placed)))).toBe('21:35');
  });

  it('the unlit court stops by sunset: about 20:50 in July, earlier in late October, while the lit courts go on', () => {
    expect(timeOf(sunsetOn('2027-07-10'))).toBe('20:53');
    expect(timeOf(sunsetOn('2027-10-30'))).toBe('18:03');
    const onUnlit = (placed: Placement[]) => placed.filter((placement) => placement.courtId === 4);
    const july = dayOf('2027-07-10', '23:00');
    const october = dayOf('2027-10-30', '23:00');
    const inJuly = schedule(july).placed;
    const { placed: inOctober, unplaced } = schedule(october);
    expect(unplaced).toEqual([]);
    expect(violations(october, inOctober)).toEqual([]);
    expect(lastEnd(onUnlit(inOctober))).toBeLessThanOrEqual(sunsetOn('2027-10-30').getTime());
    const unlitEndsAt = (placed: Placement[]) => timeOf(new Date(lastEnd(onUnlit(placed))));
    expect(unlitEndsAt(inJuly) > '20:00').toBe(true);
    expect(unlitEndsAt(inOctober) <= '18:03').toBe(true);
    expect(lastEnd(inOctober)).toBeGreaterThan(sunsetOn('2027-10-30').getTime());
  });
});

describe('the organiser moves a match', () => {
  const input = dayOf('2027-07-10', '24:00');
  const current = schedule(input).placed;
  const at = (time: string) => new Date(`2027-07-10T${time}:00+02:00`);

  it('a pool match moved later: pinned there, the knockout waits for it, and `shifted` lists what moved', () => {
    const pool = current.find((placement) => placement.key === 'G1-3-1')!;
    const { placed, unplaced, shifted, conflicts } = moveMatch(input, current, { key: 'G1-3-1', courtId: 1, startsAt: at('17:00') });
    expect(conflicts).toEqual([]);
    expect(unplaced).toEqual([]);
    expect(violations({ ...input, pinned: [{ key: 'G1-3-1', courtId: 1, startsAt: at('17:00') }] }, placed)).toEqual([]);
    expect(shifted.find((shift) => shift.key === 'G1-3-1')).toEqual({ key: 'G1-3-1', from: pool, to: { key: 'G1-3-1', courtId: 1, startsAt: at('17:00'), endsAt: at('17:45') } });
    // Every knockout match depends on the pools: all start later now; the other pool matches stay.
    const shiftedKeys = shifted.map((shift) => shift.key);
    expect(shiftedKeys.filter((key) => isPool(key))).toEqual(['G1-3-1']);
    expect(shiftedKeys.filter((key) => !isPool(key)).sort()).toEqual(matches.filter((match) => !isPool(match.key)).map((match) => match.key).sort());
    for (const shift of shifted.filter((shift) => !isPool(shift.key))) {
      expect(shift.to!.startsAt.getTime()).toBeGreaterThan(shift.from!.startsAt.getTime());
      expect(shift.to!.startsAt >= at('18:05')).toBe(true);
    }
  });

  it('a knockout match moved before its feeders end: kept where the organiser put it, the broken rule reported', () => {
    const { placed, conflicts } = moveMatch(input, current, { key: 'T4-1', courtId: 2, startsAt: at('12:00') });
    expect(placed.find((placement) => placement.key === 'T4-1')).toMatchObject({ courtId: 2, startsAt: at('12:00') });
    expect(conflicts).toContain('T4-1: inizia prima che T3-1 finisca e passino 20 min di riposo');
  });
});

describe('re-planning during the day', () => {
  it('leaves out the played matches, places nothing before now, and gives their players the rest', () => {
    const input = dayOf('2027-07-10', '24:00');
    const morning = schedule(input).placed;
    const now = new Date('2027-07-10T12:02:00+02:00');
    const played = morning.filter((placement) => placement.endsAt <= now).map((placement) => ({ key: placement.key, endedAt: placement.endsAt }));
    const replanned: ScheduleInput = { ...input, played, earliest: now };
    const { placed, unplaced } = schedule(replanned);
    expect(played.length).toBeGreaterThan(0);
    expect(unplaced).toEqual([]);
    expect(placed).toHaveLength(52 - played.length);
    expect(violations(replanned, placed)).toEqual([]);
    expect(Math.min(...placed.map((placement) => placement.startsAt.getTime()))).toBeGreaterThanOrEqual(now.getTime());
    expect(violations(replanned, [...placed, morning[0]!])).toContain(`${morning[0]!.key}: già giocata, non va riprogrammata`);
  });
});

describe('a King of the Beach day (24 players, 25 min, rest 15, 4 courts)', () => {
  const kobDay = (matches: ReturnType<typeof kingOfTheBeach>): ScheduleInput => ({ matches, courts: courtsOn('2027-07-10', COURTS, '09:00', '20:00'), restMinutes: 15 });
  const dayMinutes = (placed: Placement[]) => (lastEnd(placed) - firstStart(placed)) / 60_000;
  const restOf = (input: ScheduleInput, placed: Placement[], player: number) => {
    const own = placed.filter((placement) => input.matches.find((match) => match.key === placement.key)!.participants.includes(player)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    return own.slice(1).map((placement, i) => (placement.startsAt.getTime() - own[i]!.endsAt.getTime()) / 60_000);
  };

  it('as drawn (6 pools, then the final pool): within 1.2× of its bound, every player resting 15 minutes between matches', () => {
    const input = kobDay(kingOfTheBeach(24, 25));
    const { placed, unplaced } = schedule(input);
    expect(unplaced).toEqual([]);
    expect(placed).toHaveLength(21);
    expect(violations(input, placed)).toEqual([]);
    // The final pool waits for 18 pool matches (113 min on 4 courts) and 15 of rest, then its three matches
    // share the four finalists: 3 × 25 + 2 × 15.
    expect(dependencyBoundMinutes(input)).toBe(113 + 15 + 105);
    expect(dayMinutes(placed)).toBeLessThanOrEqual(1.2 * dependencyBoundMinutes(input));
    for (const player of [1, 24, -1, -4]) expect(Math.min(...restOf(input, placed, player))).toBeGreaterThanOrEqual(15);
    const finals = placed.filter((placement) => placement.key.startsWith('KF'));
    const pools = placed.filter((placement) => !placement.key.startsWith('KF'));
    expect(firstStart(finals)).toBeGreaterThanOrEqual(lastEnd(pools) + 15 * 60_000);
  });

  it('over four rounds of groups (36 matches): the bound counts each group’s chain (7h45), and the plan keeps within 1.2× of it', () => {
    const input = kobDay(kingOfTheBeachRounds(24, 25));
    const { placed, unplaced } = schedule(input);
    expect(unplaced).toEqual([]);
    expect(violations(input, placed)).toEqual([]);
    // Four groups one after another, each 3 × 25 + 2 × 15, with 15 of rest between them.
    expect(dependencyBoundMinutes(input)).toBe(4 * 105 + 3 * 15);
    expect(dayMinutes(placed)).toBeLessThanOrEqual(1.2 * dependencyBoundMinutes(input));
  });
});
