// /admin/coupon-prenotazioni (admin, docs/domain.md#coupons): booking coupons, their limits and the active
// switch.
import { BOOKING_COUPON_BAND_LABELS, type TBookingCoupon } from '@beach/contracts';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeader } from '../../../components/admin/page-header';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import { useNotices } from '../../../components/admin/notices';
import { Loaded } from '../../../components/ui/loaded';
import { Badge } from '../../../components/ui/badge';
import { Button, IconButton } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/admin/data-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { serverMessage } from '../../../lib/api-errors';
import { useBookingCoupons, useRemoveBookingCoupon, useToggleBookingCoupon } from '../api/admin-booking-coupons';
import { BookingCouponFormModal } from '../components/booking-coupon-form-modal';

const discountText = (coupon: TBookingCoupon) =>
  coupon.discount_type === 'percentage' ? `${Number(coupon.discount_value).toLocaleString('it-IT', { maximumFractionDigits: 2 })}%` : formatMoney(coupon.discount_value);
const validityText = (coupon: TBookingCoupon) =>
  coupon.start_date || coupon.end_date ? `${coupon.start_date ? `dal ${formatDate(coupon.start_date)}` : ''} ${coupon.end_date ? `al ${formatDate(coupon.end_date)}` : ''}`.trim() : 'Sempre';

export default function AdminBookingCouponsPage() {
  usePageTitle('Coupon prenotazioni');
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const coupons = useBookingCoupons();
  const toggle = useToggleBookingCoupon();
  const removeCoupon = useRemoveBookingCoupon();
  const [editing, setEditing] = useState<TBookingCoupon | null | undefined>(undefined);

  async function setActive(coupon: TBookingCoupon) {
    try {
      const saved = await toggle.mutateAsync({ id: coupon.id, active: !coupon.is_active });
      notify(`Coupon ${saved.code} ${saved.is_active ? 'attivato' : 'disattivato'}.`);
    } catch (error) {
      notify(serverMessage(error) ?? 'Si è verificato un errore nell’aggiornamento del coupon. Riprova più tardi.', 'error');
    }
  }

  async function remove(coupon: TBookingCoupon) {
    const confirmed = await confirm({ title: 'Elimina coupon', message: `Eliminare il coupon ${coupon.code}?`, confirmLabel: 'Elimina', tone: 'danger' });
    if (!confirmed) return;
    try {
      await removeCoupon.mutateAsync(coupon.id);
      notify('Coupon eliminato.');
    } catch (error) {
      notify(serverMessage(error) ?? 'Si è verificato un errore nell’eliminazione del coupon. Riprova più tardi.', 'error');
    }
  }

  const columns: DataColumn<TBookingCoupon>[] = [
    { key: 'code', header: 'Codice', cell: (coupon) => (
      <div>
        <span className="font-mono font-semibold">{coupon.code}</span>
        {coupon.description && <p className="text-xs text-slate-500">{coupon.description}</p>}
      </div>
    ) },
    { key: 'discount', header: 'Sconto', cell: discountText },
    { key: 'band', header: 'Fascia', cell: (coupon) => BOOKING_COUPON_BAND_LABELS[coupon.band] },
    { key: 'usage', header: 'Utilizzi', cell: (coupon) => `${coupon.usage_count} / ${coupon.usage_limit ?? '∞'}${coupon.per_member_limit ? ` (max ${coupon.per_member_limit} per tesserato)` : ''}` },
    { key: 'validity', header: 'Validità', cell: validityText },
    { key: 'status', header: 'Stato', cell: (coupon) => (coupon.is_active ? <Badge tone="green">Attivo</Badge> : <Badge>Disattivato</Badge>) },
    {
      key: 'actions',
      header: <span className="sr-only">Azioni</span>,
      cell: (coupon) => (
        <div className="flex flex-wrap gap-1">
          <Button variant="secondary" size="sm" onClick={() => void setActive(coupon)} aria-label={`${coupon.is_active ? 'Disattiva' : 'Attiva'} ${coupon.code}`}>
            {coupon.is_active ? 'Disattiva' : 'Attiva'}
          </Button>
          <IconButton icon={Pencil} label={`Modifica ${coupon.code}`} onClick={() => setEditing(coupon)} />
          <IconButton icon={Trash} label={`Elimina ${coupon.code}`} onClick={() => void remove(coupon)} />
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader title="Coupon prenotazioni" subtitle={<p className="mt-1 text-slate-600">Sconti sulle prenotazioni dei campi, da usare nella pagina di pagamento</p>}>
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Nuovo coupon
        </Button>
      </PageHeader>
      <Loaded read={coupons} failed="Si è verificato un errore nel caricamento dei coupon. Riprova più tardi.">
        {(rows) => <DataTable caption="Coupon prenotazioni" columns={columns} rows={rows} rowKey={(coupon) => coupon.id} empty="Nessun coupon prenotazioni. Creane uno con “Nuovo coupon”." />}
      </Loaded>
      {editing !== undefined && <BookingCouponFormModal key={editing?.id ?? 'new'} coupon={editing} onClose={() => setEditing(undefined)} onSaved={(message) => notify(message)} />}
      {dialog}
      {region}
    </div>
  );
}
