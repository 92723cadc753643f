// /admin/tornei (admin; docs/tournaments.md#the-organisers-screens): every tournament, drafts too, with its
// days, sport and category, formula, entries taken and state; "Nuovo torneo" creates one in draft, and a
// row opens its board.
import { buildPath, SPORT_LABELS, type TTournamentSummary } from '@beach/contracts';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { PageHeader } from '../../../components/admin/page-header';
import { Button } from '../../../components/ui/button';
import { Loaded } from '../../../components/ui/loaded';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminTournaments } from '../api/tournaments';
import { StatusBadge } from '../components/status-badge';
import { TournamentFormModal } from '../components/tournament-form-modal';
import { categoryText, FORMAT_LABELS } from '../labels';

const tournamentAddress = (id: number) => buildPath(paths.admin.tournament, { id });

const columns: DataColumn<TTournamentSummary>[] = [
  { key: 'name', header: 'Torneo', cell: (tournament) => (
    <Link to={tournamentAddress(tournament.id)} className="font-semibold text-sea-800 underline">
      {tournament.name}
    </Link>
  ) },
  { key: 'when', header: 'Quando', cell: (tournament) => (tournament.starts_on === tournament.ends_on ? formatDate(tournament.starts_on) : `${formatDate(tournament.starts_on)} – ${formatDate(tournament.ends_on)}`) },
  { key: 'kind', header: 'Sport e categoria', cell: (tournament) => `${SPORT_LABELS[tournament.sport]} · ${categoryText(tournament)}` },
  { key: 'format', header: 'Formula', cell: (tournament) => FORMAT_LABELS[tournament.format] },
  { key: 'entries', header: 'Iscritti', cell: (tournament) => `${tournament.entries_taken}/${tournament.max_entries}` },
  { key: 'status', header: 'Stato', cell: (tournament) => <StatusBadge status={tournament.status} /> },
];

export default function AdminTournamentsPage() {
  usePageTitle('Tornei');
  const tournaments = useAdminTournaments();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Tornei" subtitle={<p className="mt-1 text-slate-600">Tornei di coppie e King of the Beach: iscrizioni, sorteggio, programma e risultati</p>}>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Nuovo torneo
        </Button>
      </PageHeader>
      <Loaded read={tournaments} failed="Si è verificato un errore nel caricamento dei tornei. Riprova più tardi.">
        {(rows) => <DataTable caption="Tornei" columns={columns} rows={rows} rowKey={(tournament) => tournament.id} empty="Nessun torneo. Creane uno con “Nuovo torneo”." />}
      </Loaded>
      {/* A new tournament opens on its board. */}
      {creating && <TournamentFormModal tournament={null} onClose={() => setCreating(false)} onSaved={(_message, id) => void navigate(tournamentAddress(id))} />}
    </div>
  );
}
