// Who goes where: pools by snake seeding, the bracket's seed positions, and the FIVB knockout after pools.
import { DRAW_MESSAGES, DrawError } from './messages.js';
import type { DrawEntry, DrawPool, DrawSide } from './types.js';

export const poolName = (index: number) => String.fromCharCode(65 + index);
export const nextPowerOfTwo = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(count, 2)));
export const bySeed = (entries: DrawEntry[]) => [...entries].sort((x, y) => x.seed - y.seed || x.id - y.id);

/** Pools of 3 or 4 (`poolSize` the usual one): seeds 1, 2, 3… in pools A, B, C…, back the other way in the next row. */
export function snakePools(entries: DrawEntry[], poolSize: 3 | 4): DrawPool[] {
  const count = entries.length;
  const poolCount = poolSize === 4 ? Math.ceil(count / 4) : Math.floor(count / 3);
  if (poolCount < 1 || count < 3 * poolCount || count > 4 * poolCount) throw new DrawError(DRAW_MESSAGES.poolsDontFit, 422);
  const pools: DrawPool[] = Array.from({ length: poolCount }, (_, index) => ({ name: poolName(index), entryIds: [] }));
  bySeed(entries).forEach((entry, index) => {
    const row = Math.floor(index / poolCount);
    const column = index % poolCount;
    pools[row % 2 === 0 ? column : poolCount - 1 - column]!.entryIds.push(entry.id);
  });
  return pools;
}

/** Seed (1-based) at each bracket position, so that seeds 1 and 2 can only meet in the final: 1, 8, 4, 5, 2, 7, 3, 6. */
export function seedPositions(size: number): number[] {
  let seeds = [1];
  while (seeds.length < size) {
    const doubled = seeds.length * 2;
    seeds = seeds.flatMap((seed) => [seed, doubled + 1 - seed]);
  }
  return seeds;
}

/** The round (1 = first) in which the bracket positions x and y can meet. */
export const meetingRound = (x: number, y: number) => Math.floor(Math.log2(x ^ y)) + 1;

/**
 * The knockout after pools, as first-round slots: the smallest power of two ≥ 2 × pools, taking the top two
 * of every pool, then the best thirds (then fourths) to fill it. Winners are seeded 1…n in pool order; each
 * later place of a pool goes to the free seed farthest (latest meeting round) from its own pool's slots.
 */
export function knockoutSlots(pools: DrawPool[]): DrawSide[] {
  const size = nextPowerOfTwo(2 * pools.length);
  const entryCount = pools.reduce((sum, pool) => sum + pool.entryIds.length, 0);
  const qualifiers = Math.min(size, entryCount);
  const positionOfSeed = new Map(seedPositions(size).map((seed, position) => [seed, position]));
  const slots: DrawSide[] = Array.from({ length: size }, () => ({ kind: 'bye' }));
  const poolPositions = new Map(pools.map((pool) => [pool.name, [] as number[]]));
  let seed = 1;
  for (let place = 1; seed <= qualifiers; place += 1) {
    const withPlace = pools.filter((pool) => pool.entryIds.length >= place);
    const left = qualifiers - seed + 1;
    if (left < withPlace.length) {
      // Not every pool's pair at this place gets in: the best ones across pools, pools known only at the end.
      for (let rank = 1; rank <= left; rank += 1, seed += 1) slots[positionOfSeed.get(seed)!] = { kind: 'best', place, rank };
      break;
    }
    const candidates = [...withPlace];
    while (candidates.length > 0) {
      const position = positionOfSeed.get(seed)!;
      const separation = (pool: DrawPool) => Math.min(Number.POSITIVE_INFINITY, ...poolPositions.get(pool.name)!.map((other) => meetingRound(position, other)));
      // Ties (e.g. all the winners, no pool placed yet) go to the first pool in order.
      const pool = candidates.reduce((best, candidate) => (separation(candidate) > separation(best) ? candidate : best));
      candidates.splice(candidates.indexOf(pool), 1);
      slots[position] = { kind: 'pool_place', pool: pool.name, place };
      poolPositions.get(pool.name)!.push(position);
      seed += 1;
    }
  }
  return slots;
}
