// /admin/bvu-members, 'Gestione Tesserati BVU' (docs/domain.md#bvu-members): staff read, admins manage.
import { BVU_MEMBERS_PER_PAGE, type TBvuMember } from '@beach/contracts';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import UserPlus from 'lucide-react/icons/user-plus';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { Alert } from '../../../components/ui/alert';
import { Button, IconButton } from '../../../components/ui/button';
import { PagedListPagination } from '../../../components/ui/pagination';
import { formatDate, todayInRome } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useBvuMembers, useDeleteBvuMember } from '../api/bvu-members';
import { BvuImportModal } from '../components/bvu-import-modal';
import { BvuMemberFormModal } from '../components/bvu-member-form-modal';
import { BVU_MESSAGES } from '../messages';

const fullName = (member: TBvuMember) => `${member.last_name} ${member.first_name}`;
const validity = (member: TBvuMember) =>
  member.issue_date || member.expiry_date ? `${member.issue_date ? formatDate(member.issue_date) : '…'} – ${member.expiry_date ? formatDate(member.expiry_date) : '…'}` : '—';

export default function BvuMembersPage() {
  usePageTitle('Gestione Tesserati BVU');
  const user = useCurrentUser();
  const canManage = Boolean(user?.is_admin);
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const list = useListState({}, { searchOnEnter: true });
  const members = useBvuMembers({ page: list.page, per_page: BVU_MEMBERS_PER_PAGE, search: list.search, sort_by: 'last_name', sort_order: 'asc' });
  const remove = useDeleteBvuMember();
  const [editing, setEditing] = useState<{ member: TBvuMember | null } | null>(null);
  const [importing, setImporting] = useState(false);

  const page = members.data;
  const rows = page?.data ?? [];

  async function askDelete(member: TBvuMember) {
    if (!(await confirm({ title: 'Elimina tesserato BVU', message: BVU_MESSAGES.confirmDelete(fullName(member)), confirmLabel: 'Elimina', tone: 'danger' }))) return;
    try {
      await remove.mutateAsync(member.id);
      notify(BVU_MESSAGES.deleted);
    } catch {
      notify(BVU_MESSAGES.deleteFailed, 'error');
    }
  }

  const columns: DataColumn<TBvuMember>[] = [
    {
      key: 'card',
      header: 'Tessera',
      cell: (member) => (
        <span>
          <span className="font-mono font-semibold text-slate-900">{member.card_code}</span>
          <span className="block text-xs text-slate-500">Stagione {member.season}</span>
        </span>
      ),
    },
    { key: 'name', header: 'Nome', cell: (member) => <span className="font-medium text-slate-900">{fullName(member)}</span> },
    { key: 'fiscal', header: 'Codice fiscale', cell: (member) => <span className="font-mono">{member.fiscal_code}</span> },
    { key: 'email', header: 'E-mail', cell: (member) => member.email ?? 'N/A' },
    { key: 'birth', header: 'Data di nascita', cell: (member) => (member.birth_date ? formatDate(member.birth_date) : '—') },
    { key: 'validity', header: 'Validità', cell: validity },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: 'Azioni',
            cell: (member: TBvuMember) => (
              <span className="flex gap-1">
                <IconButton icon={Pencil} label={`Modifica ${fullName(member)}`} title="Modifica" onClick={() => setEditing({ member })} />
                <IconButton icon={Trash2} label={`Elimina ${fullName(member)}`} title="Elimina" onClick={() => askDelete(member)} iconClassName="text-coral-600" />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Gestione Tesserati BVU" subtitle={<p className="text-slate-600">{canManage ? 'Tesserati dell’associazione BVU: danno diritto alla tessera stagionale a prezzo BVU' : 'Visualizza i tesserati BVU'}</p>}>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              Importa CSV
            </Button>
            <Button onClick={() => setEditing({ member: null })}>
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              Aggiungi Tesserato
            </Button>
          </div>
        )}
      </PageHeader>

      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Nome, tessera o codice fiscale', value: list.text, onChange: list.setText, onSubmit: list.submitSearch }}
        onClear={list.clear}
        canClear={list.filtered}
        total={page ? `Totale: ${page.total} ${page.total === 1 ? 'tesserato' : 'tesserati'}` : ''}
      />

      {members.isError && <Alert tone="error">{BVU_MESSAGES.loadFailed}</Alert>}
      <DataTable
        caption="Tesserati BVU"
        columns={columns}
        rows={rows}
        rowKey={(member) => member.id}
        loading={members.isFetching}
        empty={members.isPending ? 'Caricamento...' : 'Nessun tesserato BVU trovato'}
      />
      <PagedListPagination paged={page} onPageChange={list.setPage} summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} tesserati`} />

      <BvuMemberFormModal
        open={editing !== null}
        member={editing?.member ?? null}
        defaultSeason={todayInRome().slice(0, 4)}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          notify(message);
        }}
      />
      <BvuImportModal open={importing} onClose={() => setImporting(false)} onImported={(result) => notify(result.message || BVU_MESSAGES.imported, result.errors.length ? 'warning' : 'success')} />
      {dialog}
      {region}
    </div>
  );
}
