// A new weekly series (design §7): court, weekday, times, dates, customer, price; the preview lists
// every date, free or with why it will be skipped, before anything is booked.
import { SLOTS, WEEKDAY_LABELS, type TOccurrence, type TPlanner, type TRecurringBody, type TRecurringPreview } from '@beach/contracts';
import { useState } from 'react';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
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

export function SeriesFormModal({ courts, onClose, onCreated }: { courts: TPlanner['courts']; onClose: () => void; onCreated: (message: string, skipped: TOccurrence[]) => void }) {
  const preview = usePreviewSeries();
  const create = useCreateSeries();
  const today = todayInRome();
  const [form, setForm] = useState({ court_id: String(courts[0]?.id ?? ''), weekday: '1', start: '18:00', end: '19:30', valid_from: today, valid_to: today, notes: '' });
  const [customer, setCustomer] = useState<Customer>(WALK_IN);
  const [override, setOverride] = useState<PriceOverrideValue>(NO_OVERRIDE);
  const [shown, setShown] = useState<TRecurringPreview | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const set = (patch: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setShown(null); // a changed series needs a new preview
  };
  const errors = failure?.fields ?? {};

  const body = (): TRecurringBody => ({
    court_id: Number(form.court_id),
    weekday: Number(form.weekday),
    start: form.start,
    end: form.end,
    valid_from: form.valid_from,
    valid_to: form.valid_to,
    ...customerFields(customer),
    ...overrideFields(override),
    notes: form.notes || null,
  });

  async function run(work: () => Promise<void>) {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore. Riprova più tardi.'));
    }
  }

  const showPreview = () => run(async () => setShown(await preview.mutateAsync(body())));
  const createSeries = () =>
    run(async () => {
      const result = await create.mutateAsync(body());
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
      {failure && (
        <div className="mb-4">
          <Alert tone="error">{failure.message}</Alert>
        </div>
      )}
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void showPreview();
        }}
      >
        <Select label="Campo" value={form.court_id} onChange={(event) => set({ court_id: event.target.value })} options={courts.map((court) => ({ value: String(court.id), label: `${court.name} (${court.code})` }))} error={errors.court_id} />
        <Select label="Giorno della settimana" value={form.weekday} onChange={(event) => set({ weekday: event.target.value })} options={WEEKDAY_LABELS.map((label, index) => ({ value: String(index + 1), label }))} error={errors.weekday} />
        <Select label="Ora di inizio" value={form.start} onChange={(event) => set({ start: event.target.value })} options={SLOTS.map((slot) => ({ value: slot.start, label: slot.start }))} error={errors.start} />
        <Select label="Ora di fine" value={form.end} onChange={(event) => set({ end: event.target.value })} options={SLOTS.map((slot) => ({ value: slot.end, label: slot.end }))} error={errors.end} />
        <Input label="Primo giorno" type="date" required value={form.valid_from} onChange={(event) => set({ valid_from: event.target.value })} error={errors.valid_from} />
        <Input label="Ultimo giorno" type="date" required value={form.valid_to} onChange={(event) => set({ valid_to: event.target.value })} error={errors.valid_to} />
        <CustomerPicker customer={customer} onChange={(next) => { setCustomer(next); setShown(null); }} errors={errors} />
        <PriceOverride label="Prezzo per data diverso dal listino" value={override} onChange={setOverride} errors={errors} />
        <div className="sm:col-span-2">
          <Textarea label="Note" rows={2} maxLength={1000} value={form.notes} onChange={(event) => set({ notes: event.target.value })} error={errors.notes} />
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
