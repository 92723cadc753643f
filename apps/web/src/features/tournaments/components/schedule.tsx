// The "Programma": the placed matches by time and court, the ones called on court first and marked
// "In campo"; played ones leave it for the results.
import type { TTournamentLive, TTournamentMatch } from '@beach/contracts';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatShortDay, formatTime } from '../../../lib/format';
import { roundName } from '../labels';
import { MatchSides } from './match-sides';

/** What a match belongs to: its pool ("Girone A") or its bracket round. */
export function stageName(i18n: I18n, match: TTournamentMatch, live: Pick<TTournamentLive, 'format'>): string {
  if (match.phase === 'pool' || match.phase === 'kob_pool') {
    const pool = match.pool ?? '';
    return i18n._(msg`Girone ${pool}`);
  }
  return roundName(i18n, match, live.format === 'double_elimination');
}

const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' });

/** Called on court and not yet played. */
export const onCourt = (match: TTournamentMatch) => match.called_at !== null && match.status !== 'played';

/** The matches still to play that have a court and a time: on court first, then by time and court. */
export function upcoming(matches: readonly TTournamentMatch[]): TTournamentMatch[] {
  return matches
    .filter((match) => match.starts_at && match.court && match.status !== 'played' && match.status !== 'bye')
    .sort((a, b) => Number(onCourt(b)) - Number(onCourt(a)) || a.starts_at!.localeCompare(b.starts_at!) || a.court!.code.localeCompare(b.court!.code));
}

/** `range`: the TV's page, the matches from its first up to (not with) its last. */
export function Schedule({ live, range, tv = false }: { live: TTournamentLive; range?: readonly [number, number]; tv?: boolean }) {
  const { i18n } = useLingui();
  const matches = upcoming(live.matches).slice(range?.[0], range?.[1]);
  if (matches.length === 0) return <p className={tv ? 'text-3xl' : 'text-sm text-slate-600'}><Trans>Nessuna partita in programma.</Trans></p>;
  const manyDays = live.starts_on !== live.ends_on;
  return (
    <ul className={tv ? 'space-y-3' : 'divide-y divide-slate-100'}>
      {matches.map((match) => {
        const called = onCourt(match);
        const court = match.court!.code;
        return (
          <li key={match.key} data-tv-block className={`flex flex-wrap items-center gap-x-4 gap-y-1 ${tv ? 'rounded-xl p-4 text-3xl' : 'py-2 text-sm'} ${called ? (tv ? 'bg-amber-400 text-slate-950' : 'rounded-lg bg-amber-50 px-2 ring-1 ring-amber-300') : tv ? 'bg-white/10' : ''}`}>
            <span className="w-28 shrink-0 font-semibold tabular-nums">
              {manyDays && `${formatShortDay(romeDay.format(new Date(match.starts_at!)))} `}
              {formatTime(match.starts_at!)}
            </span>
            {/* The TV's big type needs a wider column: "Campo C1" wrapped onto the names there. */}
            <span className={`${tv ? 'w-44' : 'w-24'} shrink-0 font-semibold`}><Trans>Campo {court}</Trans></span>
            <span className="min-w-0 flex-1">
              <span className={tv ? 'block text-xl opacity-80' : 'block text-xs text-slate-500'}>{stageName(i18n, match, live)}</span>
              <MatchSides match={match} matches={live.matches} />
            </span>
            {called && <span className={`rounded-full font-bold uppercase ${tv ? 'bg-slate-950 px-4 py-1 text-amber-300' : 'bg-amber-200 px-2 text-xs text-amber-900'}`}><Trans>In campo</Trans></span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The played matches, the latest first, each with where and when it was played. */
export function Results({ live }: { live: TTournamentLive }) {
  const { i18n } = useLingui();
  const played = live.matches.filter((match) => match.status === 'played' && match.sets).sort((a, b) => (b.ends_at ?? b.starts_at ?? '').localeCompare(a.ends_at ?? a.starts_at ?? ''));
  if (played.length === 0) return <p className="text-sm text-slate-600"><Trans>Nessun risultato ancora.</Trans></p>;
  return (
    <ul className="divide-y divide-slate-100">
      {played.map((match) => (
        <li key={match.key} className="py-2 text-sm">
          <span className="block text-xs text-slate-500">
            {stageName(i18n, match, live)}
            {match.court && match.starts_at && <> · <PlayedWhere court={match.court.code} startsAt={match.starts_at} manyDays={live.starts_on !== live.ends_on} /></>}
          </span>
          <MatchSides match={match} matches={live.matches} />
        </li>
      ))}
    </ul>
  );
}

function PlayedWhere({ court, startsAt, manyDays }: { court: string; startsAt: string; manyDays: boolean }) {
  const when = `${manyDays ? `${formatShortDay(romeDay.format(new Date(startsAt)))} ` : ''}${formatTime(startsAt)}`;
  return <Trans>Campo {court}, {when}</Trans>;
}
