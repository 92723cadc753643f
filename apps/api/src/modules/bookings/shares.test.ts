import { describe, expect, it } from 'vitest';
import { splitShares } from './shares.js';

describe('splitShares', () => {
  it('adds up to the price exactly for every price from 1 cent to 100 € and 2 to 4 players, the first taking the remainder', () => {
    const wrong: string[] = [];
    for (let price = 1; price <= 10_000; price++) {
      for (let players = 2; players <= 4; players++) {
        const [first, ...others] = splitShares(price, players);
        const sum = first! + others.reduce((total, share) => total + share, 0);
        // The others pay the same whole cents; the first pays that plus less than one cent per player.
        const fair = others.length === players - 1 && others.every((share) => share === others[0] && Number.isInteger(share) && share >= 0) && first! - others[0]! >= 0 && first! - others[0]! < players;
        if (sum !== price || !fair) wrong.push(`${price}/${players}: ${[first, ...others].join('+')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('splits a 20 € court four ways evenly and 10 € three ways with the cent to the first', () => {
    expect(splitShares(2000, 4)).toEqual([500, 500, 500, 500]);
    expect(splitShares(1000, 3)).toEqual([334, 333, 333]);
    expect(splitShares(2000, 1)).toEqual([2000]);
  });

  it('refuses what is not a price or a number of players', () => {
    expect(() => splitShares(10.5, 2)).toThrow();
    expect(() => splitShares(1000, 0)).toThrow();
  });
});
