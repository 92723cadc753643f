// The booking rules (docs/domain.md#season-and-booking-horizon): season, horizon, payment hold, free cancellation, most future
// bookings per member, reminder lead.
import { ZBookingSettingsBody, type TBookingSettings, type TBookingSettingsBody } from '@beach/contracts';
import type { NoticeTone } from '../../../components/admin/notices';
import { Loaded } from '../../../components/ui/loaded';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { useBookingSettings, useSaveBookingSettings } from '../api/admin-pricing';

const NUMBER_FIELDS: { name: Exclude<keyof TBookingSettings, 'season_start' | 'season_end'>; label: string; hint: string }[] = [
  { name: 'booking_horizon_days', label: 'Prenotabile fino a (giorni)', hint: 'Quanti giorni avanti si può prenotare' },
  { name: 'payment_hold_minutes', label: 'Attesa pagamento (minuti)', hint: 'Per quanto lo slot resta bloccato in attesa del pagamento online' },
  { name: 'free_cancellation_hours', label: 'Cancellazione gratuita (ore prima)', hint: 'Preavviso per cancellare con rimborso' },
  { name: 'max_future_bookings', label: 'Prenotazioni future per tesserato', hint: 'Massimo di prenotazioni attive nel futuro' },
  { name: 'reminder_hours', label: 'Promemoria (ore prima)', hint: 'Quando parte l’e-mail di promemoria' },
];

export function BookingSettingsSection({ notify }: { notify: (text: string, tone?: NoticeTone) => void }) {
  const settings = useBookingSettings();

  return (
    <section aria-labelledby="settings-title" className="space-y-4">
      <h2 id="settings-title" className="text-xl font-semibold text-sea-900">Regole delle prenotazioni</h2>
      <Loaded read={settings} failed="Si è verificato un errore nel caricamento delle regole. Riprova più tardi.">
        {(data) => <SettingsForm key={settings.dataUpdatedAt} settings={data} notify={notify} />}
      </Loaded>
    </section>
  );
}

/** The rules as loaded; remounted when they change on the server. */
function SettingsForm({ settings, notify }: { settings: TBookingSettings; notify: (text: string, tone?: NoticeTone) => void }) {
  const save = useSaveBookingSettings();
  const { field, submit, failure } = useZodForm({
    schema: ZBookingSettingsBody,
    defaultValues: settings,
    messages: { failed: 'Si è verificato un errore nel salvataggio delle regole. Riprova più tardi.' },
  });
  const send = async (body: TBookingSettingsBody) => {
    await save.mutateAsync(body);
    notify('Regole delle prenotazioni salvate.');
  };

  return (
    <form onSubmit={submit(send)} noValidate aria-label="Regole delle prenotazioni" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Input label="Inizio stagione (MM-GG)" required pattern="\d{2}-\d{2}" placeholder="05-01" {...field('season_start')} />
        <Input label="Fine stagione (MM-GG)" required pattern="\d{2}-\d{2}" placeholder="09-30" {...field('season_end')} />
        {NUMBER_FIELDS.map((number) => (
          <Input key={number.name} label={number.label} hint={number.hint} type="number" min={0} required {...field(number.name)} />
        ))}
      </div>
      <FormAlert failure={failure} />
      <Button type="submit" loading={save.isPending} loadingText="Salvataggio...">Salva regole</Button>
    </form>
  );
}
