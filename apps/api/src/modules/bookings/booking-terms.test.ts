// The rule "a booking holds its slot" exists in three forms (a Prisma filter, an SQL condition and a
// function on rows): on the same rows of the real database, all three pick the same bookings; and the
// filter for what the exclusion constraint covers picks the rows the constraint really refuses to overlap.
// The bookings touching a span, written as the ranges' overlap, are those of the plain comparison.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/database.js';
import { isConstraintViolation } from '../../lib/db.js';
import { isLive, LIVE, liveSql, statusShown, touchingSql, UNDER_OVERLAP_CONSTRAINT } from './booking-terms.js';

const { db } = await useTestDatabase();
afterAll(() => db.booking.deleteMany({ where: { priceCents: 7 } }));

const court = (await db.court.findFirstOrThrow({ where: { code: 'A1' } })).id;
const now = new Date();
const minutes = (count: number) => new Date(now.getTime() + count * 60_000);

describe('a booking holds its slot', () => {
  it('in the same cases through Prisma, SQL and in memory', async () => {
    const kinds = [
      { status: 'confirmed', holdExpiresAt: null, holds: true },
      { status: 'pending_payment', holdExpiresAt: minutes(10), holds: true },
      { status: 'pending_payment', holdExpiresAt: null, holds: true },
      { status: 'pending_payment', holdExpiresAt: minutes(-1), holds: false },
      { status: 'expired', holdExpiresAt: minutes(-30), holds: false },
      { status: 'cancelled', holdExpiresAt: null, holds: false },
    ] as const;
    // One day each, far ahead, so the rows never meet the exclusion constraint or each other.
    const rows = await Promise.all(
      kinds.map((kind, index) =>
        db.booking.create({
          data: { courtId: court, status: kind.status, holdExpiresAt: kind.holdExpiresAt, cancelledAt: kind.status === 'cancelled' ? now : null, priceCents: 7, startsAt: new Date(Date.UTC(2032, 5, 1 + index, 8)), endsAt: new Date(Date.UTC(2032, 5, 1 + index, 9)) },
        }),
      ),
    );
    const ids = rows.map((row) => row.id);
    const expected = rows.filter((_, index) => kinds[index]!.holds).map((row) => row.id).sort((a, b) => a - b);

    const byPrisma = await db.booking.findMany({ where: { id: { in: ids }, ...LIVE(now) }, select: { id: true }, orderBy: { id: 'asc' } });
    const bySql = await db.$queryRaw<{ id: number }[]>`SELECT id FROM bookings WHERE id = ANY(${ids}::int[]) AND ${liveSql(now)} ORDER BY id`;
    expect(byPrisma.map((row) => row.id)).toEqual(expected);
    expect(bySql.map((row) => row.id)).toEqual(expected);
    expect(rows.filter((row) => isLive(row, now)).map((row) => row.id).sort((a, b) => a - b)).toEqual(expected);
    // A lapsed hold reads expired on the wire before the job marks it.
    expect(rows.map((row) => statusShown(row, now))).toEqual(['confirmed', 'pending_payment', 'pending_payment', 'expired', 'expired', 'cancelled']);

    // The rows the exclusion constraint keeps apart (a lapsed hold too, until it is marked expired):
    // a booking put over each row, then rolled back, is refused exactly where the filter says.
    const refused: number[] = [];
    for (const row of rows) {
      const outcome = await db
        .$transaction(async (tx) => {
          await tx.booking.create({ data: { courtId: court, status: 'confirmed', priceCents: 7, startsAt: row.startsAt, endsAt: row.endsAt } });
          throw new Error('rollback');
        })
        .catch((error: unknown) => error);
      if (isConstraintViolation(outcome, 'bookings_no_overlap')) refused.push(row.id);
    }
    const constrained = await db.booking.findMany({ where: { id: { in: ids }, ...UNDER_OVERLAP_CONSTRAINT }, select: { id: true }, orderBy: { id: 'asc' } });
    expect(refused.sort((a, b) => a - b)).toEqual(constrained.map((row) => row.id));
    expect(constrained).toHaveLength(4);
  });
});

describe('the bookings touching a span', () => {
  it('are the same as by comparing the instants: back to back is not touching, across either end is', async () => {
    const hour = (day: number, at: number) => new Date(Date.UTC(2032, 6, day, at));
    const from = hour(10, 0);
    const to = hour(11, 0);
    const spans = [
      [hour(9, 22), from], // ends as the span starts
      [to, hour(11, 2)], // starts as the span ends
      [hour(9, 23), hour(10, 1)], // across the start
      [hour(10, 9), hour(10, 10)], // inside
      [hour(10, 23), hour(11, 1)], // across the end
      [hour(9, 12), hour(11, 12)], // over the whole span
      [hour(12, 9), hour(12, 10)], // another day
    ] as const;
    const rows = await Promise.all(spans.map(([startsAt, endsAt]) => db.booking.create({ data: { courtId: court, status: 'cancelled', cancelledAt: now, priceCents: 7, startsAt, endsAt } })));
    const ids = rows.map((row) => row.id);
    const touching = ids.slice(2, 6).sort((a, b) => a - b);
    const bySql = await db.$queryRaw<{ id: number }[]>`SELECT id FROM bookings WHERE id = ANY(${ids}::int[]) AND ${touchingSql(from, to)} ORDER BY id`;
    const byInstants = await db.booking.findMany({ where: { id: { in: ids }, startsAt: { lt: to }, endsAt: { gt: from } }, select: { id: true }, orderBy: { id: 'asc' } });
    expect(bySql).toEqual(byInstants);
    expect(bySql.map((row) => row.id)).toEqual(touching);
  });
});
