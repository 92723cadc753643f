// Where each court is drawn on the map, in SVG units. Wide screens get the beach as seen from the
// sea, courts across; on a phone the courts stand upright so a row of seven fits the width with
// every court at least 44 px wide (spec: tappable on a 390 px screen).
import type { TCourt } from '@beach/contracts';

type Row = NonNullable<TCourt['row']>;
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CourtLayout {
  width: number;
  height: number;
  /** The band of sea along the top. */
  seaHeight: number;
  court: { width: number; height: number };
  gap: number;
  /** Rows are centred in this width, from the left edge. */
  rowsWidth: number;
  /** Top of each row. */
  rowY: Record<Row, number>;
  /** The free-use courts, by position (1, 2). */
  freeUse: (position: number) => { x: number; y: number };
  reception: Box;
  fontSize: number;
}

export const WIDE_LAYOUT: CourtLayout = {
  width: 1000,
  height: 520,
  seaHeight: 50,
  court: { width: 96, height: 60 },
  gap: 12,
  rowsWidth: 800,
  rowY: { A: 80, B: 170, C: 260, D: 350 },
  // A column beside rows B and C, towards the end of the beach.
  freeUse: (position) => ({ x: 850, y: 170 + (position - 1) * 90 }),
  reception: { x: 300, y: 440, width: 200, height: 54 },
  fontSize: 18,
};

export const NARROW_LAYOUT: CourtLayout = {
  width: 344,
  height: 446,
  seaHeight: 40,
  court: { width: 44, height: 64 },
  gap: 4,
  rowsWidth: 344,
  rowY: { A: 54, B: 132, C: 210, D: 288 },
  // Side by side under row D, on the right as on the wide map.
  freeUse: (position) => ({ x: 246 + (position - 1) * 48, y: 374 }),
  reception: { x: 6, y: 379, width: 180, height: 54 },
  fontSize: 16,
};

export interface PlacedCourt extends TCourt {
  x: number;
  y: number;
}

export function placeCourts(courts: TCourt[], layout: CourtLayout): PlacedCourt[] {
  const { court: { width }, gap } = layout;
  return courts.map((court) => {
    if (court.row === null) return { ...court, ...layout.freeUse(court.position) };
    const inRow = courts.filter((other) => other.row === court.row).length;
    const start = (layout.rowsWidth - (inRow * width + (inRow - 1) * gap)) / 2;
    return { ...court, x: start + (court.position - 1) * (width + gap), y: layout.rowY[court.row] };
  });
}
