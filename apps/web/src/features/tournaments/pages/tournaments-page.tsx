// /tornei (docs/tournaments.md#public-and-member-screens): two tabs, "Prossimi" (the tournaments to come
// and being played, soonest first) and "Passati" (?vista=passati: those over, latest first), each opening
// its live page; a signed-in member's entries above them ("Le mie iscrizioni").
import type { Locale } from '@beach/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { CardSection, ReadState } from '../../../components/ui/card-section';
import { paths } from '../../../config/paths';
import { localizedTo } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyTournamentEntries, useTournaments } from '../api/tournaments';
import { MyEntry } from '../components/my-entry';
import { TournamentCard } from '../components/tournament-card';

export default function TournamentsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Tornei`);
  const [search, setSearch] = useSearchParams();
  const past = search.get('vista') === 'passati';
  const tournaments = useTournaments(past ? 'past' : 'upcoming');
  const tabs = [
    { past: false, label: t`Prossimi` },
    { past: true, label: t`Passati` },
  ];
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold text-sea-900"><Trans>Tornei</Trans></h1>
        <p className="mt-1 text-slate-600"><Trans>Tornei di beach volley, beach tennis e foot volley sui nostri campi: iscriviti in coppia e segui i risultati dal vivo.</Trans></p>
        <Link to={localizedTo(i18n.locale as Locale, paths.ranking)} className="mt-2 inline-flex min-h-11 items-center font-semibold text-sea-700 underline hover:text-sea-900">
          <Trans>La classifica del circolo</Trans>
        </Link>
      </header>
      {useCurrentUser() && <MyEntriesSection />}
      <div className="flex gap-2" role="group" aria-label={t`Quali tornei`}>
        {tabs.map((tab) => (
          <button
            key={tab.label}
            type="button"
            aria-pressed={past === tab.past}
            onClick={() => setSearch(tab.past ? { vista: 'passati' } : {}, { replace: true })}
            className={`min-h-11 rounded-full px-4 font-semibold ring-1 ${past === tab.past ? 'bg-sea-700 text-white ring-sea-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-sea-50'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <ReadState read={tournaments} loading={t`Caricamento dei tornei...`} failed={t`Non è stato possibile leggere i tornei. Riprova più tardi.`} />
      {tournaments.data?.length === 0 && <Alert>{past ? <Trans>Non ci sono ancora tornei passati.</Trans> : <Trans>Al momento non ci sono tornei in programma.</Trans>}</Alert>}
      {tournaments.data && tournaments.data.length > 0 && (
        <section aria-labelledby="tournaments-heading" className="space-y-3">
          <h2 id="tournaments-heading" className="text-2xl font-bold text-sea-900">{past ? <Trans>Tornei passati</Trans> : <Trans>Prossimi tornei</Trans>}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{tournaments.data.map((row) => <TournamentCard key={row.id} tournament={row} />)}</div>
        </section>
      )}
    </section>
  );
}

/** The member's entries still in play (withdrawn ones and finished tournaments left out). */
function MyEntriesSection() {
  const { t } = useLingui();
  const entries = useMyTournamentEntries(true);
  const current = entries.data?.filter((entry) => entry.status !== 'withdrawn' && entry.tournament.status !== 'finished' && entry.tournament.status !== 'cancelled');
  if (current?.length === 0) return null;
  return (
    <CardSection titleId="my-entries-title">
      <h2 id="my-entries-title" className="text-lg font-semibold"><Trans>Le mie iscrizioni</Trans></h2>
      <ReadState read={entries} loading={t`Caricamento delle iscrizioni...`} failed={t`Non è stato possibile leggere le iscrizioni. Riprova più tardi.`} />
      <ul className="divide-y divide-slate-100">
        {current?.map((entry) => (
          <li key={entry.id} className="py-3">
            <MyEntry entry={entry} showName />
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
