import { describe, expect, it } from 'vitest';
import { checkSets } from './match-format.js';
import { type PlayedMatch, rankAcross, rankPool } from './standings.js';

const won = (sets: [number, number][]) => sets.map(([a, b]) => ({ a, b }));

describe('match formats', () => {
  it.each([
    [[[21, 19], [21, 15]], 'a'], [[[25, 23], [19, 21], [15, 13]], 'a'], [[[18, 21], [22, 24]], 'b'], [[[21, 0], [0, 21], [17, 19]], 'b'],
  ] as [[number, number][], string][])('best of three: %j is a result', (sets, winner) => {
    expect(checkSets('best_of_three_21', won(sets))).toEqual({ ok: true, winner });
  });
  it.each([
    [[[21, 20], [21, 15]]], [[[26, 22], [21, 15]]], [[[21, 19]]], [[[21, 19], [21, 15], [15, 10]]], [[[21, 19], [19, 21]]],
    [[[21, 19], [19, 21], [17, 12]]], [[[21, 19], [19, 21], [14, 12]]], [[[-1, 21], [21, 19]]], [[[21.5, 19], [21, 19]]],
  ] as [[number, number][]][])('best of three: %j is not', (sets) => {
    expect(checkSets('best_of_three_21', won(sets)).ok).toBe(false);
  });
  it('one set to 21, or any lead when time is up', () => {
    expect(checkSets('one_set_21', won([[21, 19]]))).toEqual({ ok: true, winner: 'a' });
    expect(checkSets('one_set_21', won([[22, 24]]))).toEqual({ ok: true, winner: 'b' });
    expect(checkSets('one_set_21', won([[21, 20]]))).toMatchObject({ ok: false, message: { message: expect.stringContaining('due punti di scarto') } });
    expect(checkSets('one_set_21', won([[21, 19], [21, 19]])).ok).toBe(false);
    expect(checkSets('one_set_21', won([[14, 12]]), { timeCapped: true })).toEqual({ ok: true, winner: 'a' });
    expect(checkSets('one_set_21', won([[14, 14]]), { timeCapped: true }).ok).toBe(false);
  });
  it('a beach tennis set: 6 by two, 7–5, 7–6', () => {
    for (const set of [[6, 0], [6, 4], [7, 5], [6, 7]] as [number, number][]) expect(checkSets('beach_tennis_set_6', won([set])).ok).toBe(true);
    for (const set of [[6, 5], [7, 4], [8, 6], [5, 3], [6, 6]] as [number, number][]) expect(checkSets('beach_tennis_set_6', won([set])).ok).toBe(false);
  });
});

const match = (a: number, b: number, sets: [number, number][]): PlayedMatch => {
  const scores = won(sets);
  const setsA = scores.filter((set) => set.a > set.b).length;
  return { teams: [[a], [b]], sets: scores, winner: setsA * 2 > scores.length ? 'a' : 'b' };
};
const order = (rows: { entryId: number }[]) => rows.map((row) => row.entryId);

describe('FIVB standings', () => {
  it('two tied on wins: who won their match', () => {
    // 2 and 3 both win two; 3 beat 2 although 2 has the better set ratio.
    const matches = [
      match(1, 2, [[10, 21], [10, 21]]), match(1, 3, [[10, 21], [10, 21]]), match(1, 4, [[21, 10], [21, 10]]),
      match(2, 3, [[21, 10], [19, 21], [13, 15]]), match(2, 4, [[21, 10], [21, 10]]), match(3, 4, [[10, 21], [10, 21]]),
    ];
    expect(order(rankPool([1, 2, 3, 4], matches))).toEqual([3, 2, 1, 4]);
  });

  it('three tied in a circle: set ratio', () => {
    // 1 beats 2, 2 beats 3, 3 beats 1; all beat 4. Sets: 3 5–2, 2 5–3, 1 4–3.
    const circle = [
      match(1, 2, [[21, 19], [19, 21], [15, 13]]), match(2, 3, [[21, 19], [19, 21], [15, 13]]), match(3, 1, [[21, 10], [21, 10]]),
      match(1, 4, [[21, 5], [21, 5]]), match(2, 4, [[21, 19], [21, 19]]), match(3, 4, [[21, 19], [21, 19]]),
    ];
    const rows = rankPool([1, 2, 3, 4], circle);
    expect(order(rows)).toEqual([3, 2, 1, 4]);
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
    expect(rows[2]).toMatchObject({ won: 2, setsWon: 4, setsLost: 3 });
  });

  it('three tied in a circle with equal sets: point ratio', () => {
    // Every circle match 2–1 with the same points; all 5–3 in sets; the margins against 4 decide.
    const close: [number, number][] = [[21, 19], [19, 21], [15, 13]];
    const circle = [
      match(1, 2, close), match(2, 3, close), match(3, 1, close),
      match(1, 4, [[21, 5], [21, 5]]), match(2, 4, [[21, 10], [21, 10]]), match(3, 4, [[21, 19], [21, 19]]),
    ];
    expect(order(rankPool([3, 2, 1, 4], circle))).toEqual([1, 2, 3, 4]);
  });

  it('still tied on everything: the better seed (the order given)', () => {
    const symmetric = [match(1, 2, [[21, 19], [21, 19]]), match(2, 3, [[21, 19], [21, 19]]), match(3, 1, [[21, 19], [21, 19]])];
    expect(order(rankPool([1, 2, 3], symmetric))).toEqual([1, 2, 3]);
  });

  it('best thirds across pools: wins, set ratio, point ratio, no head-to-head', () => {
    const third = (entryId: number, won: number, setsWon: number, setsLost: number, pointsWon: number, pointsLost: number) =>
      ({ entryId, played: 3, won, lost: 3 - won, setsWon, setsLost, pointsWon, pointsLost });
    const ranked = rankAcross([third(1, 1, 2, 4, 100, 110), third(2, 2, 4, 4, 140, 150), third(3, 1, 2, 4, 110, 110), third(4, 1, 3, 4, 120, 130)]);
    expect(order(ranked)).toEqual([2, 4, 3, 1]);
  });
});
