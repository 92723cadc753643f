// /admin/prenotazioni-cancellate (staff): cancelled and lapsed bookings — when, by whom, why,
// what was refunded — and restore when the slot is still free.
import { moneyToCents, type TAdminBooking } from '@beach/contracts';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirm } from '../../../components/admin/confirm-dialog';
import type { DataColumn } from '../../../components/admin/data-table';
import { PagedTable } from '../../../components/admin/paged-table';
import { FilterBar } from '../../../components/admin/filter-bar';
import { useNotices } from '../../../components/admin/notices';
import { useListState } from '../../../components/admin/use-list-state';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../../lib/api-errors';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useCancelledBookings, useRestoreBooking } from '../api/admin-bookings';
import { PaymentBadge, StatusBadge } from '../labels';

const STATUS_OPTIONS = [
  { value: '', label: 'Tutte' },
  { value: 'cancelled', label: 'Annullate' },
  { value: 'expired', label: 'Scadute (non pagate)' },
];

export default function CancelledBookingsPage() {
  usePageTitle('Prenotazioni cancellate');
  const { notify, region } = useNotices();
  const { confirm, dialog } = useConfirm();
  const list = useListState({ status: '' });
  const [range, setRange] = useState({ date_from: '', date_to: '' });
  const bookings = useCancelledBookings({ ...range, ...list.filters, search: list.search, page: list.page });
  const restore = useRestoreBooking();
  const page = bookings.data;

  async function restoreBooking(booking: TAdminBooking) {
    const confirmed = await confirm({
      title: 'Ripristina prenotazione',
      message: `Ripristinare la prenotazione di ${booking.customer.name} (${booking.court.name}, ${formatDate(booking.date)} ${booking.start}–${booking.end})? Torna confermata se l’orario è ancora libero.`,
      confirmLabel: 'Ripristina',
    });
    if (!confirmed) return;
    try {
      notify((await restore.mutateAsync(booking.id)).message);
    } catch (error) {
      notify(serverMessage(error) ?? 'Si è verificato un errore nel ripristino. Riprova più tardi.', 'error');
    }
  }

  const columns: DataColumn<TAdminBooking>[] = [
    { key: 'when', header: 'Prenotazione', cell: (row) => (
      <span>
        <span className="block font-medium text-slate-900">{formatDate(row.date)} · {row.start}–{row.end}</span>
        <span className="block text-xs text-slate-500">{row.court.name}</span>
      </span>
    ) },
    { key: 'customer', header: 'Cliente', cell: (row) => row.customer.name },
    { key: 'status', header: 'Stato', cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'cancelled', header: 'Annullata', cell: (row) => (
      <span>
        <span className="block">{row.cancelled_at ? formatDateTime(row.cancelled_at) : '—'}</span>
        {row.cancelled_by && <span className="block text-xs text-slate-500">da {row.cancelled_by}</span>}
      </span>
    ) },
    { key: 'reason', header: 'Motivo', cell: (row) => row.cancellation_reason ?? (row.status === 'expired' ? 'Non pagata in tempo' : '—') },
    { key: 'refund', header: 'Rimborso', cell: (row) => (moneyToCents(row.paid) > 0 ? (
      <span className="space-y-1">
        <PaymentBadge booking={row} />
        <span className="block text-xs text-slate-600">{formatMoney(row.refunded)} di {formatMoney(row.paid)}</span>
      </span>
    ) : 'Nessun pagamento') },
    { key: 'actions', header: <span className="sr-only">Azioni</span>, label: 'Azioni', cell: (row) => (
      <Button variant="secondary" size="sm" onClick={() => void restoreBooking(row)} aria-label={`Ripristina la prenotazione di ${row.customer.name} del ${formatDate(row.date)} alle ${row.start}`}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        Ripristina
      </Button>
    ) },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold text-sea-900">Prenotazioni cancellate</h1>
        <p className="mt-1 text-slate-600">Prenotazioni annullate o scadute, con il rimborso; si possono ripristinare se l’orario è ancora libero</p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <Input label="Giocata dal" type="date" value={range.date_from} onChange={(event) => setRange({ ...range, date_from: event.target.value })} />
        <Input label="Al" type="date" value={range.date_to} onChange={(event) => setRange({ ...range, date_to: event.target.value })} />
      </div>
      <FilterBar
        search={{ label: 'Cliente', placeholder: 'Nome, telefono o e-mail', value: list.text, onChange: list.setText }}
        selects={[{ name: 'status', label: 'Stato', value: list.filters.status, options: STATUS_OPTIONS, onChange: (value) => list.setFilter('status', value) }]}
        onClear={() => {
          list.clear();
          setRange({ date_from: '', date_to: '' });
        }}
        canClear={list.filtered || range.date_from !== '' || range.date_to !== ''}
        total={page ? `${page.total} ${page.total === 1 ? 'prenotazione' : 'prenotazioni'}` : ' '}
      />
      <PagedTable
        read={bookings}
        failed={serverMessage(bookings.error) ?? 'Si è verificato un errore nel caricamento. Riprova più tardi.'}
        caption="Prenotazioni cancellate"
        columns={columns}
        rowKey={(row) => row.id}
        empty={bookings.isPending ? <Spinner /> : 'Nessuna prenotazione cancellata.'}
        onPageChange={list.setPage}
        summary={(from, to, total) => `Mostra ${from} - ${to} di ${total} prenotazioni`}
      />
      {dialog}
      {region}
    </div>
  );
}
