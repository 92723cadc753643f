// /admin/coupons, 'Gestione Coupon Tessere' (docs/domain.md#coupons): staff read, admins manage.
import { COUPON_APPLICABILITY_LABELS, COUPONS_PER_PAGE, type TMembershipCoupon } from '@beach/contracts';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Power from 'lucide-react/icons/power';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, IconButton } from '../../../components/ui/button';
import { PagedListPagination } from '../../../components/ui/pagination';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useCoupons, useToggleCoupon } from '../api/coupons';
import { CouponFormModal } from '../components/coupon-form-modal';
import { COUPON_MESSAGES } from '../messages';

const STATUS_OPTIONS = [
  { value: '', label: 'Tutti' },
  { value: 'true', label: 'Attivi' },
  { value: 'false', label: 'Inattivi' },
];

const discountText = (coupon: TMembershipCoupon) =>
  coupon.discount_type === 'percentage' ? `${Number(coupon.discount_value).toLocaleString('it-IT', { maximumFractionDigits: 2 })}%` : formatMoney(coupon.discount_value);
const applicableText = (value: string) => COUPON_APPLICABILITY_LABELS[value as keyof typeof COUPON_APPLICABILITY_LABELS] ?? 'Non specificato';
const usageText = (coupon: TMembershipCoupon) => `${coupon.usage_count} / ${coupon.usage_limit ?? '∞'}`;
const validityText = (coupon: TMembershipCoupon) =>
  coupon.start_date || coupon.end_date ? `${coupon.start_date ? formatDate(coupon.start_date) : '…'} – ${coupon.end_date ? formatDate(coupon.end_date) : '…'}` : 'Sempre';

export default function CouponsPage() {
  usePageTitle('Gestione Coupon Tessere');
  const user = useCurrentUser();
  const canManage = Boolean(user?.is_admin);
  const { notify, region } = useNotices();
  const list = useListState({ is_active: '' }, { searchOnEnter: true });
  const coupons = useCoupons({ page: list.page, per_page: COUPONS_PER_PAGE, search: list.search, is_active: list.filters.is_active as '' | 'true' | 'false', sort_by: 'created_at', sort_order: 'desc' });
  const toggle = useToggleCoupon();
  const [editing, setEditing] = useState<{ coupon: TMembershipCoupon | null } | null>(null);

  const page = coupons.data;

  async function switchActive(coupon: TMembershipCoupon) {
    try {
      await toggle.mutateAsync({ id: coupon.id, isActive: !coupon.is_active });
      notify(coupon.is_active ? COUPON_MESSAGES.deactivated : COUPON_MESSAGES.activated);
    } catch {
      notify(COUPON_MESSAGES.toggleFailed, 'error');
    }
  }

  const columns: DataColumn<TMembershipCoupon>[] = [
    { key: 'code', header: 'Codice', cell: (coupon) => <span className="font-mono font-semibold text-slate-900">{coupon.code}</span> },
    { key: 'description', header: 'Descrizione', cell: (coupon) => coupon.description ?? '—' },
    { key: 'discount', header: 'Sconto', cell: discountText },
    { key: 'applicable', header: 'Applicabile a', cell: (coupon) => applicableText(coupon.applicable_to) },
    { key: 'usage', header: 'Utilizzi', cell: usageText },
    { key: 'validity', header: 'Validità', cell: validityText },
    { key: 'status', header: 'Stato', cell: (coupon) => <Badge tone={coupon.is_active ? 'green' : 'neutral'}>{coupon.is_active ? 'Attivo' : 'Inattivo'}</Badge> },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: 'Azioni',
            cell: (coupon: TMembershipCoupon) => (
              <span className="flex gap-1">
                <IconButton icon={Pencil} label={`Modifica il coupon ${coupon.code}`} title="Modifica" onClick={() => setEditing({ coupon })} />
                <IconButton
                  icon={Power}
                  iconClassName={coupon.is_active ? 'text-coral-600' : 'text-emerald-700'}
                  label={`${coupon.is_active ? 'Disattiva' : 'Attiva'} il coupon ${coupon.code}`}
                  title={coupon.is_active ? 'Disattiva' : 'Attiva'}
                  disabled={toggle.isPending && toggle.variables?.id === coupon.id}
                  onClick={() => switchActive(coupon)}
                />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Gestione Coupon Tessere" subtitle={<p className="text-slate-600">{canManage ? 'Sconti sulle tessere (e sulle prenotazioni, se applicabili a entrambe)' : 'Visualizza i coupon tessere'}</p>}>
        {canManage && (
          <Button onClick={() => setEditing({ coupon: null })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nuovo Coupon
          </Button>
        )}
      </PageHeader>

      <FilterBar
        search={{ label: 'Cerca', placeholder: 'Codice o descrizione', value: list.text, onChange: list.setText, onSubmit: list.submitSearch }}
        selects={[{ name: 'is_active', label: 'Stato', value: list.filters.is_active, options: STATUS_OPTIONS, onChange: (value) => list.setFilter('is_active', value) }]}
        onClear={list.clear}
        canClear={list.filtered}
        total={page ? `Totale: ${page.total} coupon` : ''}
      />

      {coupons.isError && <Alert tone="error">{COUPON_MESSAGES.loadFailed}</Alert>}
      <DataTable
        caption="Coupon tessere"
        columns={columns}
        rows={page?.data ?? []}
        rowKey={(coupon) => coupon.id}
        loading={coupons.isFetching}
        rowClassName={(coupon) => (coupon.is_active ? undefined : 'text-slate-500')}
        empty={coupons.isPending ? 'Caricamento...' : 'Nessun coupon tessera trovato'}
      />
      <PagedListPagination paged={page} onPageChange={list.setPage} summary={(from, to, total) => `Mostrando ${from} - ${to} di ${total} coupon`} />

      <CouponFormModal
        open={editing !== null}
        coupon={editing?.coupon ?? null}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          notify(message);
        }}
      />
      {region}
    </div>
  );
}
