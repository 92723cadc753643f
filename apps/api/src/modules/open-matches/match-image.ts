// The match's preview image for chat apps (docs/open-matches.md#sharing): a 1200×630 PNG saying the sport
// and format, the day and hour, friendly or the level range, and the places left with the part, in the
// viewer's language. Drawn as SVG and rendered by resvg with the DejaVu fonts the API ships (never the
// machine's own fonts), so every machine draws the same image.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { I18n } from '@lingui/core';
import type { Db } from '../../lib/db.js';
import { escape, IMAGE_SIZE, previewTexts } from './match-preview.js';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = { fontFiles: [join(fontDir, 'DejaVuSans.ttf'), join(fontDir, 'DejaVuSans-Bold.ttf')], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' };

/** The card as SVG: the centre's sea-blue band, the format large, then the day and hour, the kind, the places. */
export function matchImageSvg(texts: Pick<Awaited<ReturnType<typeof previewTexts>>, 'format' | 'when' | 'kind' | 'placesLine'>) {
  const { width, height } = IMAGE_SIZE;
  const line = (y: number, size: number, text: string, weight = 'normal', fill = '#0c3b57') =>
    `<text x="80" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="${fill}">${escape(text)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#fffaf0"/>
<rect width="${width}" height="96" fill="#0c4a6e"/>
<text x="80" y="62" font-family="DejaVu Sans" font-size="34" font-weight="bold" fill="#ffffff">Adriatica Beach Arena</text>
${line(230, 76, texts.format, 'bold')}
${line(320, 48, texts.when)}
${line(420, 40, texts.kind, 'normal', '#334155')}
${line(500, 44, texts.placesLine, 'bold', '#b45309')}
<rect y="${height - 24}" width="${width}" height="24" fill="#f59e0b"/>
</svg>`;
}

export async function matchImage(db: Db, id: number, i18n: I18n): Promise<Buffer> {
  const svg = matchImageSvg(await previewTexts(db, id, i18n));
  return new Resvg(svg, { font: FONTS, fitTo: { mode: 'width', value: IMAGE_SIZE.width } }).render().asPng();
}
