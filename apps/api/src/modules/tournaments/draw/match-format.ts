// The match formats: which set scores can be the end of a match, and who won it.
import { DRAW_MESSAGES } from './messages.js';
import type { MatchFormat, SetScore, Side } from './types.js';

type Descriptor = { id: string; message: string };
export type SetsCheck = { ok: true; winner: Side } | { ok: false; message: Descriptor };

const refuse = (message: Descriptor): SetsCheck => ({ ok: false, message });
const isScore = (points: number) => Number.isInteger(points) && points >= 0;

/** A rally-point set to `target` with two clear points and no cap: once past the target, exactly two apart. */
function rallySetWinner({ a, b }: SetScore, target: number): Side | null {
  const [high, low] = a > b ? [a, b] : [b, a];
  const ended = high === target ? low <= target - 2 : high > target && high - low === 2;
  return ended ? (a > b ? 'a' : 'b') : null;
}

/** A beach tennis set: 6 games with two clear (6–0 … 6–4), 7–5, or 7–6 after the tie-break at 6–6. */
function beachTennisSetWinner({ a, b }: SetScore): Side | null {
  const [high, low] = a > b ? [a, b] : [b, a];
  const ended = (high === 6 && low <= 4) || (high === 7 && (low === 5 || low === 6));
  return ended ? (a > b ? 'a' : 'b') : null;
}

/** Sets as played: ok with the winner side, or the Italian reason. */
export function checkSets(format: MatchFormat, sets: SetScore[], options: { timeCapped?: boolean } = {}): SetsCheck {
  if (sets.some((set) => !isScore(set.a) || !isScore(set.b))) return refuse(DRAW_MESSAGES.badScore);
  if (format === 'best_of_three_21') {
    if (sets.length < 2 || sets.length > 3) return refuse(DRAW_MESSAGES.bestOfThree);
    const winners: Side[] = [];
    for (const [index, set] of sets.entries()) {
      const winner = rallySetWinner(set, index < 2 ? 21 : 15);
      if (!winner) return refuse(index < 2 ? DRAW_MESSAGES.setTo21 : DRAW_MESSAGES.setTo15);
      winners.push(winner);
    }
    // The third set only at one set all: 2–0 ends the match, 1–1 needs it.
    const splitAfterTwo = winners[0] !== winners[1];
    if (splitAfterTwo !== (sets.length === 3)) return refuse(DRAW_MESSAGES.bestOfThree);
    return { ok: true, winner: winners[sets.length - 1]! };
  }
  if (sets.length !== 1) return refuse(DRAW_MESSAGES.oneSet);
  const set = sets[0]!;
  if (format === 'one_set_21') {
    if (options.timeCapped) return set.a === set.b ? refuse(DRAW_MESSAGES.timeCapped) : { ok: true, winner: set.a > set.b ? 'a' : 'b' };
    const winner = rallySetWinner(set, 21);
    return winner ? { ok: true, winner } : refuse(DRAW_MESSAGES.setTo21);
  }
  const winner = beachTennisSetWinner(set);
  return winner ? { ok: true, winner } : refuse(DRAW_MESSAGES.beachTennisSet);
}
