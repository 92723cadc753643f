// The shared mail pacer through a real PostgreSQL: senders on two connection pools (standing in for the
// API and the worker process) take turns at the configured rate in total, an idle pacer or a slot taken
// long ago gives no burst, a stopping sender returns at once, and a missing row is put back.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database.js';
import { createDb } from './db.js';
import { createMailPacer } from './mail-pacer.js';

const { db, url } = await useTestDatabase();
const otherProcess = createDb(url);
afterAll(() => otherProcess.$disconnect());

const RATE = 20;
const INTERVAL_MS = 1000 / RATE;
/** Turns that jitter on a loaded machine may add to a one-second window (see `pace`). */
const JITTER_TURNS = 3;

/** `count` turns of `senders` senders at once on `database`, each turn's moment (performance.now()). */
async function takeTurns(database: typeof db, senders: number, count: number) {
  const pacer = createMailPacer(database, RATE);
  const moments: number[] = [];
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (let turn = 0; turn < count; turn++) {
        expect(await pacer.wait()).toBe(true);
        moments.push(performance.now());
      }
    }),
  );
  return moments;
}

/**
 * The most turns in any one second, and whether any n + 1 turns came in less than n − 2 intervals. The
 * database spaces the turns exactly; what a sender measures after waking also holds the timer's and the
 * scheduler's jitter, which on a loaded machine can bring two or three turns together: allowed, no more.
 */
function pace(moments: number[]) {
  const sorted = [...moments].sort((a, b) => a - b);
  let peak = 0;
  let tooFast = false;
  for (let first = 0; first < sorted.length; first++) {
    let last = first;
    while (last + 1 < sorted.length && sorted[last + 1]! - sorted[first]! < 1000) last++;
    peak = Math.max(peak, last - first + 1);
    for (let next = first + 2; next < sorted.length; next++) if (sorted[next]! - sorted[first]! < (next - first - 2) * INTERVAL_MS) tooFast = true;
  }
  return { peak, tooFast, span: sorted.at(-1)! - sorted[0]! };
}

beforeEach(async () => {
  await db.$executeRaw`UPDATE mail_pacer SET next_at = now()`;
});

describe('the mail pacer', () => {
  it('paces senders on two pools at the configured rate in total', async () => {
    const started = performance.now();
    // Three senders in each "process", five turns each: 30 turns, 1.45 s at 20 a second.
    const moments = (await Promise.all([takeTurns(db, 3, 5), takeTurns(otherProcess, 3, 5)])).flat();
    expect(moments).toHaveLength(30);
    const { peak, tooFast, span } = pace(moments);
    expect(peak).toBeLessThanOrEqual(RATE + JITTER_TURNS);
    expect(tooFast).toBe(false);
    expect(span).toBeGreaterThanOrEqual(28 * INTERVAL_MS);
    expect(Math.min(...moments) - started).toBeLessThan(1000); // the first turn is not held back
  });

  it('gives no burst after a slot taken long ago', async () => {
    await db.$executeRaw`UPDATE mail_pacer SET next_at = now() - interval '1 hour'`;
    const started = performance.now();
    const moments = (await Promise.all([takeTurns(db, 4, 2), takeTurns(otherProcess, 4, 2)])).flat();
    const { tooFast, span } = pace(moments);
    expect(tooFast).toBe(false);
    expect(span).toBeGreaterThanOrEqual(14 * INTERVAL_MS);
    expect(Math.min(...moments) - started).toBeLessThan(1000);
  });

  it('returns false at once for a stopping sender, before or during its wait', async () => {
    const pacer = createMailPacer(db, RATE);
    const [before] = await db.$queryRaw<{ next_at: Date }[]>`SELECT next_at FROM mail_pacer`;
    expect(await pacer.wait(AbortSignal.abort())).toBe(false);
    // Stopped before its turn, it took none.
    const [after] = await db.$queryRaw<{ next_at: Date }[]>`SELECT next_at FROM mail_pacer`;
    expect(after!.next_at).toEqual(before!.next_at);

    // Others hold the next ten seconds: the stopping sender does not wait for its turn.
    await db.$executeRaw`UPDATE mail_pacer SET next_at = clock_timestamp() + interval '10 seconds'`;
    const started = performance.now();
    expect(await pacer.wait(AbortSignal.timeout(100))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('puts the row back should it be missing', async () => {
    await db.$executeRaw`DELETE FROM mail_pacer`;
    const pacer = createMailPacer(otherProcess, RATE);
    expect(await pacer.wait()).toBe(true);
    const rows = await db.$queryRaw<{ ahead_ms: number }[]>`SELECT (extract(epoch FROM next_at - clock_timestamp()) * 1000)::float8 AS ahead_ms FROM mail_pacer`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ahead_ms).toBeLessThanOrEqual(INTERVAL_MS);
  });
});
