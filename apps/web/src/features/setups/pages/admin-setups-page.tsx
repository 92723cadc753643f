// /admin/allestimenti (admin, docs/domain.md#courts): setups and which court has which over a date range.
import { SPORT_LABELS, type TSetup } from '@beach/contracts';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { useNotices } from '../../../components/admin/notices';
import { RetryAlert } from '../../../components/ui/loaded';
import { Button, IconButton } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { ApiError } from '../../../lib/api-transport';
import { useAdminCourts } from '../../../lib/shared-queries';
import { useRemoveSetup, useSetups } from '../api/admin-setups';
import { AssignmentsSection } from '../components/assignments-section';
import { SetupFormModal } from '../components/setup-form-modal';

const metres = (value: number) => value.toLocaleString('it-IT', { maximumFractionDigits: 1 });

export default function AdminSetupsPage() {
  usePageTitle('Allestimenti');
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const setups = useSetups();
  const courts = useAdminCourts();
  const removeSetup = useRemoveSetup();
  const [editing, setEditing] = useState<TSetup | null | undefined>(undefined);

  async function remove(setup: TSetup) {
    const confirmed = await confirm({ title: 'Elimina allestimento', message: `Eliminare l’allestimento "${setup.name}"?`, confirmLabel: 'Elimina', tone: 'danger' });
    if (!confirmed) return;
    try {
      await removeSetup.mutateAsync(setup.id);
      notify('Allestimento eliminato.');
    } catch (error) {
      notify(error instanceof ApiError && error.status === 409 ? error.message : 'Si è verificato un errore nell’eliminazione dell’allestimento. Riprova più tardi.', 'error');
    }
  }

  const columns: DataColumn<TSetup>[] = [
    { key: 'name', header: 'Nome', cell: (setup) => <span className="font-medium">{setup.name}</span> },
    { key: 'sport', header: 'Sport', cell: (setup) => SPORT_LABELS[setup.sport] },
    { key: 'net', header: 'Rete', cell: (setup) => `${(setup.net_height_cm / 100).toLocaleString('it-IT', { minimumFractionDigits: 2 })} m` },
    { key: 'size', header: 'Campo', cell: (setup) => `${metres(setup.length_m)} × ${metres(setup.width_m)} m` },
    { key: 'equipment', header: 'Attrezzatura', cell: (setup) => setup.equipment ?? '—' },
    { key: 'notes', header: 'Note', cell: (setup) => setup.notes ?? '—' },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      cell: (setup) => (
        <div className="flex gap-1">
          <IconButton icon={Pencil} label={`Modifica ${setup.name}`} onClick={() => setEditing(setup)} />
          <IconButton icon={Trash} label={`Elimina ${setup.name}`} onClick={() => void remove(setup)} />
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader title="Allestimenti" subtitle={<p className="mt-1 text-slate-600">Come sono allestiti i campi per ogni sport</p>}>
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Nuovo allestimento
        </Button>
      </PageHeader>
      {setups.isPending || courts.isPending ? (
        <Spinner />
      ) : setups.isError || courts.isError ? (
        <RetryAlert onRetry={() => void Promise.all([setups.refetch(), courts.refetch()])}>
          Si è verificato un errore nel caricamento degli allestimenti. Riprova più tardi.
        </RetryAlert>
      ) : (
        <>
          <DataTable caption="Allestimenti" columns={columns} rows={setups.data} rowKey={(setup) => setup.id} empty="Nessun allestimento." />
          <AssignmentsSection courts={courts.data} setups={setups.data} notify={notify} confirm={confirm} />
        </>
      )}
      {editing !== undefined && <SetupFormModal key={editing?.id ?? 'new'} setup={editing} onClose={() => setEditing(undefined)} onSaved={(message) => notify(message)} />}
      {dialog}
      {region}
    </div>
  );
}
