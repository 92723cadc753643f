// The online top-up's limits (docs/domain.md#credit): the least and the most a member may top up their
// credit with by card; the minimum may not exceed the maximum (told under "Massimo"). Also the largest
// correction staff may add to a member's credit without an admin (at most 1.000,00 €), and the amount above
// which the desk confirms a top-up or a refund in words.
import { ZCreditSettingsBody, type TCreditSettings, type TCreditSettingsBody } from '@beach/contracts';
import type { NoticeTone } from '../../../components/admin/notices';
import { Input } from '../../../components/ui/field';
import { useZodForm } from '../../../components/ui/form';
import { useCreditSettings, useSaveCreditSettings } from '../../credit';
import { moneyAsTyped } from '../../../lib/format';
import { SettingsForm, SettingsSection } from './settings-form';

export function CreditSettingsSection({ notify }: { notify: (text: string, tone?: NoticeTone) => void }) {
  const settings = useCreditSettings();
  return (
    <SettingsSection titleId="credit-settings-title" title="Ricariche del credito" read={settings} failed="Si è verificato un errore nel caricamento dei limiti. Riprova più tardi.">
      {(data) => <LimitsForm key={settings.dataUpdatedAt} settings={data} notify={notify} />}
    </SettingsSection>
  );
}

/** The limits as loaded; remounted when they change on the server. */
function LimitsForm({ settings, notify }: { settings: TCreditSettings; notify: (text: string, tone?: NoticeTone) => void }) {
  const save = useSaveCreditSettings();
  const { field, submit, failure } = useZodForm({
    schema: ZCreditSettingsBody,
    // Shown as typed in Italian ("10,00"); the server reads either separator.
    defaultValues: { top_up_min: moneyAsTyped(settings.top_up_min), top_up_max: moneyAsTyped(settings.top_up_max), correction_limit: moneyAsTyped(settings.correction_limit), confirm_above: moneyAsTyped(settings.confirm_above) },
    messages: { failed: 'Si è verificato un errore nel salvataggio dei limiti. Riprova più tardi.' },
  });
  const send = async (body: TCreditSettingsBody) => {
    await save.mutateAsync(body);
    notify('Limiti delle ricariche salvati.');
  };
  return (
    <SettingsForm label="Ricariche del credito" onSubmit={submit(send)} failure={failure} saving={save.isPending} submitLabel="Salva limiti">
      <Input label="Minimo (€)" hint="La ricarica online più piccola" inputMode="decimal" required {...field('top_up_min')} />
      <Input label="Massimo (€)" hint="La ricarica online più grande" inputMode="decimal" required {...field('top_up_max')} />
      <Input
        label="Rettifiche: massimo senza amministratore (€)"
        hint="Ogni membro dello staff aggiunge con le rettifiche al massimo questo importo al giorno, tutte insieme; oltre serve un amministratore"
        inputMode="decimal"
        required
        {...field('correction_limit')}
      />
      <Input
        label="Conferma in segreteria sopra (€)"
        hint="Una ricarica o un rimborso più alto si registra solo dopo aver confermato l’importo scritto in lettere"
        inputMode="decimal"
        required
        {...field('confirm_above')}
      />
    </SettingsForm>
  );
}
