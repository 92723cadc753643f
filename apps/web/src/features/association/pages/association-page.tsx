// /admin/associazione (admin): the association's details printed on receipts and on the members'
// register, and whether receipts carry the stamp duty.
import { ASSOCIATION_MESSAGES, ZAssociationBody, type TAssociation } from '@beach/contracts';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNotices, type NoticeTone } from '../../../components/admin/notices';
import { RetryAlert } from '../../../components/ui/loaded';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { ReceiptDetailsWarning } from '../../../components/association/receipt-details-warning';
import { useAssociation, useSaveAssociation } from '../../../lib/association';

type TextField = 'name' | 'address' | 'fiscal_code' | 'vat_number' | 'rasd_number' | 'email' | 'receipt_signatory';
const FIELDS: { name: TextField; label: string; hint?: string; required?: boolean; type?: string; autoComplete?: string }[] = [
  { name: 'name', label: 'Denominazione', required: true, autoComplete: 'organization' },
  { name: 'address', label: 'Sede legale', hint: 'Via, numero civico, CAP, comune e provincia', required: true, autoComplete: 'street-address' },
  { name: 'fiscal_code', label: 'Codice fiscale', hint: '11 cifre (o 16 caratteri)', required: true },
  { name: 'vat_number', label: 'Partita IVA', hint: 'Facoltativa: 11 cifre' },
  { name: 'rasd_number', label: 'Numero di iscrizione al RASD', hint: 'Registro nazionale delle attività sportive dilettantistiche' },
  { name: 'email', label: 'E-mail', type: 'email', required: true, autoComplete: 'email' },
  { name: 'receipt_signatory', label: 'Firmatario delle ricevute', hint: 'Es. Mario Rossi, presidente', required: true },
];

export default function AssociationPage() {
  usePageTitle('Dati dell’associazione');
  const { notify, region } = useNotices();
  const association = useAssociation();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Dati dell’associazione</h1>
        <p className="mt-1 text-slate-600">Compaiono sulle ricevute e sul libro soci</p>
      </header>
      <ReceiptDetailsWarning linkToForm={false} />
      {association.isError ? (
        <RetryAlert onRetry={() => void association.refetch()}>Si è verificato un errore nel caricamento dei dati. Riprova più tardi.</RetryAlert>
      ) : !association.data ? (
        <Spinner />
      ) : (
        <AssociationForm key={association.dataUpdatedAt} association={association.data} notify={notify} />
      )}
      {region}
    </div>
  );
}

function AssociationForm({ association, notify }: { association: TAssociation; notify: (text: string, tone?: NoticeTone) => void }) {
  const save = useSaveAssociation();
  const { field, submit, failure } = useZodForm({
    schema: ZAssociationBody,
    defaultValues: { ...Object.fromEntries(FIELDS.map(({ name }) => [name, association[name] ?? ''])), stamp_duty_on_receipts: association.stamp_duty_on_receipts },
    messages: { failed: 'Si è verificato un errore nel salvataggio. Riprova più tardi.' },
  });
  const onSubmit = submit(async (values) => {
    await save.mutateAsync(values);
    notify(ASSOCIATION_MESSAGES.saved);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Dati dell’associazione" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((input) => (
          <Input
            key={input.name}
            label={input.label}
            hint={input.hint}
            required={input.required}
            type={input.type ?? 'text'}
            autoComplete={input.autoComplete ?? 'off'}
            {...field(input.name)}
          />
        ))}
      </div>
      <Checkbox
        label="Imposta di bollo di 2,00 € sulle ricevute di attività sopra 77,47 € (le quote associative ne sono esenti)"
        {...field('stamp_duty_on_receipts')}
      />
      <FormAlert failure={failure} />
      <Button type="submit" loading={save.isPending} loadingText="Salvataggio...">Salva dati</Button>
    </form>
  );
}
