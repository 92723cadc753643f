// Writers of bookings through the real database: two that collide on the exclusion constraint while
// both are uncommitted deadlock (PostgreSQL aborts one after its deadlock timeout); taking the court's
// turn first, the second waits for the first to commit and then meets an ordinary constraint violation.
import { afterAll, describe, expect, it } from 'vitest';
import { isConstraintViolation } from '../../lib/db.js';
import { useTestDatabase } from '../../test/database.js';
import { takeCourtTurn } from './reserve-slot.js';

const { db } = await useTestDatabase();
afterAll(() => db.booking.deleteMany({ where: { priceCents: 1 } }));

const court = (await db.court.findFirstOrThrow({ where: { code: 'C5' } })).id;
const at = (hour: number) => new Date(Date.UTC(2031, 6, 10, hour));
type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];
const insert = (tx: Tx, from: number, to: number) =>
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
 * A holds 10–11 (uncommitted); B asks for 10–12 and waits; A then inserts 11–12. Without turns B's
 * insert waits for A and A's second insert for B: a deadlock.
 */
async function collide(beforeWriting: (tx: Tx) => Promise<void>, [from, middle, to]: [number, number, number]) {
  let aStarted!: () => void;
  const started = new Promise<void>((resolve) => (aStarted = resolve));
  const a = db.$transaction(async (tx) => {
    await beforeWriting(tx);
    await insert(tx, from, middle);
    aStarted();
    await someoneWaits();
    await insert(tx, middle, to);
  });
  const b = started.then(() =>
    db.$transaction(async (tx) => {
      await beforeWriting(tx);
      await insert(tx, from, to);
    }),
  );
  return Promise.allSettled([a, b]);
}

const reasons = (results: PromiseSettledResult<unknown>[]) => results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
const isDeadlock = (error: unknown) => /deadlock/i.test(String((error as Error).message)) || JSON.stringify(error).includes('40P01');

describe('takeCourtTurn', () => {
  it('without it, colliding bookings end in a deadlock error', async () => {
    const failures = reasons(await collide(async () => {}, [10, 11, 12]));
    expect(failures).toHaveLength(1);
    expect(isDeadlock(failures[0])).toBe(true);
  });

  it('with it, the first writer commits both rows and the second meets the exclusion constraint', async () => {
    const [a, b] = await collide((tx) => takeCourtTurn(tx, court), [14, 15, 16]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    const [failure] = reasons([b]);
    expect(isDeadlock(failure)).toBe(false);
    expect(isConstraintViolation(failure, 'bookings_no_overlap')).toBe(true);
  });
});
