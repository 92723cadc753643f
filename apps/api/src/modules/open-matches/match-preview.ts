// The match's link for chat apps (docs/open-matches.md#sharing): a small page with its Open Graph title,
// description and image in the viewer's language — sport and format, day and hour, level range, places
// left; no player is named — that sends a browser on to the match page in that language.
import { defineMessages } from '@beach/contracts';
import type { I18n } from '@lingui/core';
import type { Db } from '../../lib/db.js';
import { AppError } from '../../lib/errors.js';
import { localizedEuros, localizedUrl, localizedWhen, render, withValues } from '../../lib/i18n.js';
import { formatOf, matchMessages, playersIn } from './match-terms.js';

const previewMessages = defineMessages({
  volley_2x2: /* i18n */ { id: 'api.open_matches.preview.volley_2x2', message: 'Beach volley 2×2' },
  volley_4x4: /* i18n */ { id: 'api.open_matches.preview.volley_4x4', message: 'Beach volley 4×4' },
  tennis_doubles: /* i18n */ { id: 'api.open_matches.preview.tennis_doubles', message: 'Beach tennis doppio' },
  footvolley_2x2: /* i18n */ { id: 'api.open_matches.preview.footvolley_2x2', message: 'Footvolley 2×2' },
  title: /* i18n */ { id: 'api.open_matches.preview.title', message: '{format} · {when}' },
  friendly: /* i18n */ { id: 'api.open_matches.preview.friendly', message: 'Partita amichevole' },
  competitive: /* i18n */ { id: 'api.open_matches.preview.competitive', message: 'Partita competitiva, livello {min}–{max}' },
  places: /* i18n */ {
    id: 'api.open_matches.preview.places',
    message: '{places, plural, =0 {al completo} one {manca # giocatore} other {mancano # giocatori}} · quota {part}',
  },
  open: /* i18n */ { id: 'api.open_matches.preview.open', message: 'Apri la partita' },
});

/** The preview image's size (match-image.ts), as chat apps expect a large card. */
export const IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** What a preview says of the match in the viewer's language: its title (format, day and hour) and description. */
export async function previewTexts(db: Db, id: number, i18n: I18n) {
  const match = await db.openMatch.findUnique({ where: { id }, include: { booking: true } });
  if (!match) throw new AppError(404, matchMessages.notFound);
  const joined = await playersIn(db, match.bookingId, new Date());
  const say = (message: Parameters<typeof render>[1]) => render(i18n, message);
  const level = (tenths: number | null) => i18n.number((tenths ?? 0) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const format = say(previewMessages[match.format]);
  const title = say(withValues(previewMessages.title, { format, when: localizedWhen(match.booking) }));
  // The day and hour as the title says them, after the format (the whole title where a language puts it elsewhere).
  const when = title.startsWith(format) ? title.slice(format.length).replace(/^\s*·\s*/, '') : title;
  const kind = match.competitive ? say(withValues(previewMessages.competitive, { min: level(match.levelMinTenths), max: level(match.levelMaxTenths) })) : say(previewMessages.friendly);
  const places = Math.max(0, formatOf(match.format).players - 1 - joined.length);
  const placesLine = say(withValues(previewMessages.places, { places, part: localizedEuros(match.partCents) }));
  return { format, when, kind, placesLine, title, description: `${kind} · ${placesLine}`, open: say(previewMessages.open) };
}

export async function matchPreview(db: Db, id: number, i18n: I18n, webOrigin: string) {
  const { title, description, open } = await previewTexts(db, id, i18n);
  const page = localizedUrl(i18n.locale, `${webOrigin}/partite/${id}`);
  const meta = [
    ['og:type', 'website'],
    ['og:site_name', 'Adriatica Beach Arena'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', page],
    // The match's own card (match-image.ts), in the same language, through the web origin's /api.
    ['og:image', `${webOrigin}/api/open-matches/${id}/image.png?lang=${i18n.locale}`],
    ['og:image:width', String(IMAGE_SIZE.width)],
    ['og:image:height', String(IMAGE_SIZE.height)],
    ['og:image:alt', `${title} · ${description}`],
  ];
  return `<!doctype html>
<html lang="${i18n.locale}">
<head>
<meta charset="utf-8">
<title>${escape(title)}</title>
<meta name="description" content="${escape(description)}">
${meta.map(([property, content]) => `<meta property="${property}" content="${escape(content!)}">`).join('\n')}
<meta name="twitter:card" content="summary_large_image">
<meta http-equiv="refresh" content="0; url=${escape(page)}">
</head>
<body><p><a href="${escape(page)}">${escape(open)}</a></p></body>
</html>`;
}
