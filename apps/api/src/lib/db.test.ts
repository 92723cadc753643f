// Write conflicts through the real database: two bookings that collide on the exclusion constraint
// while both are uncommitted deadlock, and run again the loser meets an ordinary constraint violation.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database.js';
import { isConstraintViolation, isWriteConflict, retryOnWriteConflict } from './db.js';

const { db } = await useTestDatabase();
afterAll(() => db.booking.deleteMany({ where: { priceCents: 1 } }));

const court = (await db.court.findFirstOrThrow({ where: { code: 'C5' } })).id;
const at = (hour: number) => new Date(Date.UTC(2031, 6, 10, hour));
const insert = (tx: Pick<typeof db, '$executeRaw'>, from: number, to: number) =>
  tx.$executeRaw`INSERT INTO bookings (court_id, starts_at, ends_at, status, price_cents) VALUES (${court}, ${at(from)}, ${at(to)}, 'confirmed', 1)`;

/** Resolves once a transaction of this test's database waits for a lock. */
async function someoneWaits() {
  for (;;) {
    const [{ waiting }] = await db.$queryRaw<[{ waiting: number }]>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A holds 10–11 (uncommitted); B inserts 10–12 and waits for A; A then inserts 11–12, which waits
 * for B: a deadlock, which PostgreSQL breaks by aborting one of them.
 */
async function collide(wrap: <T>(run: () => Promise<T>) => Promise<T>, hours: [number, number, number]) {
  const [from, middle, to] = hours;
  let aStarted!: () => void;
  const started = new Promise<void>((resolve) => (aStarted = resolve));
  const a = wrap(() =>
    db.$transaction(async (tx) => {
      await insert(tx, from, middle);
      aStarted();
      await someoneWaits();
      await insert(tx, middle, to);
    }),
  );
  const b = started.then(() => wrap(() => db.$transaction((tx) => insert(tx, from, to))));
  return Promise.allSettled([a, b]);
}

const reasons = (results: PromiseSettledResult<unknown>[]) => results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));

describe('retryOnWriteConflict', () => {
  it('without it, colliding bookings end in a deadlock error', async () => {
    const failures = reasons(await collide((run) => run(), [10, 11, 12]));
    expect(failures).toHaveLength(1);
    expect(isWriteConflict(failures[0])).toBe(true);
  });

  it('with it, one booking wins and the other meets the exclusion constraint', async () => {
    const results = await collide(retryOnWriteConflict, [14, 15, 16]);
    const failures = reasons(results);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(failures).toHaveLength(1);
    expect(isWriteConflict(failures[0])).toBe(false);
    expect(isConstraintViolation(failures[0], 'bookings_no_overlap')).toBe(true);
  });
});
