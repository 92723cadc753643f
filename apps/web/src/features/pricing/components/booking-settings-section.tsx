// The booking rules (docs/domain.md#season-and-booking-horizon): season, horizon, payment hold, free cancellation, most future
// bookings per member, reminder lead, whether tournament results feed the levels.
import { ZBookingSettingsBody, type TBookingSettings, type TBookingSettingsBody } from '@beach/contracts';
import type { NoticeTone } from '../../../components/admin/notices';
import { Checkbox, Input } from '../../../components/ui/field';
import { useZodForm } from '../../../components/ui/form';
import { useBookingSettings, useSaveBookingSettings } from '../api/admin-pricing';
import { SettingsForm, SettingsSection } from './settings-form';

const NUMBER_FIELDS: { name: Exclude<keyof TBookingSettings, 'season_start' | 'season_end'>; label: string; hint: string }[] = [
  { name: 'booking_horizon_days', label: 'Prenotabile fino a (giorni)', hint: 'Quanti giorni avanti si può prenotare' },
  { name: 'payment_hold_minutes', label: 'Attesa pagamento (minuti)', hint: 'Per quanto lo slot resta bloccato in attesa del pagamento online' },
  { name: 'free_cancellation_hours', label: 'Cancellazione gratuita (ore prima)', hint: 'Preavviso per cancellare con rimborso' },
  { name: 'max_future_bookings', label: 'Prenotazioni future per tesserato', hint: 'Massimo di prenotazioni attive nel futuro' },
  { name: 'reminder_hours', label: 'Promemoria (ore prima)', hint: 'Quando parte l’e-mail di promemoria' },
  { name: 'waitlist_offer_hours', label: 'Lista d’attesa: posto tenuto (ore)', hint: 'Per quanto un posto liberato resta offerto al primo in lista' },
  { name: 'waitlist_cutoff_hours', label: 'Lista d’attesa: niente offerte (ore prima)', hint: 'Sotto questo preavviso dalla lezione il posto torna libero per tutti' },
  { name: 'court_waitlist_offer_hours', label: 'Campi, lista d’attesa: campo tenuto (ore)', hint: 'Per quanto un campo liberato resta tenuto per il primo in lista' },
  { name: 'court_waitlist_cutoff_hours', label: 'Campi, lista d’attesa: niente offerte (ore prima)', hint: 'Sotto questo preavviso dall’inizio tutti quelli in lista sono avvisati insieme' },
  { name: 'instalment_grace_days', label: 'Rate: tolleranza (giorni)', hint: 'Giorni dopo la scadenza prima che una rata non pagata sia segnalata' },
];

export function BookingSettingsSection({ notify }: { notify: (text: string, tone?: NoticeTone) => void }) {
  const settings = useBookingSettings();

  return (
    <SettingsSection titleId="settings-title" title="Regole delle prenotazioni" read={settings} failed="Si è verificato un errore nel caricamento delle regole. Riprova più tardi.">
      {(data) => <RulesForm key={settings.dataUpdatedAt} settings={data} notify={notify} />}
    </SettingsSection>
  );
}

/** The rules as loaded; remounted when they change on the server. */
function RulesForm({ settings, notify }: { settings: TBookingSettings; notify: (text: string, tone?: NoticeTone) => void }) {
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
    <SettingsForm label="Regole delle prenotazioni" onSubmit={submit(send)} failure={failure} saving={save.isPending} submitLabel="Salva regole">
      <Input label="Inizio stagione (MM-GG)" required pattern="\d{2}-\d{2}" placeholder="05-01" {...field('season_start')} />
      <Input label="Fine stagione (MM-GG)" required pattern="\d{2}-\d{2}" placeholder="09-30" {...field('season_end')} />
      {NUMBER_FIELDS.map((number) => (
        <Input key={number.name} label={number.label} hint={number.hint} type="number" min={0} required {...field(number.name)} />
      ))}
      {/* docs/levels.md#tournaments: off by default. */}
      <Checkbox label="I risultati confermati dei tornei muovono i livelli dei giocatori (come le partite competitive)" {...field('tournament_results_feed_levels')} />
    </SettingsForm>
  );
}
