// One weekly series (docs/domain.md#recurring-series): its dates, cancelling one of them or the rest from a
// day, and editing the customer, price and notes of the dates still to come.
import type { TAdminBooking, TRecurringSeries } from '@beach/contracts';
import { useState } from 'react';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { DetailModal } from '../../../components/admin/detail-modal';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formFailure, type FormFailure } from '../../../lib/api-errors';
import { formatDate, todayInRome } from '../../../lib/format';
import { useCancelDeskBooking, useCancelSeries, useSeriesDetail, useUpdateSeries } from '../api/admin-bookings';
import { PaymentBadge, StatusBadge } from '../labels';
import { NO_OVERRIDE, overrideFields, PriceOverride, type PriceOverrideValue } from './price-override';

export function SeriesDetailModal({ series, onClose, notify }: { series: TRecurringSeries; onClose: () => void; notify: (message: string, tone?: 'error') => void }) {
  const detail = useSeriesDetail(series.id);
  const { confirm, dialog } = useConfirm();
  const cancelOne = useCancelDeskBooking();
  const cancelRest = useCancelSeries();
  const update = useUpdateSeries();
  const [fromDate, setFromDate] = useState(todayInRome() > series.valid_from ? todayInRome() : series.valid_from);
  const [edit, setEdit] = useState({ name: series.customer.user_id ? '' : series.customer.name, phone: series.customer.phone ?? '', notes: series.notes ?? '' });
  const [override, setOverride] = useState<PriceOverrideValue>(NO_OVERRIDE);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  async function run(work: () => Promise<{ message: string }>) {
    setFailure(null);
    try {
      notify((await work()).message);
    } catch (error) {
      setFailure(formFailure(error, ['customer_name', 'customer_phone', 'notes', 'price', 'price_reason', 'from_date'], 'Si è verificato un errore. Riprova più tardi.'));
    }
  }

  async function cancelDate(booking: TAdminBooking) {
    if (await confirm({ title: 'Annulla data', message: `Annullare la data del ${formatDate(booking.date)} della serie?`, confirmLabel: 'Annulla data', cancelLabel: 'Indietro', tone: 'danger' })) {
      await run(() => cancelOne.mutateAsync({ id: booking.id, body: { reason: 'Data della serie annullata', refund: false } }));
    }
  }

  async function cancelFrom() {
    if (await confirm({ title: 'Annulla serie', message: `Annullare tutte le date della serie dal ${formatDate(fromDate)} in poi?`, confirmLabel: 'Annulla le date', cancelLabel: 'Indietro', tone: 'danger' })) {
      await run(() => cancelRest.mutateAsync({ id: series.id, body: { from_date: fromDate } }));
    }
  }

  const save = () =>
    run(() =>
      update.mutateAsync({
        id: series.id,
        body: {
          user_id: series.customer.user_id,
          customer_name: series.customer.user_id ? null : edit.name,
          customer_phone: edit.phone || null,
          notes: edit.notes || null,
          ...overrideFields(override),
        },
      }),
    );
  const errors: Record<string, string> = Object.fromEntries(failure?.fields ?? []);
  const upcoming = (detail.data?.bookings ?? []).filter((booking) => booking.status === 'confirmed' && booking.date >= todayInRome());

  return (
    <DetailModal open title={`Serie · ${series.court.name}, ${series.start}–${series.end}`} onClose={onClose}>
      <section aria-label="Date" className="space-y-2">
        <h3 className="text-sm font-semibold tracking-wide text-sea-800 uppercase">Date prenotate</h3>
        {detail.isPending ? (
          <Spinner />
        ) : (
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {(detail.data?.bookings ?? []).map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-medium">{formatDate(booking.date)}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={booking.status} />
                  {booking.status === 'confirmed' && <PaymentBadge booking={booking} />}
                  {upcoming.includes(booking) && (
                    <Button variant="ghost" size="sm" onClick={() => void cancelDate(booking)} aria-label={`Annulla la data del ${formatDate(booking.date)}`}>
                      Annulla
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Modifica date future" className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
        <h3 className="text-sm font-semibold tracking-wide text-sea-800 uppercase sm:col-span-2">Modifica le date future</h3>
        {series.customer.user_id ? (
          <p className="text-sm sm:col-span-2">Socio: {series.customer.name}</p>
        ) : (
          <Input label="Cliente" required value={edit.name} onChange={(event) => setEdit({ ...edit, name: event.target.value })} error={errors.customer_name} />
        )}
        <Input label="Telefono" type="tel" value={edit.phone} onChange={(event) => setEdit({ ...edit, phone: event.target.value })} error={errors.customer_phone} />
        <div className="sm:col-span-2">
          <Textarea label="Note" rows={2} value={edit.notes} onChange={(event) => setEdit({ ...edit, notes: event.target.value })} error={errors.notes} />
        </div>
        <PriceOverride label="Cambia il prezzo per data" value={override} onChange={setOverride} errorOf={(field) => errors[field]} />
        <div className="sm:col-span-2">
          <Button loading={update.isPending} loadingText="Salvataggio..." onClick={() => void save()}>
            Salva le date future
          </Button>
        </div>
      </section>

      <section aria-label="Annulla la serie" className="flex flex-wrap items-end gap-3 rounded-lg border border-coral-200 p-4">
        <Input label="Annulla le date dal" type="date" value={fromDate} onChange={(event) => setFromDate(event.target.value)} error={errors.from_date} />
        <Button variant="danger" loading={cancelRest.isPending} loadingText="Annullamento..." onClick={() => void cancelFrom()}>
          Annulla il resto della serie
        </Button>
      </section>
      {failure?.message && <Alert tone="error">{failure.message}</Alert>}
      {dialog}
    </DetailModal>
  );
}
