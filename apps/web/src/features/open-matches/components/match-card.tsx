// One open match in the list: sport and format, day and hour, court, level, players and places left,
// the price of a part and the time left to fill it.
import type { Locale } from '@beach/i18n';
import type { TOpenMatch } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { formatDateTime, formatMoney, whenText } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { FORMAT_NAMES, GENDER_NAMES } from '../labels';

export const matchPathOf = (locale: Locale, id: number) => localizedTo(locale, paths.openMatch.replace(':matchId', String(id)));

export function LevelText({ match }: { match: Pick<TOpenMatch, 'competitive' | 'level_min' | 'level_max'> }) {
  const { i18n } = useLingui();
  if (!match.competitive) return <Trans>Amichevole</Trans>;
  const level = (value: number | null) => i18n.number(value ?? 0, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const min = level(match.level_min);
  const max = level(match.level_max);
  return <Trans>Competitiva, livello {min}–{max}</Trans>;
}

/** A part's price and the time left to fill the match: in the list's cards and the automatic slots'. */
export function PartAndCutoff({ match }: { match: Pick<TOpenMatch, 'part' | 'cutoff_at'> }) {
  const part = formatMoney(match.part);
  const cutoff = formatDateTime(match.cutoff_at);
  return (
    <>
      <span className="font-semibold text-sea-900">
        <Trans>Quota {part}</Trans>
      </span>
      <span className="text-slate-500">
        <Trans>Da completare entro {cutoff}</Trans>
      </span>
    </>
  );
}

export function MatchCard({ match }: { match: TOpenMatch }) {
  const { i18n } = useLingui();
  const places = match.places_left;
  return (
    <li>
      <Link to={matchPathOf(i18n.locale as Locale, match.id)} className="block rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200 hover:ring-sea-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-sea-600">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-sea-900">{i18n._(FORMAT_NAMES[match.format])}</span>
          <Badge tone={places === 1 ? 'yellow' : 'sea'}>{places === 1 ? <Trans>Manca 1 giocatore</Trans> : <Trans>Mancano {places} giocatori</Trans>}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-700 first-letter:uppercase">
          {whenText(match)} · {match.court}
        </p>
        <p className="text-sm text-slate-600">
          <LevelText match={match} /> · {i18n._(GENDER_NAMES[match.gender])}
        </p>
        <p className="mt-2 text-sm text-slate-600">{match.players.map((player) => player.name).join(', ')}</p>
        <div className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
          <PartAndCutoff match={match} />
        </div>
      </Link>
    </li>
  );
}
