import type { TCourt } from '@beach/contracts';
import { describe, expect, it } from 'vitest';
import { NARROW_LAYOUT, placeCourts, WIDE_LAYOUT } from './court-layout';

/** The centre's 21 courts (seed): A1, B1-B7, C1-C5, D1-D6, L1-L2. */
const COURTS: TCourt[] = (
  [['A', 1], ['B', 7], ['C', 5], ['D', 6], [null, 2]] as const
).flatMap(([row, count]) =>
  Array.from({ length: count }, (_, index) => ({
    id: (row ?? 'L').charCodeAt(0) * 10 + index, code: `${row ?? 'L'}${index + 1}`, name: '', row, position: index + 1, purpose: 'bookable' as const, has_lights: false, is_bookable: false, description: null,
  })),
);

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each([['wide', WIDE_LAYOUT], ['narrow', NARROW_LAYOUT]] as const)('the %s court layout', (_name, layout) => {
  const boxes = placeCourts(COURTS, layout).map((court) => ({ code: court.code, x: court.x, y: court.y, ...layout.court }));

  it('draws every court on the sand, inside the drawing', () => {
    for (const box of boxes) {
      expect(box.x, box.code).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, box.code).toBeLessThanOrEqual(layout.width);
      expect(box.y, box.code).toBeGreaterThan(layout.seaHeight);
      expect(box.y + box.height, box.code).toBeLessThanOrEqual(layout.height);
    }
  });

  it('keeps courts apart from each other and from the reception', () => {
    for (const [index, box] of boxes.entries()) {
      expect(overlap(box, layout.reception), box.code).toBe(false);
      for (const other of boxes.slice(index + 1)) expect(overlap(box, other), `${box.code} ${other.code}`).toBe(false);
    }
  });
});

it('gives the phone layout courts of 44 units or more in a drawing narrower than a 390 px screen less its margins', () => {
  expect(Math.min(NARROW_LAYOUT.court.width, NARROW_LAYOUT.court.height)).toBeGreaterThanOrEqual(44);
  expect(NARROW_LAYOUT.width).toBeLessThanOrEqual(390 - 2 * 16);
});
