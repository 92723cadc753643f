import { describe, expect, it } from 'vitest';
import { createDraw, type DrawEntry, DrawError, type DrawState, KOB_ROTATION, matchesOf, placements, poolStandings, recordResult, type SetScore, type TournamentFormat } from './index.js';

/** Every call goes through JSON, as the API stores the state in a jsonb column. */
const throughJson = (state: DrawState): DrawState => JSON.parse(JSON.stringify(state)) as DrawState;
const entries = (count: number): DrawEntry[] => Array.from({ length: count }, (_, index) => ({ id: 100 + index, seed: index + 1 }));

/** Valid best-of-three scores, varied: a 2–0, a 2–1 with a long set, a 0–2. */
const SCORES: SetScore[][] = [
  [{ a: 21, b: 18 }, { a: 19, b: 21 }, { a: 15, b: 12 }],
  [{ a: 23, b: 21 }, { a: 21, b: 10 }],
  [{ a: 15, b: 21 }, { a: 18, b: 21 }],
  [{ a: 21, b: 19 }, { a: 21, b: 17 }],
];

async function playOut(format: TournamentFormat, count: number) {
  let state = throughJson(await createDraw(format, entries(count)));
  const keysAtStart = matchesOf(state).map((match) => match.key).sort();
  const played = new Set<string>();
  for (let step = 0; ; step += 1) {
    const views = matchesOf(state);
    const match = views.find((view) => view.status === 'ready');
    if (!match) break;
    const statusOf = new Map(views.map((other) => [other.key, other.status]));
    for (const feeder of match.feeders) expect(played.has(feeder) || statusOf.get(feeder) === 'bye', `${match.key} before ${feeder}`).toBe(true);
    expect(placements(state)).toEqual([]);
    state = throughJson(await recordResult(state, match.key, SCORES[step % SCORES.length]!, 'best_of_three_21'));
    played.add(match.key);
  }
  return { state, keysAtStart, played };
}

describe('draws played out to the end', () => {
  const formats: TournamentFormat[] = ['pools_knockout', 'single_elimination', 'double_elimination', 'round_robin', 'king_of_the_beach'];
  for (const format of formats) {
    for (const count of [8, 12, 16, 24]) {
      it(`${format} with ${count} entries`, async () => {
        const { state, keysAtStart } = await playOut(format, count);
        const matches = matchesOf(state);
        expect(matches.map((match) => match.key).sort()).toEqual(keysAtStart);
        expect(matches.every((match) => match.status === 'played' || match.status === 'bye' || match.status === 'not_needed')).toBe(true);
        const places = placements(state);
        expect(places.map((row) => row.entryId).sort()).toEqual(entries(count).map((entry) => entry.id));
        expect(places.filter((row) => row.place === 1)).toHaveLength(1);
        // A side drawn as the winner/loser of a match is who actually won/lost it.
        const byKey = new Map(matches.map((match) => [match.key, match]));
        for (const stored of state.matches) {
          stored.drawnSides.forEach((drawn, index) => {
            if (drawn.kind !== 'winner' && drawn.kind !== 'loser') return;
            const source = byKey.get(drawn.matchKey)!;
            const sourceSide = (source.winner === 'a') === (drawn.kind === 'winner') ? 0 : 1;
            expect(byKey.get(stored.key)!.sides[index]).toEqual(source.sides[sourceSide]);
          });
        }
      });
    }
  }

  it('single elimination gives byes to the top seeds and plays a third place', async () => {
    const state = await createDraw('single_elimination', entries(12));
    const byes = matchesOf(state).filter((match) => match.status === 'bye');
    expect(byes.flatMap((match) => match.sides.flatMap((side) => (side.kind === 'entries' ? side.entryIds : []))).sort()).toEqual([100, 101, 102, 103]);
    expect(matchesOf(state).filter((match) => match.phase === 'third_place')).toHaveLength(1);
    const { state: ended } = await playOut('single_elimination', 12);
    expect(placements(ended).map((row) => row.place).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 5, 5, 5, 9, 9, 9, 9]);
  });

  it('pools and knockout: snake pools, top two and best thirds, same pool apart', async () => {
    const state = await createDraw('pools_knockout', entries(12));
    expect(state.pools.map((pool) => pool.entryIds)).toEqual([[100, 105, 106, 111], [101, 104, 107, 110], [102, 103, 108, 109]]);
    const knockout = matchesOf(state).filter((match) => match.phase === 'knockout' && match.round === 1);
    expect(knockout).toHaveLength(4);
    expect(knockout.every((match) => match.status === 'waiting' && match.feeders.length === 18)).toBe(true);
    const sides = knockout.flatMap((match) => match.sides);
    expect(sides.filter((side) => side.kind === 'best')).toEqual([{ kind: 'best', place: 3, rank: 2 }, { kind: 'best', place: 3, rank: 1 }]);
    // No first-round match between two places of the same pool.
    for (const match of knockout) {
      const [a, b] = match.sides;
      if (a.kind === 'pool_place' && b.kind === 'pool_place') expect(a.pool).not.toBe(b.pool);
    }
    const { state: ended } = await playOut('pools_knockout', 12);
    const poolOf = new Map(ended.pools.flatMap((pool) => pool.entryIds.map((id) => [id, pool.name])));
    for (const match of matchesOf(ended).filter((candidate) => candidate.phase === 'knockout' && candidate.round === 1)) {
      const [a, b] = match.sides.map((side) => (side.kind === 'entries' ? side.entryIds[0]! : 0));
      expect(poolOf.get(a!)).not.toBe(poolOf.get(b!));
    }
  });

  it('pools of 3 mixed with pools of 4', async () => {
    const state = await createDraw('pools_knockout', entries(10));
    expect(state.pools.map((pool) => pool.entryIds.length)).toEqual([3, 3, 4]);
    const three = await createDraw('pools_knockout', entries(9), { poolSize: 3 });
    expect(three.pools.map((pool) => pool.entryIds.length)).toEqual([3, 3, 3]);
    await expect(createDraw('pools_knockout', entries(5))).rejects.toBeInstanceOf(DrawError);
  });
});

