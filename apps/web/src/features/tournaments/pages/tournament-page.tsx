// /tornei/:id, the live page (docs/tournaments.md#public-and-member-screens): the tournament's header, the
// final placements once finished, a playing member's "Tocca a voi" once their match is called (there only,
// not again in their entry), the member's entry (or registering), the partner finder, the member's matches
// to score, then Programma, Gironi, Tabellone, Risultati, Iscritti and the rules. It reads the tournament every 10 s and redraws only when something changed.
import { titleIn, type TTournamentLive } from '@beach/contracts';
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { formatDayRange, formatMoney } from '../../../lib/format';
import { localizedTo } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyTournamentEntries, useTournamentLive } from '../api/tournaments';
import { Bracket } from '../components/bracket';
import { FinalPlacements } from '../components/final-placements';
import { NextMatch } from '../components/my-entry';
import { PartnerFinder } from '../components/partner-finder';
import { entryIn, Registration } from '../components/registration';
import { Results, Schedule, stageName, upcoming } from '../components/schedule';
import { ScoreForm } from '../components/score-form';
import { StandingsTable } from '../components/standings-table';
import { tournamentPath, useTournamentKind } from '../components/tournament-card';
import { UpdatedAt } from '../components/updated-at';
import { isFree, playerNames } from '../labels';

export default function TournamentPage() {
  const { i18n, t } = useLingui();
  const id = Number(useParams().id);
  const live = useTournamentLive(id);
  usePageTitle(live.data ? titleIn(i18n.locale, live.data) : t`Torneo`);
  if (!live.data) {
    return (
      <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
        <h1 className="text-3xl font-bold text-sea-900"><Trans>Torneo</Trans></h1>
        <ReadState read={live} loading={t`Caricamento del torneo...`} failed={t`Torneo non trovato, o non è stato possibile leggerlo. Riprova più tardi.`} />
      </section>
    );
  }
  return <LiveTournament live={live.data} />;
}

/** The page drawn from one version of the live data. */
export function LiveTournament({ live }: { live: TTournamentLive }) {
  const { i18n, t } = useLingui();
  const kind = useTournamentKind(live);
  const fee = formatMoney(live.entry_fee);
  const signedIn = Boolean(useCurrentUser());
  const mine = useMyTournamentEntries(signedIn);
  const myEntry = entryIn(mine.data, live.id);
  const bracket = live.matches.some((match) => match.phase !== 'pool' && match.phase !== 'kob_pool');
  // The Programma holds the matches still to play; a finished tournament's are all in the Risultati.
  const placed = upcoming(live.matches).length > 0;
  const played = live.matches.some((match) => match.status === 'played');
  const toScore = myEntry ? live.matches.filter((match) => match.status === 'ready' && match.sides.some((side) => side.entry_id === myEntry.id)) : [];
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold text-sea-900">{titleIn(i18n.locale, live)}</h1>
        <p className="text-slate-700">{formatDayRange(live.starts_on, live.ends_on)}</p>
        <p className="text-slate-600">{kind} · {isFree(live.entry_fee) ? <Trans>Gratuito</Trans> : <Trans>{fee} a giocatore</Trans>}</p>
        <div className="flex flex-wrap items-center gap-x-4">
          <UpdatedAt tournamentId={live.id} className="text-slate-500" />
          <Link to={localizedTo(i18n.locale as Locale, tournamentPath(live.id, true))} className="inline-flex min-h-11 items-center text-sm text-sea-700 underline hover:text-sea-900">
            <Trans>Modalità TV</Trans>
          </Link>
        </div>
      </header>
      {live.placements.length > 0 && <Part id="classifica" title={t`Classifica finale`}><FinalPlacements placements={live.placements} /></Part>}
      {myEntry?.next_match?.called && <NextMatch entry={myEntry} />}
      {live.status === 'cancelled' && <Alert tone="warning"><Trans>Il torneo è stato annullato.</Trans></Alert>}
      {live.status !== 'cancelled' && (
        <CardSection titleId="registration-title">
          <h2 id="registration-title" className="text-lg font-semibold"><Trans>Iscrizione</Trans></h2>
          <Registration live={live} />
        </CardSection>
      )}
      {signedIn && live.registration_open && live.format !== 'king_of_the_beach' && (
        <CardSection titleId="partners-title">
          <h2 id="partners-title" className="text-lg font-semibold"><Trans>Cerco compagno/a</Trans></h2>
          <PartnerFinder live={live} registered={Boolean(myEntry)} />
        </CardSection>
      )}
      {toScore.length > 0 && (
        <CardSection titleId="my-matches-title">
          <h2 id="my-matches-title" className="text-lg font-semibold"><Trans>Le vostre partite</Trans></h2>
          {toScore.map((match) => (
            <div key={match.key} className="space-y-1">
              <p className="text-sm text-slate-600">{stageName(i18n, match, live)}</p>
              <ScoreForm tournamentId={live.id} match={match} />
            </div>
          ))}
        </CardSection>
      )}
      {placed && <Part id="programma" title={t`Programma`}><Schedule live={live} /></Part>}
      {live.pools.length > 0 && (
        <Part id="gironi" title={t`Gironi`}>
          <div className="grid gap-6 lg:grid-cols-2">{live.pools.map((pool) => <StandingsTable key={pool.pool} pool={pool} />)}</div>
        </Part>
      )}
      {bracket && <Part id="tabellone" title={t`Tabellone`}><Bracket live={live} /></Part>}
      {played && <Part id="risultati" title={t`Risultati`}><Results live={live} /></Part>}
      <Part id="iscritti" title={t`Iscritti`}>
        {live.entries.length === 0 ? (
          <p className="text-sm text-slate-600"><Trans>Ancora nessun iscritto.</Trans></p>
        ) : (
          <ol className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {live.entries.map((entry) => (
              <li key={entry.id}>
                {entry.seed !== null && <span className="mr-2 tabular-nums text-slate-500">{entry.seed}.</span>}
                {playerNames(i18n, entry.names)}
              </li>
            ))}
          </ol>
        )}
      </Part>
      {live.rules_text && <Part id="regolamento" title={t`Regolamento`}><p className="whitespace-pre-line text-sm text-slate-700">{live.rules_text}</p></Part>}
    </section>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-sea-900">{title}</h2>
      {children}
    </section>
  );
}
