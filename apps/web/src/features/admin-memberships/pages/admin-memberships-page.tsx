// /admin/memberships, 'Gestione Tesseramenti': staff read, admins manage (docs/screens.md#memberships-screen).
import { MEMBERSHIP_STATUS_LABELS, MEMBERSHIP_STATUSES, MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES, MEMBERSHIPS_PER_PAGE, type TAdminMembership, type TBackOfficeMembership, type TUser } from '@beach/contracts';
import Mail from 'lucide-react/icons/mail';
import Plus from 'lucide-react/icons/plus';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import type { RowId } from '../../../components/admin/data-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { RetryAlert } from '../../../components/ui/loaded';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PagedListPagination } from '../../../components/ui/pagination';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { BroadcastEmailModal, type BroadcastRecipient } from '../components/broadcast-email-modal';
import { useAdminMemberships, useOrphanedMemberships } from '../api/admin-memberships';
import { LinkPaymentModal } from '../components/link-payment-modal';
import { MembershipDetailModal } from '../components/membership-detail-modal';
import { MembershipsTable } from '../components/memberships-table';
import { MESSAGES } from '../components/messages';
import { OrphanBanner } from '../components/orphan-banner';
import { useMembershipActions } from '../components/use-membership-actions';

const all = (label: string) => ({ value: '', label });
const STATUS_OPTIONS = [all('Tutti gli stati'), ...MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: MEMBERSHIP_STATUS_LABELS[status] }))];
const TYPE_OPTIONS = [all('Tutti i tipi'), ...MEMBERSHIP_TYPES.map((type) => ({ value: type, label: MEMBERSHIP_TYPE_LABELS[type] }))];
const BVU_OPTIONS = [all('Tutti'), { value: 'bvu', label: 'Solo BVU' }, { value: 'non_bvu', label: 'Solo non BVU' }];

const cardsText = (count: number) => `${count} ${count === 1 ? 'tessera' : 'tessere'}`;

const recipientOf = (membership: TBackOfficeMembership): BroadcastRecipient => ({
  name: `${membership.user.first_name} ${membership.user.last_name}`,
  email: membership.user.email,
  membership_number: membership.membership_number,
});

function MembershipsScreen({ user }: { user: TUser }) {
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const actions = useMembershipActions({ user, notify, confirm });
  const list = useListState({ status: '', type: '', bvu_status: '' });
  const memberships = useAdminMemberships({ page: list.page, per_page: MEMBERSHIPS_PER_PAGE, search: list.search, ...list.filters, sort_by: 'created_at', sort_order: 'desc' });
  const orphaned = useOrphanedMemberships(actions.canManage);
  // The selection outlives the page it was made on, so the cards themselves are kept.
  const [selected, setSelected] = useState<ReadonlyMap<RowId, TBackOfficeMembership>>(new Map());
  const [shown, setShown] = useState<TBackOfficeMembership | null>(null);
  const [linking, setLinking] = useState<TAdminMembership | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  const page = memberships.data;
  const rows = page?.data ?? [];

  const select = (ids: Set<RowId>) => {
    const onPage = new Map(rows.map((row) => [row.id as RowId, row]));
    setSelected(new Map([...ids].map((id) => [id, selected.get(id) ?? onPage.get(id)!])));
  };
  const screenActions = {
    ...actions,
    remove: async (membership: TBackOfficeMembership) => {
      const removed = await actions.remove(membership);
      if (removed && selected.has(membership.id)) select(new Set([...selected.keys()].filter((id) => id !== membership.id)));
      return removed;
    },
  };

  const openEmail = () => {
    if (!actions.canManage) return notify(MESSAGES.noBroadcastRight, 'error');
    if (selected.size === 0) return notify(MESSAGES.selectForEmail, 'error');
    setEmailOpen(true);
  };
  const openLink = (membership: TAdminMembership) => (actions.canManage ? setLinking(membership) : notify(MESSAGES.noLinkRight, 'error'));

  return (
    // Tighter on a phone, so that the banner, the filters and the start of the table share the first screen.
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6 sm:space-y-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Gestione Tesseramenti</h1>
          <p className="mt-1 text-slate-600">{actions.canManage ? 'Gestisci tessere e ruoli utenti' : 'Visualizza tessere'}</p>
        </div>
        {actions.canManage && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={openEmail}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              Email Multipla ({selected.size})
            </Button>
            <Link to={paths.admin.membershipEditor} className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Nuova tessera
            </Link>
          </div>
        )}
      </header>

      {actions.canManage && <OrphanBanner memberships={orphaned.data ?? []} actions={screenActions} onLinkPayment={openLink} />}

      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Nome, e-mail o numero tessera', value: list.text, onChange: list.setText }}
        selects={[
          { name: 'status', label: 'Stato', value: list.filters.status, options: STATUS_OPTIONS, onChange: (value) => list.setFilter('status', value) },
          { name: 'type', label: 'Tipo', value: list.filters.type, options: TYPE_OPTIONS, onChange: (value) => list.setFilter('type', value) },
          { name: 'bvu_status', label: 'BVU', value: list.filters.bvu_status, options: BVU_OPTIONS, onChange: (value) => list.setFilter('bvu_status', value) },
        ]}
        onClear={list.clear}
        canClear={list.filtered}
        total={page ? `Totale: ${cardsText(page.total)}` : ' '}
      />

      {memberships.isError && !memberships.isFetching ? (
        <RetryAlert onRetry={() => void memberships.refetch()}>
          {MESSAGES.loadFailed}
        </RetryAlert>
      ) : (
        <div>
          <MembershipsTable
            rows={rows}
            loading={memberships.isFetching}
            filtered={list.filtered}
            user={user}
            actions={screenActions}
            selected={new Set(selected.keys())}
            onSelectionChange={select}
            onShow={setShown}
          />
          <PagedListPagination paged={page} onPageChange={list.setPage} summary={(from, to, total) => `Mostra ${from} - ${to} di ${total} tessere`} />
        </div>
      )}

      <MembershipDetailModal membership={shown} actions={screenActions} onClose={() => setShown(null)} />
      <LinkPaymentModal membership={linking} onClose={() => setLinking(null)} onLinked={(message) => notify(message)} />
      {actions.canManage && (
        <BroadcastEmailModal
          open={emailOpen}
          recipients={[...selected.values()].filter((membership) => membership.user.email.trim() !== '').map(recipientOf)}
          selectedCount={selected.size}
          onClose={() => setEmailOpen(false)}
        />
      )}
      {dialog}
      {region}
    </div>
  );
}

export default function AdminMembershipsPage() {
  usePageTitle('Gestione Tesseramenti');
  const user = useCurrentUser();
  // The route's guard lets only staff and admins in.
  return user && <MembershipsScreen user={user} />;
}
