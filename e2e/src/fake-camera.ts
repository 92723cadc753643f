// A camera for the browser tests: Chromium plays a Y4M video file as its webcam. The file is written
// here from a QR code's own modules (the `qrcode` package), so the camera shows exactly the code given.
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** Video-range luma: black ink on white paper. */
const INK = 16;
const PAPER = 235;
/** The blank margin a QR code needs around it, in modules. */
const QUIET_ZONE = 4;

/** Writes `frames` identical 4:2:0 frames (10 per second; Chromium loops the file) showing `text` as a QR code. */
export function writeQrVideo(text: string, path: string, { frames = 10 } = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.9) / side);
  const left = Math.floor((WIDTH - side * scale) / 2) + QUIET_ZONE * scale;
  const top = Math.floor((HEIGHT - side * scale) / 2) + QUIET_ZONE * scale;
  const luma = Buffer.alloc(WIDTH * HEIGHT, PAPER);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) luma.fill(INK, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  // No colour: both chroma planes (a quarter of the pixels each) at their neutral value.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}
