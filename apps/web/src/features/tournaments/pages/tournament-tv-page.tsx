// /tornei/:id/tv, for the bar's screen (docs/tournaments.md#tv-mode): dark, big type, over the whole page
// (no header or footer), turning every 15 s between Classifica finale (once finished), Programma (the
// matches on court first), Gironi and Tabellone, each only with something to show; a view longer than
// the screen turns through its pages ("Pagina 2 di 3"), the bracket is scaled to fit; → and ← turn by
// hand. It reads the tournament every 10 s like the live page.
import { titleIn, type TTournamentLive } from '@beach/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { formatDayRange } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useTournamentLive } from '../api/tournaments';
import { Bracket } from '../components/bracket';
import { FinalPlacements } from '../components/final-placements';
import { Schedule, upcoming } from '../components/schedule';
import { StandingsTable } from '../components/standings-table';
import { type PageRange, useFitScale, useTvPages, useWindowSize } from '../components/tv-pages';
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

/** The screen shown: a view and its page. */
type Turn = { view: number; page: number };

/** The next screen: the view's next page, else the next view's first. */
export const nextTurn = ({ view, page }: Turn, pages: number, views: number): Turn => (page + 1 < pages ? { view, page: page + 1 } : { view: (view + 1) % views, page: 0 });
const previousTurn = ({ view, page }: Turn, views: number): Turn => (page > 0 ? { view, page: page - 1 } : { view: (view - 1 + views) % views, page: 0 });

/** Turns the screen every 15 s, or at once with → and ← (a view of `pages` pages among `views`). */
function useTurning(setTurn: Dispatch<SetStateAction<Turn>>, pages: number, views: number) {
  useEffect(() => {
    const next = () => setTurn((current) => nextTurn(current, pages, views));
    const timer = window.setInterval(next, TV_TURN_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') next();
      if (event.key === 'ArrowLeft') setTurn((current) => previousTurn(current, views));
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [setTurn, pages, views]);
}

export default function TournamentTvPage() {
  const { i18n, t } = useLingui();
  const id = Number(useParams().id);
  const live = useTournamentLive(id);
  usePageTitle(live.data ? titleIn(i18n.locale, live.data) : t`Torneo`);
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
  const { i18n, t } = useLingui();
  const views = tvViews(live);
  const size = useWindowSize();
  const [turn, setTurn] = useState<Turn>({ view: 0, page: 0 });
  const view = views[turn.view % views.length] ?? 'schedule';
  const [pages, area] = useTvPages(`${view}:${live.live_version}:${size}`);
  const count = pages?.length ?? 1;
  useTurning(setTurn, count, views.length);
  const index = Math.min(turn.page, count - 1);
  // While measuring, every block is drawn (pages null); then only the page's.
  const range: PageRange | undefined = pages ? pages[index] : undefined;
  const titles: Record<TvView, string> = { placements: t`Classifica finale`, schedule: t`Programma`, pools: t`Gironi`, bracket: t`Tabellone` };
  const page = index + 1;
  return (
    <div className="flex h-full flex-col gap-6">
      <header className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-5xl font-bold">{titleIn(i18n.locale, live)}</h1>
        <p className="text-2xl text-slate-300">{formatDayRange(live.starts_on, live.ends_on)}</p>
      </header>
      <section aria-labelledby="tv-view" data-tv-view={view} data-page={page} data-pages={count} className="flex min-h-0 flex-1 flex-col">
        <div className="mb-4 flex items-baseline justify-between gap-4">
          <h2 id="tv-view" className="text-4xl font-semibold text-amber-300">{titles[view]}</h2>
          {count > 1 && <p className="text-2xl text-slate-300"><Trans>Pagina {page} di {count}</Trans></p>}
        </div>
        <div ref={area} className="min-h-0 flex-1 overflow-hidden">
          {view === 'placements' && <FinalPlacements placements={live.placements} range={range} tv />}
          {view === 'schedule' && <Schedule live={live} range={range} tv />}
          {view === 'pools' && (
            <div className="grid grid-cols-1 gap-8 xl:grid-cols-2">
              {live.pools.slice(range?.[0], range?.[1]).map((pool) => <div key={pool.pool} data-tv-block><StandingsTable pool={pool} tv /></div>)}
            </div>
          )}
          {view === 'bracket' && <FittedBracket live={live} fitKey={`${live.live_version}:${size}`} />}
        </div>
      </section>
      <UpdatedAt tournamentId={live.id} className="text-slate-400" />
    </div>
  );
}

/** The bracket whole, scaled down to the screen when it is larger. */
function FittedBracket({ live, fitKey }: { live: TTournamentLive; fitKey: string }) {
  const [scale, content] = useFitScale(fitKey);
  return (
    <div ref={content} data-tv-scale={scale} className="w-max origin-top-left" style={{ transform: scale < 1 ? `scale(${scale})` : undefined }}>
      <Bracket live={live} tv />
    </div>
  );
}
