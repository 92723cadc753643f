// The booking rules of design §1: season, horizon, payment hold, free cancellation, most future
// bookings per member, reminder lead.
import type { TBookingSettings } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import type { NoticeTone } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useBookingSettings, useSaveBookingSettings } from '../api/admin-pricing';

type Form = Record<keyof TBookingSettings, string>;
const NUMBER_FIELDS: { name: Exclude<keyof TBookingSettings, 'season_start' | 'season_end'>; label: string; hint: string }[] = [
  { name: 'booking_horizon_days', label: 'Prenotabile fino a (giorni)', hint: 'Quanti giorni avanti si può prenotare' },
  { name: 'payment_hold_minutes', label: 'Attesa pagamento (minuti)', hint: 'Per quanto lo slot resta bloccato in attesa del pagamento online' },
  { name: 'free_cancellation_hours', label: 'Cancellazione gratuita (ore prima)', hint: 'Preavviso per cancellare con rimborso' },
  { name: 'max_future_bookings', label: 'Prenotazioni future per tesserato', hint: 'Massimo di prenotazioni attive nel futuro' },
  { name: 'reminder_hours', label: 'Promemoria (ore prima)', hint: 'Quando parte l’e-mail di promemoria' },
];
const formOf = (settings: TBookingSettings): Form => Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])) as Form;

export function BookingSettingsSection({ notify }: { notify: (text: string, tone?: NoticeTone) => void }) {
  const settings = useBookingSettings();

  return (
    <section aria-labelledby="settings-title" className="space-y-4">
      <h2 id="settings-title" className="text-xl font-semibold text-sea-900">Regole delle prenotazioni</h2>
      {settings.isError ? (
        <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>Riprova</Button>}>Si è verificato un errore nel caricamento delle regole. Riprova più tardi.</Alert>
      ) : !settings.data ? (
        <Spinner />
      ) : (
        <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} notify={notify} />
      )}
    </section>
  );
}

/** The rules as loaded; remounted when they change on the server. */
function SettingsForm({ settings, notify }: { settings: TBookingSettings; notify: (text: string, tone?: NoticeTone) => void }) {
  const save = useSaveBookingSettings();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [failure, setFailure] = useState<FormFailure | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await save.mutateAsync(form);
      notify('Regole delle prenotazioni salvate.');
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore nel salvataggio delle regole. Riprova più tardi.'));
    }
  }
  const set = (name: keyof Form, value: string) => setForm((current) => ({ ...current, [name]: value }));
  const errors = failure?.fields ?? {};

  return (
    <form onSubmit={submit} noValidate aria-label="Regole delle prenotazioni" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Input label="Inizio stagione (MM-GG)" required pattern="\d{2}-\d{2}" placeholder="05-01" value={form.season_start} onChange={(e) => set('season_start', e.target.value)} error={errors.season_start} />
        <Input label="Fine stagione (MM-GG)" required pattern="\d{2}-\d{2}" placeholder="09-30" value={form.season_end} onChange={(e) => set('season_end', e.target.value)} error={errors.season_end} />
        {NUMBER_FIELDS.map((field) => (
          <Input key={field.name} label={field.label} hint={field.hint} type="number" min={0} required value={form[field.name]} onChange={(e) => set(field.name, e.target.value)} error={errors[field.name]} />
        ))}
      </div>
      {failure && <Alert tone="error">{failure.message}</Alert>}
      <Button type="submit" loading={save.isPending} loadingText="Salvataggio...">Salva regole</Button>
    </form>
  );
}
