// Court closures (docs/domain.md#courts): close a court from–to with a reason; the answer lists the live
// bookings inside the closure so staff can move or cancel them. Past closures are hidden.
import { romeInstant, z, ZClosureBody, type TClosureBody, type TClosureHitBooking, type TCourt, type TCourtClosure } from '@beach/contracts';
import Trash from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import type { ConfirmOptions } from '../../../components/admin/confirm-dialog';
import type { NoticeTone } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Loaded } from '../../../components/ui/loaded';
import { Button, IconButton } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { formatDateTime } from '../../../lib/format';
import { todayInRome } from '../../../lib/format';
import { useClosures, useCreateClosure, useRemoveClosure } from '../api/admin-courts';

interface Props {
  courts: TCourt[];
  notify: (text: string, tone?: NoticeTone) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

/** The form holds Rome days and times; the body, the instants they mean. */
const ZClosureForm = z.object({ court_id: z.string(), from_day: z.string(), from_time: z.string(), to_day: z.string(), to_time: z.string(), reason: z.string() });
const closureBody = (form: z.output<typeof ZClosureForm>): TClosureBody => ({
  court_id: Number(form.court_id),
  starts_at: romeInstant(form.from_day, form.from_time),
  ends_at: romeInstant(form.to_day, form.to_time),
  reason: form.reason,
});
const closureForm = ZClosureForm.transform(closureBody).pipe(ZClosureBody);

const BOOKING_STATUS_LABELS: Record<string, string> = { confirmed: 'Confermata', pending_payment: 'In attesa di pagamento' };

export function ClosuresSection({ courts, notify, confirm }: Props) {
  const today = todayInRome();
  const closures = useClosures(today);
  const create = useCreateClosure();
  const remove = useRemoveClosure();
  const [hits, setHits] = useState<{ court: string; bookings: TClosureHitBooking[] } | null>(null);
  const { field, errorOf, submit, failure, setValue } = useZodForm({
    schema: closureForm,
    defaultValues: { court_id: '', from_day: today, from_time: '09:00', to_day: today, to_time: '24:00', reason: '' },
    messages: { failed: 'Si è verificato un errore nel salvataggio della chiusura. Riprova più tardi.' },
  });

  const send = async (form: z.output<typeof ZClosureForm>) => {
    const created = await create.mutateAsync(closureBody(form));
    setHits({ court: created.closure.court.name, bookings: created.affected_bookings });
    setValue('reason', '');
    notify(`Chiusura del campo ${created.closure.court.code} salvata.`);
  };

  async function removeClosure(closure: TCourtClosure) {
    const confirmed = await confirm({ title: 'Elimina chiusura', message: `Eliminare la chiusura del campo ${closure.court.name} (${closure.reason})? Il campo tornerà prenotabile.`, confirmLabel: 'Elimina', tone: 'danger' });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(closure.id);
      notify('Chiusura eliminata.');
    } catch {
      notify('Si è verificato un errore nell’eliminazione della chiusura. Riprova più tardi.', 'error');
    }
  }

  const columns: DataColumn<TCourtClosure>[] = [
    { key: 'court', header: 'Campo', cell: (closure) => <span className="font-medium">{closure.court.name}</span> },
    { key: 'from', header: 'Dal', cell: (closure) => formatDateTime(closure.starts_at) },
    { key: 'to', header: 'Al', cell: (closure) => formatDateTime(closure.ends_at) },
    { key: 'reason', header: 'Motivo', cell: (closure) => closure.reason },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      cell: (closure) => (
        <IconButton icon={Trash} label={`Elimina chiusura ${closure.court.name} ${formatDateTime(closure.starts_at)}`} onClick={() => void removeClosure(closure)} />
      ),
    },
  ];

  return (
    <section aria-labelledby="closures-title" className="space-y-4">
      <h2 id="closures-title" className="text-xl font-semibold text-sea-900">Chiusure</h2>
      <form onSubmit={submit(send)} noValidate className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3" aria-label="Nuova chiusura">
        <Select label="Campo" required options={[{ value: '', label: 'Scegli un campo' }, ...courts.map((court) => ({ value: String(court.id), label: `${court.name} (${court.code})` }))]} {...field('court_id')} />
        <div className="grid grid-cols-2 gap-2">
          <Input label="Dal giorno" type="date" required {...field('from_day')} error={errorOf('starts_at')} />
          <Input label="Dalle ore" type="time" required {...field('from_time')} />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Input label="Al giorno" type="date" required {...field('to_day')} error={errorOf('ends_at')} />
          <Input label="Alle ore" required pattern="([01]\d|2[0-3]):[0-5]\d|24:00" placeholder="24:00" hint="24:00 = fine giornata" {...field('to_time')} />
        </div>
        <div className="sm:col-span-2">
          <Input label="Motivo" required maxLength={255} {...field('reason')} />
        </div>
        <div className="flex items-end">
          <Button type="submit" loading={create.isPending} loadingText="Salvataggio...">Chiudi il campo</Button>
        </div>
        <FormAlert failure={failure} className="sm:col-span-2 lg:col-span-3" />
      </form>

      {hits && (
        <Alert tone={hits.bookings.length ? 'warning' : 'success'} title={hits.bookings.length ? `Prenotazioni attive nella chiusura di ${hits.court}: spostale o cancellale` : `Nessuna prenotazione attiva nella chiusura di ${hits.court}.`}>
          {hits.bookings.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {hits.bookings.map((booking) => (
                <li key={booking.id}>
                  #{booking.id} · {formatDateTime(booking.starts_at)} – {formatDateTime(booking.ends_at)} · {booking.customer} · {BOOKING_STATUS_LABELS[booking.status] ?? booking.status}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}

      <Loaded read={closures} failed="Si è verificato un errore nel caricamento delle chiusure. Riprova più tardi.">
        {(rows) => <DataTable caption="Chiusure in corso e future" columns={columns} rows={rows} rowKey={(closure) => closure.id} empty="Nessuna chiusura in programma." />}
      </Loaded>
    </section>
  );
}
