// /admin/tornei/:id (admin; docs/tournaments.md#the-organisers-screens): the organiser's board of one
// tournament, in tabs: Iscritti (payments, seeds, publish, cancel), Sorteggio, Programma (the courts'
// board) and Risultati. "Modifica" opens the form until the draw.
import { SPORT_LABELS, type TAdminTournament } from '@beach/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useNotices } from '../../../components/admin/notices';
import { Button } from '../../../components/ui/button';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTournament } from '../api/tournaments';
import { DrawTab } from '../components/draw-tab';
import { EntriesTab } from '../components/entries-tab';
import { ResultsTab } from '../components/results-tab';
import { ScheduleTab } from '../components/schedule-tab';
import { StatusBadge } from '../components/status-badge';
import { TournamentFormModal } from '../components/tournament-form-modal';
import { categoryText, FORMAT_LABELS, MATCH_FORMAT_LABELS } from '../labels';

const TABS = [
  { id: 'iscritti', label: 'Iscritti' },
  { id: 'sorteggio', label: 'Sorteggio' },
  { id: 'programma', label: 'Programma' },
  { id: 'risultati', label: 'Risultati' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function Board({ tournament, notify }: { tournament: TAdminTournament; notify: (text: string, tone?: 'success' | 'error') => void }) {
  const [tab, setTab] = useState<Tab>('iscritti');
  const [editing, setEditing] = useState(false);
  const editable = tournament.status === 'draft' || tournament.status === 'published';
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-sea-900">
            {tournament.name} <StatusBadge status={tournament.status} />
          </h1>
          <p className="text-slate-700">
            {[
              tournament.starts_on === tournament.ends_on ? formatDate(tournament.starts_on) : `${formatDate(tournament.starts_on)} – ${formatDate(tournament.ends_on)}`,
              `${SPORT_LABELS[tournament.sport]} · ${categoryText(tournament)}`,
              FORMAT_LABELS[tournament.format],
              tournament.match_format === 'one_set_21' ? `Un set a 21${tournament.time_cap_minutes ? ` (tempo limite ${tournament.time_cap_minutes} minuti)` : ''}` : MATCH_FORMAT_LABELS[tournament.match_format],
              `Quota ${formatMoney(tournament.entry_fee)} a giocatore`,
            ].join(' · ')}
          </p>
        </div>
        {editable && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Modifica
          </Button>
        )}
      </header>
      <div role="tablist" aria-label="Sezioni del torneo" className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            onClick={() => setTab(id)}
            className={`rounded-md px-4 py-1.5 text-sm font-semibold ${tab === id ? 'bg-white text-sea-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {/* Each answer of the server replaces the tournament: the tabs' local drafts start again from it. */}
        {tab === 'iscritti' && <EntriesTab key={tournament.live_version} tournament={tournament} notify={notify} />}
        {tab === 'sorteggio' && <DrawTab tournament={tournament} notify={notify} />}
        {tab === 'programma' && <ScheduleTab tournament={tournament} />}
        {tab === 'risultati' && <ResultsTab tournament={tournament} notify={notify} />}
      </div>
      {editing && <TournamentFormModal tournament={tournament} onClose={() => setEditing(false)} onSaved={(message) => notify(message)} />}
    </>
  );
}

export default function AdminTournamentPage() {
  const id = Number(useParams().id);
  const tournament = useAdminTournament(id);
  usePageTitle(tournament.data?.name ?? 'Torneo');
  const { notify, region } = useNotices();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Link to={paths.admin.tournaments} className="inline-flex min-h-11 items-center text-sm font-semibold text-sea-700 underline">
        ← Tornei
      </Link>
      <Loaded read={tournament} failed={serverMessage(tournament.error) ?? 'Si è verificato un errore nel caricamento del torneo. Riprova più tardi.'}>
        {(data) => <Board tournament={data} notify={notify} />}
      </Loaded>
      {region}
    </div>
  );
}
