// A match's two sides, one a line, the winner in bold, with the sets once played (a reset final not
// needed says it is not played).
import type { TTournamentMatch } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { setsText, sideName } from '../labels';

export function MatchSides({ match, matches }: { match: TTournamentMatch; matches: readonly TTournamentMatch[] }) {
  const { i18n } = useLingui();
  return (
    <div className="flex items-center justify-between gap-2">
      <ul className="min-w-0">
        {match.sides.map((side, index) => (
          <li key={index} className={match.winner === (index === 0 ? 'a' : 'b') ? 'font-bold' : side.names.length === 0 ? 'italic opacity-80' : ''}>
            {sideName(i18n, side, matches)}
          </li>
        ))}
      </ul>
      {match.sets && <span className="shrink-0 tabular-nums">{setsText(match.sets)}</span>}
      {match.status === 'not_needed' && <span className="shrink-0 text-xs"><Trans>Non si gioca</Trans></span>}
    </div>
  );
}
