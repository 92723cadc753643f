// /admin/campi (admin, docs/domain.md#courts): the courts' details and their closures.
import { COURT_PURPOSE_INFO, type TCourt } from '@beach/contracts';
import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { useNotices } from '../../../components/admin/notices';
import { Loaded } from '../../../components/ui/loaded';
import { Badge } from '../../../components/ui/badge';
import { IconButton } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { useAdminCourts } from '../../../lib/shared-queries';
import { ClosuresSection } from '../components/closures-section';
import { CourtEditModal } from '../components/court-edit-modal';

export default function AdminCourtsPage() {
  usePageTitle('Campi');
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const courts = useAdminCourts();
  const [editing, setEditing] = useState<TCourt | null>(null);

  const columns: DataColumn<TCourt>[] = [
    { key: 'code', header: 'Codice', cell: (court) => <span className="font-semibold">{court.code}</span> },
    { key: 'name', header: 'Nome', cell: (court) => court.name },
    { key: 'row', header: 'Fila / pos.', cell: (court) => (court.row ? `${court.row} · ${court.position}` : `— · ${court.position}`) },
    { key: 'purpose', header: 'Destinazione', cell: (court) => COURT_PURPOSE_INFO[court.purpose].label },
    {
      key: 'flags',
      header: 'Caratteristiche',
      cell: (court) => (
        <div className="flex flex-wrap gap-1">
          {court.has_lights && <Badge tone="yellow">Luci</Badge>}
          {court.is_bookable ? <Badge tone="green">Prenotabile</Badge> : <Badge>Non prenotabile online</Badge>}
        </div>
      ),
    },
    { key: 'description', header: 'Descrizione', cell: (court) => court.description ?? '—' },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      cell: (court) => (
        <IconButton icon={Pencil} label={`Modifica ${court.name}`} onClick={() => setEditing(court)} />
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Campi</h1>
        <p className="mt-1 text-slate-600">Dettagli dei campi e chiusure che bloccano le prenotazioni</p>
      </header>
      <Loaded read={courts} failed="Si è verificato un errore nel caricamento dei campi. Riprova più tardi.">
        {(data) => (
          <>
            <DataTable caption="Campi" columns={columns} rows={data} rowKey={(court) => court.id} empty="Nessun campo." />
            <ClosuresSection courts={data} notify={notify} confirm={confirm} />
          </>
        )}
      </Loaded>
      {editing && <CourtEditModal key={editing.id} court={editing} onClose={() => setEditing(null)} onSaved={(message) => notify(message)} />}
      {dialog}
      {region}
    </div>
  );
}
