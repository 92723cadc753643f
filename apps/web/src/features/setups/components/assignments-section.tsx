// Which setup each court has over a range of days (docs/domain.md#courts); one per court per day, which the
// server guarantees and explains when refused.
import { z, ZCourtSetupBody, type TCourt, type TCourtSetup, type TCourtSetupBody, type TSetup } from '@beach/contracts';
import Trash from 'lucide-react/icons/trash-2';
import type { ConfirmOptions } from '../../../components/admin/confirm-dialog';
import type { NoticeTone } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button, IconButton } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
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

/** The selects hold ids as text; the body, as numbers. */
const ZAssignmentForm = z.object({ court_id: z.string(), setup_id: z.string(), valid_from: z.string(), valid_to: z.string() });
const assignmentBody = (form: z.output<typeof ZAssignmentForm>): TCourtSetupBody => ({ ...form, court_id: Number(form.court_id), setup_id: Number(form.setup_id) });
const assignmentForm = ZAssignmentForm.transform(assignmentBody).pipe(ZCourtSetupBody);

export function AssignmentsSection({ courts, setups, notify, confirm }: Props) {
  const assignments = useCourtSetups();
  const assign = useAssignSetup();
  const unassign = useUnassignSetup();
  const today = todayInRome();
  const { field, submit, failure } = useZodForm({
    schema: assignmentForm,
    defaultValues: { court_id: '', setup_id: '', valid_from: today, valid_to: today },
    messages: { failed: 'Si è verificato un errore nell’assegnazione. Riprova più tardi.' },
  });
  const send = async (form: z.output<typeof ZAssignmentForm>) => {
    const created = await assign.mutateAsync(assignmentBody(form));
    notify(`${created.setup.name} assegnato a ${created.court.name}.`);
  };

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
        <IconButton icon={Trash} label={`Togli ${row.setup.name} da ${row.court.name}`} onClick={() => void remove(row)} />
      ),
    },
  ];

  return (
    <section aria-labelledby="assignments-title" className="space-y-4">
      <div>
        <h2 id="assignments-title" className="text-xl font-semibold text-sea-900">Allestimenti dei campi</h2>
        <p className="text-sm text-slate-600">Un campo senza allestimento in un giorno compare per tutti gli sport.</p>
      </div>
      <form onSubmit={submit(send)} noValidate aria-label="Nuova assegnazione" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5">
        <Select label="Campo" required options={[{ value: '', label: 'Scegli un campo' }, ...courts.map((court) => ({ value: String(court.id), label: `${court.name} (${court.code})` }))]} {...field('court_id')} />
        <Select label="Allestimento" required options={[{ value: '', label: 'Scegli un allestimento' }, ...setups.map((setup) => ({ value: String(setup.id), label: setup.name }))]} {...field('setup_id')} />
        <Input label="Dal" type="date" required {...field('valid_from')} />
        <Input label="Al" type="date" required {...field('valid_to')} />
        <div className="flex items-end">
          <Button type="submit" loading={assign.isPending} loadingText="Assegnazione...">Assegna</Button>
        </div>
        <FormAlert failure={failure} className="sm:col-span-2 lg:col-span-5" />
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
