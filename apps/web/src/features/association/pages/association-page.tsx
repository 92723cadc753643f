// /admin/associazione (admin): the association's details printed on receipts and on the members'
// register, and whether receipts carry the stamp duty.
import { ASSOCIATION_MESSAGES, type TAssociation } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../app/use-page-title';
import { formFailure, type FormFailure } from '../../../components/admin/form-failure';
import { useNotices, type NoticeTone } from '../../../components/admin/notices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useAssociation, useSaveAssociation } from '../api/association';

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
      {association.isError ? (
        <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={() => void association.refetch()}>Riprova</Button>}>Si è verificato un errore nel caricamento dei dati. Riprova più tardi.</Alert>
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
  const [form, setForm] = useState(() => Object.fromEntries(FIELDS.map(({ name }) => [name, association[name] ?? ''])) as Record<TextField, string>);
  const [stampDuty, setStampDuty] = useState(association.stamp_duty_on_receipts);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await save.mutateAsync({ ...form, stamp_duty_on_receipts: stampDuty });
      notify(ASSOCIATION_MESSAGES.saved);
    } catch (error) {
      setFailure(formFailure(error, 'Si è verificato un errore nel salvataggio. Riprova più tardi.'));
    }
  }
  const errors = failure?.fields ?? {};

  return (
    <form onSubmit={submit} noValidate aria-label="Dati dell’associazione" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Input
            key={field.name}
            label={field.label}
            hint={field.hint}
            required={field.required}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete ?? 'off'}
            value={form[field.name]}
            onChange={(event) => setForm((current) => ({ ...current, [field.name]: event.target.value }))}
            error={errors[field.name]}
          />
        ))}
      </div>
      <Checkbox
        label="Imposta di bollo di 2,00 € sulle ricevute di attività sopra 77,47 € (le quote associative ne sono esenti)"
        checked={stampDuty}
        onChange={(event) => setStampDuty(event.target.checked)}
        error={errors.stamp_duty_on_receipts}
      />
      {failure && <Alert tone="error">{failure.message}</Alert>}
      <Button type="submit" loading={save.isPending} loadingText="Salvataggio...">Salva dati</Button>
    </form>
  );
}
