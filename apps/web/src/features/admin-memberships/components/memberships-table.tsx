// Memberships table columns: checkbox (admin), number with BVU badge, holder, role, type, status,
// validity, actions.
import { MEMBERSHIP_TYPE_LABELS, type TBackOfficeMembership, type TUser } from '@beach/contracts';
import { DataTable, type DataColumn, type RowId } from '../../../components/admin/data-table';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { MembershipStatusBadge } from '../../../components/membership-status-badge';
import { MembershipRowActions } from './membership-row-actions';
import { RoleCell } from './role-cell';
import type { MembershipActions } from './use-membership-actions';

function EmptyState({ filtered }: { filtered: boolean }) {
  return filtered ? (
    <div>
      <p className="font-semibold text-slate-700">Nessuna tessera trovata</p>
      <p className="mt-1 text-sm">Prova a modificare i filtri o il testo della ricerca.</p>
    </div>
  ) : (
    <p className="font-semibold text-slate-700">Non ci sono ancora tesseramenti nel sistema</p>
  );
}

export function MembershipsTable({
  rows,
  loading,
  filtered,
  user,
  actions,
  selected,
  onSelectionChange,
  onShow,
}: {
  rows: TBackOfficeMembership[];
  loading: boolean;
  filtered: boolean;
  user: TUser;
  actions: MembershipActions;
  selected: ReadonlySet<RowId>;
  onSelectionChange: (next: Set<RowId>) => void;
  onShow: (membership: TBackOfficeMembership) => void;
}) {
  const columns: DataColumn<TBackOfficeMembership>[] = [
    {
      key: 'number',
      header: 'Numero',
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-1.5 font-mono font-semibold whitespace-nowrap text-slate-900">
          {row.membership_number}
          {row.is_bvu_member && <Badge tone="yellow">BVU</Badge>}
        </span>
      ),
    },
    {
      key: 'holder',
      header: 'Utente',
      cell: (row) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {row.user.first_name} {row.user.last_name}
          </p>
          <p className="break-all text-slate-500">{row.user.email}</p>
        </div>
      ),
    },
    { key: 'role', header: 'Ruolo', cell: (row) => <RoleCell membership={row} currentUserId={user.id} canModifyUsers={user.permissions.can_modify_users} actions={actions} /> },
    { key: 'type', header: 'Tipo', cell: (row) => MEMBERSHIP_TYPE_LABELS[row.type] },
    { key: 'status', header: 'Stato', cell: (row) => <MembershipStatusBadge status={row.status} /> },
    {
      key: 'validity',
      header: 'Validità',
      cell: (row) => (
        <span className="whitespace-nowrap">
          {formatDate(row.start_date)} – {formatDate(row.end_date)}
        </span>
      ),
    },
    { key: 'actions', header: 'Azioni', cell: (row) => <MembershipRowActions membership={row} actions={actions} onShow={() => onShow(row)} /> },
  ];

  return (
    <DataTable
      caption="Tessere"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      empty={<EmptyState filtered={filtered} />}
      rowClassName={(row) => (row.is_bvu_member ? 'bg-amber-50/70' : undefined)}
      selection={
        actions.canManage
          ? { selected, onChange: onSelectionChange, rowLabel: (row) => `Seleziona la tessera ${row.membership_number}`, selectAllLabel: 'Seleziona tutte le tessere della pagina' }
          : undefined
      }
    />
  );
}
