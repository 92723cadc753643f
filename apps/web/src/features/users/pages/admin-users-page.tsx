// /admin/users (docs/domain.md#roles): members with search (Enter), role filter and pagination; a member's
// page; admins (can_modify_users) create accounts at the desk, edit, change roles, disable and erase.
import { ROLE_DISPLAY_NAMES, ROLES, USERS_PER_PAGE, type TAdminUser, type TRole } from '@beach/contracts';
import Eye from 'lucide-react/icons/eye';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PagedListPagination } from '../../../components/ui/pagination';
import { serverMessage, isForbidden } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useChangeRole } from '../../../lib/shared-queries';
import { useEraseUser, useSetDisabled, useUsers } from '../api/users';
import { UserDetailModal, userStatus, type UserActions } from '../components/user-detail-modal';
import { UserFormModal } from '../components/user-form-modal';
import { USERS_MESSAGES } from '../messages';

const ROLE_OPTIONS = [{ value: '', label: 'Tutti' }, ...ROLES.map((role) => ({ value: role, label: ROLE_DISPLAY_NAMES[role] }))];
const ROLE_TONES = { user: 'neutral', coach: 'green', staff: 'sea', admin: 'purple' } as const;
const fullName = (user: TAdminUser) => `${user.first_name} ${user.last_name}`;

export default function AdminUsersPage() {
  usePageTitle('Utenti');
  const currentUser = useCurrentUser();
  const canModify = Boolean(currentUser?.permissions.can_modify_users);
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const list = useListState({ role: '' }, { searchOnEnter: true });
  const users = useUsers({ page: list.page, per_page: USERS_PER_PAGE, search: list.search, role: list.filters.role as TRole | '' });
  const changeRoleCall = useChangeRole();
  const disableCall = useSetDisabled();
  const eraseCall = useEraseUser();
  const [shownId, setShownId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ user: TAdminUser | null } | null>(null);
  const page = users.data;

  const failure = (error: unknown, fallback: string) => notify(serverMessage(error) ?? fallback, 'error');

  const actions: UserActions = {
    canModify,
    canReadAuditLog: Boolean(currentUser?.is_admin),
    currentUserId: currentUser?.id ?? 0,
    edit: (user) => setEditing({ user }),
    async changeRole(user, role) {
      if (role === user.role) return;
      if (!canModify || user.id === currentUser?.id) return notify(USERS_MESSAGES.noRoleRight, 'error');
      const confirmed = await confirm({
        title: 'Cambia ruolo',
        message: `Vuoi cambiare il ruolo di ${fullName(user)} da ${ROLE_DISPLAY_NAMES[user.role]} a ${ROLE_DISPLAY_NAMES[role]}?`,
        confirmLabel: 'Cambia ruolo',
      });
      if (!confirmed) return;
      try {
        notify((await changeRoleCall.mutateAsync({ id: user.id, role })).message);
      } catch (error) {
        notify(isForbidden(error) ? USERS_MESSAGES.noRoleRight : (serverMessage(error) ?? USERS_MESSAGES.roleFailed), 'error');
      }
    },
    async setDisabled(user, disabled) {
      const confirmed = await confirm(
        disabled
          ? { title: 'Disattiva account', message: `Vuoi disattivare l’account di ${fullName(user)}? Verrà disconnesso subito e non potrà più accedere finché non lo riattivi.`, confirmLabel: 'Disattiva', tone: 'danger' }
          : { title: 'Riattiva account', message: `Vuoi riattivare l’account di ${fullName(user)}? Potrà di nuovo accedere.`, confirmLabel: 'Riattiva' },
      );
      if (!confirmed) return;
      try {
        notify((await disableCall.mutateAsync({ id: user.id, disabled })).message);
      } catch (error) {
        failure(error, USERS_MESSAGES.actionFailed);
      }
    },
    async erase(user) {
      const confirmed = await confirm({
        title: 'Cancella i dati personali',
        message: (
          <>
            <p>
              Vuoi cancellare i dati personali di <strong>{fullName(user)}</strong> su sua richiesta?
            </p>
            <p className="mt-2">Nome, e-mail, telefono, data di nascita e codici fiscali verranno anonimizzati e l’account chiuso. Pagamenti e numeri di tessera restano per la contabilità. Questa azione non può essere annullata.</p>
          </>
        ),
        confirmLabel: 'Cancella dati',
        tone: 'danger',
      });
      if (!confirmed) return;
      try {
        notify((await eraseCall.mutateAsync(user.id)).message);
      } catch (error) {
        failure(error, USERS_MESSAGES.actionFailed);
      }
    },
  };

  const columns: DataColumn<TAdminUser>[] = [
    { key: 'name', header: 'Nome', cell: (user) => <span className="font-semibold text-slate-900">{fullName(user)}</span> },
    { key: 'email', header: 'E-mail', cell: (user) => <span className="break-all">{user.email}</span> },
    { key: 'phone', header: 'Telefono', cell: (user) => user.phone ?? '—' },
    { key: 'role', header: 'Ruolo', cell: (user) => <Badge tone={ROLE_TONES[user.role]}>{user.role_display_name}</Badge> },
    { key: 'status', header: 'Stato', cell: userStatus },
    { key: 'created', header: 'Registrato il', cell: (user) => formatDate(user.created_at) },
    {
      key: 'actions',
      header: 'Azioni',
      cell: (user) => (
        <Button variant="ghost" size="sm" aria-label={`Apri la scheda di ${fullName(user)}`} title="Scheda" onClick={() => setShownId(user.id)}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          Scheda
        </Button>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Gestione Utenti" subtitle={<p className="text-slate-600">{canModify ? 'Account dei soci e dello staff: schede, ruoli e accessi' : 'Visualizza gli account dei soci'}</p>}>
        {canModify && (
          <Button onClick={() => setEditing({ user: null })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nuovo utente
          </Button>
        )}
      </PageHeader>

      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Nome, cognome o e-mail', value: list.text, onChange: list.setText, onSubmit: list.submitSearch }}
        selects={[{ name: 'role', label: 'Ruolo', value: list.filters.role, options: ROLE_OPTIONS, onChange: (value) => list.setFilter('role', value) }]}
        onClear={list.clear}
        canClear={list.filtered}
        total={page ? `Totale: ${page.total} utenti` : ''}
      />

      {users.isError && <Alert tone="error">{USERS_MESSAGES.loadFailed}</Alert>}
      <DataTable
        caption="Utenti"
        columns={columns}
        rows={page?.data ?? []}
        rowKey={(user) => user.id}
        loading={users.isFetching}
        rowClassName={(user) => (user.disabled_at ? 'text-slate-500' : undefined)}
        empty={users.isPending ? 'Caricamento...' : list.filtered ? 'Nessun utente corrisponde ai filtri' : 'Nessun utente'}
      />
      <PagedListPagination paged={page} onPageChange={list.setPage} summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} utenti`} />

      <UserDetailModal userId={editing ? null : shownId} onClose={() => setShownId(null)} actions={actions} />
      <UserFormModal
        open={editing !== null}
        user={editing?.user ?? null}
        onClose={() => setEditing(null)}
        onSaved={(message, saved) => {
          setEditing(null);
          setShownId(saved.id);
          notify(message);
        }}
      />
      {dialog}
      {region}
    </div>
  );
}
