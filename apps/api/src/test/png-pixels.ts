// Reading a PNG's pixels back in a test, without an image library.
import { inflateSync } from 'node:zlib';

function predict(filter: number | undefined, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0: return 0;
    case 1: return left;
    case 2: return up;
    case 3: return (left + up) >> 1;
    case 4: {
      const estimate = left + up - upLeft;
      const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
      return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
    }
    default: throw new Error(`Unknown PNG row filter ${filter}`);
  }
}

/** Pixels of an 8-bit RGBA, non-interlaced PNG (what pdf-parse writes for a PDF's embedded image, what
 * qrcode draws), the five PNG row filters undone: for jsQR to read a QR code back. */
export function decodeRgbaPng(png: Uint8Array) {
  const file = Buffer.from(png);
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  for (let offset = 8; offset < file.length; ) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const data = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  if (!header || header[8] !== 8 || header[9] !== 6 || header[12] !== 0) throw new Error('Expected an 8-bit RGBA, non-interlaced PNG');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const stride = width * 4;
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = new Uint8ClampedArray(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      pixels[y * stride + x] = (raw[y * (stride + 1) + 1 + x]! + predict(filter, left, up, upLeft)) & 0xff;
    }
  }
  return { width, height, pixels };
}
