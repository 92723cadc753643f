// /tornei/:id/tv, for the bar's screen (docs/tournaments.md#tv-mode): dark, big type, over the whole page
// (no header or footer), turning every 15 s between Classifica finale (once finished), Programma (the
// matches on court first), Gironi and Tabellone, each only with something to show; it reads the
// tournament every 10 s like the live page.
import type { TTournamentLive } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { formatDayRange } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useTournamentLive } from '../api/tournaments';
import { Bracket } from '../components/bracket';
import { FinalPlacements } from '../components/final-placements';
import { Schedule, upcoming } from '../components/schedule';
import { StandingsTable } from '../components/standings-table';
import { UpdatedAt } from '../components/updated-at';

export const TV_TURN_MS = 15_000;
export type TvView = 'placements' | 'schedule' | 'pools' | 'bracket';

/** The views the tournament has something for, in their order; with nothing at all, the empty schedule. */
export function tvViews(live: TTournamentLive): TvView[] {
  const views: TvView[] = [
    ...(live.placements.length > 0 ? (['placements'] as const) : []),
    ...(upcoming(live.matches).length > 0 ? (['schedule'] as const) : []),
    ...(live.pools.length > 0 ? (['pools'] as const) : []),
    ...(live.matches.some((match) => match.phase !== 'pool' && match.phase !== 'kob_pool') ? (['bracket'] as const) : []),
  ];
  return views.length > 0 ? views : ['schedule'];
}

/** The view shown, moving to the next every 15 s. */
export function useRotation(count: number): number {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTurn((current) => current + 1), TV_TURN_MS);
    return () => window.clearInterval(timer);
  }, []);
  return count > 0 ? turn % count : 0;
}

export default function TournamentTvPage() {
  const { t } = useLingui();
  const id = Number(useParams().id);
  const live = useTournamentLive(id);
  usePageTitle(live.data?.name ?? t`Torneo`);
  return (
    <div className="fixed inset-0 z-50 overflow-hidden bg-slate-950 px-10 py-8 text-white">
      {live.data ? (
        <TvScreen live={live.data} />
      ) : (
        <>
          <h1 className="text-5xl font-bold"><Trans>Torneo</Trans></h1>
          {live.isError ? <p className="mt-6 text-3xl"><Trans>Torneo non trovato.</Trans></p> : <Spinner size="lg" label={t`Caricamento del torneo...`} />}
        </>
      )}
    </div>
  );
}

export function TvScreen({ live }: { live: TTournamentLive }) {
  const { t } = useLingui();
  const views = tvViews(live);
  const view = views[useRotation(views.length)] ?? 'schedule';
  const titles: Record<TvView, string> = { placements: t`Classifica finale`, schedule: t`Programma`, pools: t`Gironi`, bracket: t`Tabellone` };
  return (
    <div className="flex h-full flex-col gap-6">
      <header className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-5xl font-bold">{live.name}</h1>
        <p className="text-2xl text-slate-300">{formatDayRange(live.starts_on, live.ends_on)}</p>
      </header>
      <section aria-labelledby="tv-view" className="min-h-0 flex-1 overflow-hidden">
        <h2 id="tv-view" className="mb-4 text-4xl font-semibold text-amber-300">{titles[view]}</h2>
        {view === 'placements' && <FinalPlacements placements={live.placements} tv />}
        {view === 'schedule' && <Schedule live={live} limit={8} tv />}
        {view === 'pools' && <div className="grid grid-cols-1 gap-8 xl:grid-cols-2">{live.pools.map((pool) => <StandingsTable key={pool.pool} pool={pool} tv />)}</div>}
        {view === 'bracket' && <Bracket live={live} tv />}
      </section>
      <UpdatedAt tournamentId={live.id} className="text-slate-400" />
    </div>
  );
}
