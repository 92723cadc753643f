// Corrections to an existing card (docs/domain.md#memberships): type, dates, fiscal code, insurance, notes; the
// server keeps the old and new values in the audit log.
import { isAdminMembership, MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES, ZMembershipEditBody, type TBackOfficeMembership, type TMembershipEditBody } from '@beach/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/field';
import { FormAlert, useZodForm } from '../../../components/ui/form';
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
  const update = useUpdateMembership();
  const { field, submit, failure } = useZodForm({
    schema: ZMembershipEditBody,
    defaultValues: editValues(membership),
    messages: { failed: 'Si è verificato un errore nel salvataggio della tessera. Riprova più tardi.', prefix: 'Errore: ' },
  });
  const send = (body: TMembershipEditBody) => update.mutateAsync({ id: membership.id, body });

  return (
    <form onSubmit={submit(send)} noValidate className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
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
        <Select label="Tipo di tessera" required options={MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_TYPE_LABELS[value] }))} {...field('type')} />
        <Input label="Codice fiscale" required maxLength={16} className="uppercase" {...field('fiscal_code')} />
        <Input label="Data di inizio" type="date" required {...field('start_date')} />
        <Input label="Data di fine" type="date" required {...field('end_date')} />
        {/* The select holds '', 'true' or 'false'; the contract's flag is a boolean or null (not known). */}
        <Select label="Assicurazione" options={INSURANCE_OPTIONS} {...field('has_insurance', { setValueAs: (value: string | boolean | null) => (value === '' || value === null ? null : value === true || value === 'true') })} />
      </div>
      <Textarea label="Note" rows={3} maxLength={1000} {...field('notes')} />
      {update.isSuccess && !failure && <Alert tone="success">{update.data.message}</Alert>}
      <FormAlert failure={failure} />
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