describe('King of the Beach', () => {
  it('in every pool each player partners each other exactly once', async () => {
    const state = await createDraw('king_of_the_beach', entries(16));
    for (const pool of state.pools) {
      const partners = new Map<string, number>();
      for (const match of matchesOf(state).filter((candidate) => candidate.pool === pool.name)) {
        expect(match.sides.every((side) => side.kind === 'entries' && side.entryIds.length === 2)).toBe(true);
        for (const side of match.sides) if (side.kind === 'entries') {
          const pair = [...side.entryIds].sort().join('+');
          partners.set(pair, (partners.get(pair) ?? 0) + 1);
        }
      }
      expect(partners.size).toBe(6);
      expect([...partners.values()].every((times) => times === 1)).toBe(true);
    }
    expect(KOB_ROTATION).toHaveLength(3);
  });

  it('the final pool: winners and best seconds up to four', async () => {
    const { state } = await playOut('king_of_the_beach', 12);
    expect(state.kobFinalists).toHaveLength(4);
    const tables = poolStandings(state);
    const winners = tables.filter((table) => table.pool !== 'Finale').map((table) => table.rows[0]!.entryId);
    expect(state.kobFinalists!.slice(0, 3).sort()).toEqual(winners.sort());
    expect(tables.find((table) => table.pool === 'Finale')!.complete).toBe(true);
  });

  it('refuses other numbers of players', async () => {
    await expect(createDraw('king_of_the_beach', entries(10))).rejects.toBeInstanceOf(DrawError);
  });
});

