// The shared mail pacer through a real PostgreSQL: senders on two connection pools (standing in for the
// API and the worker process) get slots one interval apart (the configured rate in total), an idle pacer
// or a slot taken long ago gives no burst, a sender waits for its slot, a stopping sender returns at
// once, and a missing row is put back.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database.js';
import { createDb } from './db.js';
import { createMailPacer, takeTurn } from './mail-pacer.js';

const { db, url } = await useTestDatabase();
const otherProcess = createDb(url);
afterAll(() => otherProcess.$disconnect());

const RATE = 20;
const INTERVAL_MS = 1000 / RATE;

/**
 * `count` turns of `senders` senders at once on `database`: the slots the database handed out (its
 * clock), which is what the pacer guarantees; when a sender wakes on a loaded machine is the scheduler's.
 */
async function slotsTaken(database: typeof db, senders: number, count: number) {
  const slots: number[] = [];
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (let turn = 0; turn < count; turn++) slots.push((await takeTurn(database, 1 / RATE)).slot.getTime());
    }),
  );
  return slots;
}

/** The gaps between consecutive slots, in ms. */
const gapsOf = (slots: number[]) => [...slots].sort((a, b) => a - b).flatMap((slot, index, sorted) => (index === 0 ? [] : [slot - sorted[index - 1]!]));
const nowOnTheDatabase = async () => (await db.$queryRaw<[{ now: Date }]>`SELECT clock_timestamp() AS now`)[0].now.getTime();

beforeEach(async () => {
  await db.$executeRaw`UPDATE mail_pacer SET next_at = now()`;
});

describe('the mail pacer', () => {
  it('hands senders on two pools one slot each, exactly one interval apart: the configured rate in total', async () => {
    // The next free slot is set a minute ahead, so the senders keep ahead of the clock even when a busy
    // machine stalls them (a pool opening its connections, 1–2 s at load 15): a stall past the next slot would
    // start the slots again from the clock, the no-burst rule of the next test, not a defect of this one.
    // Taking a turn does not wait for it, so the minute costs nothing.
    const [{ start }] = await db.$queryRaw<[{ start: Date }]>`UPDATE mail_pacer SET next_at = clock_timestamp() + interval '1 minute' RETURNING next_at AS start`;
    // Three senders in each "process", five turns each: 30 slots, 1.45 s at 20 a second.
    const slots = (await Promise.all([slotsTaken(db, 3, 5), slotsTaken(otherProcess, 3, 5)])).flat();
    expect(slots).toHaveLength(30);
    expect(new Set(slots).size).toBe(30);
    // Slot i is the first free slot plus i intervals (1 ms for the timestamps' rounding).
    const sorted = [...slots].sort((a, b) => a - b);
    expect(sorted.every((slot, index) => Math.abs(slot - start.getTime() - index * INTERVAL_MS) <= 1)).toBe(true);
  });

  it('gives no burst after a slot taken long ago: the slots start now, never closer than one interval', async () => {
    await db.$executeRaw`UPDATE mail_pacer SET next_at = now() - interval '1 hour'`;
    const before = await nowOnTheDatabase();
    const slots = (await Promise.all([slotsTaken(db, 4, 2), slotsTaken(otherProcess, 4, 2)])).flat();
    const after = await nowOnTheDatabase();
    expect(Math.min(...slots)).toBeGreaterThanOrEqual(before);
    // The first slot is not held back: it had come by the time the turns were taken (the database's clock, so
    // a stall of the machine between the two readings cannot fail it).
    expect(Math.min(...slots)).toBeLessThanOrEqual(after);
    // No two slots closer than one interval (1 ms for rounding); a sender stalled by a busy machine only
    // widens a gap.
    expect(gapsOf(slots).every((gap) => gap >= INTERVAL_MS - 1)).toBe(true);
  });

  it('makes a sender wait for its slot: turns taken one after another last at least their intervals', async () => {
    const pacer = createMailPacer(otherProcess, RATE);
    const started = performance.now();
    for (let turn = 0; turn < 6; turn++) expect(await pacer.wait()).toBe(true);
    // Six slots from now: the sixth starts five intervals after the first (a lower bound: a busy machine only adds).
    expect(performance.now() - started).toBeGreaterThanOrEqual(5 * INTERVAL_MS - 5);
  });

  it('returns false at once for a stopping sender, before or during its wait', async () => {
    const pacer = createMailPacer(db, RATE);
    const [before] = await db.$queryRaw<{ next_at: Date }[]>`SELECT next_at FROM mail_pacer`;
    expect(await pacer.wait(AbortSignal.abort())).toBe(false);
    // Stopped before its turn, it took none.
    const [after] = await db.$queryRaw<{ next_at: Date }[]>`SELECT next_at FROM mail_pacer`;
    expect(after!.next_at).toEqual(before!.next_at);

    // Others hold the next ten seconds: the stopping sender does not wait for its turn.
    const [{ turn }] = await db.$queryRaw<[{ turn: Date }]>`UPDATE mail_pacer SET next_at = clock_timestamp() + interval '10 seconds' RETURNING next_at AS turn`;
    expect(await pacer.wait(AbortSignal.timeout(100))).toBe(false);
    // It returned before its turn came, on the database's clock: a busy machine's stall of a second or two
    // does not fail this, a sender that slept until its turn does.
    expect(await nowOnTheDatabase()).toBeLessThan(turn.getTime());
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
