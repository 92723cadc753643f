// Which setup each court has over a range of days (design §7); one per court per day, which the
// server guarantees and explains when refused.
import type { TCourt, TCourtSetup, TSetup } from '@beach/contracts';
import Trash from 'lucide-react/icons/trash-2';
import { useState, type FormEvent } from 'react';
import type { ConfirmOptions } from '../../../components/admin/confirm-dialog';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import type { NoticeTone } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { formatDate } from '../../../lib/format';
import { todayInRome } from '../../../lib/format';
import { useAssignSetup, useCourtSetups, useUnassignSetup } from '../api/admin-setups';

interface Props {
  courts: TCourt[];
  setups: TSetup[];
  notify: (text: string, tone?: NoticeTone) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

export function AssignmentsSection({ courts, setups, notify, confirm }: Props) {
  const assignments = useCourtSetups();
  const assign = useAssignSetup();
  const unassign = useUnassignSetup();
  const today = todayInRome();
  const [form, setForm] = useState({ court_id: '', setup_id: '', valid_from: today, valid_to: today });
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const created = await assign.mutateAsync({ ...form, court_id: Number(form.court_id), setup_id: Number(form.setup_id) });
      notify(`${created.setup.name} assegnato a ${created.court.name}.`);
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore nell’assegnazione. Riprova più tardi.'));
    }
  }

  async function remove(row: TCourtSetup) {
    const confirmed = await confirm({ title: 'Togli assegnazione', message: `Togliere ${row.setup.name} dal campo ${row.court.name} (${formatDate(row.valid_from)} – ${formatDate(row.valid_to)})?`, confirmLabel: 'Togli', tone: 'danger' });
    if (!confirmed) return;
    try {
      await unassign.mutateAsync(row.id);
      notify('Assegnazione eliminata.');
    } catch {
      notify('Si è verificato un errore nell’eliminazione dell’assegnazione. Riprova più tardi.', 'error');
    }
  }

  const columns: DataColumn<TCourtSetup>[] = [
    { key: 'court', header: 'Campo', cell: (row) => <span className="font-medium">{row.court.name}</span> },
    { key: 'setup', header: 'Allestimento', cell: (row) => row.setup.name },
    { key: 'range', header: 'Periodo', cell: (row) => `${formatDate(row.valid_from)} – ${formatDate(row.valid_to)}` },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      cell: (row) => (
        <Button variant="ghost" size="sm" onClick={() => void remove(row)} aria-label={`Togli ${row.setup.name} da ${row.court.name}`}>
          <Trash aria-hidden="true" className="h-4 w-4" />
        </Button>
      ),
    },
  ];
  const errors = failure?.fields ?? {};

  return (
    <section aria-labelledby="assignments-title" className="space-y-4">
      <div>
        <h2 id="assignments-title" className="text-xl font-semibold text-sea-900">Allestimenti dei campi</h2>
        <p className="text-sm text-slate-600">Un campo senza allestimento in un giorno compare per tutti gli sport.</p>
      </div>
      <form onSubmit={submit} noValidate aria-label="Nuova assegnazione" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5">
        <Select label="Campo" required value={form.court_id} options={[{ value: '', label: 'Scegli un campo' }, ...courts.map((court) => ({ value: String(court.id), label: `${court.name} (${court.code})` }))]} onChange={(e) => set({ court_id: e.target.value })} error={errors.court_id} />
        <Select label="Allestimento" required value={form.setup_id} options={[{ value: '', label: 'Scegli un allestimento' }, ...setups.map((setup) => ({ value: String(setup.id), label: setup.name }))]} onChange={(e) => set({ setup_id: e.target.value })} error={errors.setup_id} />
        <Input label="Dal" type="date" required value={form.valid_from} onChange={(e) => set({ valid_from: e.target.value })} error={errors.valid_from} />
        <Input label="Al" type="date" required value={form.valid_to} onChange={(e) => set({ valid_to: e.target.value })} error={errors.valid_to} />
        <div className="flex items-end">
          <Button type="submit" loading={assign.isPending} loadingText="Assegnazione...">Assegna</Button>
        </div>
        {failure && !errors.valid_from && <div className="sm:col-span-2 lg:col-span-5"><Alert tone="error">{failure.message}</Alert></div>}
      </form>
      {assignments.isPending ? (
        <Spinner />
      ) : assignments.isError ? (
        <Alert tone="error">Si è verificato un errore nel caricamento delle assegnazioni. Riprova più tardi.</Alert>
      ) : (
        <DataTable caption="Allestimenti assegnati ai campi" columns={columns} rows={assignments.data} rowKey={(row) => row.id} empty="Nessun campo ha un allestimento assegnato." />
      )}
    </section>
  );
}
