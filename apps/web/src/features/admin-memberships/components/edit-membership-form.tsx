// Corrections to an existing card (design §5): type, dates, fiscal code, insurance, notes; the
// server keeps the old and new values in the audit log.
import { isAdminMembership, MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES, type TBackOfficeMembership, type TMembershipEditBody, type TMembershipType } from '@beach/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-transport';
import { formatMoney } from '../../../lib/format';
import { useAdminMembership, useUpdateMembership } from '../api/admin-memberships';
import { MembershipStatusBadge } from '../../../components/membership-status-badge';

const INSURANCE_OPTIONS = [
  { value: '', label: 'Non indicata' },
  { value: 'true', label: 'Inclusa' },
  { value: 'false', label: 'Non inclusa' },
];

const editValues = (membership: TBackOfficeMembership): TMembershipEditBody => ({
  type: membership.type,
  start_date: membership.start_date,
  end_date: membership.end_date,
  fiscal_code: membership.fiscal_code ?? '',
  has_insurance: membership.has_insurance,
  notes: membership.notes ?? '',
});

function EditForm({ membership }: { membership: TBackOfficeMembership }) {
  const [values, setValues] = useState<TMembershipEditBody>(() => editValues(membership));
  const update = useUpdateMembership();
  const set = <Field extends keyof TMembershipEditBody>(field: Field, value: TMembershipEditBody[Field]) => {
    update.reset();
    setValues((current) => ({ ...current, [field]: value }));
  };
  const errors = update.error instanceof ApiError ? update.error.errors : undefined;
  const errorOf = (field: keyof TMembershipEditBody) => errors?.[field]?.join('\n');

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ id: membership.id, body: values });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>
          <strong>
            {membership.user.first_name} {membership.user.last_name}
          </strong>{' '}
          · {membership.user.email}
        </p>
        <p className="flex items-center gap-2">
          <MembershipStatusBadge status={membership.status} />
          {isAdminMembership(membership) && ` Prezzo ${formatMoney(membership.price)}`}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select label="Tipo di tessera" required value={values.type} onChange={(event) => set('type', event.target.value as TMembershipType)} options={MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_TYPE_LABELS[value] }))} error={errorOf('type')} />
        <Input label="Codice fiscale" required maxLength={16} value={values.fiscal_code} onChange={(event) => set('fiscal_code', event.target.value.toUpperCase())} error={errorOf('fiscal_code')} />
        <Input label="Data di inizio" type="date" required value={values.start_date} onChange={(event) => set('start_date', event.target.value)} error={errorOf('start_date')} />
        <Input label="Data di fine" type="date" required value={values.end_date} onChange={(event) => set('end_date', event.target.value)} error={errorOf('end_date')} />
        <Select label="Assicurazione" value={values.has_insurance === null || values.has_insurance === undefined ? '' : String(values.has_insurance)} onChange={(event) => set('has_insurance', event.target.value === '' ? null : event.target.value === 'true')} options={INSURANCE_OPTIONS} error={errorOf('has_insurance')} />
      </div>
      <Textarea label="Note" rows={3} maxLength={1000} value={values.notes ?? ''} onChange={(event) => set('notes', event.target.value)} />
      {update.isSuccess && <Alert tone="success">{update.data.message}</Alert>}
      {update.isError && (
        <Alert tone="error">{update.error instanceof ApiError && update.error.status > 0 && update.error.status < 500 ? `Errore: ${update.error.details}` : 'Si è verificato un errore nel salvataggio della tessera. Riprova più tardi.'}</Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} loadingText="Salvataggio...">
          Salva modifiche
        </Button>
      </div>
    </form>
  );
}

export function EditMembershipForm({ id }: { id: number }) {
  const membership = useAdminMembership(id);
  if (membership.isPending) return <PageSpinner />;
  if (membership.isError) {
    return <Alert tone="error">{membership.error instanceof ApiError && membership.error.status === 404 ? 'Tessera non trovata.' : 'Si è verificato un errore nel caricamento della tessera. Riprova più tardi.'}</Alert>;
  }
  return <EditForm key={membership.data.updated_at} membership={membership.data} />;
}
