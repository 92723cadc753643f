// The price list of one year (every price code, docs/domain.md#price-list): edit the amounts, or copy the list to next year.
import { PRICE_INFO, z, ZPriceListBody, type TAdminPriceList, type TPriceListBody } from '@beach/contracts';
import type { ConfirmOptions } from '../../../components/admin/confirm-dialog';
import type { NoticeTone } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Loaded } from '../../../components/ui/loaded';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { useZodForm } from '../../../components/ui/form';
import { serverMessage } from '../../../lib/api-errors';
import { moneyAsTyped } from '../../../lib/format';
import { useCopyPriceList, usePriceList, useSavePriceList } from '../api/admin-pricing';
import { SettingsForm } from './settings-form';

interface Props {
  year: number;
  onYearChange: (year: number) => void;
  notify: (text: string, tone?: NoticeTone) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

const amountsOf = (list: TAdminPriceList) => Object.fromEntries(list.entries.map((entry) => [entry.code, (entry.amount ? moneyAsTyped(entry.amount) : '')]));

export function PriceListSection({ year, onYearChange, notify, confirm }: Props) {
  const list = usePriceList(year);
  const copy = useCopyPriceList();

  const years = [...new Set([...(list.data?.years ?? []), year])].sort();

  async function copyToNextYear() {
    const confirmed = await confirm({ title: `Copia nel ${year + 1}`, message: `Creare il listino ${year + 1} con gli stessi importi del ${year}? Potrai poi modificarlo.`, confirmLabel: 'Copia' });
    if (!confirmed) return;
    try {
      const created = await copy.mutateAsync(year);
      onYearChange(created.year);
      notify(`Listino ${created.year} creato dal ${year}.`);
    } catch (error) {
      notify(serverMessage(error) ?? 'Si è verificato un errore nella copia del listino. Riprova più tardi.', 'error');
    }
  }

  const hasList = list.data?.entries.some((entry) => entry.amount !== null) ?? false;

  return (
    <section aria-labelledby="price-list-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="price-list-title" className="text-xl font-semibold text-sea-900">Listino prezzi</h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="w-32">
            <Select label="Anno" value={String(year)} options={years.map((option) => ({ value: String(option), label: String(option) }))} onChange={(e) => onYearChange(Number(e.target.value))} />
          </div>
          <Button variant="secondary" onClick={() => void copyToNextYear()} disabled={!hasList} loading={copy.isPending} loadingText="Copia...">
            Copia nel {year + 1}
          </Button>
        </div>
      </div>
      <Loaded read={list} failed="Si è verificato un errore nel caricamento del listino. Riprova più tardi.">
        {(data) => <PriceAmountsForm key={`${data.year}-${list.dataUpdatedAt}`} list={data} hasList={hasList} notify={notify} />}
      </Loaded>
    </section>
  );
}

/** The amounts of one loaded list; remounted when the list changes on the server. */
function PriceAmountsForm({ list, hasList, notify }: { list: TAdminPriceList; hasList: boolean; notify: Props['notify'] }) {
  const year = list.year;
  const save = useSavePriceList();
  // The form holds an amount per code; the body, the entries that have one (a blank amount is not sent).
  const filled = (amounts: Record<string, string>) => list.entries.filter((entry) => amounts[entry.code]?.trim());
  const bodyOf = ({ amounts }: { amounts: Record<string, string> }): TPriceListBody => ({
    entries: filled(amounts).map((entry) => ({ code: entry.code, amount: amounts[entry.code]!.trim(), note: entry.note })),
  });
  const schema = z.object({ amounts: z.record(z.string(), z.string()) }).transform(bodyOf).pipe(ZPriceListBody);
  const { register, errorOf, watch, submit, failure } = useZodForm({
    schema,
    defaultValues: { amounts: amountsOf(list) },
    messages: { failed: 'Si è verificato un errore nel salvataggio del listino. Riprova più tardi.' },
  });
  const send = async (form: { amounts: Record<string, string> }) => {
    await save.mutateAsync({ year, body: bodyOf(form) });
    notify(`Listino ${year} salvato.`);
  };

  /** A field's message: entries are checked by their index in what is sent. */
  const sentIndex = (code: string) => filled(watch('amounts')).findIndex((entry) => entry.code === code);

  return (
    <SettingsForm
      label={`Listino ${year}`}
      onSubmit={submit(send)}
      // A message about the list as a whole (no amount at all) belongs to no field.
      failure={errorOf('entries') ?? failure}
      saving={save.isPending}
      submitLabel={`Salva listino ${year}`}
      notice={!hasList && <Alert>Non esiste ancora un listino per il {year}: inserisci gli importi o copia quello dell’anno prima.</Alert>}
    >
      {list.entries.map((entry) => (
        <Input
          key={entry.code}
          label={`${PRICE_INFO[entry.code].label} (€)`}
          hint={PRICE_INFO[entry.code].detail}
          inputMode="decimal"
          placeholder="0,00"
          {...register(`amounts.${entry.code}`)}
          error={errorOf(`entries.${sentIndex(entry.code)}.amount`)}
        />
      ))}
    </SettingsForm>
  );
}
