// A new weekly series (docs/domain.md#recurring-series): court, weekday, times, dates, customer, price; the preview lists
// every date, free or with why it will be skipped, before anything is booked.
import { SLOTS, WEEKDAY_LABELS, z, ZRecurringBody, type TOccurrence, type TPlanner, type TRecurringBody, type TRecurringPreview } from '@beach/contracts';
import { useEffect, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { formatDate, formatMoney, todayInRome } from '../../../lib/format';
import { useCreateSeries, usePreviewSeries } from '../api/admin-bookings';
import { CustomerPicker, customerFields, WALK_IN, type Customer } from './customer-picker';
import { NO_OVERRIDE, overrideFields, PriceOverride, type PriceOverrideValue } from './price-override';

const STATE_LABELS: Record<TOccurrence['state'], { label: string; tone: BadgeTone }> = {
  free: { label: 'Libera', tone: 'green' },
  taken: { label: 'Già prenotato', tone: 'red' },
  closed: { label: 'Campo chiuso', tone: 'red' },
  out_of_season: { label: 'Fuori stagione', tone: 'neutral' },
  past: { label: 'Passata', tone: 'neutral' },
};

export function OccurrenceList({ occurrences }: { occurrences: TOccurrence[] }) {
  return (
    <ul aria-label="Date della serie" className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
      {occurrences.map((occurrence) => (
        <li key={occurrence.date} className="flex items-center justify-between px-3 py-2 text-sm">
          <span>{formatDate(occurrence.date)}</span>
          <Badge tone={STATE_LABELS[occurrence.state].tone}>{STATE_LABELS[occurrence.state].label}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** What the modal holds (ids as text, the customer and the price as chosen), shaped into the request body. */
const ZSeriesForm = z.object({
  court_id: z.string(),
  weekday: z.string(),
  start: z.string(),
  end: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  customer: z.custom<Customer>(),
  override: z.custom<PriceOverrideValue>(),
  notes: z.string(),
});
type SeriesForm = z.output<typeof ZSeriesForm>;
const seriesBody = ({ customer, override, ...form }: SeriesForm): TRecurringBody => ({
  ...form,
  court_id: Number(form.court_id),
  weekday: Number(form.weekday),
  ...customerFields(customer),
  ...overrideFields(override),
  notes: form.notes || null,
});

export function SeriesFormModal({ courts, onClose, onCreated }: { courts: TPlanner['courts']; onClose: () => void; onCreated: (message: string, skipped: TOccurrence[]) => void }) {
  const preview = usePreviewSeries();
  const create = useCreateSeries();
  const today = todayInRome();
  const [shown, setShown] = useState<TRecurringPreview | null>(null);
  const { field, errorOf, watch, setValue, submit, failure } = useZodForm({
    schema: ZSeriesForm.transform(seriesBody).pipe(ZRecurringBody),
    defaultValues: { court_id: String(courts[0]?.id ?? ''), weekday: '1', start: '18:00', end: '19:30', valid_from: today, valid_to: today, customer: WALK_IN, override: NO_OVERRIDE, notes: '' },
    messages: { failed: 'Si è verificato un errore. Riprova più tardi.' },
  });
  // A changed series needs a new preview.
  useEffect(() => {
    const subscription = watch(() => setShown(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const showPreview = submit(async (form: SeriesForm) => setShown(await preview.mutateAsync(seriesBody(form))));
  const createSeries = submit(async (form: SeriesForm) => {
    const result = await create.mutateAsync(seriesBody(form));
    onClose();
    onCreated(result.message, result.skipped);
  });

  return (
    <Modal
      open
      size="lg"
      title="Nuova serie settimanale"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button variant="secondary" loading={preview.isPending} loadingText="Anteprima..." onClick={() => void showPreview()}>
            Anteprima
          </Button>
          <Button disabled={!shown || shown.free === 0} loading={create.isPending} loadingText="Creazione..." onClick={() => void createSeries()}>
            Crea serie{shown ? ` (${shown.free} date)` : ''}
          </Button>
        </>
      }
    >
      <FormAlert failure={failure} className="mb-4" />
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={showPreview}>
        <Select label="Campo" options={courts.map((court) => ({ value: String(court.id), label: `${court.name} (${court.code})` }))} {...field('court_id')} />
        <Select label="Giorno della settimana" options={WEEKDAY_LABELS.map((label, index) => ({ value: String(index + 1), label }))} {...field('weekday')} />
        <Select label="Ora di inizio" options={SLOTS.map((slot) => ({ value: slot.start, label: slot.start }))} {...field('start')} />
        <Select label="Ora di fine" options={SLOTS.map((slot) => ({ value: slot.end, label: slot.end }))} {...field('end')} />
        <Input label="Primo giorno" type="date" required {...field('valid_from')} />
        <Input label="Ultimo giorno" type="date" required {...field('valid_to')} />
        <CustomerPicker customer={watch('customer')} onChange={(customer) => setValue('customer', customer)} errorOf={errorOf} />
        <PriceOverride label="Prezzo per data diverso dal listino" value={watch('override')} onChange={(override) => setValue('override', override)} errorOf={errorOf} />
        <div className="sm:col-span-2">
          <Textarea label="Note" rows={2} maxLength={1000} {...field('notes')} />
        </div>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
      {shown && (
        <section aria-label="Anteprima" className="mt-4 space-y-2">
          <p className="text-sm font-medium text-slate-800">
            {shown.free} {shown.free === 1 ? 'data libera' : 'date libere'}, {shown.skipped} {shown.skipped === 1 ? 'saltata' : 'saltate'} · {formatMoney(shown.price)} per data
          </p>
          <OccurrenceList occurrences={shown.occurrences} />
        </section>
      )}
    </Modal>
  );
}
