// Lower bounds of a day's length (first start → last end), to judge a plan (the tests and the bench): no
// plan that keeps the rules can be shorter (docs/tournaments.md#scheduling).
import type { MatchToPlace, ScheduleInput } from './types.js';

const toPlay = (input: ScheduleInput) => {
  const played = new Set((input.played ?? []).map((match) => match.key));
  return input.matches.filter((match) => !played.has(match.key));
};
const courtCount = (input: ScheduleInput) => new Set(input.courts.map((hours) => hours.courtId)).size;

/** Total match minutes ÷ courts. */
export function lowerBoundMinutes(input: ScheduleInput): number {
  const total = toPlay(input).reduce((sum, match) => sum + match.minutes, 0);
  const courts = courtCount(input);
  return courts === 0 ? Infinity : Math.ceil(total / courts);
}

/** Matches sharing a participant are played one after another, with the rest between: their shortest span. */
const inSequence = (matches: MatchToPlace[], restMinutes: number) =>
  matches.reduce((sum, match) => sum + match.minutes, 0) + (matches.length - 1) * restMinutes;

/**
 * A bound that also sees the draw and the players, on a day of the courts' hours without played matches:
 * a match starts only when everything it waits for (its feeders and theirs) has been played on the courts
 * (their minutes ÷ courts) and rested, and after each participant's matches among them were played one after
 * another; then it and the longest chain waiting for it follow. And each participant's own matches take their
 * minutes and the rests between them. King of the Beach: a pool's three matches share its four players, so
 * they take 3 × minutes + 2 × rest, and the final pool's again after the last pool.
 */
export function dependencyBoundMinutes(input: ScheduleInput): number {
  const matches = toPlay(input);
  const byKey = new Map(matches.map((match) => [match.key, match]));
  const courts = courtCount(input);
  const rest = input.restMinutes;
  const ancestors = new Map<string, MatchToPlace[]>();
  const ancestorsOf = (match: MatchToPlace): MatchToPlace[] => {
    if (!ancestors.has(match.key)) {
      const all = new Map<string, MatchToPlace>();
      for (const feeder of match.feeders.flatMap((key) => byKey.get(key) ?? [])) for (const before of [feeder, ...ancestorsOf(feeder)]) all.set(before.key, before);
      ancestors.set(match.key, [...all.values()]);
    }
    return ancestors.get(match.key)!;
  };
  const starts = new Map<string, number>();
  /** The earliest the match can start, minutes after the day's first start. */
  const startOf = (match: MatchToPlace): number => {
    if (!starts.has(match.key)) {
      const before = ancestorsOf(match);
      let start = before.length > 0 ? Math.ceil(before.reduce((sum, other) => sum + other.minutes, 0) / courts) + rest : 0;
      for (const feeder of match.feeders.flatMap((key) => byKey.get(key) ?? [])) start = Math.max(start, startOf(feeder) + feeder.minutes + rest);
      for (const together of byParticipant(before).values()) start = Math.max(start, Math.min(...together.map(startOf)) + inSequence(together, rest) + rest);
      starts.set(match.key, start);
    }
    return starts.get(match.key)!;
  };
  const tails = new Map<string, number>();
  const tailOf = (match: MatchToPlace): number => {
    if (!tails.has(match.key)) {
      const next = matches.filter((other) => other.feeders.includes(match.key));
      tails.set(match.key, match.minutes + Math.max(0, ...next.map((other) => rest + tailOf(other))));
    }
    return tails.get(match.key)!;
  };
  const participants = [...byParticipant(matches).values()].map((together) => Math.min(...together.map(startOf)) + inSequence(together, rest));
  return Math.max(lowerBoundMinutes(input), ...matches.map((match) => startOf(match) + tailOf(match)), ...participants);
}

function byParticipant(matches: MatchToPlace[]): Map<number, MatchToPlace[]> {
  const groups = new Map<number, MatchToPlace[]>();
  for (const match of matches) for (const participant of match.participants) groups.set(participant, [...(groups.get(participant) ?? []), match]);
  return groups;
}
