// Writes the installed app's PNG icons into public/icons from the favicon's drawing (public/favicon.svg:
// a yellow ball with sea-blue seams), so the home-screen icon is the same mark as the browser tab's.
// No image library: the three shapes are measured per pixel (4×4 samples) and written as PNG with zlib.
// Run once after changing the mark: pnpm --filter @beach/web exec tsx scripts/pwa-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];
const BALL: Rgba = [0xfa, 0xcc, 0x15, 255];
const SEA: Rgba = [0x0e, 0x74, 0x90, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

// The favicon's 64×64 drawing: a circle of radius 30, seams 4 wide (a half circle on the right and two
// curves across).
const CENTRE = 32;
const RADIUS = 30;
const HALF_SEAM = 2;
function cubic(p0: number[], p1: number[], p2: number[], p3: number[]): Array<[number, number]> {
  return Array.from({ length: 65 }, (_, i) => {
    const t = i / 64;
    const at = (k: number) => (1 - t) ** 3 * p0[k]! + 3 * (1 - t) ** 2 * t * p1[k]! + 3 * (1 - t) * t ** 2 * p2[k]! + t ** 3 * p3[k]!;
    return [at(0), at(1)];
  });
}
const CURVES = [cubic([4, 26], [20, 30], [44, 30], [60, 26]), cubic([4, 40], [20, 36], [44, 36], [60, 40])];

function distanceToPolyline(x: number, y: number, points: Array<[number, number]>) {
  let best = Infinity;
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1]!;
    const [bx, by] = points[i]!;
    const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length2));
    best = Math.min(best, Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)));
  }
  return best;
}

/** The colour of the drawing at (x, y) in its own 64-unit space. */
function markAt(x: number, y: number, background: Rgba): Rgba {
  const fromCentre = Math.hypot(x - CENTRE, y - CENTRE);
  const onArc = x >= CENTRE && Math.abs(fromCentre - RADIUS) <= HALF_SEAM;
  const onCurve = y > 20 && y < 46 && CURVES.some((curve) => distanceToPolyline(x, y, curve) <= HALF_SEAM);
  if (onArc || onCurve) return SEA;
  return fromCentre <= RADIUS ? BALL : background;
}

/** A size×size icon; the mark spans `markShare` of the width, centred on `background`. */
function render(size: number, background: Rgba, markShare: number): Buffer {
  const SAMPLES = 4;
  const rows: Buffer[] = [];
  const scale = 64 / (size * markShare);
  const offset = (size * (1 - markShare)) / 2;
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0: the row as is
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = markAt((px + (sx + 0.5) / SAMPLES - offset) * scale, (py + (sy + 0.5) / SAMPLES - offset) * scale, background);
          // Premultiplied, so a transparent sample does not darken the edge.
          for (let c = 0; c < 3; c++) sum[c]! += colour[c]! * colour[3];
          sum[3]! += colour[3];
        }
      }
      const alpha = sum[3]! / SAMPLES ** 2;
      for (let c = 0; c < 3; c++) row[1 + px * 4 + c] = alpha === 0 ? 0 : Math.round(sum[c]! / sum[3]!);
      row[1 + px * 4 + 3] = Math.round(alpha);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function png(size: number, scanlines: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(scanlines, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const dir = new URL('../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('icon-192.png', dir), render(192, CLEAR, 1));
writeFileSync(new URL('icon-512.png', dir), render(512, CLEAR, 1));
// Maskable: the platform crops to its own shape within the central 80 %, so the ball sits inside it
// on a full sea-blue square.
writeFileSync(new URL('icon-maskable-512.png', dir), render(512, SEA, 0.6));