describe('recording results', () => {
  it('leaves the state it was given as it was, and returns one that shares none of its rows (the engine works on a copy)', async () => {
    const state = await createDraw('pools_knockout', entries(8));
    const before = JSON.stringify(state);
    let next = state;
    // Through the last pool result: the knockout is seeded in the engine too.
    for (const match of matchesOf(state).filter((view) => view.phase === 'pool')) next = await recordResult(next, match.key, SCORES[1]!, 'best_of_three_21');
    expect(JSON.stringify(state)).toBe(before);
    const rowsOf = (draw: DrawState) => Object.values(draw.engine).flat() as object[];
    const given = new Set(rowsOf(state));
    expect(rowsOf(next).filter((row) => given.has(row))).toEqual([]);
    const exported = new Set(rowsOf(next));
    const after = await recordResult(next, matchesOf(next).find((view) => view.status === 'ready')!.key, SCORES[1]!, 'best_of_three_21');
    expect(rowsOf(after).filter((row) => exported.has(row))).toEqual([]);
  });

  it('refuses a match not ready, unknown, or with impossible sets', async () => {
    const state = await createDraw('single_elimination', entries(8));
    const final = matchesOf(state).find((match) => match.phase === 'final')!;
    await expect(recordResult(state, final.key, SCORES[1]!, 'best_of_three_21')).rejects.toMatchObject({ status: 409 });
    await expect(recordResult(state, 'K-9-9', SCORES[1]!, 'best_of_three_21')).rejects.toMatchObject({ status: 404 });
    await expect(recordResult(state, 'K-1-1', [{ a: 21, b: 20 }, { a: 21, b: 10 }], 'best_of_three_21')).rejects.toMatchObject({ status: 422 });
  });

  it('corrects a result while the next match is not played, not after', async () => {
    let state = await createDraw('single_elimination', entries(8));
    state = throughJson(await recordResult(state, 'K-1-1', SCORES[1]!, 'best_of_three_21'));
    state = throughJson(await recordResult(state, 'K-1-2', SCORES[1]!, 'best_of_three_21'));
    const semi = () => matchesOf(state).find((match) => match.feeders.includes('K-1-1'))!;
    const firstSide = () => semi().sides.find((side) => side.kind === 'entries')!;
    expect(firstSide()).toEqual({ kind: 'entries', entryIds: [100] });
    state = throughJson(await recordResult(state, 'K-1-1', SCORES[2]!, 'best_of_three_21'));
    expect(matchesOf(state).find((match) => match.key === 'K-1-1')!.winner).toBe('b');
    expect(semi().sides).toContainEqual({ kind: 'entries', entryIds: [107] });
    state = throughJson(await recordResult(state, semi().key, SCORES[1]!, 'best_of_three_21'));
    await expect(recordResult(state, 'K-1-1', SCORES[1]!, 'best_of_three_21')).rejects.toMatchObject({ status: 409 });
  });

  it('a corrected pool result re-seeds the knockout before it starts', async () => {
    let state = await createDraw('pools_knockout', entries(8));
    for (const match of matchesOf(state).filter((candidate) => candidate.phase === 'pool')) {
      state = throughJson(await recordResult(state, match.key, SCORES[1]!, 'best_of_three_21'));
    }
    const firstRound = () => matchesOf(state).filter((match) => match.phase === 'knockout').map((match) => match.sides);
    expect(firstRound().flat().every((side) => side.kind === 'entries')).toBe(true);
    const before = JSON.stringify(firstRound());
    const poolA = matchesOf(state).filter((match) => match.pool === 'A');
    for (const match of poolA) state = throughJson(await recordResult(state, match.key, SCORES[2]!, 'best_of_three_21'));
    expect(JSON.stringify(firstRound())).not.toBe(before);
    const semi = matchesOf(state).find((match) => match.status === 'ready' && match.phase === 'knockout')!;
    state = throughJson(await recordResult(state, semi.key, SCORES[1]!, 'best_of_three_21'));
    await expect(recordResult(state, poolA[0]!.key, SCORES[1]!, 'best_of_three_21')).rejects.toMatchObject({ status: 409 });
  });
});

describe('double elimination: the reset final', () => {
  const A_WINS = SCORES[1]!;
  const B_WINS = SCORES[2]!;
  /** 4 pairs, every match before the grand final won by side a. */
  async function toTheGrandFinal() {
    let state = throughJson(await createDraw('double_elimination', entries(4)));
    for (;;) {
      const next = matchesOf(state).find((match) => match.status === 'ready' && match.phase !== 'final');
      if (!next) return state;
      state = throughJson(await recordResult(state, next.key, A_WINS, 'best_of_three_21'));
    }
  }
  const matchAt = (state: DrawState, key: string) => matchesOf(state).find((match) => match.key === key)!;

  it('is drawn after the grand final, between the grand final’s two pairs', async () => {
    const state = await toTheGrandFinal();
    const reset = matchAt(state, 'F-2');
    expect(reset).toMatchObject({ phase: 'final', round: 2, roundsInPhase: 2, feeders: ['F-1'], status: 'waiting' });
    expect(reset.sides).toEqual(matchAt(state, 'F-1').sides);
  });

  it('is not played when the unbeaten pair wins the grand final: places given, its result refused', async () => {
    const state = throughJson(await recordResult(await toTheGrandFinal(), 'F-1', A_WINS, 'best_of_three_21'));
    const final = matchAt(state, 'F-1');
    expect(matchAt(state, 'F-2').status).toBe('not_needed');
    expect(placements(state).slice(0, 2)).toEqual([{ entryId: final.sides[0].kind === 'entries' && final.sides[0].entryIds[0], place: 1 }, { entryId: final.sides[1].kind === 'entries' && final.sides[1].entryIds[0], place: 2 }]);
    await expect(recordResult(state, 'F-2', A_WINS, 'best_of_three_21')).rejects.toMatchObject({ status: 409, message: 'La finale di spareggio non si gioca: la finale l’ha vinta la coppia imbattuta.' });
  });

  it('is played when the losers’ bracket’s pair wins the grand final, and its winner is first', async () => {
    let state = throughJson(await recordResult(await toTheGrandFinal(), 'F-1', B_WINS, 'best_of_three_21'));
    expect(matchAt(state, 'F-2').status).toBe('ready');
    expect(placements(state)).toEqual([]);
    state = throughJson(await recordResult(state, 'F-2', A_WINS, 'best_of_three_21'));
    const [unbeaten, challenger] = matchAt(state, 'F-2').sides.map((side) => (side.kind === 'entries' ? side.entryIds[0] : null));
    expect(placements(state).slice(0, 2)).toEqual([{ entryId: unbeaten, place: 1 }, { entryId: challenger, place: 2 }]);
  });
});
