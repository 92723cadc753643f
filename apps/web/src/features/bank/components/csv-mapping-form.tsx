// The bank's CSV columns (docs/annual-accounts.md#the-bank): the header names of the columns that hold the
// date, amount, counterparty, description and (optionally) the RF reference, the separator, the decimal mark
// and the date order. Saved once for the account, reused by every CSV import.
import { type TBankCsvMapping, ZBankCsvMapping } from '@beach/contracts';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { useSaveCsvMapping } from '../api/bank';

const EMPTY: TBankCsvMapping = { date: '', amount: '', counterparty: '', remittance: '', reference: null, delimiter: ';', decimal: ',', date_format: 'DD/MM/YYYY' };

const COLUMNS = [
  { name: 'date', label: 'Colonna della data', hint: 'Es. «Data contabile»' },
  { name: 'amount', label: 'Colonna dell’importo', hint: 'Negativo per le uscite' },
  { name: 'counterparty', label: 'Colonna della controparte', hint: 'Es. «Ordinante/Beneficiario»' },
  { name: 'remittance', label: 'Colonna della causale', hint: 'Es. «Descrizione»' },
  { name: 'reference', label: 'Colonna del riferimento RF (facoltativa)', hint: 'Se la banca la esporta a parte' },
] as const;

export function CsvMappingForm({ saved, onDone }: { saved: TBankCsvMapping | null; onDone: (message: string) => void }) {
  const save = useSaveCsvMapping();
  const { field, submit, failure } = useZodForm({
    schema: ZBankCsvMapping,
    defaultValues: { ...(saved ?? EMPTY), reference: saved?.reference ?? '' },
    messages: { failed: 'Non è stato possibile salvare le colonne. Riprova più tardi.', prefix: 'Errore: ' },
  });
  const onSubmit = submit(async (values) => onDone((await save.mutateAsync(values)).message));
  return (
    <details open={!saved} className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-medium text-slate-800">
        Colonne del CSV della banca {saved ? <span className="text-sm font-normal text-slate-600">(salvate: usate per ogni CSV importato)</span> : <span className="text-sm font-normal text-slate-600">(da impostare una volta per importare un CSV)</span>}
      </summary>
      <form noValidate onSubmit={onSubmit} aria-label="Colonne del CSV" className="mt-4 space-y-4">
        <p className="text-sm text-slate-600">Scrivi i nomi delle colonne come nella prima riga del file esportato dalla banca.</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {COLUMNS.map((column) => (
            <Input key={column.name} label={column.label} hint={column.hint} autoComplete="off" required={column.name !== 'reference'} {...field(column.name)} />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Select label="Separatore" options={[{ value: ';', label: 'Punto e virgola ( ; )' }, { value: ',', label: 'Virgola ( , )' }, { value: '\t', label: 'Tabulazione' }]} {...field('delimiter')} />
          <Select label="Separatore dei decimali" options={[{ value: ',', label: 'Virgola (1.234,56)' }, { value: '.', label: 'Punto (1,234.56)' }]} {...field('decimal')} />
          <Select label="Formato della data" options={[{ value: 'DD/MM/YYYY', label: 'GG/MM/AAAA' }, { value: 'YYYY-MM-DD', label: 'AAAA-MM-GG' }]} {...field('date_format')} />
        </div>
        <FormAlert failure={failure} />
        <Button type="submit" variant="secondary" loading={save.isPending} loadingText="Salvataggio...">
          Salva colonne
        </Button>
      </form>
    </details>
  );
}
