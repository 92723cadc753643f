// The knockout ("Tabellone"): its rounds in columns, named by their distance from the final ("Quarti",
// "Semifinali", "Finale", "Finale 3°/4° posto"); each side a pair's names or what decides it.
import type { TTournamentLive, TTournamentMatch } from '@beach/contracts';
import { useLingui } from '@lingui/react/macro';
import { roundName } from '../labels';
import { MatchSides } from './match-sides';
import { ScrollBox } from './scroll-box';

const BRACKET_PHASES: readonly TTournamentMatch['phase'][] = ['knockout', 'losers', 'final', 'third_place', 'kob_final'];

/** The bracket's matches in columns, in playing order: a column per round name (the 3rd place after the final, in its own). */
export function bracketColumns(matches: readonly TTournamentMatch[], nameOf: (match: TTournamentMatch) => string) {
  const columns = new Map<string, { name: string; matches: TTournamentMatch[] }>();
  const order = (match: TTournamentMatch) => [BRACKET_PHASES.indexOf(match.phase === 'third_place' ? 'final' : match.phase), match.round] as const;
  const sorted = matches.filter((match) => BRACKET_PHASES.includes(match.phase)).sort((a, b) => {
    const [phaseA, roundA] = order(a);
    const [phaseB, roundB] = order(b);
    return phaseA - phaseB || roundA - roundB || (a.phase === 'third_place' ? 1 : 0) - (b.phase === 'third_place' ? 1 : 0) || a.key.localeCompare(b.key, 'en', { numeric: true });
  });
  for (const match of sorted) {
    const name = nameOf(match);
    const column = columns.get(name) ?? { name, matches: [] };
    column.matches.push(match);
    columns.set(name, column);
  }
  return [...columns.values()];
}

export function Bracket({ live, tv = false }: { live: TTournamentLive; tv?: boolean }) {
  const { i18n, t } = useLingui();
  const doubleElimination = live.format === 'double_elimination';
  const columns = bracketColumns(live.matches, (match) => roundName(i18n, match, doubleElimination));
  if (columns.length === 0) return null;
  return (
    <ScrollBox label={t`Tabellone`}>
      <ol className="flex min-w-max gap-4 pb-2">
        {columns.map((column) => (
          <li key={column.name} className={tv ? 'w-80' : 'w-56'}>
            <h3 className={`font-semibold ${tv ? 'text-3xl' : 'text-sm text-slate-600'}`}>{column.name}</h3>
            <ul className="mt-2 flex flex-col justify-around gap-3">
              {column.matches.map((match) => (
                <li key={match.key} className={`rounded-lg p-2 ${tv ? 'bg-white/10 text-2xl' : 'bg-white text-sm ring-1 ring-slate-200'}`}>
                  <MatchSides match={match} matches={live.matches} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </ScrollBox>
  );
}
