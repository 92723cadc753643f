// /admin/registro-attivita (docs/domain.md#audit-log): every back-office write, newest first, for admins, filtered by
// member, card, booking, staff member and days.
import type { TAuditEntry, TMemberSearchResult } from '@beach/contracts';
import X from 'lucide-react/icons/x';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { MemberSearch } from '../../../components/admin/member-search';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { serverMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useAuditedMember, useAuditLog, useOperators } from '../api/audit-log';
import { AuditEntryModal } from '../components/audit-entry-modal';
import { actionText, entityText } from '../entity-labels';

type Member = Pick<TMemberSearchResult, 'id' | 'first_name' | 'last_name' | 'email'>;

type Filters = { membership_id: string; booking_id: string; actor_id: string; date_from: string; date_to: string };
const NO_FILTERS: Filters = { membership_id: '', booking_id: '', actor_id: '', date_from: '', date_to: '' };

export default function AuditLogPage() {
  usePageTitle('Registro attività');
  // A member's page links here with ?user_id=: the log opens filtered on them.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = Number(searchParams.get('user_id')) || null;
  const linked = useAuditedMember(linkedId);
  const [picked, setPicked] = useState<Member | null>(null);
  const member: Member | null = picked ?? (linkedId ? (linked.data ?? { id: linkedId, first_name: 'Utente', last_name: `#${linkedId}`, email: '' }) : null);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<TAuditEntry | null>(null);
  const operators = useOperators();
  const log = useAuditLog({ ...applied, user_id: member?.id ?? '', page });
  const data = log.data;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const pickMember = (next: Member | null) => {
    setPicked(next);
    if (linkedId) setSearchParams({}, { replace: true });
    setPage(1);
  };
  const field = (name: keyof Filters) => ({ name, value: draft[name], onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })) });
  const filtered = member !== null || Object.values(applied).some(Boolean);

  const columns: DataColumn<TAuditEntry>[] = [
    { key: 'when', header: 'Data e ora', cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.created_at)}</span> },
    { key: 'actor', header: 'Operatore', cell: (entry) => entry.actor.name ?? `#${entry.actor.id}` },
    {
      key: 'action',
      header: 'Azione',
      cell: (entry) => (
        <span>
          <span className="block font-medium">{actionText(entry)}</span>
          {entry.route && <span className="block font-mono text-xs break-all text-slate-500">{entry.route}</span>}
        </span>
      ),
    },
    { key: 'entity', header: 'Oggetto', cell: entityText },
    { key: 'subject', header: 'Utente', cell: (entry) => (entry.subject_user ? (entry.subject_user.name ?? `#${entry.subject_user.id}`) : '—') },
    {
      key: 'details',
      header: 'Dettagli',
      cell: (entry) => (
        <Button variant="ghost" size="sm" aria-label={`Prima / dopo: modifica del ${formatDateTime(entry.created_at)}`} onClick={() => setShown(entry)}>
          Prima / dopo
        </Button>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Registro attività</h1>
        <p className="text-slate-600">Ogni modifica fatta nel back-office: chi, quando, cosa, e i valori prima e dopo.</p>
      </header>

      <section aria-label="Filtri" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[1fr_2fr]">
        <div>
          {member ? (
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-700">Utente</p>
              <p className="flex items-center justify-between gap-2 rounded-lg border border-sea-200 bg-sea-50 px-3 py-2 text-sm">
                <span>
                  <span className="font-semibold">
                    {member.first_name} {member.last_name}
                  </span>{' '}
                  <span className="text-slate-600">{member.email}</span>
                </span>
                <Button variant="ghost" size="sm" aria-label="Togli il filtro per utente" onClick={() => pickMember(null)}>
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              </p>
            </div>
          ) : (
            <MemberSearch onPick={pickMember} />
          )}
        </div>
        <form onSubmit={apply} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Select label="Operatore" options={[{ value: '', label: 'Tutti' }, ...(operators.data ?? []).map((operator) => ({ value: String(operator.id), label: `${operator.first_name} ${operator.last_name} (${operator.role_display_name})` }))]} {...field('actor_id')} />
          <Input label="ID tessera" type="number" min="1" inputMode="numeric" {...field('membership_id')} />
          <Input label="ID prenotazione" type="number" min="1" inputMode="numeric" {...field('booking_id')} />
          <Input label="Dal" type="date" {...field('date_from')} />
          <Input label="Al" type="date" {...field('date_to')} />
          <div className="flex items-end gap-2">
            <Button type="submit">Filtra</Button>
            <Button
              variant="ghost"
              disabled={!filtered}
              onClick={() => {
                setDraft(NO_FILTERS);
                setApplied(NO_FILTERS);
                pickMember(null);
              }}
            >
              Cancella filtri
            </Button>
          </div>
        </form>
        <p aria-live="polite" className="text-sm font-medium text-slate-700 lg:col-span-2">
          {data ? `Totale: ${data.total} modifiche` : ''}
        </p>
      </section>

      {log.isError && <Alert tone="error">{serverMessage(log.error) ?? 'Si è verificato un errore nel caricamento del registro. Riprova più tardi.'}</Alert>}
      <DataTable caption="Registro attività" columns={columns} rows={data?.data ?? []} rowKey={(entry) => entry.id} loading={log.isFetching} empty={log.isPending ? 'Caricamento...' : 'Nessuna modifica registrata con questi filtri'} />
      {data && data.total > 0 && (
        <Pagination page={data.current_page} lastPage={data.last_page} perPage={data.per_page} total={data.total} onPageChange={setPage} summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} modifiche`} />
      )}
      <AuditEntryModal entry={shown} onClose={() => setShown(null)} />
    </div>
  );
}
