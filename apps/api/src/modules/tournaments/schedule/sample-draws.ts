// Draw shapes as the scheduler sees them, for its tests and bench (bench/tournament-schedule.ts): pools
// played round robin, knockouts whose matches wait for their feeders, King of the Beach pools.
import { instantInRome } from '../../../lib/time.js';
import type { CourtHours, MatchToPlace } from './types.js';

/** Round robin by the circle method: every entry meets every other once, one match per entry per round. */
export function roundRobin(label: string, entries: number[], firstOrder: number, minutes: number): MatchToPlace[] {
  const seats: (number | null)[] = entries.length % 2 === 0 ? [...entries] : [...entries, null];
  const matches: MatchToPlace[] = [];
  for (let round = 0; round < seats.length - 1; round++) {
    for (let i = 0; i < seats.length / 2; i++) {
      const home = seats[i];
      const away = seats[seats.length - 1 - i];
      if (home != null && away != null) matches.push({ key: `${label}-${round + 1}-${i + 1}`, participants: [home, away], feeders: [], minutes, order: firstOrder + round });
    }
    seats.splice(1, 0, seats.pop()!);
  }
  return matches;
}

/** A knockout from its first round; each later match is fed by two of the round before; the losers of the semi-finals may play for third place. */
export function knockout(label: string, firstRound: { participants: number[]; feeders: string[] }[], firstOrder: number, minutes: number, thirdPlace: boolean): MatchToPlace[] {
  let round = firstRound.map((match, i) => ({ key: `${label}1-${i + 1}`, ...match, minutes, order: firstOrder }));
  const matches: MatchToPlace[] = [...round];
  for (let depth = 2; round.length > 1; depth++) {
    const previous = round;
    round = Array.from({ length: previous.length / 2 }, (_, i) => ({
      key: `${label}${depth}-${i + 1}`,
      participants: [],
      feeders: [previous[2 * i]!.key, previous[2 * i + 1]!.key],
      minutes,
      order: firstOrder + depth - 1,
    }));
    if (round.length === 1 && thirdPlace && previous.length === 2) {
      matches.push({ key: `${label}-3posto`, participants: [], feeders: previous.map((match) => match.key), minutes, order: firstOrder + depth - 1 });
    }
    matches.push(...round);
  }
  return matches;
}

/**
 * Pools of `poolSize` pairs (ids 1…pairs), then a knockout of `knockoutPairs`: its first round waits for
 * every pool match (the best thirds are known only when all pools ended).
 */
export function poolsThenKnockout(options: { pairs: number; poolSize: number; knockoutPairs: number; minutes: number; knockoutMinutes?: number; thirdPlace: boolean }): MatchToPlace[] {
  const pools: MatchToPlace[] = [];
  for (let first = 1, pool = 1; first <= options.pairs; first += options.poolSize, pool++) {
    const entries = Array.from({ length: Math.min(options.poolSize, options.pairs - first + 1) }, (_, i) => first + i);
    pools.push(...roundRobin(`G${pool}`, entries, 1, options.minutes));
  }
  const poolKeys = pools.map((match) => match.key);
  const firstRound = Array.from({ length: options.knockoutPairs / 2 }, () => ({ participants: [], feeders: poolKeys }));
  return [...pools, ...knockout('T', firstRound, 100, options.knockoutMinutes ?? options.minutes, options.thirdPlace)];
}

/** A single-elimination draw of `pairs` (a power of two) pairs, ids 1…pairs. */
export function singleElimination(pairs: number, minutes: number, thirdPlace: boolean): MatchToPlace[] {
  const firstRound = Array.from({ length: pairs / 2 }, (_, i) => ({ participants: [2 * i + 1, 2 * i + 2], feeders: [] }));
  return knockout('T', firstRound, 1, minutes, thirdPlace);
}

const kobGroup = (key: string, [a, b, c, d]: number[], feeders: string[], order: number, minutes: number): MatchToPlace[] =>
  [[a, b, c, d], [a, c, b, d], [a, d, b, c]].map((participants, i) => ({ key: `${key}-${i + 1}`, participants: participants as number[], feeders, minutes, order }));

/**
 * King of the Beach as the draw makes it: pools of four players (ids 1…players), each playing once with each
 * other as partner (AB–CD, AC–BD, AD–BC), then a final pool of four, the same rotation, waiting for every
 * pool match. Its players are not known yet: they stand as placeholder ids (−1…−4, one per seat), so no one
 * is asked to play two of its matches at once.
 */
export function kingOfTheBeach(players: number, minutes: number): MatchToPlace[] {
  const pools = Array.from({ length: players / 4 }, (_, g) => kobGroup(`KP${g + 1}`, [1, 2, 3, 4].map((seat) => 4 * g + seat), [], 1, minutes)).flat();
  return [...pools, ...kobGroup('KF', [-1, -2, -3, -4], pools.map((match) => match.key), 2, minutes)];
}

/**
 * A longer King of the Beach the draw does not make (a shape for the bench and the property test): the best
 * two of two groups make a group of the next round, down to a final group, each later group's players
 * placeholders (negative, one per seat).
 */
export function kingOfTheBeachRounds(players: number, minutes: number): MatchToPlace[] {
  let groups = Array.from({ length: players / 4 }, (_, g) => kobGroup(`R1G${g + 1}`, [1, 2, 3, 4].map((seat) => 4 * g + seat), [], 1, minutes));
  const matches = groups.flat();
  let nextSeat = -1;
  for (let round = 2; groups.length > 1; round++) {
    const previous = groups;
    groups = Array.from({ length: Math.ceil(previous.length / 2) }, (_, g) => {
      const feeders = previous.slice(2 * g, 2 * g + 2).flat().map((match) => match.key);
      return kobGroup(`R${round}G${g + 1}`, [nextSeat--, nextSeat--, nextSeat--, nextSeat--], feeders, round, minutes);
    });
    matches.push(...groups.flat());
  }
  return matches;
}

/** The same hours on every listed court on one Rome date. */
export function courtsOn(date: string, courts: { courtId: number; lit: boolean }[], from: string, to: string): CourtHours[] {
  return courts.map((court) => ({ ...court, from: instantInRome(date, from), to: instantInRome(date, to) }));
}
