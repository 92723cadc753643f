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

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export async function matchPreview(db: Db, id: number, i18n: I18n, webOrigin: string) {
  const match = await db.openMatch.findUnique({ where: { id }, include: { booking: true } });
  if (!match) throw new AppError(404, matchMessages.notFound);
  const joined = await playersIn(db, match.bookingId, new Date());
  const say = (message: Parameters<typeof render>[1]) => render(i18n, message);
  const level = (tenths: number | null) => i18n.number((tenths ?? 0) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const title = say(withValues(previewMessages.title, { format: say(previewMessages[match.format]), when: localizedWhen(match.booking) }));
  const kind = match.competitive ? say(withValues(previewMessages.competitive, { min: level(match.levelMinTenths), max: level(match.levelMaxTenths) })) : say(previewMessages.friendly);
  const places = Math.max(0, formatOf(match.format).players - 1 - joined.length);
  const description = `${kind} · ${say(withValues(previewMessages.places, { places, part: localizedEuros(match.partCents) }))}`;
  const page = localizedUrl(i18n.locale, `${webOrigin}/partite/${match.id}`);
  const meta = [
    ['og:type', 'website'],
    ['og:site_name', 'Adriatica Beach Arena'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', page],
    ['og:image', `${webOrigin}/og-image.png`],
  ];
  return `<!doctype html>
<html lang="${i18n.locale}">
<head>
<meta charset="utf-8">
<title>${escape(title)}</title>
<meta name="description" content="${escape(description)}">
${meta.map(([property, content]) => `<meta property="${property}" content="${escape(content!)}">`).join('\n')}
<meta http-equiv="refresh" content="0; url=${escape(page)}">
</head>
<body><p><a href="${escape(page)}">${escape(say(previewMessages.open))}</a></p></body>
</html>`;
}
