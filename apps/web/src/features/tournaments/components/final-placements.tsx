// The "Classifica finale" of a finished tournament: the podium's places in gold, silver and bronze, then
// the others; places may be shared (the losers of a round).
import type { TTournamentLive } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { playerNames } from '../labels';

const PODIUM_TONES = ['bg-amber-300 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-300 text-orange-950'];

/** `range`: the TV's page, the rows from its first up to (not with) its last. */
export function FinalPlacements({ placements, tv = false, range }: { placements: TTournamentLive['placements']; tv?: boolean; range?: readonly [number, number] }) {
  const { i18n } = useLingui();
  const rows = [...placements].sort((a, b) => a.place - b.place).slice(range?.[0], range?.[1]);
  return (
    <ol className={tv ? 'grid grid-cols-1 gap-3 xl:grid-cols-2' : 'space-y-2'}>
      {rows.map(({ entry_id: entryId, place, names }) => {
        const podium = PODIUM_TONES[place - 1];
        return (
          <li key={entryId} data-tv-block className={`flex items-center gap-4 ${tv ? 'rounded-xl bg-white/10 p-4 text-3xl' : 'text-sm'} ${podium && !tv ? 'text-base font-semibold' : ''}`}>
            <span className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold tabular-nums ${tv ? 'h-16 w-16' : 'h-9 w-9'} ${podium ?? (tv ? 'bg-white/20' : 'bg-slate-100 text-slate-700')}`}>
              <Trans>{place}°</Trans>
            </span>
            <span className="min-w-0 flex-1">{playerNames(i18n, names)}</span>
          </li>
        );
      })}
    </ol>
  );
}
